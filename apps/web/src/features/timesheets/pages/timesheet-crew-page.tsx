import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_REST_DAY,
  DEFAULT_REST_DAY_REQUESTER,
  REST_DAY_REQUESTERS,
  weekdayOf,
} from '@td/shared/options/pay-rules';
import { isIsoDate } from '@td/shared/rules/dates';
import { computeTimesheetHours, isTimeOfDay, longShiftMinutes, minutesToHours } from '@td/shared/rules/timesheet-hours';
import {
  CREW_MAX_ROWS,
  CREW_ROWS_REQUIRED,
  TIMESHEET_SAVE_FAILED,
  timeRequiredMessage,
  WORK_DATE_IN_FUTURE,
  WORK_DATE_REQUIRED,
} from '@td/shared/schemas/timesheet';
import { Trash2, UsersRound } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog.tsx';
import { siteQueries } from '@/features/sites/public/site-queries.ts';
import { WorkerPicker } from '@/features/workers/public/worker-picker.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { formatDate, formatMonth, localIsoDate } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes.ts';
import { useCreateCrewTimesheets } from '../api/timesheet-mutations.ts';
import { type CrewWorker, fetchCrewWorkers, timesheetQueries } from '../api/timesheet-queries.ts';
import { type CrewReport, CrewReportPanel } from '../components/crew-report-panel.tsx';
import { hoursText } from '../components/timesheet-display.ts';

/** SPEC 9 contract terms: the working day is 8:00 am to 5:00 pm. */
const CONTRACT_TIME_IN = '08:00';
const CONTRACT_TIME_OUT = '17:00';

interface CrewRow {
  worker: CrewWorker;
  time_in: string;
  time_out: string;
}

const nameOf = (worker: CrewWorker) => `${worker.first_name} ${worker.last_name}`;

/**
 * Crew entry (/timesheet/crew, beyond the spec: suppliers record a whole site's day at once). Pick a
 * date, add workers one by one or every Working worker supplied to a company; each row starts at the
 * contract's 08:00-17:00 and can be changed, with its hours computed by the SPEC 9 rule. Before Save the
 * form says which workers already have that day; Save writes every row in one transaction. When every
 * row was saved the month list opens with the result; when rows were skipped (probe finding 18) the form
 * stays with the skipped rows and their times, the result above them, in view and focused.
 */
export function TimesheetCrewPage() {
  usePageTitle('Crew Entry');
  const navigate = useNavigate();
  const back = useReturnTo('/timesheet');
  const save = useCreateCrewTimesheets();
  const companies = useQuery(timesheetQueries.crewCompanies());
  const formRef = useRef<HTMLFormElement>(null);

  const [workDate, setWorkDate] = useState(localIsoDate);
  // Decision 092 (EA s.37): asked when the date is the rest day of a worker of the crew, for those workers.
  const [restDayRequestedBy, setRestDayRequestedBy] = useState<string>(DEFAULT_REST_DAY_REQUESTER);
  const [defaultIn, setDefaultIn] = useState(CONTRACT_TIME_IN);
  const [defaultOut, setDefaultOut] = useState(CONTRACT_TIME_OUT);
  const [rows, setRows] = useState<CrewRow[]>([]);
  const weekday = isIsoDate(workDate) ? weekdayOf(workDate) : null;
  const restingWorkers = rows.filter((row) => (row.worker.rest_day ?? DEFAULT_REST_DAY) === weekday);
  const [company, setCompany] = useState('');
  // Decision 090: crew entry starts from a site; its client suggests the company whose workers to add.
  const [siteId, setSiteId] = useState('');
  const sites = useQuery(siteQueries.active());
  const [addingCompany, setAddingCompany] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Decision 094: rows skipped for a lapsed safety certificate, and the staff member's confirmation. */
  const [lapsedSkipped, setLapsedSkipped] = useState(false);
  const [confirmLapsed, setConfirmLapsed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<CrewReport | null>(null);
  // Probe finding 18: which rows Save would skip, asked of the server as the date and crew change.
  const recorded = useQuery({
    ...timesheetQueries.crewRecorded(workDate),
    enabled: rows.length > 0 && isIsoDate(workDate),
  });
  const recordedIds = new Set(rows.length > 0 && isIsoDate(workDate) ? (recorded.data?.worker_ids ?? []) : []);
  const alreadyRecorded = rows.filter((row) => recordedIds.has(row.worker.id));
  const guard = useUnsavedChangesGuard(rows.length > 0 && !save.isPending);

  const addWorkers = (workers: CrewWorker[]) => {
    const present = new Set(rows.map((row) => row.worker.id));
    const fresh = workers.filter((worker) => !present.has(worker.id));
    const room = CREW_MAX_ROWS - rows.length;
    const added = fresh.slice(0, room);
    setRows((current) => [
      ...current,
      ...added.map((worker) => ({ worker, time_in: defaultIn, time_out: defaultOut })),
    ]);
    setErrors((current) => {
      const { rows: _rows, ...rest } = current;
      return rest;
    });
    const already = workers.length - fresh.length;
    const parts = [`${added.length} ${added.length === 1 ? 'worker' : 'workers'} added`];
    if (already > 0) parts.push(`${already} already in the crew`);
    if (fresh.length > added.length) parts.push(`${fresh.length - added.length} left out (at most ${CREW_MAX_ROWS})`);
    setNotice(`${parts.join(', ')}.`);
  };

  const addCompany = async () => {
    if (!company) return;
    setAddingCompany(true);
    try {
      addWorkers((await fetchCrewWorkers(company)).items);
    } catch (error) {
      setNotice(`Could not load the workers of ${company}: ${errorMessage(error, 'Please try again.')}`);
    } finally {
      setAddingCompany(false);
    }
  };

  const updateRow = (index: number, change: Partial<CrewRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const applyDefaults = () =>
    setRows((current) => current.map((row) => ({ ...row, time_in: defaultIn, time_out: defaultOut })));

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!workDate) found.work_date = WORK_DATE_REQUIRED;
    // Probe finding 16: a timesheet records work done (the server decides by Singapore's date).
    else if (workDate > localIsoDate()) found.work_date = WORK_DATE_IN_FUTURE;
    if (rows.length === 0) found.rows = CREW_ROWS_REQUIRED;
    rows.forEach((row, index) => {
      // Probe finding 16: a row without both times is not a day worked; remove the worker instead.
      if (!row.time_in) found[`rows.${index}.time_in`] = timeRequiredMessage('Time In');
      if (!row.time_out) found[`rows.${index}.time_out`] = timeRequiredMessage('Time Out');
      if (row.time_in && !isTimeOfDay(row.time_in))
        found[`rows.${index}.time_in`] = 'Time In must be a time as HH:MM (24-hour)';
      if (row.time_out && !isTimeOfDay(row.time_out))
        found[`rows.${index}.time_out`] = 'Time Out must be a time as HH:MM (24-hour)';
    });
    return found;
  };

  /** Probe finding 16: rows whose shift is over 16 hours, which Save asks to confirm first. */
  const [longShifts, setLongShifts] = useState<Array<{ name: string; minutes: number }> | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setResult(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const long = rows.flatMap((row) => {
      const minutes = longShiftMinutes(row.time_in, row.time_out);
      return minutes === null ? [] : [{ name: nameOf(row.worker), minutes }];
    });
    if (long.length > 0) {
      setLongShifts(long);
      return;
    }
    await send();
  };

  const send = async () => {
    try {
      const answer = await save.mutateAsync({
        work_date: workDate,
        site_id: siteId,
        rest_day_requested_by: restingWorkers.length > 0 ? restDayRequestedBy : DEFAULT_REST_DAY_REQUESTER,
        rows: rows.map((row) => ({ worker_id: row.worker.id, time_in: row.time_in, time_out: row.time_out })),
        confirm_lapsed_certificates: lapsedSkipped && confirmLapsed,
      });
      setLapsedSkipped(answer.skipped.some((row) => row.code === 'CERTIFICATE_LAPSED'));
      setConfirmLapsed(false);
      const names = new Map(rows.map((row) => [row.worker.id, nameOf(row.worker)]));
      const report: CrewReport = {
        work_date: workDate,
        saved: answer.saved,
        skipped: answer.skipped.map((row) => ({
          name: names.get(row.worker_id) ?? row.worker_id,
          message: row.message,
        })),
      };
      if (report.skipped.length === 0) {
        guard.release();
        navigate(`/timesheet?month=${workDate.slice(0, 7)}`, { state: { crewReport: report } });
        return;
      }
      // Probe finding 18: the saved rows leave the form; the skipped ones stay, with their times.
      const skippedIds = new Set(answer.skipped.map((row) => row.worker_id));
      setRows((current) => current.filter((row) => skippedIds.has(row.worker.id)));
      setResult(report);
    } catch (error) {
      console.error(TIMESHEET_SAVE_FAILED, error);
      setFailure(errorMessage(error, TIMESHEET_SAVE_FAILED));
      if (error instanceof ApiError) setErrors(error.fields);
      focusFirstInvalid(formRef.current);
    }
  };

  const totals = rows.reduce(
    (sum, row) => {
      const hours = computeTimesheetHours(row.time_in || null, row.time_out || null);
      return { regular: sum.regular + hours.hoursWorked, overtime: sum.overtime + hours.overtime };
    },
    { regular: 0, overtime: 0 },
  );

  return (
    <div>
      <PageHeader
        title="Crew Entry"
        description="Record a whole site's day at once: one date, a row per worker, hours computed per row."
      />
      <form ref={formRef} noValidate onSubmit={submit} aria-label="Crew Entry" className="flex flex-col gap-6">
        {result && (
          <CrewReportPanel report={result} onDismiss={() => setResult(null)}>
            <p className="mt-2">
              {result.skipped.length === 1 ? 'The skipped row stays' : 'The skipped rows stay'} below with the times
              entered: change the date and save again, or remove them.{' '}
              {result.saved > 0 && (
                <Link to={`/timesheet?month=${result.work_date.slice(0, 7)}`} className="font-medium underline">
                  View the timesheets of {formatMonth(result.work_date.slice(0, 7))}
                </Link>
              )}
            </p>
          </CrewReportPanel>
        )}
        {lapsedSkipped && (
          <CheckboxField
            label="Record the rows whose safety certificate lapsed anyway"
            description="A lapsed certificate is a warning (decision 094); a lapsed work permit is always refused."
            checked={confirmLapsed}
            onChange={(event) => setConfirmLapsed(event.target.checked)}
          />
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        <Card>
          <CardHeader title="Day and default times" />
          <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-start">
            <SelectField
              label="Site"
              placeholder="No site"
              options={(sites.data?.items ?? []).map((site) => ({ value: site.id, label: site.name }))}
              value={siteId}
              onChange={(event) => {
                setSiteId(event.target.value);
                const client = sites.data?.items.find((site) => site.id === event.target.value)?.client_company;
                if (client && companies.data?.items.some((entry) => entry.company === client)) setCompany(client);
              }}
            />
            <TextField
              label="Work Date"
              type="date"
              required
              value={workDate}
              error={errors.work_date}
              onChange={(event) => setWorkDate(event.target.value)}
            />
            {restingWorkers.length > 0 && (
              <SelectField
                label="Rest day work requested by"
                options={REST_DAY_REQUESTERS}
                value={restDayRequestedBy}
                onChange={(event) => setRestDayRequestedBy(event.target.value)}
                hint={`${weekday} is the rest day of ${restingWorkers.map((row) => nameOf(row.worker)).join(', ')} (Employment Act s.37: at the worker's own request half the pay)`}
              />
            )}
            <TextField
              label="Default Time In"
              type="time"
              value={defaultIn}
              hint="Contract day 08:00-17:00"
              onChange={(event) => setDefaultIn(event.target.value)}
            />
            <TextField
              label="Default Time Out"
              type="time"
              value={defaultOut}
              onChange={(event) => setDefaultOut(event.target.value)}
            />
            <div className="flex lg:pt-6">
              <Button variant="secondary" onClick={applyDefaults} disabled={rows.length === 0}>
                Apply to all rows
              </Button>
            </div>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Add workers" />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <WorkerPicker
              label="Add a worker"
              placeholder="Type a name or TD- ID"
              value={null}
              onChange={(worker) => {
                if (worker) addWorkers([worker]);
              }}
            />
            <div className="flex items-end gap-2">
              <SelectField
                label="Add every Working worker supplied to"
                className="min-w-0 flex-1"
                placeholder={companies.isPending ? 'Loading companies…' : 'Choose a company'}
                options={(companies.data?.items ?? []).map((entry) => ({
                  value: entry.company,
                  label: `${entry.company} (${entry.workers})`,
                }))}
                value={company}
                onChange={(event) => setCompany(event.target.value)}
              />
              <Button variant="secondary" onClick={() => void addCompany()} busy={addingCompany} disabled={!company}>
                Add Crew
              </Button>
            </div>
            {notice && (
              <p role="status" className="text-sm text-ink-muted md:col-span-2">
                {notice}
              </p>
            )}
          </CardBody>
        </Card>

        <Card>
          <CardHeader
            title={`Crew (${rows.length})`}
            description={
              rows.length > 0
                ? `${hoursText(minutesToHours(totals.regular))} h regular, ${hoursText(minutesToHours(totals.overtime))} h overtime in all`
                : undefined
            }
          />
          {rows.length === 0 ? (
            <div data-form-error={errors.rows ? true : undefined} tabIndex={errors.rows ? -1 : undefined}>
              <EmptyState
                icon={<UsersRound />}
                level={3}
                title="No workers in the crew yet."
                description={
                  errors.rows ? (
                    <span className="font-medium text-danger">{errors.rows}</span>
                  ) : (
                    'Add workers one by one, or every Working worker of a company.'
                  )
                }
              />
            </div>
          ) : (
            <ul aria-label="Crew rows" className="divide-y divide-line">
              {rows.map((row, index) => (
                <CrewRowItem
                  key={row.worker.id}
                  row={row}
                  recorded={recordedIds.has(row.worker.id)}
                  errors={{ time_in: errors[`rows.${index}.time_in`], time_out: errors[`rows.${index}.time_out`] }}
                  onChange={(change) => updateRow(index, change)}
                  onRemove={() => setRows((current) => current.filter((_, i) => i !== index))}
                />
              ))}
            </ul>
          )}
          {alreadyRecorded.length > 0 && (
            <div className="px-6 pb-2">
              <Alert
                tone="warning"
                title={`${alreadyRecorded.length} of ${rows.length} already ${alreadyRecorded.length === 1 ? 'has' : 'have'} a timesheet on ${formatDate(workDate)} and will be skipped`}
              >
                <p>{alreadyRecorded.map((row) => nameOf(row.worker)).join(', ')}</p>
                <Button
                  variant="link"
                  onClick={() => setRows((current) => current.filter((row) => !recordedIds.has(row.worker.id)))}
                >
                  Remove {alreadyRecorded.length === 1 ? 'this worker' : 'these workers'} from the crew
                </Button>
              </Alert>
            </div>
          )}
          <CardFooter>
            <Button variant="secondary" onClick={back.leave} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={save.isPending}>
              {save.isPending ? 'Saving...' : `Save ${rows.length} ${rows.length === 1 ? 'Timesheet' : 'Timesheets'}`}
            </Button>
          </CardFooter>
        </Card>
      </form>
      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
      <ConfirmDialog
        open={longShifts !== null}
        tone="primary"
        title="Save shifts over 16 hours?"
        message={
          longShifts && (
            <>
              A Time Out typed wrong (05:45 for 17:45) looks like this. Save these as they are?
              <ul className="mt-2 list-disc pl-5">
                {longShifts.map((shift) => (
                  <li key={shift.name}>
                    {shift.name}: {hoursText(minutesToHours(shift.minutes))} hours from Time In to Time Out
                  </li>
                ))}
              </ul>
            </>
          )
        }
        confirmLabel="Save Anyway"
        cancelLabel="Check the Times"
        busy={save.isPending}
        onCancel={() => setLongShifts(null)}
        onConfirm={async () => {
          await send();
          setLongShifts(null);
        }}
      />
    </div>
  );
}

interface CrewRowItemProps {
  row: CrewRow;
  /** The worker already has a timesheet that day: Save will skip this row. */
  recorded: boolean;
  errors: { time_in?: string | undefined; time_out?: string | undefined };
  onChange(change: Partial<CrewRow>): void;
  onRemove(): void;
}

/** One worker's row: times (labelled with the worker's name for screen readers), computed hours, remove. */
function CrewRowItem({ row, recorded, errors, onChange, onRemove }: CrewRowItemProps) {
  const name = nameOf(row.worker);
  const hours = computeTimesheetHours(row.time_in || null, row.time_out || null);
  return (
    <li className="grid grid-cols-2 items-start gap-3 px-6 py-3 sm:grid-cols-[minmax(0,1.4fr)_8rem_8rem_minmax(0,1fr)_auto]">
      <div className="col-span-2 min-w-0 sm:col-span-1 sm:pt-7">
        <p className="truncate font-medium text-ink">{name}</p>
        <p className="text-xs text-ink-muted tabular-nums">{row.worker.worker_id}</p>
        {recorded && <p className="text-xs font-medium text-amber-800">Already has a timesheet that day</p>}
      </div>
      <TextField
        label="Time In"
        aria-label={`Time In for ${name}`}
        type="time"
        value={row.time_in}
        error={errors.time_in}
        onChange={(event) => onChange({ time_in: event.target.value })}
      />
      <TextField
        label="Time Out"
        aria-label={`Time Out for ${name}`}
        type="time"
        value={row.time_out}
        error={errors.time_out}
        onChange={(event) => onChange({ time_out: event.target.value })}
      />
      <p className="text-sm sm:pt-8">
        <span className="sr-only">Computed hours for {name}: </span>
        <span className="font-medium tabular-nums">{hoursText(minutesToHours(hours.hoursWorked))} h</span>
        {hours.overtime > 0 && (
          <span className="ml-2 text-amber-800 tabular-nums">+{hoursText(minutesToHours(hours.overtime))} OT</span>
        )}
      </p>
      <div className="flex justify-end sm:pt-6">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${name}`}
          title="Remove"
          icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
          onClick={onRemove}
        >
          <span className="sm:hidden">Remove</span>
        </Button>
      </div>
    </li>
  );
}
