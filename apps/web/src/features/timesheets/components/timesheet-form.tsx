import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_REST_DAY_REQUESTER, REST_DAY_REQUESTERS, weekdayOf } from '@td/shared/options/pay-rules';
import { isIsoDate } from '@td/shared/rules/dates';
import { computeTimesheetHours, formatHours, longShiftMinutes, minutesToHours } from '@td/shared/rules/timesheet-hours';
import {
  DAY_LIMIT_MINUTES,
  dayOver12HoursMessage,
  TIMESHEET_FIELD_LABELS as LABELS,
  TIMESHEET_SAVE_FAILED,
  type Timesheet,
  type TimesheetFormValues,
  TimesheetInput,
  WORK_DATE_IN_FUTURE,
} from '@td/shared/schemas/timesheet';
import type { Worker } from '@td/shared/schemas/worker';
import { useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextAreaField } from '@/components/ui/textarea-field.tsx';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog.tsx';
import { siteQueries } from '@/features/sites/public/site-queries.ts';
import { WorkerPicker } from '@/features/workers/public/worker-picker.tsx';
import { ApiError, api, errorMessage } from '@/lib/api-client.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { localIsoDate } from '@/lib/format.ts';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes.ts';

/** The inputs' starting values: the stored timesheet's, or a new one for today. */
export function toFormValues(timesheet?: Timesheet): TimesheetFormValues {
  return {
    worker_id: timesheet?.worker_id ?? '',
    work_date: timesheet?.work_date ?? localIsoDate(),
    time_in: timesheet?.time_in?.slice(0, 5) ?? '',
    time_out: timesheet?.time_out?.slice(0, 5) ?? '',
    notes: timesheet?.notes ?? '',
    // Decision 090: the site the work was done on (optional); an edit starts from the stored one.
    site_id: timesheet?.site_id ?? '',
    // Decision 092 (EA s.37): asked only on the worker's rest day; the employer's request by default.
    rest_day_requested_by: timesheet?.rest_day_requested_by ?? DEFAULT_REST_DAY_REQUESTER,
  };
}

const FORM_FIELDS = new Set<string>([
  'worker_id',
  'work_date',
  'time_in',
  'time_out',
  'notes',
  'site_id',
  'rest_day_requested_by',
]);
const isFormField = (name: string): name is keyof TimesheetFormValues => FORM_FIELDS.has(name);

interface TimesheetFormProps {
  mode: 'add' | 'edit';
  /** The stored timesheet when editing. */
  timesheet?: Timesheet;
  /** Sends the parsed values; throws (an ApiError) when the server refuses them. */
  onSave(input: TimesheetInput): Promise<Timesheet>;
  onSaved(timesheet: Timesheet): void;
  onCancel(): void;
}

/**
 * SPEC 2 timesheet form: worker, work date, time in, time out, hours worked and overtime hours (both
 * read-only, computed live by the shared SPEC 9 rule that the server applies again on save), notes.
 * SPEC 5 messages come from the shared schema; SPEC 8: a failed save shows the server's message (or
 * Failed to save timesheet) in a red banner and the user stays on the form.
 */
export function TimesheetForm({ mode, timesheet, onSave, onSaved, onCancel }: TimesheetFormProps) {
  const form = useForm<TimesheetFormValues, unknown, TimesheetInput>({
    resolver: zodResolver(TimesheetInput) as Resolver<TimesheetFormValues, unknown, TimesheetInput>,
    defaultValues: toFormValues(timesheet),
    // focusFirstInvalid moves focus in page order (the picker first); react-hook-form's own order differs.
    shouldFocusError: false,
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  /** The refusal, and the values it was about (the fields it named; for a 409 also the worker and date). */
  const [failure, setFailure] = useState<{ text: string; about: Partial<TimesheetFormValues> } | null>(null);
  /** Decision 094: the lapsed-certificate warning waiting for the staff member's answer. */
  const [lapsed, setLapsed] = useState<{ message: string; input: TimesheetInput } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const guard = useUnsavedChangesGuard(isDirty && !isSubmitting);

  const [timeIn, timeOut] = form.watch(['time_in', 'time_out']);
  const current = form.watch();
  // Probe finding 30: a refusal goes once what it was about has changed ("already exists for 10/03/2025"
  // no longer applies when the date is 11/03/2025).
  const stillApplies =
    failure !== null &&
    Object.entries(failure.about).every(([name, value]) => current[name as keyof TimesheetFormValues] === value);
  const computed = computeTimesheetHours(timeIn || null, timeOut || null);
  /** Probe finding 16: a shift over 16 hours waits here until the staff member confirms it. */
  const [longShift, setLongShift] = useState<{ input: TimesheetInput; minutes: number } | null>(null);
  const [savingLongShift, setSavingLongShift] = useState(false);

  const save = async (input: TimesheetInput) => {
    setFailure(null);
    try {
      // Not the rest day: the question was not asked, so the default stands (decision 092).
      const saved = await onSave(onRestDay ? input : { ...input, rest_day_requested_by: DEFAULT_REST_DAY_REQUESTER });
      guard.release();
      onSaved(saved);
    } catch (error) {
      // Decision 094: a lapsed safety certificate is a warning the staff member confirms.
      if (error instanceof ApiError && error.code === 'CERTIFICATE_LAPSED' && !input.confirm_lapsed_certificates) {
        setLapsed({ message: error.message, input });
        return;
      }
      console.error('Failed to save timesheet', error);
      const named = error instanceof ApiError ? Object.keys(error.fields).filter(isFormField) : [];
      if (error instanceof ApiError && error.status === 409) named.push('worker_id', 'work_date');
      const values = form.getValues();
      setFailure({
        text: errorMessage(error, TIMESHEET_SAVE_FAILED),
        about: Object.fromEntries(named.map((name) => [name, values[name]])),
      });
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (isFormField(name)) form.setError(name, { type: 'server', message });
        }
      }
      requestAnimationFrame(() => failureRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
    }
  };

  // Decision 092 (EA s.37): the worker's rest day, from the picker or (editing) the worker's record; the
  // form asks who requested the work only when the date is that day.
  const [pickedRestDay, setPickedRestDay] = useState<string | undefined>(undefined);
  const workerRecord = useQuery({
    queryKey: ['workers', 'detail', current.worker_id],
    queryFn: ({ signal }) => api<Worker>(`/api/workers/${current.worker_id}`, { signal }),
    enabled: Boolean(current.worker_id) && pickedRestDay === undefined,
  });
  const restDay = pickedRestDay ?? workerRecord.data?.rest_day;
  // Decision 090: the active sites, and the timesheet's own site when it is no longer active.
  const sites = useQuery(siteQueries.active());
  const siteOptions = (sites.data?.items ?? []).map((site) => ({ value: site.id, label: site.name }));
  if (timesheet?.site && !siteOptions.some((option) => option.value === timesheet.site?.id)) {
    siteOptions.push({ value: timesheet.site.id, label: timesheet.site.name });
  }
  const onRestDay = Boolean(restDay) && isIsoDate(current.work_date) && weekdayOf(current.work_date) === restDay;

  const submit = form.handleSubmit(
    async (input) => {
      // Probe finding 16: a timesheet records work done. The server decides by Singapore's date; the
      // browser's own date answers before a round trip (the two differ for a few hours a day at most).
      if (input.work_date > localIsoDate()) {
        form.setError('work_date', { type: 'validate', message: WORK_DATE_IN_FUTURE });
        focusFirstInvalid(formRef.current);
        return;
      }
      const minutes = longShiftMinutes(input.time_in, input.time_out);
      if (minutes !== null) {
        setLongShift({ input, minutes });
        return;
      }
      await save(input);
    },
    () => focusFirstInvalid(formRef.current),
  );

  const adding = mode === 'add';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label={adding ? 'Add Timesheet' : 'Edit Timesheet'}
      className="flex flex-col gap-6"
    >
      {failure && stillApplies && (
        <div ref={failureRef}>
          <Alert tone="error">{failure.text}</Alert>
        </div>
      )}
      <Card>
        <CardBody className="grid grid-cols-2 gap-x-4 gap-y-5">
          <Controller
            control={form.control}
            name="worker_id"
            render={({ field, fieldState }) => (
              <WorkerPicker
                ref={field.ref}
                label={LABELS.worker_id}
                required
                className="col-span-2 sm:col-span-1"
                value={field.value || null}
                initialWorker={timesheet?.worker}
                onChange={(worker) => {
                  setPickedRestDay(worker?.rest_day);
                  field.onChange(worker?.id ?? '');
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                hint={
                  mode === 'edit' && timesheet?.worker === null && !field.value
                    ? 'The worker of this timesheet was deleted; choose a worker to save it.'
                    : undefined
                }
              />
            )}
          />
          <TextField
            label={LABELS.work_date}
            type="date"
            required
            className="col-span-2 sm:col-span-1"
            error={errors.work_date?.message}
            {...form.register('work_date')}
          />
          {onRestDay && (
            <SelectField
              label={LABELS.rest_day_requested_by}
              className="col-span-2"
              options={REST_DAY_REQUESTERS}
              error={errors.rest_day_requested_by?.message}
              hint={`${restDay} is this worker's rest day. At the employer's request the day earns one or two days' pay; at the worker's own request half of that (Employment Act s.37).`}
              {...form.register('rest_day_requested_by')}
            />
          )}
          {/* Controlled: the sites arrive after the form, and an uncontrolled select would drop the stored one. */}
          <Controller
            control={form.control}
            name="site_id"
            render={({ field }) => (
              <SelectField
                label={LABELS.site_id}
                className="col-span-2"
                placeholder="No site"
                options={siteOptions}
                error={errors.site_id?.message}
                name={field.name}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <TextField label={LABELS.time_in} type="time" error={errors.time_in?.message} {...form.register('time_in')} />
          <TextField
            label={LABELS.time_out}
            type="time"
            error={errors.time_out?.message}
            hint="Before time in: past midnight"
            {...form.register('time_out')}
          />
          <TextField
            label={LABELS.hours_worked}
            readOnly
            value={formatHours(minutesToHours(computed.hoursWorked))}
            hint="Over 6 h loses a 1 h break; at most 8"
          />
          <TextField
            label={LABELS.overtime_hours}
            readOnly
            value={formatHours(minutesToHours(computed.overtime))}
            hint="Beyond 8 h, to the quarter hour"
          />
          {computed.hoursWorked + computed.overtime > DAY_LIMIT_MINUTES && (
            // Decision 092 (EA s.38): warned before saving, never refused; the hours are paid.
            <div className="col-span-2">
              <Alert tone="warning">{dayOver12HoursMessage(computed.hoursWorked + computed.overtime)}</Alert>
            </div>
          )}
          <TextAreaField
            label={LABELS.notes}
            className="col-span-2"
            rows={3}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
        </CardBody>
        <CardFooter>
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Saving...' : adding ? 'Save Timesheet' : 'Update Timesheet'}
          </Button>
        </CardFooter>
      </Card>
      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
      <ConfirmDialog
        open={longShift !== null}
        tone="primary"
        title="Save a shift over 16 hours?"
        message={
          longShift &&
          `${longShift.input.time_in} to ${longShift.input.time_out} is ${formatHours(minutesToHours(longShift.minutes))} hours${
            (longShift.input.time_out ?? '') < (longShift.input.time_in ?? '') ? ', past midnight' : ''
          }. A Time Out typed wrong (05:45 for 17:45) looks like this. Save it as it is?`
        }
        confirmLabel="Save Anyway"
        cancelLabel="Check the Times"
        busy={savingLongShift}
        onCancel={() => {
          setLongShift(null);
          // After the dialog has given focus back to Save: the time to check is where the eye goes.
          setTimeout(() => form.setFocus('time_out'), 0);
        }}
        onConfirm={async () => {
          if (!longShift) return;
          setSavingLongShift(true);
          await save(longShift.input);
          setSavingLongShift(false);
          setLongShift(null);
        }}
      />
      <ConfirmDialog
        open={lapsed !== null}
        title="Safety certificate lapsed"
        message={lapsed?.message}
        confirmLabel="Record anyway"
        tone="primary"
        onCancel={() => setLapsed(null)}
        onConfirm={async () => {
          const confirmed = lapsed;
          setLapsed(null);
          if (confirmed) await save({ ...confirmed.input, confirm_lapsed_certificates: true });
        }}
      />
    </form>
  );
}
