import type { DateRange } from '@td/shared/rules/dates';
import { deductionWarnings } from '@td/shared/rules/deduction-warnings';
import { formatSgd, fromCents } from '@td/shared/rules/money';
import type { CpfYearToDate, PayslipAddition } from '@td/shared/rules/payslip-statutory';
import { minutesToHours } from '@td/shared/rules/timesheet-hours';
import { isUuid } from '@td/shared/schemas/fields';
import type { ChargeTotal, PayLines, Payslip } from '@td/shared/schemas/payslip';
import { RESIDENT_PASS_TYPES } from '@td/shared/schemas/worker';
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from 'kysely';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../db/in-list.ts';
import { isPostgres } from '../../db/migrations/column-types.ts';
import { likeContains, offsetOf } from '../../db/paging.ts';
import type { Database, PayslipRow, PayslipsTable } from '../../db/schema.ts';
import type { ChargeTypeTotal } from '../admin-charges/public.ts';
import { workerNameMatches } from '../workers/public.ts';

/** All SQL of the payslips table (SPEC 7 payslip calls; ARCHITECTURE differs 3: server-side lists). */

export type NewPayslipRow = Insertable<PayslipsTable>;

/** The JSON of `admin_charges_by_type`: cents, as the charges were summed at generation. */
export function parseChargeTotals(json: string): ChargeTypeTotal[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => {
      const { charge_type, amount, count } = (item ?? {}) as Record<string, unknown>;
      return typeof charge_type === 'string' && typeof amount === 'number'
        ? [{ charge_type, amount, count: typeof count === 'number' ? count : 0 }]
        : [];
    });
  } catch {
    return [];
  }
}

/** What `pay_detail` holds (migration 0028): amounts in cents. */
export interface PayDetail {
  lines: PayLines;
  not_deducted: Array<{ admin_charge_id: string; amount: number; reason: string }>;
  warnings: Payslip['warnings'] | null;
  /** Decision 103: the CPF line's rates and age band ("employee 20%, employer 17% (age 55 and below)"). */
  cpf_basis?: string;
}

/** The lines of a payslip computed before decision 092 (no detail stored): the seed's, from its row. */
function seedLines(row: PayslipRow): PayLines {
  const money = (cents: number) => formatSgd(fromCents(cents));
  return {
    basic: `${minutesToHours(row.total_hours_worked).toFixed(2)} h at ${money(row.hourly_rate)} an hour (SPEC 9)`,
    overtime: `${minutesToHours(row.total_overtime_hours).toFixed(2)} h at ${money(row.overtime_rate)} an hour (SPEC 9)`,
    rest_day: 'Not paid under the seed rules',
    public_holiday: 'Not paid under the seed rules',
    declared_topup: 'Not paid under the seed rules',
  };
}

export function parsePayDetail(row: PayslipRow): PayDetail {
  if (row.pay_detail) {
    try {
      const value = JSON.parse(row.pay_detail) as PayDetail;
      if (value && typeof value === 'object' && value.lines) return value;
    } catch {
      // falls through to the seed's lines
    }
  }
  return { lines: seedLines(row), not_deducted: [], warnings: null };
}

export const chargeTotalsToApi = (totals: readonly ChargeTypeTotal[]): ChargeTotal[] =>
  totals.map((total) => ({ charge_type: total.charge_type, amount: fromCents(total.amount), count: total.count }));

/**
 * ARCHITECTURE, Data: cents and minutes in the table, dollars and hours in the API, converted only
 * here. The deduction warnings are recomputed from the stored lines by the shared rule.
 */
export function toPayslip(row: PayslipRow): Payslip {
  const charges = parseChargeTotals(row.admin_charges_by_type);
  const detail = parsePayDetail(row);
  return {
    id: row.id,
    worker_id: row.worker_id,
    pay_period_start: row.pay_period_start,
    pay_period_end: row.pay_period_end,
    total_hours_worked: minutesToHours(row.total_hours_worked),
    total_overtime_hours: minutesToHours(row.total_overtime_hours),
    hourly_rate: fromCents(row.hourly_rate),
    overtime_rate: fromCents(row.overtime_rate),
    basic_salary: fromCents(row.basic_salary),
    overtime_amount: fromCents(row.overtime_amount),
    admin_charges_deduction: fromCents(row.admin_charges_deduction),
    other_deductions: fromCents(row.other_deductions),
    nett_salary: fromCents(row.nett_salary),
    pay_rules: row.pay_rules === 'employment-act' ? 'employment-act' : 'seed',
    rest_day_pay: fromCents(Number(row.rest_day_pay)),
    public_holiday_pay: fromCents(Number(row.public_holiday_pay)),
    declared_salary_topup: fromCents(Number(row.declared_salary_topup)),
    gross_salary: fromCents(Number(row.gross_salary)),
    not_deducted: detail.not_deducted.map((item) => ({ ...item, amount: fromCents(item.amount) })),
    pay_lines: detail.lines,
    status: row.status,
    generated_by: row.generated_by,
    generated_at: row.generated_at,
    paid_at: row.paid_at,
    email_requested: Number(row.email_requested) === 1,
    // Decision 088, probe finding 26: the last e-mail's state and the address it went to.
    last_email: row.email_state
      ? { state: row.email_state, to: row.emailed_to, error: row.email_error, sent_at: row.emailed_at }
      : null,
    rate_type: row.rate_type,
    salary_rate: row.salary_rate === null ? null : fromCents(row.salary_rate),
    admin_charges: chargeTotalsToApi(charges),
    // Decision 092: the warnings as computed at generation; a payslip from before them recomputes its own.
    warnings:
      detail.warnings ??
      deductionWarnings({
        grossSalaryCents: row.basic_salary + row.overtime_amount,
        adminChargesByType: charges.map((c) => ({ chargeType: c.charge_type, amountCents: c.amount })),
        otherDeductionsCents: row.other_deductions,
      }),
    worker: {
      first_name: row.worker_first_name,
      last_name: row.worker_last_name,
      worker_id: row.worker_code,
      fin_no: row.worker_fin_no,
      wp_no: row.worker_wp_no,
      email: row.worker_email,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
    pay_run_id: row.pay_run_id,
    payment_date: row.payment_date,
    payment_mode: row.payment_mode,
    // Decision 103: at the end, so the answers before it are unchanged.
    additions: parseAdditions(row.additions).map((addition) => ({
      label: addition.label,
      amount: fromCents(addition.amountCents),
      kind: addition.kind,
    })),
    cpf_ordinary_wages: fromCents(Number(row.cpf_ordinary_wages)),
    cpf_additional_wages: fromCents(Number(row.cpf_additional_wages)),
    cpf_employee: fromCents(Number(row.cpf_employee)),
    cpf_employer: fromCents(Number(row.cpf_employer)),
    sdl: fromCents(Number(row.sdl)),
    levy: fromCents(Number(row.levy)),
  };
}

/** A payslip's stored additions (JSON of `{ label, amount (cents), kind }`), in the rules' terms. */
export function parseAdditions(json: string | null): PayslipAddition[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as Array<{ label: string; amount: number; kind: string }>;
    return Array.isArray(value)
      ? value.map((item) => ({
          label: String(item.label),
          amountCents: Number(item.amount),
          kind: item.kind === 'bonus' ? 'bonus' : 'allowance',
        }))
      : [];
  } catch {
    return [];
  }
}

/**
 * Decision 103: each worker's CPF wages on payslips of the year ending before the period starts (payslips
 * of one worker never overlap, so these are the earlier ones), and the ordinary wages of those in the
 * period's month; the Additional Wage ceiling and a second payslip's Ordinary Wage ceiling read them.
 */
export async function cpfYearToDate(
  db: Db,
  period: DateRange,
  /** One worker's; every worker's when left out (a run: one aggregate query). */
  workerId?: string,
): Promise<Map<string, CpfYearToDate>> {
  const month = period.end.slice(0, 7);
  const rows = await db
    .selectFrom('payslips')
    .select((eb) => [
      'worker_id',
      eb.fn.sum<number | string>('cpf_ordinary_wages').as('ordinary'),
      eb.fn.sum<number | string>('cpf_additional_wages').as('additional'),
      eb.fn
        .sum<number | string>(
          eb.case().when('pay_period_end', '>=', `${month}-01`).then(eb.ref('cpf_ordinary_wages')).else(0).end(),
        )
        .as('month_ordinary'),
    ])
    .where('pay_period_end', '>=', `${period.end.slice(0, 4)}-01-01`)
    .where('pay_period_end', '<', period.start)
    .where('worker_id', 'is not', null)
    .$if(workerId !== undefined, (query) => query.where('worker_id', '=', workerId ?? ''))
    // A run's: only Citizens and PRs pay CPF, so only their payslips are summed (decision 111: a quarter
    // of the large set's workers; a year of everyone's payslips is about 114,000 rows).
    .$if(workerId === undefined, (query) =>
      query.where('worker_id', 'in', (eb) =>
        eb.selectFrom('workers').select('workers.id').where('workers.type_of_pass', 'in', RESIDENT_PASS_TYPES),
      ),
    )
    .groupBy('worker_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.worker_id ?? '',
      {
        ordinaryWagesCents: Number(row.ordinary ?? 0),
        additionalWagesCents: Number(row.additional ?? 0),
        monthOrdinaryWagesCents: Number(row.month_ordinary ?? 0),
      },
    ]),
  );
}

export async function findPayslipRow(db: Db, id: string): Promise<PayslipRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('payslips').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ExistingPayslip {
  id: string;
  status: string;
}

/** A payslip of the worker whose period overlaps another, with its period (for the message). */
export interface OverlappingPayslip extends ExistingPayslip {
  pay_period_start: string;
  pay_period_end: string;
}

/**
 * SPEC 7 "check existing by worker_id" and the period; SPEC 9: the same work is never paid twice, so
 * any payslip of the worker whose inclusive period overlaps this one counts (the earliest first).
 */
export async function findOverlappingPayslip(
  db: Db,
  workerId: string,
  period: DateRange,
): Promise<OverlappingPayslip | undefined> {
  return db
    .selectFrom('payslips')
    .select(['id', 'status', 'pay_period_start', 'pay_period_end'])
    .where('worker_id', '=', workerId)
    .where('pay_period_start', '<=', period.end)
    .where('pay_period_end', '>=', period.start)
    .orderBy('pay_period_start')
    .orderBy('id')
    .executeTakeFirst();
}

/** Every payslip whose period overlaps this one, by worker (the payroll run's "already has one"). */
export async function payslipsOverlappingByWorker(db: Db, period: DateRange): Promise<Map<string, OverlappingPayslip>> {
  const rows = await db
    .selectFrom('payslips')
    .select(['id', 'status', 'worker_id', 'pay_period_start', 'pay_period_end'])
    .where('pay_period_start', '<=', period.end)
    .where('pay_period_end', '>=', period.start)
    .where('worker_id', 'is not', null)
    .orderBy('pay_period_start', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // Descending, so the earliest of a worker's overlapping payslips is the one kept.
  const byWorker = new Map<string, OverlappingPayslip>();
  for (const { worker_id, ...payslip } of rows) if (worker_id) byWorker.set(worker_id, payslip);
  return byWorker;
}

/**
 * The database's own refusal of an overlapping period (migration 0022): PostgreSQL's exclusion
 * constraint or its fallback trigger (23P01), SQLite's trigger.
 */
export function isPeriodOverlapViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23P01' || (typeof message === 'string' && message.includes('payslip_period_overlap'));
}

/** Fails with a unique violation when the worker already has a payslip for the period. */
export async function insertPayslip(db: Db, row: NewPayslipRow): Promise<PayslipRow> {
  return db.insertInto('payslips').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * The payroll run's bulk insert. A row whose worker and period gained a payslip since it was read (a
 * race with another staff member) is left out rather than failing the run; answers the rows inserted.
 */
export async function insertPayslipsSkippingExisting(
  db: Db,
  rows: readonly NewPayslipRow[],
): Promise<Array<{ id: string; worker_id: string | null; nett_salary: number }>> {
  const inserted = await bulkInsert(db, 'payslips', rows, {
    onConflictDoNothing: ['worker_id', 'pay_period_start', 'pay_period_end'],
    returning: ['id', 'worker_id', 'nett_salary'],
    postgresJson: true,
  });
  return inserted.map((row) => ({
    id: String(row.id),
    worker_id: row.worker_id === null ? null : String(row.worker_id),
    nett_salary: Number(row.nett_salary),
  }));
}

export interface PayslipFilters {
  q?: string | undefined;
  worker_id?: string | undefined;
  status?: string | undefined;
  /** `YYYY-MM`. */
  month?: string | undefined;
  /** Decision 082: the payslips of one pay run. */
  pay_run_id?: string | undefined;
}

/** The first and last day of a `YYYY-MM` month. */
export function monthBounds(month: string): DateRange {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(lastDay).padStart(2, '0')}` };
}

function filtersOf(eb: ExpressionBuilder<Database, 'payslips'>, filters: PayslipFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.q) {
    // SPEC 2: search by worker name; the snapshot keeps the name even after the worker is deleted.
    // Decision 102: the worker's folded name finds it accents aside while the worker exists.
    conditions.push(
      eb.or([
        sql<SqlBool>`lower(${eb.ref('worker_first_name')} || ' ' || ${eb.ref('worker_last_name')}) like ${likeContains(filters.q)} escape '\\'`,
        eb(
          'payslips.worker_id',
          'in',
          eb.selectFrom('workers').select('workers.id').where(workerNameMatches(filters.q)),
        ),
      ]),
    );
  }
  if (filters.worker_id) {
    conditions.push(
      isUuid(filters.worker_id)
        ? eb('worker_id', '=', filters.worker_id)
        : eb('worker_code', '=', filters.worker_id.toUpperCase()),
    );
  }
  // An unknown status simply matches nothing.
  if (filters.status) conditions.push(eb('status', '=', filters.status as PayslipsTable['status']));
  if (filters.pay_run_id) {
    // An id that is no UUID matches nothing (PostgreSQL would refuse to compare it).
    conditions.push(isUuid(filters.pay_run_id) ? eb('pay_run_id', '=', filters.pay_run_id) : sql<SqlBool>`1 = 0`);
  }
  if (filters.month) {
    // SPEC 9: a payslip matches when its period overlaps the month.
    const month = monthBounds(filters.month);
    conditions.push(eb('pay_period_start', '<=', month.end), eb('pay_period_end', '>=', month.start));
  }
  return eb.and(conditions);
}

/**
 * Decision 044: counts over every payslip, or every payslip of one status, come from the status totals
 * (a row per status, kept by triggers: they grow with every payroll run) instead of counting the
 * payslips; any other filter counts them.
 */
const filteredBeyondStatus = (filters: PayslipFilters) =>
  Boolean(filters.q || filters.worker_id || filters.month || filters.pay_run_id);

function statusTotals(db: Db, status?: string) {
  return db
    .selectFrom('payslip_status_totals')
    .select(['status', 'payslips'])
    .$if(Boolean(status), (query) => query.where('status', '=', status as PayslipsTable['status']))
    .execute();
}

async function countPayslips(db: Db, filters: PayslipFilters): Promise<number> {
  if (!filteredBeyondStatus(filters)) {
    const rows = await statusTotals(db, filters.status);
    return rows.reduce((sum, row) => sum + Number(row.payslips), 0);
  }
  const row = await db
    .selectFrom('payslips')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => filtersOf(eb, filters))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** SPEC 2 payslip list: one page, the latest period first, with the number of all matches. */
export async function listPayslips(
  db: Db,
  { page, pageSize, ...filters }: PayslipFilters & { page: number; pageSize: number },
): Promise<{ items: Payslip[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('payslips')
      .selectAll()
      .where((eb) => filtersOf(eb, filters))
      .orderBy('pay_period_start', 'desc')
      .orderBy('generated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize }))
      .execute(),
    countPayslips(db, filters),
  ]);
  return { items: rows.map(toPayslip), total };
}

/** The list's whole answer for its CSV (probe finding 25): the same filters and order, up to `limit` rows. */
export async function exportPayslips(db: Db, filters: PayslipFilters, limit: number): Promise<Payslip[]> {
  const rows = await db
    .selectFrom('payslips')
    .selectAll()
    .where((eb) => filtersOf(eb, filters))
    .orderBy('pay_period_start', 'desc')
    .orderBy('generated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPayslip);
}

/**
 * SPEC 2 tiles (Total, Generated, Sent, Paid). Unfiltered, the four rows of the status totals; with a
 * filter, one aggregate query grouped by status rather than one CASE per tile: the status index then
 * answers it in order, without evaluating expressions per row (SQLite, 96,000 payslips: 9.9 ms to
 * 4.0 ms; docs/performance.md).
 */
export async function summarizePayslips(
  db: Db,
  filters: Omit<PayslipFilters, 'status'> = {},
): Promise<{ total: number; generated: number; sent: number; paid: number }> {
  const rows = filteredBeyondStatus(filters)
    ? await db
        .selectFrom('payslips')
        .select((eb) => ['status', eb.fn.countAll<number>().as('payslips')])
        .where((eb) => filtersOf(eb, filters))
        .groupBy('status')
        .execute()
    : await statusTotals(db);
  const countOf = (status: PayslipsTable['status']) => Number(rows.find((row) => row.status === status)?.payslips ?? 0);
  return {
    total: rows.reduce((sum, row) => sum + Number(row.payslips), 0),
    generated: countOf('Generated'),
    sent: countOf('Sent'),
    paid: countOf('Paid'),
  };
}

/** The workers of the payslips (those whose worker was not deleted), for locking them first. */
export async function workerIdsOfPayslips(db: Db, ids: readonly string[]): Promise<string[]> {
  const valid = ids.filter((id) => isUuid(id));
  const workerIds = new Set<string>();
  for (const part of chunks(valid)) {
    const rows = await db.selectFrom('payslips').select('worker_id').where('id', 'in', part).execute();
    for (const row of rows) if (row.worker_id !== null) workerIds.add(row.worker_id);
  }
  return [...workerIds];
}

/**
 * The payslips about to be paid, locked on PostgreSQL (`for update`, in id order so that two batches
 * never wait on each other in a circle): a delete sent at the same moment then either went first (the
 * row is missing here: 404) or waits and finds the payslip Paid (409). SQLite's one connection
 * serialises the transactions already.
 */
export async function lockPayslipRows(db: Db, ids: readonly string[]): Promise<PayslipRow[]> {
  const valid = [...ids.filter((id) => isUuid(id))].sort();
  const rows: PayslipRow[] = [];
  for (const part of chunks(valid)) {
    rows.push(
      ...(await db
        .selectFrom('payslips')
        .selectAll()
        .where('id', 'in', part)
        .orderBy('id')
        .$if(isPostgres(db), (query) => query.forUpdate())
        .execute()),
    );
  }
  return rows;
}

/**
 * SPEC 4: sets Paid on those of the payslips not Paid yet; answers the rows it changed. The status
 * condition sits in the UPDATE itself, so of two staff members paying the same payslip at once only one
 * changes it (and only that one moves its charges).
 */
export async function markPayslipsPaid(db: Db, ids: readonly string[], now: string): Promise<PayslipRow[]> {
  const changed: PayslipRow[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .updateTable('payslips')
      .set({ status: 'Paid', paid_at: now, updated_at: now })
      .where('id', 'in', part)
      .where('status', '<>', 'Paid')
      .returningAll()
      .execute();
    changed.push(...rows);
  }
  return changed;
}

/**
 * ARCHITECTURE differs 9: deletes the payslip unless it is Paid, the condition in the DELETE itself, so a
 * mark-paid committed in the meantime wins (on PostgreSQL the DELETE waits for its row lock and then
 * sees Paid). Answers the deleted row, or nothing.
 */
export async function deleteUnpaidPayslip(db: Db, id: string): Promise<PayslipRow | undefined> {
  if (!isUuid(id)) return undefined;
  // Decision 082: a payslip of a pay run goes only while the run is Draft (its payslips are Draft then).
  return db
    .deleteFrom('payslips')
    .where('id', '=', id)
    .where('status', '<>', 'Paid')
    .where((eb) => eb.or([eb('pay_run_id', 'is', null), eb('status', '=', 'Draft')]))
    .returningAll()
    .executeTakeFirst();
}

/** Decision 088: where and how the payslip's last e-mail went (whatever the payslip's status). */
export async function recordPayslipEmail(
  db: Db,
  id: string,
  email: Partial<Pick<PayslipRow, 'email_state' | 'emailed_to' | 'email_error' | 'emailed_at'>>,
): Promise<void> {
  await db.updateTable('payslips').set(email).where('id', '=', id).execute();
}

/**
 * SPEC 4 "Emailing a payslip sets it to Sent unless it is Paid": the condition sits in the UPDATE, so a
 * payslip paid while its e-mail was on its way stays Paid. Answers the changed row, or nothing.
 */
export function markPayslipSent(db: Db, id: string, now: string): Promise<PayslipRow | undefined> {
  return db
    .updateTable('payslips')
    .set({ status: 'Sent', updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'Paid')
    .returningAll()
    .executeTakeFirst();
}
