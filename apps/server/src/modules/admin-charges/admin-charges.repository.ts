import type { ChargeStatus } from '@td/shared/options/admin-charges';
import type { DateRange } from '@td/shared/rules/dates';
import { fromCents, toCents } from '@td/shared/rules/money';
import type {
  AdminCharge,
  AdminChargeFilters,
  AdminChargeInput,
  AdminChargeSummary,
} from '@td/shared/schemas/admin-charge';
import { isUuid } from '@td/shared/schemas/fields';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../db/in-list.ts';
import { isPostgres } from '../../db/migrations/column-types.ts';
import { likeContains, offsetOf } from '../../db/paging.ts';
import type { AdminChargeRow, Database } from '../../db/schema.ts';
import { workerNameMatches } from '../workers/public.ts';

/** All SQL of the admin_charges table (SPEC 7 admin_charges calls), payroll's reads and writes included. */

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
    amount: fromCents(row.amount),
    description: row.description,
    status: row.status,
    approved_by: row.approved_by,
    approved_at: row.approved_at,
    consent_date: row.consent_date,
    consent_url: row.consent_url,
    inquiry_date: row.inquiry_date,
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
          workerNameMatches(filters.q ?? ''),
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

/** SPEC 2 admin charge list: one page, latest charge date first, with the number of all matches. */
export async function listAdminCharges(
  db: Db,
  { page, pageSize, ...filters }: AdminChargeFilters & { page: number; pageSize: number },
): Promise<{ items: AdminCharge[]; total: number }> {
  const [rows, counted] = await Promise.all([
    selectCharges(db)
      .where((eb) => filtersOf(eb, filters))
      .orderBy('admin_charges.charge_date', 'desc')
      .orderBy('admin_charges.created_at', 'desc')
      .orderBy('admin_charges.id', 'desc')
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize }))
      .execute(),
    filteredCharges(db, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAdminCharge), total: Number(counted.total) };
}

/**
 * The list's whole answer for its CSV (probe finding 25): the same filters and order, every page, up
 * to `limit` rows.
 */
export async function exportAdminCharges(db: Db, filters: AdminChargeFilters, limit: number): Promise<AdminCharge[]> {
  const rows = await selectCharges(db)
    .where((eb) => filtersOf(eb, filters))
    .orderBy('admin_charges.charge_date', 'desc')
    .orderBy('admin_charges.created_at', 'desc')
    .orderBy('admin_charges.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toAdminCharge);
}

/**
 * SPEC 2 tiles over the current filters (ARCHITECTURE differs 3), by status. With no filter but the
 * status they are read from the totals kept on write (decision 109: four rows, however many charges);
 * a search, worker or charge type groups the matching charges by status.
 */
export async function summarizeAdminCharges(db: Db, filters: AdminChargeFilters): Promise<AdminChargeSummary> {
  const rows =
    filters.q || filters.worker_id || filters.charge_type
      ? await filteredCharges(db, filters)
          .select((eb) => [
            'admin_charges.status',
            eb.fn.countAll<number>().as('charges'),
            eb.fn.coalesce(eb.fn.sum<number>('admin_charges.amount'), eb.lit(0)).as('amount'),
          ])
          .groupBy('admin_charges.status')
          .execute()
      : await db
          .selectFrom('admin_charge_status_totals')
          .select(['status', 'charges', 'amount'])
          .$if(Boolean(filters.status), (query) => query.where('status', '=', filters.status as ChargeStatus))
          .execute();
  const countOf = (status: ChargeStatus) => Number(rows.find((row) => row.status === status)?.charges ?? 0);
  return {
    total: rows.reduce((sum, row) => sum + Number(row.charges), 0),
    pending: countOf('Pending'),
    approved: countOf('Approved'),
    rejected: countOf('Rejected'),
    deducted: countOf('Deducted'),
    // Summed in cents, converted once.
    total_amount: fromCents(rows.reduce((sum, row) => sum + Number(row.amount), 0)),
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
  amount: toCents(input.amount),
  description: input.description,
  // Decision 092: undefined (left out) keeps the stored value.
  consent_date: input.consent_date,
  consent_url: input.consent_url,
  inquiry_date: input.inquiry_date,
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
// SPEC 4 and 9 "deduct admin charges": what payroll reads and writes, in integer cents. Offered to the
// payslips module through public.ts (decision 075); the payslip service calls them inside its
// transaction.

/** The period's admin charges of one type, in cents (SPEC 9: every status counts). */
export interface ChargeTypeTotal {
  charge_type: string;
  amount: number;
  count: number;
}

function inChargeDates(eb: ChargeQuery, range: DateRange): Expression<SqlBool> {
  return eb.and([eb('charge_date', '>=', range.start), eb('charge_date', '<=', range.end)]);
}

const byChargeType = (a: ChargeTypeTotal, b: ChargeTypeTotal) => a.charge_type.localeCompare(b.charge_type);

/** One admin charge as a payslip deducts it: its id, worker, type and amount in cents. */
export interface PayrollCharge {
  id: string;
  worker_id: string;
  charge_type: string;
  amount: number;
  /** Decision 092: the Employment Act's deductions read these (EA s.27, s.28). */
  status: string;
  charge_date: string;
  consent_date: string | null;
  inquiry_date: string | null;
}

/**
 * The period's admin charges of these workers (every worker's when not given; charges of deleted
 * workers are nobody's to deduct), one row each, in id order. Generation reads them inside its
 * transaction with `lock` (PostgreSQL `for update`, in id order as every locker takes them): a charge
 * edited or deleted at the same moment waits for the payslip and then finds it on it (decision 081),
 * so the payslip deducts exactly the charges it records.
 */
export async function listPayrollCharges(
  db: Db,
  range: DateRange,
  workerIds?: readonly string[],
  { lock = false }: { lock?: boolean } = {},
): Promise<PayrollCharge[]> {
  const query = db
    .selectFrom('admin_charges')
    .select(['id', 'worker_id', 'charge_type', 'amount', 'status', 'charge_date', 'consent_date', 'inquiry_date'])
    .where('worker_id', 'is not', null)
    .where((eb) => inChargeDates(eb, range))
    .orderBy('id')
    .$if(lock && isPostgres(db), (q) => q.forUpdate());
  const rows =
    workerIds === undefined
      ? await query.execute()
      : (
          await Promise.all(
            chunks([...new Set(workerIds)]).map((part) => query.where('worker_id', 'in', part).execute()),
          )
        ).flat();
  return rows.flatMap((row) =>
    row.worker_id === null
      ? []
      : [
          {
            id: row.id,
            worker_id: row.worker_id,
            charge_type: row.charge_type,
            amount: Number(row.amount),
            status: row.status,
            charge_date: row.charge_date,
            consent_date: row.consent_date,
            inquiry_date: row.inquiry_date,
          },
        ],
  );
}

/** SPEC 9: charges summed by type, in cents, in type order (every status counts). */
export function totalsByType(charges: readonly Pick<PayrollCharge, 'charge_type' | 'amount'>[]): ChargeTypeTotal[] {
  const totals = new Map<string, ChargeTypeTotal>();
  for (const charge of charges) {
    const total = totals.get(charge.charge_type) ?? { charge_type: charge.charge_type, amount: 0, count: 0 };
    total.amount += charge.amount;
    total.count += 1;
    totals.set(charge.charge_type, total);
  }
  return [...totals.values()].sort(byChargeType);
}

/** Charges grouped by worker, each worker's in id order. */
export function chargesByWorker(charges: readonly PayrollCharge[]): Map<string, PayrollCharge[]> {
  const byWorker = new Map<string, PayrollCharge[]>();
  for (const charge of charges) {
    const list = byWorker.get(charge.worker_id) ?? [];
    list.push(charge);
    byWorker.set(charge.worker_id, list);
  }
  return byWorker;
}

/** A charge a payslip deducted (decision 081). */
export interface PayslipChargeLink {
  payslip_id: string;
  charge_id: string;
}

/**
 * Decision 081: records which charges each payslip deducted, in the transaction that generates it, in
 * bulk for a payroll run. A charge already on another payslip fails the write (primary key).
 */
export async function linkChargesToPayslips(db: Db, links: readonly PayslipChargeLink[]): Promise<void> {
  await bulkInsert(db, 'payslip_charges', links);
}

/** One admin charge as the payslip PDF itemises it (amount in cents). */
export interface ChargeLine {
  charge_date: string;
  charge_type: string;
  description: string | null;
  amount: number;
}

/** The admin charges a payslip deducted, oldest first (the payslip's itemised deductions). */
export function listChargesOfPayslip(db: Db, payslipId: string): Promise<ChargeLine[]> {
  return db
    .selectFrom('payslip_charges as pc')
    .innerJoin('admin_charges as c', 'c.id', 'pc.charge_id')
    .select(['c.charge_date', 'c.charge_type', 'c.description', 'c.amount'])
    .where('pc.payslip_id', '=', payslipId)
    .orderBy('c.charge_date')
    .orderBy('c.charge_type')
    .orderBy('c.id')
    .execute();
}

/**
 * SPEC 4, decision 081: the admin charges to move to Deducted when these payslips are paid: exactly
 * those each payslip recorded when it was generated (not Deducted yet), whatever became of the worker
 * or of other charges of the period since. Answers their ids, in id order (the order locks are taken).
 */
export async function chargeIdsToDeduct(db: Db, payslipIds: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const part of chunks([...new Set(payslipIds)])) {
    const rows = await db
      .selectFrom('payslip_charges as pc')
      .innerJoin('admin_charges as c', 'c.id', 'pc.charge_id')
      .select('c.id')
      .where('pc.payslip_id', 'in', part)
      .where('c.status', '<>', 'Deducted')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids.sort();
}

/**
 * The charge locked for an edit or delete (PostgreSQL `for update`; SQLite serialises writes): a
 * payslip being generated with it either committed before (its link is then visible to the next
 * statement) or waits until the edit is done. Answers whether a payslip deducted it.
 */
export async function lockChargeAndCheckPayslip(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const chargeId = id.toLowerCase();
  if (isPostgres(db)) {
    await db.selectFrom('admin_charges').select('id').where('id', '=', chargeId).forUpdate().execute();
  }
  const link = await db
    .selectFrom('payslip_charges')
    .select('payslip_id')
    .where('charge_id', '=', chargeId)
    .executeTakeFirst();
  return link !== undefined;
}

/**
 * SPEC 4: marks the given admin charges Deducted (whatever their status) inside the caller's
 * transaction; answers the rows as they were and as they are now, for the audit log.
 */
export async function markChargesDeducted(db: Db, ids: readonly string[], now: string) {
  const before = (
    await Promise.all(
      chunks(ids).map((part) => db.selectFrom('admin_charges').selectAll().where('id', 'in', part).execute()),
    )
  ).flat();
  for (const part of chunks(ids)) {
    await db
      .updateTable('admin_charges')
      .set({ status: 'Deducted', updated_at: now })
      .where('id', 'in', part)
      .execute();
  }
  return before.map((row) => ({ before: row, after: { ...row, status: 'Deducted' as const, updated_at: now } }));
}
