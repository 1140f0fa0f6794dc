import type { ChargeStatus, ChargeType } from '@td/shared/options/admin-charges';
import {
  type AdminCharge,
  type AdminChargeFilters,
  type AdminChargeInput,
  type AdminChargeSummary,
  amountToCents,
} from '@td/shared/schemas/admin-charge';
import { isUuid } from '@td/shared/schemas/fields';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import { likeContains } from '../../db/paging.ts';
import type { AdminChargeRow, Database } from '../../db/schema.ts';

/** An inclusive range of calendar dates, `YYYY-MM-DD` (SPEC 7: "charge_date range"). */
export interface DateRange {
  from: string;
  to: string;
}

/** Rows to skip for a page; past any real table it stays a safe integer for both databases. */
const offsetOf = (page: number, pageSize: number) => Math.min((page - 1) * pageSize, 2_000_000_000);

type ChargeQuery = ExpressionBuilder<Database, 'admin_charges'>;

/** A charge row with its worker (left joined: SPEC 3, a charge whose worker is gone is Unknown Worker). */
function selectCharges(db: Db) {
  return db
    .selectFrom('admin_charges')
    .leftJoin('workers as w', 'w.id', 'admin_charges.worker_id')
    .selectAll('admin_charges')
    .select(['w.first_name as w_first_name', 'w.last_name as w_last_name', 'w.worker_id as w_worker_id']);
}

type JoinedRow = AdminChargeRow & {
  w_first_name: string | null;
  w_last_name: string | null;
  w_worker_id: string | null;
};

/** ARCHITECTURE, Data: amount is cents in the table and dollars in the API; converted only here. */
export function toAdminCharge(row: JoinedRow): AdminCharge {
  const { w_first_name, w_last_name, w_worker_id } = row;
  const worker =
    row.worker_id !== null && w_first_name !== null && w_last_name !== null && w_worker_id !== null
      ? { id: row.worker_id, first_name: w_first_name, last_name: w_last_name, worker_id: w_worker_id }
      : null;
  // Field by field, not `{ ...row, field: converted }`: overriding a spread field turns every row
  // object into a slow dictionary-mode object (about 4 us a row, 100 times this literal; measured,
  // docs/performance.md), and lists map 25 to 50 rows a request.
  return {
    id: row.id,
    worker_id: row.worker_id,
    charge_date: row.charge_date,
    charge_type: row.charge_type,
    amount: row.amount / 100,
    description: row.description,
    status: row.status,
    approved_by: row.approved_by,
    approved_at: row.approved_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    worker,
    first_name: worker?.first_name ?? null,
    last_name: worker?.last_name ?? null,
    worker_code: worker?.worker_id ?? null,
  };
}

/**
 * SPEC 2 list filters, on the charge's own columns. The text search by worker name (first and last,
 * either order) or worker ID (TD-) picks the matching workers first and then their charges through the
 * (worker_id, charge_date) index, instead of joining every charge to its worker. A filter value that
 * cannot match (an id that is no UUID) matches nothing.
 */
function filtersOf(eb: ChargeQuery, filters: AdminChargeFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.q) {
    const pattern = likeContains(filters.q);
    const matchingWorkers = eb
      .selectFrom('workers')
      .select('workers.id')
      .where((w) =>
        w.or([
          sql<SqlBool>`lower(${w.ref('workers.first_name')} || ' ' || ${w.ref('workers.last_name')}) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(${w.ref('workers.last_name')} || ' ' || ${w.ref('workers.first_name')}) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(${w.ref('workers.worker_id')}) like ${pattern} escape '\\'`,
        ]),
      );
    conditions.push(eb('admin_charges.worker_id', 'in', matchingWorkers));
  }
  if (filters.worker_id) {
    conditions.push(
      isUuid(filters.worker_id)
        ? eb('admin_charges.worker_id', '=', filters.worker_id.toLowerCase())
        : sql<SqlBool>`1 = 0`,
    );
  }
  if (filters.status) conditions.push(eb('admin_charges.status', '=', filters.status as ChargeStatus));
  if (filters.charge_type) conditions.push(eb('admin_charges.charge_type', '=', filters.charge_type));
  return eb.and(conditions);
}

const filteredCharges = (db: Db, filters: AdminChargeFilters) =>
  db.selectFrom('admin_charges').where((eb) => filtersOf(eb, filters));

/**
 * Decision 044: counts and amounts over every charge, or every charge of one status, come from the
 * status totals (a row per status, kept by triggers) instead of reading the charges; any other filter
 * reads them.
 */
const filteredBeyondStatus = (filters: AdminChargeFilters) =>
  Boolean(filters.q || filters.worker_id || filters.charge_type);

// Compiled once (the tiles and the unfiltered list ask them on every request): two fixed shapes.
const everyStatusTotal = compiledOnce((db: Db) =>
  db.selectFrom('admin_charge_status_totals').select(['status', 'charges', 'amount']),
);
const oneStatusTotal = compiledOnce((db: Db, status: string) =>
  db
    .selectFrom('admin_charge_status_totals')
    .select(['status', 'charges', 'amount'])
    .where('status', '=', status as ChargeStatus),
);

function statusTotals(db: Db, status?: string) {
  return status ? oneStatusTotal(db, status) : everyStatusTotal(db);
}

async function countCharges(db: Db, filters: AdminChargeFilters): Promise<number> {
  if (!filteredBeyondStatus(filters)) {
    const rows = await statusTotals(db, filters.status);
    return rows.reduce((sum, row) => sum + Number(row.charges), 0);
  }
  const row = await filteredCharges(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** SPEC 2 admin charge list: one page, latest charge date first, with the number of all matches. */
export async function listAdminCharges(
  db: Db,
  { page, pageSize, ...filters }: AdminChargeFilters & { page: number; pageSize: number },
): Promise<{ items: AdminCharge[]; total: number }> {
  const [rows, total] = await Promise.all([
    Object.values(filters).some(Boolean)
      ? listPage(db, filters, pageSize, offsetOf(page, pageSize)).execute()
      : unfilteredPage(db, pageSize, offsetOf(page, pageSize)),
    countCharges(db, filters),
  ]);
  return { items: rows.map(toAdminCharge), total };
}

/** A page of the charges matching the filters, newest charge date first. */
function listPage(db: Db, filters: AdminChargeFilters, limit: number, offset: number) {
  return selectCharges(db)
    .where((eb) => filtersOf(eb, filters))
    .orderBy('admin_charges.charge_date', 'desc')
    .orderBy('admin_charges.created_at', 'desc')
    .orderBy('admin_charges.id', 'desc')
    .limit(limit)
    .offset(offset);
}

const NO_FILTERS: AdminChargeFilters = {
  q: undefined,
  worker_id: undefined,
  status: undefined,
  charge_type: undefined,
};
/** The unfiltered page, every opening of the screen: built and compiled once (decision 057). */
const unfilteredPage = compiledOnce((db: Db, limit: number, offset: number) => listPage(db, NO_FILTERS, limit, offset));

/** SPEC 2 tiles over the current filters, one query (ARCHITECTURE differs 3). */
export async function summarizeAdminCharges(db: Db, filters: AdminChargeFilters): Promise<AdminChargeSummary> {
  // With a filter, grouped by status (one row per status) rather than a CASE per tile: the (status,
  // amount) index answers it without reading the table (migration 0009, docs/performance.md).
  const rows = filteredBeyondStatus(filters)
    ? await filteredCharges(db, filters)
        .select((eb) => [
          'admin_charges.status',
          eb.fn.countAll<number>().as('charges'),
          eb.fn.coalesce(eb.fn.sum<number>('admin_charges.amount'), eb.lit(0)).as('amount'),
        ])
        .groupBy('admin_charges.status')
        .execute()
    : await statusTotals(db, filters.status);
  const countOf = (status: ChargeStatus) => Number(rows.find((row) => row.status === status)?.charges ?? 0);
  return {
    total: rows.reduce((sum, row) => sum + Number(row.charges), 0),
    pending: countOf('Pending'),
    approved: countOf('Approved'),
    rejected: countOf('Rejected'),
    deducted: countOf('Deducted'),
    total_amount: rows.reduce((sum, row) => sum + Number(row.amount), 0) / 100,
  };
}

export async function findAdminChargeById(db: Db, id: string): Promise<AdminCharge | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await selectCharges(db).where('admin_charges.id', '=', id.toLowerCase()).executeTakeFirst();
  return row ? toAdminCharge(row) : undefined;
}

/** The stored row alone (cents), for the service's checks. */
export async function findAdminChargeRow(db: Db, id: string): Promise<AdminChargeRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('admin_charges').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirst();
}

const inputColumns = (input: AdminChargeInput) => ({
  worker_id: input.worker_id,
  charge_date: input.charge_date,
  charge_type: input.charge_type,
  amount: amountToCents(input.amount),
  description: input.description,
});

/** SPEC 7 insert: the form's fields, status Pending. */
export async function insertAdminCharge(
  db: Db,
  charge: { id: string; created_at: string; updated_at: string },
  input: AdminChargeInput,
): Promise<void> {
  await db
    .insertInto('admin_charges')
    .values({ ...charge, ...inputColumns(input), status: 'Pending', approved_by: null, approved_at: null })
    .execute();
}

/**
 * SPEC 7 update: the same fields, status unchanged. ARCHITECTURE differs 9: a Deducted charge is part
 * of a paid payslip, so the condition is in the UPDATE itself; false when nothing was changed.
 */
export async function updateAdminChargeFields(
  db: Db,
  id: string,
  input: AdminChargeInput,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('admin_charges')
    .set({ ...inputColumns(input), updated_at: updatedAt })
    .where('id', '=', id)
    .where('status', '<>', 'Deducted')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * SPEC 4 approve / reject: one conditional UPDATE, so of two staff deciding at once exactly one
 * changes the row; false for the other (or when the charge is not Pending any more).
 */
export async function decidePendingCharge(
  db: Db,
  id: string,
  decision: { status: 'Approved' | 'Rejected'; approved_by: string; approved_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('admin_charges')
    .set({ ...decision, updated_at: decision.approved_at })
    .where('id', '=', id)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** SPEC 7 delete by id; never a Deducted charge (ARCHITECTURE differs 9). False when nothing was deleted. */
export async function deleteAdminCharge(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('admin_charges')
    .where('id', '=', id)
    .where('status', '<>', 'Deducted')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---------------------------------------------------------------------------------------------------
// Reads and writes payroll needs (SPEC 7 admin_charges, SPEC 9 payslip). Amounts here are integer cents.

export interface PayrollCharge {
  id: string;
  worker_id: string | null;
  charge_date: string;
  charge_type: string;
  /** Integer cents. */
  amount: number;
  status: ChargeStatus;
}

/**
 * SPEC 7 "read id, worker_id, amount, status by worker and charge_date range": every charge of the
 * worker, any status, with `from <= charge_date <= to`, oldest first.
 */
export function listWorkerChargesInRange(db: Db, workerId: string, range: DateRange): Promise<PayrollCharge[]> {
  if (!isUuid(workerId)) return Promise.resolve([]);
  return db
    .selectFrom('admin_charges')
    .select(['id', 'worker_id', 'charge_date', 'charge_type', 'amount', 'status'])
    .where('worker_id', '=', workerId.toLowerCase())
    .where('charge_date', '>=', range.from)
    .where('charge_date', '<=', range.to)
    .orderBy('charge_date')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface WorkerChargeTotals {
  worker_id: string;
  /** Number of charges, any status. */
  count: number;
  /** Integer cents, any status (SPEC 9: the payslip deducts every charge in the period). */
  total: number;
  /** Integer cents per charge type (the payslip issue's deduction warnings). */
  by_type: Partial<Record<ChargeType, number>>;
}

/**
 * Every worker's charge totals inside an inclusive charge_date range, in one aggregate query (a payroll
 * run for hundreds of workers must not ask once per worker). Optionally only the given workers.
 * Charges of deleted workers (no worker) are left out: there is nobody to pay.
 */
export async function sumChargesByWorkerInRange(
  db: Db,
  range: DateRange,
  workerIds?: readonly string[],
): Promise<Map<string, WorkerChargeTotals>> {
  const ids = workerIds?.filter(isUuid).map((id) => id.toLowerCase());
  if (ids && ids.length === 0) return new Map();
  let query = db
    .selectFrom('admin_charges')
    .select((eb) => [
      'worker_id',
      'charge_type',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amount').as('total'),
    ])
    .where('worker_id', 'is not', null)
    .where('charge_date', '>=', range.from)
    .where('charge_date', '<=', range.to)
    .groupBy(['worker_id', 'charge_type']);
  if (ids) query = query.where('worker_id', 'in', ids);
  const rows = await query.execute();
  const totals = new Map<string, WorkerChargeTotals>();
  for (const row of rows) {
    if (row.worker_id === null) continue;
    const entry = totals.get(row.worker_id) ?? { worker_id: row.worker_id, count: 0, total: 0, by_type: {} };
    const cents = Number(row.total);
    entry.count += Number(row.count);
    entry.total += cents;
    entry.by_type[row.charge_type as ChargeType] = (entry.by_type[row.charge_type as ChargeType] ?? 0) + cents;
    totals.set(row.worker_id, entry);
  }
  return totals;
}

export interface DeductedCharge {
  id: string;
  /** The status it had before payroll deducted it. */
  previous_status: ChargeStatus;
}

/** SQLite allows a limited number of bound values per statement. */
const CHUNK = 500;

/**
 * SPEC 7 "bulk update status to Deducted by list of ids". Runs in the caller's transaction (`trx`), so
 * marking a payslip paid and deducting its charges land together (ARCHITECTURE, Data). Charges already
 * Deducted are left as they are; answers the charges it changed, with the status each had.
 */
export async function markChargesDeducted(
  trx: Db,
  ids: readonly string[],
  now: string = new Date().toISOString(),
): Promise<DeductedCharge[]> {
  const changed: DeductedCharge[] = [];
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  for (let i = 0; i < valid.length; i += CHUNK) {
    const chunk = valid.slice(i, i + CHUNK);
    const before = await trx
      .selectFrom('admin_charges')
      .select(['id', 'status'])
      .where('id', 'in', chunk)
      .where('status', '<>', 'Deducted')
      .execute();
    if (before.length === 0) continue;
    await trx
      .updateTable('admin_charges')
      .set({ status: 'Deducted', updated_at: now })
      .where(
        'id',
        'in',
        before.map((row) => row.id),
      )
      .where('status', '<>', 'Deducted')
      .execute();
    changed.push(...before.map((row) => ({ id: row.id, previous_status: row.status })));
  }
  return changed;
}

/**
 * SPEC 4: marking a payslip paid sets every charge of that worker with charge_date inside the pay period,
 * whatever its status, to Deducted. In the caller's transaction; answers the charges it changed.
 */
export async function markWorkerChargesDeductedInRange(
  trx: Db,
  workerId: string,
  range: DateRange,
  now: string = new Date().toISOString(),
): Promise<DeductedCharge[]> {
  const charges = await listWorkerChargesInRange(trx, workerId, range);
  return markChargesDeducted(
    trx,
    charges.filter((charge) => charge.status !== 'Deducted').map((charge) => charge.id),
    now,
  );
}
