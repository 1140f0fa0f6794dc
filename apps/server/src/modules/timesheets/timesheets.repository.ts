import { monthRange } from '@td/shared/rules/months';
import { minutesToHours } from '@td/shared/rules/timesheet-hours';
import { isUuid } from '@td/shared/schemas/fields';
import type { Timesheet } from '@td/shared/schemas/timesheet';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { compiledOnce, executePrepared } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import { likeContains } from '../../db/paging.ts';
import type { Database, TimesheetRow } from '../../db/schema.ts';

/** An inclusive range of work dates (`YYYY-MM-DD`). */
export interface DateRange {
  from: string;
  to: string;
}

/** A timesheet row as written: hours already computed, in integer minutes. */
export interface TimesheetValues {
  worker_id: string;
  work_date: string;
  time_in: string | null;
  time_out: string | null;
  /** Minutes (ARCHITECTURE, Data). */
  hours_worked: number;
  overtime_hours: number;
  notes: string | null;
}

type JoinedRow = TimesheetRow & {
  w_id: string | null;
  w_first_name: string | null;
  w_last_name: string | null;
  w_worker_id: string | null;
};

/** ARCHITECTURE, Data: minutes in the table, hours in the API; converted only here. */
function toTimesheet(row: JoinedRow): Timesheet {
  const { w_id, w_first_name, w_last_name, w_worker_id } = row;
  const worker =
    w_id !== null && w_first_name !== null && w_last_name !== null && w_worker_id !== null
      ? { id: w_id, first_name: w_first_name, last_name: w_last_name, worker_id: w_worker_id }
      : null;
  // Field by field, not `{ ...row, field: converted }`: overriding a spread field turns every row
  // object into a slow dictionary-mode object (about 4 us a row, 100 times this literal; measured,
  // docs/performance.md), and lists map 25 to 50 rows a request.
  return {
    id: row.id,
    worker_id: row.worker_id,
    work_date: row.work_date,
    time_in: row.time_in,
    time_out: row.time_out,
    hours_worked: minutesToHours(row.hours_worked),
    overtime_hours: minutesToHours(row.overtime_hours),
    notes: row.notes,
    created_at: row.created_at,
    updated_at: row.updated_at,
    worker,
    first_name: worker?.first_name ?? null,
    last_name: worker?.last_name ?? null,
    worker_code: worker?.worker_id ?? null,
  };
}

/** SPEC 7: timesheets with the joined worker (first_name, last_name, worker_id); null once deleted. */
function selectJoined(db: Db) {
  return db
    .selectFrom('timesheets')
    .leftJoin('workers', 'workers.id', 'timesheets.worker_id')
    .selectAll('timesheets')
    .select([
      'workers.id as w_id',
      'workers.first_name as w_first_name',
      'workers.last_name as w_last_name',
      'workers.worker_id as w_worker_id',
    ]);
}

export interface TimesheetFilters {
  /** `YYYY-MM`: the timesheets whose work_date falls in this month. */
  month: string;
  /** workers.id */
  workerId?: string | undefined;
  /** Part of the worker's "first last" or TD- id, any case. */
  q?: string | undefined;
}

/**
 * The month (range), worker and name filters, on the timesheets table alone: the name search picks the
 * matching workers first (a scan of the workers table, never of the month) and keeps their timesheets.
 */
function filtersOf(eb: ExpressionBuilder<Database, 'timesheets'>, { month, workerId, q }: TimesheetFilters) {
  const range = monthRange(month);
  const conditions: Expression<SqlBool>[] = [
    eb('timesheets.work_date', '>=', range.from),
    eb('timesheets.work_date', '<=', range.to),
  ];
  if (workerId) conditions.push(eb('timesheets.worker_id', '=', workerId));
  if (q) {
    // SPEC 9: the name search matches first and last name together (and, ours, the TD- id).
    const pattern = likeContains(q);
    conditions.push(
      eb(
        'timesheets.worker_id',
        'in',
        eb
          .selectFrom('workers')
          .select('workers.id')
          .where(
            sql<SqlBool>`(lower(workers.first_name || ' ' || workers.last_name) like ${pattern} escape '\\' or lower(workers.worker_id) like ${pattern} escape '\\')`,
          ),
      ),
    );
  }
  return eb.and(conditions);
}

/** Rows to skip for a page; past any real table it stays a safe integer for both databases. */
const offsetOf = ({ page, pageSize }: { page: number; pageSize: number }) =>
  Math.min((page - 1) * pageSize, 2_000_000_000);

/**
 * SPEC 2 timesheet list: one page of the month, newest work date first, with the number of all
 * matches. Within a day the order is the index's (id), so a page is read straight from
 * `timesheets_work_date_idx` however many timesheets the month holds; only the page's rows are then
 * joined to their workers.
 */
/** A page of timesheets meeting `condition`, newest first, each with its worker's name. */
function pageWhere(
  db: Db,
  condition: (eb: ExpressionBuilder<Database, 'timesheets'>) => Expression<SqlBool>,
  limit: number,
  offset: number,
) {
  return db
    .with('page', (qb) =>
      qb
        .selectFrom('timesheets')
        .selectAll()
        .where(condition)
        .orderBy('timesheets.work_date', 'desc')
        .orderBy('timesheets.id', 'desc')
        .limit(limit)
        .offset(offset),
    )
    .selectFrom('page')
    .leftJoin('workers', 'workers.id', 'page.worker_id')
    .selectAll('page')
    .select([
      'workers.id as w_id',
      'workers.first_name as w_first_name',
      'workers.last_name as w_last_name',
      'workers.worker_id as w_worker_id',
    ])
    .orderBy('page.work_date', 'desc')
    .orderBy('page.id', 'desc');
}

/**
 * A page of a whole month, what every opening of the screen asks: built and compiled once, and on
 * PostgreSQL parsed once per connection (decisions 057 and 059; issue 15).
 */
const monthPage = compiledOnce((db: Db, from: string, to: string, limit: number, offset: number) =>
  pageWhere(
    db,
    (eb) => eb.and([eb('timesheets.work_date', '>=', from), eb('timesheets.work_date', '<=', to)]),
    limit,
    offset,
  ),
);

export async function listTimesheets(
  db: Db,
  filters: TimesheetFilters,
  page: { page: number; pageSize: number },
): Promise<{ items: Timesheet[]; total: number }> {
  const wholeMonth = !filters.workerId && !filters.q;
  const range = monthRange(filters.month);
  const [rows, count] = await Promise.all([
    wholeMonth
      ? monthPage(db, range.from, range.to, page.pageSize, offsetOf(page))
      : executePrepared(
          db,
          pageWhere(db, (eb) => filtersOf(eb, filters), page.pageSize, offsetOf(page)),
        ),
    wholeMonth
      ? // The whole month: its count is kept in its summary row (decisions 034 and 049).
        monthSummary(db, filters.month).then((summary) => ({ total: summary?.timesheets ?? 0 }))
      : db
          .selectFrom('timesheets')
          .where((eb) => filtersOf(eb, filters))
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toTimesheet), total: Number(count.total) };
}

export interface TimesheetSummaryTotals {
  workers: number;
  timesheets: number;
  hoursWorkedMinutes: number;
  overtimeMinutes: number;
}

/** A month's row of `timesheet_month_summaries` (migration 0016), compiled once; none before its first timesheet. */
const monthSummaryRows = compiledOnce((db: Db, month: string) =>
  db
    .selectFrom('timesheet_month_summaries')
    .select(['workers', 'timesheets', 'hours_worked', 'overtime_hours'])
    .where('month', '=', month),
);

async function monthSummary(db: Db, month: string) {
  return (await monthSummaryRows(db, month))[0];
}

/**
 * SPEC 9 summary of a month from its summary row (migration 0016, decision 049), which triggers keep
 * from the month totals (migration 0010): the workers who have a timesheet that month (the timesheets
 * of deleted workers count as timesheets and hours, not as a worker), timesheets, hours and overtime.
 * Always equal to summarizeTimesheets over the month's range.
 */
export async function summarizeTimesheetMonth(db: Db, month: string): Promise<TimesheetSummaryTotals> {
  const row = await monthSummary(db, month);
  return {
    workers: Number(row?.workers ?? 0),
    timesheets: Number(row?.timesheets ?? 0),
    hoursWorkedMinutes: Number(row?.hours_worked ?? 0),
    overtimeMinutes: Number(row?.overtime_hours ?? 0),
  };
}

/**
 * Distinct workers, timesheets, regular and overtime minutes in any range, straight from the
 * timesheets (one aggregate over every row of the range). The screens read a month from the month
 * totals instead (summarizeTimesheetMonth); the tests hold the two equal after every kind of write.
 */
export async function summarizeTimesheets(db: Db, range: DateRange): Promise<TimesheetSummaryTotals> {
  const row = await db
    .selectFrom('timesheets')
    .select((eb) => [
      eb.fn.count<number | string>('worker_id').distinct().as('workers'),
      eb.fn.countAll<number | string>().as('timesheets'),
      eb.fn.coalesce(eb.fn.sum<number | string>('hours_worked'), sql<number>`0`).as('hours_worked'),
      eb.fn.coalesce(eb.fn.sum<number | string>('overtime_hours'), sql<number>`0`).as('overtime_hours'),
    ])
    .where('work_date', '>=', range.from)
    .where('work_date', '<=', range.to)
    .executeTakeFirstOrThrow();
  return {
    workers: Number(row.workers),
    timesheets: Number(row.timesheets),
    hoursWorkedMinutes: Number(row.hours_worked),
    overtimeMinutes: Number(row.overtime_hours),
  };
}

export async function findTimesheetById(db: Db, id: string): Promise<Timesheet | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await selectJoined(db).where('timesheets.id', '=', id).executeTakeFirst();
  return row ? toTimesheet(row) : undefined;
}

/** SPEC 7 "check existing by worker_id and work_date". */
export async function findTimesheetIdFor(db: Db, workerId: string, workDate: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('timesheets')
    .select('id')
    .where('worker_id', '=', workerId)
    .where('work_date', '=', workDate)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Inserts unless the worker already has a timesheet that date: the unique index decides (ON CONFLICT
 * DO NOTHING on both databases), so a lost race answers `undefined` instead of failing the caller's
 * transaction.
 */
export async function insertTimesheetUnlessExists(
  db: Db,
  row: TimesheetValues & { id: string; created_at: string; updated_at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('timesheets')
    .values(row)
    .onConflict((oc) => oc.columns(['worker_id', 'work_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Replaces every editable field; fails with a unique violation when the worker and date are taken. */
export async function updateTimesheet(db: Db, id: string, values: TimesheetValues, updatedAt: string): Promise<void> {
  await db
    .updateTable('timesheets')
    .set({ ...values, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteTimesheet(db: Db, id: string): Promise<void> {
  await db.deleteFrom('timesheets').where('id', '=', id).execute();
}

/** The workers (id, name) among `ids` that exist. */
export async function findWorkerNames(
  db: Db,
  ids: readonly string[],
): Promise<Array<{ id: string; first_name: string; last_name: string; worker_id: string }>> {
  const valid = ids.filter((id) => isUuid(id));
  if (valid.length === 0) return [];
  return db
    .selectFrom('workers')
    .select(['id', 'first_name', 'last_name', 'worker_id'])
    .where('id', 'in', valid)
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Payroll reads (SPEC 7 "read id, worker_id, work_date, hours_worked, overtime_hours by worker_id within
// an inclusive work_date range"). Figures stay in integer minutes: payroll multiplies them by rates and
// rounds once (ARCHITECTURE, Data).

export interface WorkerTimesheetMinutes {
  id: string;
  worker_id: string;
  work_date: string;
  /** Minutes. */
  hours_worked_minutes: number;
  /** Minutes. */
  overtime_minutes: number;
}

/** One worker's timesheets with `from <= work_date <= to`, oldest first. */
export async function listWorkerTimesheetsInRange(
  db: Db,
  workerId: string,
  range: DateRange,
): Promise<WorkerTimesheetMinutes[]> {
  if (!isUuid(workerId)) return [];
  const rows = await db
    .selectFrom('timesheets')
    .select(['id', 'worker_id', 'work_date', 'hours_worked', 'overtime_hours'])
    .where('worker_id', '=', workerId)
    .where('work_date', '>=', range.from)
    .where('work_date', '<=', range.to)
    .orderBy('work_date')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    worker_id: workerId,
    work_date: row.work_date,
    hours_worked_minutes: row.hours_worked,
    overtime_minutes: row.overtime_hours,
  }));
}

export interface WorkerTimesheetTotals {
  worker_id: string;
  timesheets: number;
  /** Minutes. */
  hours_worked_minutes: number;
  /** Minutes. */
  overtime_minutes: number;
}

/**
 * Every worker's totals with `from <= work_date <= to`, one GROUP BY (a payroll run for all workers).
 * `workerIds` narrows it to some workers; workers without a timesheet in the range are absent.
 */
export async function timesheetTotalsByWorker(
  db: Db,
  range: DateRange,
  workerIds?: readonly string[],
): Promise<WorkerTimesheetTotals[]> {
  if (workerIds && workerIds.length === 0) return [];
  let query = db
    .selectFrom('timesheets')
    .select((eb) => [
      'worker_id',
      eb.fn.countAll<number | string>().as('timesheets'),
      eb.fn.sum<number | string>('hours_worked').as('hours_worked'),
      eb.fn.sum<number | string>('overtime_hours').as('overtime_hours'),
    ])
    .where('work_date', '>=', range.from)
    .where('work_date', '<=', range.to)
    .where('worker_id', 'is not', null)
    .groupBy('worker_id')
    .orderBy('worker_id');
  if (workerIds)
    query = query.where(
      'worker_id',
      'in',
      workerIds.filter((id) => isUuid(id)),
    );
  const rows = await query.execute();
  return rows.flatMap((row) =>
    row.worker_id === null
      ? []
      : [
          {
            worker_id: row.worker_id,
            timesheets: Number(row.timesheets),
            hours_worked_minutes: Number(row.hours_worked),
            overtime_minutes: Number(row.overtime_hours),
          },
        ],
  );
}

/** One worker's totals in a range (the payslip form's hours summary), one aggregate. */
export async function workerTimesheetTotals(
  db: Db,
  workerId: string,
  range: DateRange,
): Promise<WorkerTimesheetTotals> {
  const [totals] = await timesheetTotalsByWorker(db, range, [workerId]);
  return totals ?? { worker_id: workerId, timesheets: 0, hours_worked_minutes: 0, overtime_minutes: 0 };
}
