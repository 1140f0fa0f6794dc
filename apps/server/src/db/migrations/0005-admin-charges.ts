import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/** SPEC 3 admin_charge, 4 admin charge status. Same file for SQLite and PostgreSQL (ARCHITECTURE, Data). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);

  await db.schema
    .createTable('admin_charges')
    .addColumn('id', t.id, (col) => col.primaryKey())
    // ARCHITECTURE, Data: charges outlive their worker (shown as Unknown Worker), so the link is cleared.
    .addColumn('worker_id', t.id, (col) => col.references('workers.id').onDelete('set null'))
    .addColumn('charge_date', t.date, (col) => col.notNull())
    .addColumn('charge_type', 'text', (col) => col.notNull())
    // ARCHITECTURE, Data: integer cents, never negative.
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('description', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('Pending', 'Approved', 'Rejected', 'Deducted')`),
    )
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();

  // Payroll reads a worker's charges inside a charge_date range; the list sorts by date.
  await db.schema
    .createIndex('admin_charges_worker_date_idx')
    .on('admin_charges')
    .columns(['worker_id', 'charge_date'])
    .execute();
  await db.schema
    .createIndex('admin_charges_charge_date_idx')
    .on('admin_charges')
    .columns(['charge_date', 'id'])
    .execute();
  await db.schema.createIndex('admin_charges_status_idx').on('admin_charges').column('status').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
