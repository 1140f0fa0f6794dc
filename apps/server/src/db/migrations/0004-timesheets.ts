import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/** SPEC 3 timesheet. Same file for SQLite and PostgreSQL (ARCHITECTURE, Data). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);

  await db.schema
    .createTable('timesheets')
    .addColumn('id', t.id, (col) => col.primaryKey())
    // ARCHITECTURE, Data: timesheets outlive their worker (shown as Unknown Worker), so the link is cleared.
    .addColumn('worker_id', t.id, (col) => col.references('workers.id').onDelete('set null'))
    .addColumn('work_date', t.date, (col) => col.notNull())
    // `HH:MM`, 24-hour, or null (SPEC 5: time in and out are optional).
    .addColumn('time_in', 'text')
    .addColumn('time_out', 'text')
    // ARCHITECTURE, Data: hours are stored as integer minutes under the spec's column names.
    .addColumn('hours_worked', 'integer', (col) => col.notNull().defaultTo(0).check(sql`hours_worked >= 0`))
    .addColumn('overtime_hours', 'integer', (col) => col.notNull().defaultTo(0).check(sql`overtime_hours >= 0`))
    .addColumn('notes', 'text')
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();

  // ARCHITECTURE, Data: one timesheet per worker and date, whatever races the application loses.
  await db.schema
    .createIndex('timesheets_worker_date_uq')
    .on('timesheets')
    .columns(['worker_id', 'work_date'])
    .unique()
    .execute();
  // The month list and summary (newest work date first) and payroll's date-range aggregates.
  await db.schema.createIndex('timesheets_work_date_idx').on('timesheets').columns(['work_date', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
