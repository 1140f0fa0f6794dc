import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * Decision 074: the derived tables whose figures are counted on read instead, with every trigger and
 * trigger function that kept them. What stays: `timesheet_month_totals` (migration 0010) and
 * `payslip_status_totals` (migration 0012), and PostgreSQL's trigram indexes on `workers` (0014).
 *
 * A trigger on a table that stays is dropped by name (on SQLite it would otherwise fail the next write
 * to its table); a trigger on a dropped table goes with it. `truncate` triggers exist on PostgreSQL
 * only, the worker search's triggers on SQLite only: `if exists` covers both.
 */
const TRIGGERS = {
  workers: [
    'workers_row_count_insert',
    'workers_row_count_delete',
    'workers_row_count_truncate',
    'workers_worker_status_totals_insert',
    'workers_worker_status_totals_update',
    'workers_worker_status_totals_delete',
    'workers_worker_status_totals_truncate',
    'workers_search_insert',
    'workers_search_update',
    'workers_search_delete',
  ],
  training_records: [
    'training_records_row_count_insert',
    'training_records_row_count_delete',
    'training_records_row_count_truncate',
    'training_records_trained_workers_insert',
    'training_records_trained_workers_update',
    'training_records_trained_workers_delete',
    'training_records_trained_workers_truncate',
  ],
  admin_charges: [
    'admin_charge_status_totals_insert',
    'admin_charge_status_totals_update',
    'admin_charge_status_totals_delete',
  ],
  timesheet_month_totals: [
    'timesheet_month_summaries_insert',
    'timesheet_month_summaries_update',
    'timesheet_month_summaries_delete',
  ],
} as const;

/** Migrations 0012, 0015, 0016 and 0018 (both databases). */
const TABLES = [
  'table_row_counts',
  'worker_status_totals',
  'trained_workers',
  'admin_charge_status_totals',
  'timesheet_month_summaries',
] as const;

/** PostgreSQL: the trigger functions of those tables (payslip_status_totals_apply stays). */
const FUNCTIONS = [
  'table_row_counts_apply',
  'worker_status_totals_apply',
  'trained_workers_apply',
  'admin_charge_status_totals_apply',
  'timesheet_month_summaries_apply',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const [table, triggers] of Object.entries(TRIGGERS)) {
    for (const trigger of triggers) {
      await (postgres
        ? sql`drop trigger if exists ${sql.id(trigger)} on ${sql.table(table)}`
        : sql`drop trigger if exists ${sql.id(trigger)}`
      ).execute(db);
    }
  }
  for (const table of TABLES) await db.schema.dropTable(table).execute();
  if (postgres) {
    for (const name of FUNCTIONS) await sql`drop function ${sql.id(name)}()`.execute(db);
  } else {
    // Migrations 0014 and 0019: the FTS5 index (its shadow tables go with it) and its copy of the
    // searched columns.
    await db.schema.dropTable('worker_search').execute();
    await db.schema.dropTable('worker_search_columns').execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
