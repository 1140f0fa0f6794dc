import type { DateRange } from '@td/shared/rules/dates';
import { isMonth, monthRange } from '@td/shared/rules/months';
import { isUuid } from '@td/shared/schemas/fields';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../db/in-list.ts';
import { isPostgres } from '../../db/migrations/column-types.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The reads payroll needs from workers and timesheets (SPEC 7: timesheets "by worker_id within an
 * inclusive work_date range"); the admin charges' are the admin-charges module's (its public.ts).
 * Each comes in two forms that answer the same figures: one worker (the generate screen) and every
 * worker at once in one aggregate query (the payroll run; never one round trip per worker).
 */

/** What a payslip needs of its worker, the salary rate in integer cents as stored. */
export interface PayrollWorker {
  id: string;
  worker_id: string;
  first_name: string;
  last_name: string;
  fin_no: string | null;
  wp_no: string | null;
  email: string | null;
  rate_type: string | null;
  salary_rate: number | null;
  status: string | null;
  /** Decision 092: what the Employment Act's pay reads (migration 0028). */
  type_of_pass: string | null;
  rest_day: string;
  working_days_per_week: number;
  normal_minutes_per_day: number;
  declared_monthly_salary: number | null;
  /** Decision 096 (migration 0023): the employed part of a period (EA s.20A). */
  employment_start_date: string | null;
  employment_end_date: string | null;
  /** Decision 103 (migration 0033): what CPF, SDL and the levy read. */
  date_of_birth: string | null;
  nationality: string | null;
  coretrade: string | null;
  levy: string | null;
  levy_tier: string | null;
  pr_start_date: string | null;
  pr_cpf_scheme: string;
  date_of_issuance: string | null;
  wp_cancellation_date: string | null;
}

const PAYROLL_WORKER_COLUMNS = [
  'id',
  'worker_id',
  'first_name',
  'last_name',
  'fin_no',
  'wp_no',
  'email',
  'rate_type',
  'salary_rate',
  'status',
  'type_of_pass',
  'rest_day',
  'working_days_per_week',
  'normal_minutes_per_day',
  'declared_monthly_salary',
  'employment_start_date',
  'employment_end_date',
  'date_of_birth',
  'nationality',
  'coretrade',
  'levy',
  'levy_tier',
  'pr_start_date',
  'pr_cpf_scheme',
  'date_of_issuance',
  'wp_cancellation_date',
] as const;

export async function findPayrollWorker(db: Db, id: string): Promise<PayrollWorker | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('workers').select(PAYROLL_WORKER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Locks the workers payslips are about to be generated for (PostgreSQL `for no key update`, in id
 * order; SQLite serialises writes): two generations for one worker then run one after the other, so
 * the second sees the first's payslip and answers 409 instead of both waiting on the period
 * constraint and one failing with a deadlock; a worker deleted meanwhile is either gone here or waits.
 * Every active worker when no ids are given (a whole run). Answers the ids locked.
 */
export async function lockPayrollWorkers(db: Db, workerIds?: readonly string[]): Promise<Set<string>> {
  const base = db
    .selectFrom('workers')
    .select('id')
    .orderBy('id')
    .$if(isPostgres(db), (query) => query.forNoKeyUpdate());
  if (workerIds === undefined) {
    const rows = await base
      .where((eb) => eb.or([eb('status', 'is', null), eb('status', '<>', 'Terminated')]))
      .execute();
    return new Set(rows.map((row) => row.id));
  }
  const ids = [...new Set(workerIds)].filter((id) => isUuid(id)).sort();
  const locked = new Set<string>();
  for (const part of chunks(ids)) for (const row of await base.where('id', 'in', part).execute()) locked.add(row.id);
  return locked;
}

/**
 * The workers of a payroll run: the given ones, or (SPEC 4) every active worker, i.e. every status but
 * Terminated, by name.
 */
export async function listPayrollWorkers(db: Db, workerIds?: readonly string[]): Promise<PayrollWorker[]> {
  const base = db
    .selectFrom('workers')
    .select(PAYROLL_WORKER_COLUMNS)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('worker_id');
  if (workerIds === undefined) {
    return base.where((eb) => eb.or([eb('status', 'is', null), eb('status', '<>', 'Terminated')])).execute();
  }
  const ids = [...new Set(workerIds)].filter((id) => isUuid(id));
  const rows = (await Promise.all(chunks(ids).map((part) => base.where('id', 'in', part).execute()))).flat();
  return rows.sort(
    (a, b) =>
      a.first_name.localeCompare(b.first_name) ||
      a.last_name.localeCompare(b.last_name) ||
      a.worker_id.localeCompare(b.worker_id),
  );
}

export interface TimesheetTotals {
  /** Sum of hours_worked, in minutes. */
  worked_minutes: number;
  /** Sum of overtime_hours, in minutes. */
  overtime_minutes: number;
  count: number;
}

export const NO_TIMESHEETS: TimesheetTotals = { worked_minutes: 0, overtime_minutes: 0, count: 0 };

function inWorkDates(eb: ExpressionBuilder<Database, 'timesheets'>, range: DateRange): Expression<SqlBool> {
  return eb.and([eb('work_date', '>=', range.start), eb('work_date', '<=', range.end)]);
}

/** One worker's timesheet totals in an inclusive work_date range. */
export async function sumTimesheetsForWorker(db: Db, workerId: string, range: DateRange): Promise<TimesheetTotals> {
  const row = await db
    .selectFrom('timesheets')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('hours_worked'), sql<number>`0`).as('worked_minutes'),
      eb.fn.coalesce(eb.fn.sum<number>('overtime_hours'), sql<number>`0`).as('overtime_minutes'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('worker_id', '=', workerId)
    .where((eb) => inWorkDates(eb, range))
    .executeTakeFirstOrThrow();
  return {
    worked_minutes: Number(row.worked_minutes),
    overtime_minutes: Number(row.overtime_minutes),
    count: Number(row.count),
  };
}

/** The `YYYY-MM` month a range covers exactly, first day to last; undefined for any other range. */
function wholeMonthOf(range: DateRange): string | undefined {
  const month = range.start.slice(0, 7);
  const bounds = isMonth(month) ? monthRange(month) : undefined;
  return bounds?.from === range.start && bounds.to === range.end ? month : undefined;
}

/**
 * Every worker's timesheet totals in an inclusive work_date range (only `workerIds`' when given). A
 * run is usually one calendar month: its totals are then read from `timesheet_month_totals`, which
 * the database keeps per worker and month (migration 0010, decision 049), about one row per worker
 * instead of the month's 260,000 timesheets on the large set. A payroll run comes once a month, when
 * those timesheets are seldom in the operating system's cache any more (docs/performance.md). Any
 * other range adds up its timesheets.
 */
export async function sumTimesheetsByWorker(
  db: Db,
  range: DateRange,
  workerIds?: readonly string[],
): Promise<Map<string, TimesheetTotals>> {
  const month = wholeMonthOf(range);
  const read = (part?: readonly string[]) =>
    month ? monthTotalsByWorker(db, month, part) : timesheetTotalsByWorker(db, range, part);
  const rows =
    workerIds === undefined ? await read() : (await Promise.all(chunks(workerIds).map((part) => read(part)))).flat();
  const totals = new Map<string, TimesheetTotals>();
  for (const row of rows) {
    if (row.worker_id === null) continue;
    totals.set(row.worker_id, {
      worked_minutes: Number(row.worked_minutes),
      overtime_minutes: Number(row.overtime_minutes),
      count: Number(row.count),
    });
  }
  return totals;
}

function monthTotalsByWorker(db: Db, month: string, workerIds?: readonly string[]) {
  return (
    db
      .selectFrom('timesheet_month_totals')
      .select([
        'worker_key as worker_id',
        'hours_worked as worked_minutes',
        'overtime_hours as overtime_minutes',
        'timesheets as count',
      ])
      .where('month', '=', month)
      // '' holds the timesheets of deleted workers.
      .where('worker_key', '!=', '')
      .$if(workerIds !== undefined, (query) => query.where('worker_key', 'in', workerIds ?? []))
      .execute()
  );
}

function timesheetTotalsByWorker(db: Db, range: DateRange, workerIds?: readonly string[]) {
  return db
    .selectFrom('timesheets')
    .select((eb) => [
      'worker_id',
      eb.fn.sum<number>('hours_worked').as('worked_minutes'),
      eb.fn.sum<number>('overtime_hours').as('overtime_minutes'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('worker_id', 'is not', null)
    .where((eb) => inWorkDates(eb, range))
    .$if(workerIds !== undefined, (query) => query.where('worker_id', 'in', workerIds ?? []))
    .groupBy('worker_id')
    .execute();
}

/** One worker's day as the Employment Act's pay reads it (decision 092): T = hours_worked + overtime_hours. */
export interface TimesheetDay {
  worker_id: string;
  work_date: string;
  /** hours_worked and overtime_hours as stored (minutes), and T, their sum. */
  worked_minutes: number;
  overtime_minutes: number;
  minutes: number;
  rest_day_requested_by: string;
}

/** SPEC 9's period totals from the days read (the days of the period only). */
export function totalsOfDays(days: readonly TimesheetDay[], range: DateRange): TimesheetTotals {
  const totals = { worked_minutes: 0, overtime_minutes: 0, count: 0 };
  for (const day of days) {
    if (day.work_date < range.start || day.work_date > range.end) continue;
    totals.worked_minutes += day.worked_minutes;
    totals.overtime_minutes += day.overtime_minutes;
    totals.count += 1;
  }
  return totals;
}

/**
 * The days of these workers' timesheets in an inclusive range (every worker's when not given), in
 * date order. The Act's weeks need the days from the Monday of the period's first week (decision 092).
 */
export async function listTimesheetDays(
  db: Db,
  range: DateRange,
  workerIds?: readonly string[],
): Promise<TimesheetDay[]> {
  const query = db
    .selectFrom('timesheets')
    .select(['worker_id', 'work_date', 'hours_worked', 'overtime_hours', 'rest_day_requested_by'])
    .where((eb) => inWorkDates(eb, range))
    .orderBy('work_date');
  const rows =
    workerIds === undefined
      ? await query.execute()
      : (
          await Promise.all(
            chunks([...new Set(workerIds)].filter((id) => isUuid(id))).map((part) =>
              query.where('worker_id', 'in', part).execute(),
            ),
          )
        ).flat();
  return rows.flatMap((row) =>
    row.worker_id === null
      ? []
      : [
          {
            worker_id: row.worker_id,
            work_date: row.work_date,
            worked_minutes: Number(row.hours_worked),
            overtime_minutes: Number(row.overtime_hours),
            minutes: Number(row.hours_worked) + Number(row.overtime_hours),
            rest_day_requested_by: row.rest_day_requested_by,
          },
        ],
  );
}
