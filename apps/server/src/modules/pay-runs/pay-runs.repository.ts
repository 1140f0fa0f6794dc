import type { DateRange } from '@td/shared/rules/dates';
import { isUuid } from '@td/shared/schemas/fields';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../db/in-list.ts';
import { isPostgres } from '../../db/migrations/column-types.ts';
import { offsetOf } from '../../db/paging.ts';
import type { PayRunRow, PayRunsTable, PayslipRow } from '../../db/schema.ts';

/** All SQL of the pay runs (decision 082). */

export async function findPayRun(db: Db, id: string): Promise<PayRunRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('pay_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The run locked for the transaction's change (PostgreSQL; SQLite's one connection serialises them). */
export async function lockPayRun(db: Db, id: string): Promise<PayRunRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('pay_runs')
    .selectAll()
    .where('id', '=', id)
    .$if(isPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

export async function listPayRuns(db: Db, paging: { page: number; pageSize: number }) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('pay_runs')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
    db
      .selectFrom('pay_runs')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.total) };
}

/**
 * One new run at a time (PostgreSQL: a transaction lock, so two runs of the same period cannot both
 * pass the overlap check; SQLite's one connection serialises the transactions already).
 */
export async function lockNewRuns(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext('pay_runs:new'))`.execute(db);
}

/** A run whose period overlaps this one and that still counts: any status but Failed. */
export function findOverlappingRun(db: Db, period: DateRange): Promise<PayRunRow | undefined> {
  return db
    .selectFrom('pay_runs')
    .selectAll()
    .where('pay_period_start', '<=', period.end)
    .where('pay_period_end', '>=', period.start)
    .where('status', '<>', 'Failed')
    .orderBy('created_at')
    .executeTakeFirst();
}

export async function insertPayRun(db: Db, row: Insertable<PayRunsTable>): Promise<PayRunRow> {
  return db.insertInto('pay_runs').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Changes the run only while it has the status expected (the transition's guard is in the UPDATE). */
export function updatePayRun(
  db: Db,
  id: string,
  from: PayRunRow['status'],
  changes: Updateable<PayRunsTable>,
): Promise<PayRunRow | undefined> {
  return db
    .updateTable('pay_runs')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePayRunRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('pay_runs').where('id', '=', id).execute();
}

/**
 * The runs a stopped server left Generating: their transaction was rolled back, so only the row is left.
 * PostgreSQL skips a run another live process is generating (its transaction holds the row).
 */
export async function failInterruptedRuns(db: Db, message: string, now: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stuck = await trx
      .selectFrom('pay_runs')
      .select('id')
      .where('status', '=', 'Generating')
      .$if(isPostgres(trx), (query) => query.forUpdate().skipLocked())
      .execute();
    if (stuck.length === 0) return 0;
    await trx
      .updateTable('pay_runs')
      .set({ status: 'Failed', error: message, updated_at: now })
      .where(
        'id',
        'in',
        stuck.map((row) => row.id),
      )
      .execute();
    return stuck.length;
  });
}

/** Holds the run's row for the generation's transaction (PostgreSQL), so a restart sweep skips it. */
export async function holdGeneratingRun(db: Db, id: string): Promise<void> {
  if (isPostgres(db)) {
    await db.selectFrom('pay_runs').select('id').where('id', '=', id).forUpdate().execute();
  }
}

export function payslipsOfRun(db: Db, payRunId: string): Promise<PayslipRow[]> {
  return db
    .selectFrom('payslips')
    .selectAll()
    .where('pay_run_id', '=', payRunId)
    .orderBy('worker_last_name')
    .orderBy('worker_first_name')
    .orderBy('id')
    .execute();
}

/**
 * The Pay dialog's lines: each payslip with its worker's bank details and default mode as they are now,
 * and, once paid, the mode and bank details it was paid by.
 */
export function paymentLinesOfRun(db: Db, payRunId: string) {
  return db
    .selectFrom('payslips')
    .leftJoin('workers', 'workers.id', 'payslips.worker_id')
    .select([
      'payslips.id',
      'payslips.worker_id',
      'payslips.worker_code',
      'payslips.worker_first_name',
      'payslips.worker_last_name',
      'payslips.nett_salary',
      'payslips.status',
      'payslips.payment_mode as paid_mode',
      'payslips.paid_bank_swift_code',
      'payslips.paid_bank_account_no',
      'workers.bank_swift_code',
      'workers.bank_account_no',
      'workers.payment_mode',
    ])
    .where('payslips.pay_run_id', '=', payRunId)
    .orderBy('payslips.worker_last_name')
    .orderBy('payslips.worker_first_name')
    .orderBy('payslips.id')
    .execute();
}

/** The run's payslips with their worker's bank details and default mode, as they are now. */
export function payslipsWithBankDetails(db: Db, payRunId: string) {
  return db
    .selectFrom('payslips')
    .leftJoin('workers', 'workers.id', 'payslips.worker_id')
    .select([
      'payslips.id',
      'payslips.worker_id',
      'payslips.status',
      'payslips.worker_first_name',
      'payslips.worker_last_name',
      'workers.bank_swift_code',
      'workers.bank_account_no',
      'workers.payment_mode',
    ])
    .where('payslips.pay_run_id', '=', payRunId)
    .orderBy('payslips.id')
    .$if(isPostgres(db), (query) => query.forUpdate(['payslips']))
    .execute();
}

export async function setRunPayslipsStatus(
  db: Db,
  payRunId: string,
  to: PayslipRow['status'],
  now: string,
): Promise<PayslipRow[]> {
  return db
    .updateTable('payslips')
    .set({ status: to, updated_at: now })
    .where('pay_run_id', '=', payRunId)
    .where('status', '<>', to)
    .returningAll()
    .execute();
}

/** Marks the payslips Paid with the payment's date and mode; GIRO ones record the worker's bank details. */
export async function markRunPayslipsPaid(
  db: Db,
  ids: readonly string[],
  payment: { date: string; mode: 'GIRO' | 'Cash' | 'Cheque'; paidAt: string },
): Promise<PayslipRow[]> {
  const changed: PayslipRow[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .updateTable('payslips')
      .set((eb) => ({
        status: 'Paid' as const,
        paid_at: payment.paidAt,
        updated_at: payment.paidAt,
        payment_date: payment.date,
        payment_mode: payment.mode,
        paid_bank_swift_code:
          payment.mode === 'GIRO'
            ? eb
                .selectFrom('workers')
                .select('workers.bank_swift_code')
                .whereRef('workers.id', '=', 'payslips.worker_id')
            : null,
        paid_bank_account_no:
          payment.mode === 'GIRO'
            ? eb
                .selectFrom('workers')
                .select('workers.bank_account_no')
                .whereRef('workers.id', '=', 'payslips.worker_id')
            : null,
      }))
      .where('id', 'in', part)
      .where('status', '<>', 'Paid')
      .returningAll()
      .execute();
    changed.push(...rows);
  }
  return changed;
}

/** Deletes the run's payslips, or one of them; their charge links go with them (cascade). */
export async function deleteRunPayslips(db: Db, payRunId: string, payslipId?: string): Promise<PayslipRow[]> {
  return db
    .deleteFrom('payslips')
    .where('pay_run_id', '=', payRunId)
    .$if(payslipId !== undefined, (query) => query.where('id', '=', payslipId ?? ''))
    .returningAll()
    .execute();
}

/** Staff accounts: a run is approved by a second person whenever there is more than one. */
export async function countStaffAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The period lock (decision 082): the payslip of the worker whose period holds the date and that is
 * Paid, or that belongs to an Approved or Paid run, with the run's status. The first one found answers.
 */
export function findLockingPayslip(db: Db, workerId: string, date: string) {
  return lockingPayslips(db)
    .where('payslips.worker_id', '=', workerId)
    .where('payslips.pay_period_start', '<=', date)
    .where('payslips.pay_period_end', '>=', date)
    .orderBy('payslips.pay_period_start')
    .executeTakeFirst();
}

/** Every locking payslip of these workers whose period meets the range (an import's many days at once). */
export function findLockingPayslipsOf(db: Db, workerIds: readonly string[], range: { from: string; to: string }) {
  return lockingPayslips(db)
    .select('payslips.worker_id')
    .where('payslips.worker_id', 'in', workerIds)
    .where('payslips.pay_period_start', '<=', range.to)
    .where('payslips.pay_period_end', '>=', range.from)
    .orderBy('payslips.pay_period_start')
    .execute();
}

function lockingPayslips(db: Db) {
  return db
    .selectFrom('payslips')
    .leftJoin('pay_runs', 'pay_runs.id', 'payslips.pay_run_id')
    .select([
      'payslips.pay_period_start',
      'payslips.pay_period_end',
      'payslips.status',
      'payslips.pay_run_id',
      'pay_runs.status as run_status',
    ])
    .where((eb) => eb.or([eb('payslips.status', '=', 'Paid'), eb('pay_runs.status', 'in', ['Approved', 'Paid'])]));
}
