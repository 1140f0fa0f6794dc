import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/**
 * Decision 090: sites (a client's project where workers clock in), a timesheet's site, the saved
 * column mappings of attendance imports and the imports awaiting their Import. Forward only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);

  await db.schema
    .createTable('sites')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // Decision 090: one site per name, whatever its case, so an import's site column finds one.
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('client_company', 'text', (col) => col.notNull())
    .addColumn('project_reference', 'text')
    .addColumn('address', 'text')
    // 1 or 0 on both databases (SQLite has no boolean), so one repository reads both.
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();
  // The list's order (name, then id).
  await db.schema.createIndex('sites_name_idx').on('sites').columns(['name', 'id']).execute();

  // A timesheet may name its site; deleting a site keeps its timesheets (history outlives the site).
  await db.schema
    .alterTable('timesheets')
    .addColumn('site_id', t.id, (col) => col.references('sites.id').onDelete('set null'))
    .execute();
  // The site filter of the list and summary, and the manpower report (one site, one month).
  await db.schema.createIndex('timesheets_site_date_idx').on('timesheets').columns(['site_id', 'work_date']).execute();

  await db.schema
    .createTable('timesheet_import_mappings')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    // The file's headers as one key (decision 091): a mapping is offered for a file with the same ones.
    .addColumn('headers_key', 'text', (col) => col.notNull())
    .addColumn('mapping', 'text', (col) => col.notNull())
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('timesheet_import_mappings_headers_idx')
    .on('timesheet_import_mappings')
    .column('headers_key')
    .execute();

  // Decision 091: a previewed import, kept until its Import (and after, so a second Import adds nothing).
  await db.schema
    .createTable('timesheet_imports')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('headers', 'text', (col) => col.notNull())
    // JSON: every row's outcome and values (what Import saves and conflicts resolve).
    .addColumn('rows', 'text', (col) => col.notNull())
    .addColumn('created_by', t.id, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('applied_at', t.timestamp)
    .execute();
  await db.schema.createIndex('timesheet_imports_created_idx').on('timesheet_imports').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
