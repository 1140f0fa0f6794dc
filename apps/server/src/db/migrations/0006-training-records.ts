import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/** SPEC 3 training_record. Same file for SQLite and PostgreSQL (ARCHITECTURE, Data). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);

  await db.schema
    .createTable('training_records')
    .addColumn('id', t.id, (col) => col.primaryKey())
    // ARCHITECTURE, Data: training records outlive their worker (shown as Unknown Worker).
    .addColumn('worker_id', t.id, (col) => col.references('workers.id').onDelete('set null'))
    .addColumn('training_name', 'text', (col) => col.notNull())
    .addColumn('training_date', t.date, (col) => col.notNull())
    // SPEC 3: optional; no expiry date means No Expiry (SPEC 4).
    .addColumn('expiry_date', t.date)
    .addColumn('certificate_number', 'text')
    .addColumn('training_provider', 'text')
    .addColumn('notes', 'text')
    // ARCHITECTURE differs 2: the app URL of a stored file of kind certificate.
    .addColumn('certificate_url', 'text')
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    // A certificate cannot expire before the training that earned it.
    .addCheckConstraint(
      'training_records_expiry_after_training',
      sql`expiry_date is null or expiry_date >= training_date`,
    )
    .execute();

  // A worker's records (worker view page, worker filter), newest training first.
  await db.schema
    .createIndex('training_records_worker_date_idx')
    .on('training_records')
    .columns(['worker_id', 'training_date'])
    .execute();
  // The list's order (newest training date first) and paging.
  await db.schema
    .createIndex('training_records_training_date_idx')
    .on('training_records')
    .columns(['training_date', 'id'])
    .execute();
  // The Expired and Expiring Soon tiles and filters are ranges over the expiry date.
  await db.schema
    .createIndex('training_records_expiry_date_idx')
    .on('training_records')
    .column('expiry_date')
    .execute();
  await db.schema
    .createIndex('training_records_training_name_idx')
    .on('training_records')
    .column('training_name')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
