import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The SQL of the demo data generator (decision 030); inserts go through db/bulk-insert.ts. */

export async function countWorkers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('workers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Worker ids and identity keys already in use, so a `--force` run adds workers without clashing. */
export async function takenIdentities(db: Db): Promise<{ workerIds: Set<string>; keys: Set<string> }> {
  const rows = await db
    .selectFrom('workers')
    .select(['worker_id', 'fin_no_key', 'passport_no_key', 'wp_no_key'])
    .execute();
  const keys = new Set<string>();
  for (const row of rows) {
    for (const key of [row.fin_no_key, row.passport_no_key, row.wp_no_key]) if (key) keys.add(key);
  }
  return { workerIds: new Set(rows.map((row) => row.worker_id)), keys };
}

/** The first staff account by creation, who the generated payslips and approvals are recorded as. */
export function firstUser(db: Db) {
  return db.selectFrom('users').select(['id', 'name', 'email']).orderBy('created_at').limit(1).executeTakeFirst();
}

/**
 * SPEC 4: a paid payslip deducts every admin charge of its worker dated inside its period, whatever its
 * status. One statement for the whole data set instead of the product's per-batch path.
 */
export async function markChargesUnderPaidPayslipsDeducted(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('admin_charges')
    .set({ status: 'Deducted', updated_at: now })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payslips')
          .select(sql`1`.as('one'))
          .whereRef('payslips.worker_id', '=', 'admin_charges.worker_id')
          .where('payslips.status', '=', 'Paid')
          .whereRef('payslips.pay_period_start', '<=', 'admin_charges.charge_date')
          .whereRef('payslips.pay_period_end', '>=', 'admin_charges.charge_date'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * PostgreSQL after a bulk load (outside its transaction). The load's statement triggers update each
 * worker's month totals once per batch, which left 2.4 million dead rows in `timesheet_month_totals`
 * and its indexes about 20 times their size: the month summary read 155,000 buffers (43 ms) instead of
 * 89 (1.7 ms). Autovacuum would remove the dead rows within minutes but never shrinks the indexes.
 * So: rebuild that table's indexes, then vacuum (dead rows gone, visibility maps set for index-only
 * scans) and analyze (fresh statistics for the planner).
 */
export async function tidyAfterBulkLoad(db: Db): Promise<void> {
  await sql`reindex table timesheet_month_totals`.execute(db);
  // The tables the load writes (through its triggers too), by name, so that only this installation's
  // schema is vacuumed.
  const tables = LOADED_TABLES.map((table) => sql.table(table));
  await sql`vacuum (analyze) ${sql.join(tables)}`.execute(db);
}

const LOADED_TABLES = [
  'workers',
  'worker_status_totals',
  'worker_expiry_totals',
  'stored_files',
  'timesheets',
  'timesheet_month_totals',
  'timesheet_month_summaries',
  'admin_charges',
  'admin_charge_status_totals',
  'training_records',
  'training_totals',
  'trained_workers',
  'training_expiry_totals',
  'payslips',
  'payslip_status_totals',
  'audit_log',
  // Decision 110: the calendar's items and counts (kept by triggers since 0037 and 0040); unanalysed,
  // PostgreSQL read the page's hundred items by a scan of all 67,000 (4 ms instead of 0.4 ms).
  'compliance_items',
  'compliance_day_counts',
  'compliance_month_counts',
] as const;

/** SQLite's page cache of this connection (negative: KiB; positive: pages). */
export async function sqliteCacheSize(db: Db): Promise<number> {
  const result = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  return Number(result.rows[0]?.cache_size ?? -2000);
}

export async function setSqliteCacheSize(db: Db, size: number): Promise<void> {
  await sql.raw(`pragma cache_size = ${Math.trunc(size)}`).execute(db);
}
