import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/** SPEC 3 worker and stored files. Same file for SQLite and PostgreSQL (ARCHITECTURE, Data). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);

  await db.schema
    .createTable('workers')
    .addColumn('id', t.id, (col) => col.primaryKey())
    // ARCHITECTURE differs 4: unique, so two concurrent creates can never share an id.
    .addColumn('worker_id', 'text', (col) => col.notNull().unique())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('date_of_birth', t.date)
    .addColumn('nationality', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('email', 'text')
    .addColumn('passport_no', 'text')
    .addColumn('type_of_pass', 'text')
    .addColumn('fin_no', 'text')
    .addColumn('wp_no', 'text')
    .addColumn('date_of_application', t.date)
    .addColumn('date_of_issuance', t.date)
    .addColumn('wp_expiry_date', t.date)
    .addColumn('coretrade_expiry_date', t.date)
    .addColumn('levy', 'text')
    .addColumn('coretrade', 'text')
    .addColumn('status', 'text')
    .addColumn('supplied_to_company', 'text')
    .addColumn('designation', 'text')
    .addColumn('rate_type', 'text')
    // ARCHITECTURE, Data: money as integer cents; the database refuses a negative amount.
    .addColumn('salary_rate', 'integer', (col) => col.check(sql`salary_rate >= 0`))
    .addColumn('photo_url', 'text')
    .addColumn('ipa_url', 'text')
    .addColumn('consent_letter_url', 'text')
    .addColumn('contract_url', 'text')
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();

  // What the lists, tiles and expiring views filter and sort by. The name search is a substring match
  // (`like '%q%'`), which no B-tree index serves on either database, so it has none.
  await db.schema.createIndex('workers_created_at_idx').on('workers').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('workers_status_idx').on('workers').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('workers_nationality_idx').on('workers').columns(['nationality', 'created_at']).execute();
  await db.schema.createIndex('workers_wp_expiry_date_idx').on('workers').column('wp_expiry_date').execute();
  await db.schema
    .createIndex('workers_coretrade_expiry_date_idx')
    .on('workers')
    .columns(['coretrade_expiry_date', 'type_of_pass'])
    .execute();
  await db.schema.createIndex('workers_first_name_idx').on('workers').columns(['first_name', 'last_name']).execute();

  // ARCHITECTURE differs 2 and 6: every upload is recorded, so a worker can only point at files this
  // server stored, and serving knows the checked content type.
  await db.schema
    .createTable('stored_files')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull().unique())
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull().check(sql`size_bytes >= 0`))
    .addColumn('created_by', t.id, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
