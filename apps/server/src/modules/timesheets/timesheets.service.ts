import { DEFAULT_NORMAL_HOURS_PER_DAY, DEFAULT_REST_DAY, WEEKDAYS, type Weekday } from '@td/shared/options/pay-rules';
import { actOvertime, actWeeksStart, calendarMonth, overtimeOver72Warning } from '@td/shared/rules/act-overtime';
import { type CsvCell, toCsv } from '@td/shared/rules/csv';
import { dateInTimeZone } from '@td/shared/rules/dates';
import { monthInTimeZone } from '@td/shared/rules/months';
import { computeTimesheetHours, hoursToMinutes, minutesToHours } from '@td/shared/rules/timesheet-hours';
import {
  type CrewRecorded,
  type CrewTimesheetInput,
  type CrewTimesheetResult,
  certificateLapsedMessage,
  DAY_LIMIT_MINUTES,
  dayOver12HoursMessage,
  duplicateTimesheetMessage,
  permitExpiredMessage,
  type SavedTimesheet,
  SITE_NOT_FOUND_FOR_TIMESHEET,
  TIMESHEET_FIELD_LABELS,
  TIMESHEET_NOT_FOUND,
  type Timesheet,
  type TimesheetInput,
  type TimesheetList,
  type TimesheetPayWarning,
  type TimesheetSummary,
  timesheetWarnings,
  UNKNOWN_WORKER,
  WORK_DATE_IN_FUTURE,
  WORKER_NOT_FOUND,
} from '@td/shared/schemas/timesheet';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { MAX_EXPORT_ROWS } from '../../lib/csv-download.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertPeriodsOpen } from '../pay-runs/public.ts';
import { listObservedHolidays } from '../public-holidays/public.ts';
import { findWorkersSuppliedTo, listSuppliedCompanies } from '../workers/public.ts';
import * as repo from './timesheets.repository.ts';

/** Crew entry: "every Working worker supplied to one company" (decision 012). */
const CREW_STATUS = 'Working';
const CREW_MAX_WORKERS = 500;

interface WorkerName {
  first_name: string;
  last_name: string;
}

interface CheckedWorker extends WorkerName {
  id: string;
  wp_expiry_date: string | null;
}

/** Why a row cannot be saved as it is: a refusal, or a warning the staff member has not confirmed. */
export interface RowProblem {
  code: 'PERMIT_EXPIRED' | 'CERTIFICATE_LAPSED';
  message: string;
}

/**
 * Decision 094, the compliance part of the per-row check every way of recording a timesheet goes through
 * (single, crew and imported, through `timesheetRuleProblems`): no one is sent to a site on a lapsed
 * permit (Employment of Foreign Manpower Act s.5(1): employing a foreigner without a valid work pass is
 * an offence), so a date after the worker's `wp_expiry_date` is refused; a safety certificate (any
 * training record with an expiry) that lapsed by that date and was not renewed is a warning the staff
 * member confirms with `confirm_lapsed_certificates`. Answers the problem of each row, by index; none for
 * a row that passes. The certificates are read once for every row (an import checks thousands).
 */
export async function timesheetRowProblems(
  db: Db,
  rows: ReadonlyArray<{ worker: CheckedWorker; work_date: string }>,
  { confirmLapsedCertificates }: { confirmLapsedCertificates: boolean },
): Promise<Map<number, RowProblem>> {
  const problems = new Map<number, RowProblem>();
  const toCheck: number[] = [];
  rows.forEach(({ worker, work_date }, index) => {
    if (worker.wp_expiry_date && work_date > worker.wp_expiry_date) {
      problems.set(index, {
        code: 'PERMIT_EXPIRED',
        message: permitExpiredMessage(fullName(worker), worker.wp_expiry_date),
      });
    } else if (!confirmLapsedCertificates) {
      toCheck.push(index);
    }
  });
  if (toCheck.length === 0) return problems;
  const workerIds = [...new Set(toCheck.map((index) => rows[index]?.worker.id ?? ''))];
  const lastDate = toCheck.reduce((last, index) => {
    const date = rows[index]?.work_date ?? '';
    return date > last ? date : last;
  }, '');
  const heldBy = new Map<string, Awaited<ReturnType<typeof repo.findCertificatesHeld>>>();
  for (const record of await repo.findCertificatesHeld(db, workerIds, lastDate)) {
    const key = record.worker_id ?? '';
    heldBy.set(key, [...(heldBy.get(key) ?? []), record]);
  }
  for (const index of toCheck) {
    const row = rows[index];
    if (!row) continue;
    const held = (heldBy.get(row.worker.id) ?? []).filter((record) => record.training_date <= row.work_date);
    const lapsed = lapsedCertificates(held, row.work_date);
    if (lapsed.length > 0) {
      problems.set(index, {
        code: 'CERTIFICATE_LAPSED',
        message: certificateLapsedMessage(fullName(row.worker), lapsed),
      });
    }
  }
  return problems;
}

/** The courses whose latest certificate by a date expired before it (a record without expiry never lapses). */
function lapsedCertificates(
  records: ReadonlyArray<{ training_name: string; expiry_date: string | null }>,
  onDate: string,
): Array<{ training_name: string; expiry_date: string }> {
  const latest = new Map<string, string | null>();
  for (const record of records) {
    const seen = latest.get(record.training_name);
    if (seen === null) continue;
    if (record.expiry_date === null || seen === undefined || record.expiry_date > seen) {
      latest.set(record.training_name, record.expiry_date);
    }
  }
  return [...latest]
    .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] < onDate)
    .map(([training_name, expiry_date]) => ({ training_name, expiry_date }))
    .sort((a, b) => a.training_name.localeCompare(b.training_name));
}

/** A worker deleted between the check and the insert: the foreign key refuses the row. */
const isForeignKeyViolation = (error: unknown): boolean => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};
export const WORKER_REMOVED_WHILE_SAVING =
  'A worker was removed while saving. Please check the workers and save again.';

const fullName = (worker: WorkerName) => `${worker.first_name} ${worker.last_name}`;

/** SPEC 9: the server computes the hours from the times on every save; a client's hours are ignored. */
export function timesheetValuesOf(
  input: Omit<TimesheetInput, 'work_date' | 'rest_day_requested_by' | 'confirm_lapsed_certificates'> & {
    work_date: string;
    rest_day_requested_by?: TimesheetInput['rest_day_requested_by'];
  },
): repo.TimesheetValues {
  const { hoursWorked, overtime } = computeTimesheetHours(input.time_in, input.time_out);
  return {
    worker_id: input.worker_id,
    work_date: input.work_date,
    time_in: input.time_in,
    time_out: input.time_out,
    hours_worked: hoursWorked,
    overtime_hours: overtime,
    notes: input.notes,
    site_id: input.site_id ?? null,
    ...(input.rest_day_requested_by ? { rest_day_requested_by: input.rest_day_requested_by } : {}),
  };
}

/** A timesheet about to be saved, its shape already checked by the shared `TimesheetInput`. */
export interface TimesheetToCheck {
  worker_id: string;
  work_date: string;
  time_in: string | null;
  time_out: string | null;
  site_id: string | null;
}

/**
 * A row refused by a rule: the field and the message the single entry would answer; decision 094's
 * problems carry their code (single entry answers them 409 with it, crew entry reports it per row).
 */
export interface TimesheetProblem {
  field: string;
  message: string;
  code?: RowProblem['code'];
}

/**
 * Decision 091: every rule a timesheet must meet beyond its shape, checked for many at once so single
 * entry, crew entry and the attendance import refuse the same rows with the same messages. Rules that
 * read other records (the worker and site exist; a lapsed permit or certificate, decision 094) belong
 * here. Answers the problem of each refused row, by its index in `rows`. A lapsed certificate is
 * refused unless `confirmLapsedCertificates` (the staff member saw the warning and confirmed it; the
 * attendance import has no such confirmation, so its row is in error with the message).
 */
export async function timesheetRuleProblems(
  db: Db,
  rows: readonly TimesheetToCheck[],
  { confirmLapsedCertificates = false }: { confirmLapsedCertificates?: boolean } = {},
): Promise<Map<number, TimesheetProblem>> {
  const problems = new Map<number, TimesheetProblem>();
  const siteIds = [...new Set(rows.flatMap((row) => (row.site_id ? [row.site_id] : [])))];
  const workerIds = [...new Set(rows.map((row) => row.worker_id))];
  const [sites, workers] = await Promise.all([repo.findSiteIds(db, siteIds), repo.findWorkersToCheck(db, workerIds)]);
  const known: Array<{ index: number; worker: CheckedWorker; work_date: string }> = [];
  rows.forEach((row, index) => {
    const worker = workers.get(row.worker_id);
    if (!worker) problems.set(index, { field: 'worker_id', message: WORKER_NOT_FOUND });
    else if (row.site_id && !sites.has(row.site_id)) {
      problems.set(index, { field: 'site_id', message: SITE_NOT_FOUND_FOR_TIMESHEET });
    } else known.push({ index, worker, work_date: row.work_date });
  });
  const compliance = await timesheetRowProblems(db, known, { confirmLapsedCertificates });
  for (const [position, problem] of compliance) {
    const index = known[position]?.index;
    if (index !== undefined) problems.set(index, { field: 'work_date', ...problem });
  }
  return problems;
}

/**
 * The single entry's use of the shared rules: the first problem answers 400 with its field, or 409 with
 * its code for decision 094's (a lapsed permit, an unconfirmed lapsed certificate).
 */
async function assertTimesheetRules(db: Db, input: TimesheetToCheck, confirmed: boolean): Promise<void> {
  const problem = (await timesheetRuleProblems(db, [input], { confirmLapsedCertificates: confirmed })).get(0);
  if (problem?.code) throw new AppError(409, problem.code, problem.message, { [problem.field]: problem.message });
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
}

/** The month asked for, or the current one in the business time zone (SPEC 9 default). */
const monthOrCurrent = (month: string | undefined, timeZone: string, now: Date) =>
  month ?? monthInTimeZone(now, timeZone);

export async function listTimesheets(
  db: Db,
  query: {
    month?: string | undefined;
    worker_id?: string | undefined;
    q?: string | undefined;
    site_id?: string | undefined;
    page: number;
    pageSize: number;
  },
  timeZone: string,
  now = new Date(),
): Promise<TimesheetList> {
  const month = monthOrCurrent(query.month, timeZone, now);
  const result = await repo.listTimesheets(
    db,
    { month, workerId: query.worker_id, q: query.q, siteId: query.site_id?.toLowerCase() },
    { page: query.page, pageSize: query.pageSize },
  );
  return { ...result, month };
}

/**
 * Probe finding 25 (decision 024's pattern): the month's timesheet list as CSV, with the list's worker
 * and name filters and order, every page. Hours are hours with 2 decimals, as the list shows them.
 */
export async function exportTimesheetsCsv(
  db: Db,
  query: { month?: string | undefined; worker_id?: string | undefined; q?: string | undefined },
  timeZone: string,
  now = new Date(),
): Promise<string> {
  const month = monthOrCurrent(query.month, timeZone, now);
  const items = await repo.exportTimesheets(db, { month, workerId: query.worker_id, q: query.q }, MAX_EXPORT_ROWS);
  const L = TIMESHEET_FIELD_LABELS;
  const header = [
    'Worker ID',
    'Worker Name',
    L.work_date,
    L.time_in,
    L.time_out,
    L.hours_worked,
    L.overtime_hours,
    L.notes,
  ];
  const rows: CsvCell[][] = items.map((timesheet) => [
    timesheet.worker?.worker_id ?? '',
    timesheet.worker ? fullName(timesheet.worker) : UNKNOWN_WORKER,
    timesheet.work_date,
    timesheet.time_in ?? '',
    timesheet.time_out ?? '',
    timesheet.hours_worked,
    timesheet.overtime_hours,
    timesheet.notes ?? '',
  ]);
  return toCsv(header, rows);
}

/** SPEC 9 summary cards of a month, from the month totals (decision 034); hours with 2 decimals. */
export async function timesheetSummary(
  db: Db,
  query: {
    month?: string | undefined;
    worker_id?: string | undefined;
    q?: string | undefined;
    site_id?: string | undefined;
  },
  timeZone: string,
  now = new Date(),
): Promise<TimesheetSummary> {
  const month = monthOrCurrent(query.month, timeZone, now);
  // Probe finding 24: the cards follow the list's filters. The whole month is read from its month
  // totals (decision 034); a worker, name or site is read straight from the matching timesheets.
  const filtered = Boolean(query.worker_id || query.q || query.site_id);
  const totals = filtered
    ? await repo.summarizeFilteredTimesheets(db, {
        month,
        workerId: query.worker_id,
        q: query.q,
        siteId: query.site_id?.toLowerCase(),
      })
    : await repo.summarizeTimesheetMonth(db, month);
  return {
    workers: totals.workers,
    timesheets: totals.timesheets,
    total_hours: minutesToHours(totals.hoursWorkedMinutes),
    total_overtime_hours: minutesToHours(totals.overtimeMinutes),
    month,
  };
}

export async function getTimesheet(db: Db, id: string): Promise<Timesheet> {
  const timesheet = await repo.findTimesheetById(db, id);
  if (!timesheet) throw notFound(TIMESHEET_NOT_FOUND);
  return timesheet;
}

async function workerNamed(db: Db, workerId: string): Promise<CheckedWorker> {
  const [worker] = await repo.findWorkerNames(db, [workerId]);
  if (!worker) throw badRequest(WORKER_NOT_FOUND, { worker_id: WORKER_NOT_FOUND });
  return worker;
}

/** Runs a write; a worker deleted meanwhile answers 409 instead of a database error. */
async function withWorkerCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(WORKER_REMOVED_WHILE_SAVING);
    throw error;
  }
}

/**
 * Probe finding 16: a timesheet records work done, so a date after today where the business is (a
 * date six months ahead was saved) is refused. The date of the instant, not the server's own zone.
 */
function assertNotFuture(workDate: string, timeZone: string, now: Date): void {
  if (workDate > dateInTimeZone(now, timeZone))
    throw badRequest(WORK_DATE_IN_FUTURE, { work_date: WORK_DATE_IN_FUTURE });
}

/**
 * Probe finding 16's warning, and decision 092's (EA s.38): a day over 12 hours (hours worked and overtime),
 * a calendar month over 72 overtime hours counted as the payslip counts them (rules/act-overtime.ts:
 * past the normal day and past 44 a week; the preview and the pay run warn from the same count).
 * Warned, never refused: the hours are paid.
 */
async function withWarnings(db: Db, timesheet: Timesheet): Promise<SavedTimesheet> {
  const payWarnings: TimesheetPayWarning[] = [];
  const dayMinutes = hoursToMinutes(timesheet.hours_worked) + hoursToMinutes(timesheet.overtime_hours);
  if (dayMinutes > DAY_LIMIT_MINUTES) {
    payWarnings.push({ code: 'DAY_OVER_12_HOURS', message: dayOver12HoursMessage(dayMinutes) });
  }
  if (timesheet.worker_id) {
    const overtimeOver72 = await monthOvertimeWarning(db, timesheet.worker_id, timesheet.work_date);
    if (overtimeOver72) payWarnings.push(overtimeOver72);
  }
  return {
    ...timesheet,
    warnings: [...timesheetWarnings(timesheet.time_in, timesheet.time_out), ...payWarnings.map((w) => w.message)],
    pay_warnings: payWarnings,
  };
}

/** The 72-hour warning of the calendar month holding `workDate`, by the Act's one count. */
async function monthOvertimeWarning(db: Db, workerId: string, workDate: string) {
  const worker = await repo.findWorkerWeek(db, workerId);
  if (!worker) return null;
  const period = calendarMonth(workDate.slice(0, 7));
  // The weeks ending in the month reach back to the Monday of its first week (decision 092).
  const read = { start: actWeeksStart(period), end: period.end };
  const days = await repo.listDayMinutes(db, workerId, read.start, read.end);
  const holidays = await listObservedHolidays(db, read);
  const { totalMinutes } = actOvertime({
    period,
    days,
    restDay: (WEEKDAYS as readonly string[]).includes(worker.rest_day)
      ? (worker.rest_day as Weekday)
      : DEFAULT_REST_DAY,
    normalMinutesPerDay: Number(worker.normal_minutes_per_day) || DEFAULT_NORMAL_HOURS_PER_DAY * 60,
    holidayDates: holidays.map((holiday) => holiday.date),
  });
  return overtimeOver72Warning(totalMinutes, period);
}

const duplicate = (worker: WorkerName, workDate: string) =>
  conflict(duplicateTimesheetMessage(fullName(worker), workDate), {
    work_date: duplicateTimesheetMessage(fullName(worker), workDate),
  });

/**
 * SPEC 5: one timesheet per worker and date. Checked first for the clear message, and settled by the
 * unique index when two saves race (ARCHITECTURE, Data): the loser inserts nothing and gets the same 409.
 */
export async function createTimesheet(
  db: Db,
  input: TimesheetInput,
  actor: Actor,
  timeZone: string,
  now = new Date(),
): Promise<SavedTimesheet> {
  assertNotFuture(input.work_date, timeZone, now);
  const worker = await workerNamed(db, input.worker_id);
  if (await repo.findTimesheetIdFor(db, input.worker_id, input.work_date)) throw duplicate(worker, input.work_date);
  await assertTimesheetRules(db, input, input.confirm_lapsed_certificates);
  return withWorkerCheck(() =>
    db.transaction().execute(async (trx) => {
      // Decision 082: an approved or paid pay run's days are closed.
      await assertPeriodsOpen(trx, [{ workerId: input.worker_id, date: input.work_date }], 'timesheet');
      const id = newId();
      const timestamp = nowIso(now);
      const inserted = await repo.insertTimesheetUnlessExists(trx, {
        id,
        ...timesheetValuesOf(input),
        created_at: timestamp,
        updated_at: timestamp,
      });
      if (!inserted) throw duplicate(worker, input.work_date);
      const timesheet = await getTimesheet(trx, id);
      await recordAudit(trx, actor, { action: 'create', entity: 'timesheet', entityId: id, after: timesheet });
      return withWarnings(trx, timesheet);
    }),
  );
}

/** Replaces the fields and recomputes the hours; moving onto a worker and date that is taken is a 409. */
export async function updateTimesheet(
  db: Db,
  id: string,
  input: TimesheetInput,
  actor: Actor,
  timeZone: string,
  now = new Date(),
): Promise<SavedTimesheet> {
  assertNotFuture(input.work_date, timeZone, now);
  const worker = await workerNamed(db, input.worker_id);
  await assertTimesheetRules(db, input, input.confirm_lapsed_certificates);
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await getTimesheet(trx, id);
      await assertPeriodsOpen(
        trx,
        [
          { workerId: before.worker_id, date: before.work_date },
          { workerId: input.worker_id, date: input.work_date },
        ],
        'timesheet',
      );
      const taken = await repo.findTimesheetIdFor(trx, input.worker_id, input.work_date);
      if (taken && taken !== id) throw duplicate(worker, input.work_date);
      await repo.updateTimesheet(trx, id, timesheetValuesOf(input), nowIso(now));
      const after = await getTimesheet(trx, id);
      await recordAudit(trx, actor, { action: 'update', entity: 'timesheet', entityId: id, before, after });
      return withWarnings(trx, after);
    });
  } catch (error) {
    // Another save took the worker and date between the check and the update.
    if (isUniqueViolation(error)) throw duplicate(worker, input.work_date);
    if (isForeignKeyViolation(error)) throw badRequest(WORKER_NOT_FOUND, { worker_id: WORKER_NOT_FOUND });
    throw error;
  }
}

export async function deleteTimesheet(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getTimesheet(trx, id);
    await assertPeriodsOpen(trx, [{ workerId: before.worker_id, date: before.work_date }], 'timesheet');
    await repo.deleteTimesheet(trx, id);
    await recordAudit(trx, actor, { action: 'delete', entity: 'timesheet', entityId: id, before });
  });
}

/** Decision 082: the period lock's message for a crew row, which is skipped rather than failing the crew. */
async function periodClosedMessage(db: Db, workerId: string, date: string): Promise<string | null> {
  try {
    await assertPeriodsOpen(db, [{ workerId, date }], 'timesheet');
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/**
 * Crew entry: every row in one transaction. A row whose worker already has a timesheet that date (in the
 * table, or earlier in the same request) is skipped with the SPEC 5 message, as is a worker that no
 * longer exists; the rest are saved. The unique index decides, so a concurrent save never fails the
 * whole crew.
 */
export async function createCrewTimesheets(
  db: Db,
  input: CrewTimesheetInput,
  actor: Actor,
  timeZone: string,
  now = new Date(),
): Promise<CrewTimesheetResult> {
  assertNotFuture(input.work_date, timeZone, now);
  const workers = new Map(
    (await repo.findWorkerNames(db, [...new Set(input.rows.map((row) => row.worker_id))])).map((w) => [w.id, w]),
  );
  // Decision 091/094: the shared per-row check; a row it refuses (a lapsed permit, an unconfirmed lapsed
  // certificate, a site that is gone) is skipped with its message and code.
  const problems = await timesheetRuleProblems(
    db,
    input.rows.map((row) => ({ ...row, work_date: input.work_date, site_id: input.site_id })),
    { confirmLapsedCertificates: input.confirm_lapsed_certificates },
  );
  return withWorkerCheck(() =>
    db.transaction().execute(async (trx) => {
      const timestamp = nowIso(now);
      const skipped: CrewTimesheetResult['skipped'] = [];
      const warnings: CrewTimesheetResult['warnings'] = [];
      let saved = 0;
      for (const [index, row] of input.rows.entries()) {
        const worker = workers.get(row.worker_id);
        const problem = problems.get(index);
        if (!worker || problem) {
          skipped.push({
            worker_id: row.worker_id,
            message: problem?.message ?? WORKER_NOT_FOUND,
            ...(problem?.code ? { code: problem.code } : {}),
          });
          continue;
        }
        const closed = await periodClosedMessage(trx, row.worker_id, input.work_date);
        if (closed) {
          skipped.push({ worker_id: row.worker_id, message: closed });
          continue;
        }
        const id = newId();
        const values = timesheetValuesOf({
          ...row,
          work_date: input.work_date,
          site_id: input.site_id,
          rest_day_requested_by: input.rest_day_requested_by,
        });
        const inserted = await repo.insertTimesheetUnlessExists(trx, {
          id,
          ...values,
          created_at: timestamp,
          updated_at: timestamp,
        });
        if (!inserted) {
          skipped.push({
            worker_id: row.worker_id,
            message: duplicateTimesheetMessage(fullName(worker), input.work_date),
          });
          continue;
        }
        saved += 1;
        for (const message of timesheetWarnings(values.time_in, values.time_out)) {
          warnings.push({ worker_id: row.worker_id, message });
        }
        // Decision 092 (EA s.38): a day over 12 hours is warned for each worker, as on a single timesheet.
        const dayMinutes = values.hours_worked + values.overtime_hours;
        if (dayMinutes > DAY_LIMIT_MINUTES) {
          warnings.push({ worker_id: row.worker_id, message: dayOver12HoursMessage(dayMinutes) });
        }
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'timesheet',
          entityId: id,
          after: { id, ...values, source: 'crew' },
        });
      }
      return { saved, skipped, warnings };
    }),
  );
}

/**
 * Crew entry, before Save: the workers that already have a timesheet that date, so the form can say
 * which rows will be skipped (probe finding 18). Save still decides by the unique index.
 */
export async function crewRecorded(db: Db, workDate: string): Promise<CrewRecorded> {
  return { work_date: workDate, worker_ids: await repo.listWorkerIdsWithTimesheetOn(db, workDate) };
}

/** Crew entry's "every Working worker supplied to one company": the companies to choose from. */
export async function crewCompanies(db: Db): Promise<{ items: Array<{ company: string; workers: number }> }> {
  return { items: await listSuppliedCompanies(db, CREW_STATUS) };
}

/** Crew entry: the Working workers supplied to one company, by name. */
export async function crewWorkers(
  db: Db,
  company: string,
): Promise<{
  items: Array<{ id: string; first_name: string; last_name: string; worker_id: string; rest_day: string }>;
}> {
  return { items: await findWorkersSuppliedTo(db, company, CREW_STATUS, CREW_MAX_WORKERS) };
}
