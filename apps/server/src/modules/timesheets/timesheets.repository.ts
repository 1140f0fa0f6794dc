import type { DateRange } from '@td/shared/rules/dates';
import { monthRange } from '@td/shared/rules/months';
import { minutesToHours } from '@td/shared/rules/timesheet-hours';
import { isUuid } from '@td/shared/schemas/fields';
import type { Timesheet } from '@td/shared/schemas/timesheet';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/database.ts';
import { likeContains, offsetOf } from '../../db/paging.ts';
import type { Database, TimesheetRow } from '../../db/schema.ts';
import { workerNameMatches } from '../workers/public.ts';

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
  /** sites.id, or null (migration 0027); left out by writers that know no site (demo data, payroll tests). */
  site_id?: string | null;
  /** Decision 092 (EA s.37); a crew entry leaves it to the default (Employer). */
  rest_day_requested_by?: 'Employer' | 'Employee';
}

type JoinedRow = TimesheetRow & {
  w_id: string | null;
  w_first_name: string | null;
  w_last_name: string | null;
  w_worker_id: string | null;
  s_name: string | null;
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
    site_id: row.site_id,
    // Decision 090: the site named, null when none (or deleted: the foreign key clears site_id).
    site: row.site_id !== null && row.s_name !== null ? { id: row.site_id, name: row.s_name } : null,
    rest_day_requested_by: row.rest_day_requested_by,
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
    .leftJoin('sites', 'sites.id', 'timesheets.site_id')
    .selectAll('timesheets')
    .select([
      'workers.id as w_id',
      'workers.first_name as w_first_name',
      'workers.last_name as w_last_name',
      'workers.worker_id as w_worker_id',
      'sites.name as s_name',
    ]);
}

export interface TimesheetFilters {
  /** `YYYY-MM`: the timesheets whose work_date falls in this month. */
  month: string;
  /** workers.id */
  workerId?: string | undefined;
  /** Part of the worker's "first last" or TD- id, any case. */
  q?: string | undefined;
  /** sites.id (decision 090). */
  siteId?: string | undefined;
}

/**
 * The month (range), worker and name filters, on the timesheets table alone: the name search picks the
 * matching workers first (a scan of the workers table, never of the month) and keeps their timesheets.
 */
function filtersOf(eb: ExpressionBuilder<Database, 'timesheets'>, { month, workerId, q, siteId }: TimesheetFilters) {
  const range = monthRange(month);
  const conditions: Expression<SqlBool>[] = [
    eb('timesheets.work_date', '>=', range.from),
    eb('timesheets.work_date', '<=', range.to),
  ];
  if (workerId) conditions.push(eb('timesheets.worker_id', '=', workerId));
  if (siteId) conditions.push(eb('timesheets.site_id', '=', siteId));
  if (q) {
    // SPEC 9: the name search matches first and last name together, accents aside (decision 102), and,
    // ours, the TD- id.
    const pattern = likeContains(q);
    conditions.push(
      eb(
        'timesheets.worker_id',
        'in',
        eb
          .selectFrom('workers')
          .select('workers.id')
          .where((w) =>
            w.or([workerNameMatches(q), sql<SqlBool>`lower(workers.worker_id) like ${pattern} escape '\\'`]),
          ),
      ),
    );
  }
  return eb.and(conditions);
}

/**
 * A page of timesheets meeting `condition`, newest work date first, each with its worker's name.
 * Within a day the order is the index's (id), so a page is read straight from
 * `timesheets_work_date_idx` however many timesheets the month holds; only the page's rows are then
 * joined to their workers.
 */
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
    .leftJoin('sites', 'sites.id', 'page.site_id')
    .selectAll('page')
    .select([
      'workers.id as w_id',
      'workers.first_name as w_first_name',
      'workers.last_name as w_last_name',
      'workers.worker_id as w_worker_id',
      'sites.name as s_name',
    ])
    .orderBy('page.work_date', 'desc')
    .orderBy('page.id', 'desc');
}

/**
 * SPEC 2 timesheet list: one page of the month, with the number of all matches. The whole month's
 * number is the sum of its month totals (migration 0010, decision 034: one row per worker), not a
 * count of its timesheets (about 200,000 on the large set).
 */
export async function listTimesheets(
  db: Db,
  filters: TimesheetFilters,
  page: { page: number; pageSize: number },
): Promise<{ items: Timesheet[]; total: number }> {
  const wholeMonth = !filters.workerId && !filters.q && !filters.siteId;
  const [rows, total] = await Promise.all([
    pageWhere(db, (eb) => filtersOf(eb, filters), page.pageSize, offsetOf(page)).execute(),
    wholeMonth
      ? summarizeTimesheetMonth(db, filters.month).then((summary) => summary.timesheets)
      : db
          .selectFrom('timesheets')
          .where((eb) => filtersOf(eb, filters))
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.total)),
  ]);
  return { items: rows.map(toTimesheet), total };
}

/** The list's whole answer for its CSV (probe finding 25): the same filters and order, up to `limit` rows. */
export async function exportTimesheets(db: Db, filters: TimesheetFilters, limit: number): Promise<Timesheet[]> {
  const rows = await pageWhere(db, (eb) => filtersOf(eb, filters), limit, 0).execute();
  return rows.map(toTimesheet);
}

export interface TimesheetSummaryTotals {
  workers: number;
  timesheets: number;
  hoursWorkedMinutes: number;
  overtimeMinutes: number;
}

/**
 * SPEC 9 summary of a month: its one row of `timesheet_month_summaries` (decision 109), kept from the
 * month totals (migration 0010, decision 034): the workers with timesheets that month (the timesheets of
 * deleted workers, kept under worker_key '', count as timesheets and hours, not as a worker),
 * timesheets, hours and overtime. Always equal to summarizeTimesheets over the month's range.
 */
export async function summarizeTimesheetMonth(db: Db, month: string): Promise<TimesheetSummaryTotals> {
  const row = await db
    .selectFrom('timesheet_month_summaries')
    .select(['workers', 'timesheets', 'hours_worked', 'overtime_hours'])
    .where('month', '=', month)
    .executeTakeFirst();
  return {
    workers: Number(row?.workers ?? 0),
    timesheets: Number(row?.timesheets ?? 0),
    hoursWorkedMinutes: Number(row?.hours_worked ?? 0),
    overtimeMinutes: Number(row?.overtime_hours ?? 0),
  };
}

type SummaryQuery = SelectQueryBuilder<Database, 'timesheets', object>;

/** Distinct workers, timesheets, regular and overtime minutes of the timesheets a query selects. */
async function totalsOf(query: SummaryQuery): Promise<TimesheetSummaryTotals> {
  const row = await query
    .select((eb) => [
      eb.fn.count<number | string>('timesheets.worker_id').distinct().as('workers'),
      eb.fn.countAll<number | string>().as('timesheets'),
      eb.fn.coalesce(eb.fn.sum<number | string>('timesheets.hours_worked'), sql<number>`0`).as('hours_worked'),
      eb.fn.coalesce(eb.fn.sum<number | string>('timesheets.overtime_hours'), sql<number>`0`).as('overtime_hours'),
    ])
    .executeTakeFirstOrThrow();
  return {
    workers: Number(row.workers),
    timesheets: Number(row.timesheets),
    hoursWorkedMinutes: Number(row.hours_worked),
    overtimeMinutes: Number(row.overtime_hours),
  };
}

/**
 * The totals of any range, straight from the timesheets (one aggregate over every row of the range).
 * The screens read a month from the month totals instead (summarizeTimesheetMonth); the tests hold
 * the two equal after every kind of write.
 */
export async function summarizeTimesheets(db: Db, range: DateRange): Promise<TimesheetSummaryTotals> {
  return totalsOf(
    db.selectFrom('timesheets').where('work_date', '>=', range.start).where('work_date', '<=', range.end),
  );
}

/**
 * Probe finding 24: the summary of exactly what the list shows when a worker, name or site filter is
 * set (the list's own conditions; one site's month reads timesheets_site_date_idx, decision 090).
 */
export async function summarizeFilteredTimesheets(db: Db, filters: TimesheetFilters): Promise<TimesheetSummaryTotals> {
  return totalsOf(db.selectFrom('timesheets').where((eb) => filtersOf(eb, filters)));
}

export async function findTimesheetById(db: Db, id: string): Promise<Timesheet | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await selectJoined(db).where('timesheets.id', '=', id).executeTakeFirst();
  return row ? toTimesheet(row) : undefined;
}

/** SPEC 7 "check existing by worker_id and work_date". */
/**
 * Decision 092: what the Act's count of a worker's overtime reads (rules/act-overtime.ts): each day's hours
 * T (hours worked + overtime, minutes) from `from` to `to`, and the worker's rest day and normal day.
 */
export async function listDayMinutes(
  db: Db,
  workerId: string,
  from: string,
  to: string,
): Promise<Array<{ workDate: string; minutes: number }>> {
  const rows = await db
    .selectFrom('timesheets')
    .select(['work_date', 'hours_worked', 'overtime_hours'])
    .where('worker_id', '=', workerId)
    .where('work_date', '>=', from)
    .where('work_date', '<=', to)
    .execute();
  return rows.map((row) => ({
    workDate: row.work_date,
    minutes: Number(row.hours_worked) + Number(row.overtime_hours),
  }));
}

export function findWorkerWeek(
  db: Db,
  workerId: string,
): Promise<{ rest_day: string; normal_minutes_per_day: number } | undefined> {
  return db
    .selectFrom('workers')
    .select(['rest_day', 'normal_minutes_per_day'])
    .where('id', '=', workerId)
    .executeTakeFirst();
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

/** The workers with a timesheet on one date (crew entry's "already recorded", probe finding 18). */
export async function listWorkerIdsWithTimesheetOn(db: Db, workDate: string): Promise<string[]> {
  const rows = await db
    .selectFrom('timesheets')
    .select('worker_id')
    .where('work_date', '=', workDate)
    .where('worker_id', 'is not', null)
    .orderBy('worker_id')
    .execute();
  return rows.flatMap((row) => (row.worker_id === null ? [] : [row.worker_id]));
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
): Promise<
  Array<{ id: string; first_name: string; last_name: string; worker_id: string; wp_expiry_date: string | null }>
> {
  const valid = ids.filter((id) => isUuid(id));
  if (valid.length === 0) return [];
  return db
    .selectFrom('workers')
    .select(['id', 'first_name', 'last_name', 'worker_id', 'wp_expiry_date'])
    .where('id', 'in', valid)
    .execute();
}

/** The ids among `ids` that are sites (decision 090). */
export async function findSiteIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter((id) => isUuid(id));
  if (valid.length === 0) return new Set();
  const rows = await db.selectFrom('sites').select('id').where('id', 'in', valid).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The workers among `ids`, with what the per-row check reads (the name for messages, the permit's
 * expiry: decision 094), read in chunks (an import names thousands).
 */
export async function findWorkersToCheck(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { id: string; first_name: string; last_name: string; wp_expiry_date: string | null }>> {
  const valid = ids.filter((id) => isUuid(id));
  const found = new Map<string, { id: string; first_name: string; last_name: string; wp_expiry_date: string | null }>();
  for (let i = 0; i < valid.length; i += 5000) {
    const rows = await db
      .selectFrom('workers')
      .select(['id', 'first_name', 'last_name', 'wp_expiry_date'])
      .where('id', 'in', valid.slice(i, i + 5000))
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** The timesheets of `workerIds` between two dates (an import's duplicates and conflicts). */
export async function findTimesheetsOf(
  db: Db,
  workerIds: readonly string[],
  range: { from: string; to: string },
): Promise<
  Array<{
    id: string;
    worker_id: string | null;
    work_date: string;
    time_in: string | null;
    time_out: string | null;
    site_id: string | null;
    notes: string | null;
  }>
> {
  const found: Awaited<ReturnType<typeof findTimesheetsOf>> = [];
  for (let i = 0; i < workerIds.length; i += 5000) {
    const rows = await db
      .selectFrom('timesheets')
      .select(['id', 'worker_id', 'work_date', 'time_in', 'time_out', 'site_id', 'notes'])
      .where('worker_id', 'in', workerIds.slice(i, i + 5000))
      .where('work_date', '>=', range.from)
      .where('work_date', '<=', range.to)
      .execute();
    found.push(...rows);
  }
  return found;
}

/**
 * Many timesheets in a few multi-row inserts (an attendance import: tens of thousands); a row whose
 * worker already has a timesheet that date is left out (the unique index decides). Answers the ids inserted.
 */
export async function insertTimesheetsUnlessExist(
  db: Db,
  rows: ReadonlyArray<TimesheetValues & { id: string; created_at: string; updated_at: string }>,
): Promise<string[]> {
  const inserted = await bulkInsert(db, 'timesheets', rows, {
    onConflictDoNothing: ['worker_id', 'work_date'],
    returning: ['id'],
  });
  return inserted.map((row) => String(row.id));
}

/**
 * Decision 094: the certificates these workers held by a date (trained on or before it), for the lapse
 * check; read in chunks (an import names thousands of workers).
 */
export async function findCertificatesHeld(
  db: Db,
  workerIds: readonly string[],
  onDate: string,
): Promise<
  Array<{ worker_id: string | null; training_name: string; training_date: string; expiry_date: string | null }>
> {
  const valid = workerIds.filter((id) => isUuid(id));
  const found: Awaited<ReturnType<typeof findCertificatesHeld>> = [];
  for (let i = 0; i < valid.length; i += 5000) {
    const rows = await db
      .selectFrom('training_records')
      .select(['worker_id', 'training_name', 'training_date', 'expiry_date'])
      .where('worker_id', 'in', valid.slice(i, i + 5000))
      .where('training_date', '<=', onDate)
      .execute();
    found.push(...rows);
  }
  return found;
}
