import { type Kysely, sql } from 'kysely';
import { columnTypesFor, isPostgres } from './column-types.ts';

/**
 * Decision 094: the dated items of a worker that MOM's conditions hang on, their renewals, the
 * employment letters issued, and each staff member's reminders (weekly digest, calendar feed).
 * Same file for SQLite and PostgreSQL (ARCHITECTURE, Data).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  const columns: Array<[string, 'date' | 'text' | 'integer']> = [
    ['passport_expiry_date', 'date'],
    ['security_bond_number', 'text'],
    ['security_bond_issuer', 'text'],
    // Cents, like salary_rate (ARCHITECTURE, Data: money is integer cents).
    ['security_bond_amount', 'integer'],
    ['security_bond_expiry_date', 'date'],
    ['medical_insurer', 'text'],
    ['medical_policy_number', 'text'],
    ['medical_insurance_expiry_date', 'date'],
    // Null: derived from the pass and nationality (decision 094); 1 or 0: set by staff.
    ['sip_required', 'integer'],
    ['sip_attended_date', 'date'],
    // KETs: the probation in months; 0 is "none", null is "not recorded".
    ['probation_months', 'integer'],
  ];
  for (const [name, type] of columns) {
    await db.schema
      .alterTable('workers')
      .addColumn(name, type === 'date' ? t.date : type)
      .execute();
  }
  // The amount is never negative (ARCHITECTURE, Data: amounts >= 0); a probation is 0 to 12 months.
  // SQLite cannot add a check to an existing table, so the schema refuses them there (fields.ts).
  if (isPostgres(db)) {
    await sql`alter table workers add constraint workers_security_bond_amount_nonnegative check (security_bond_amount is null or security_bond_amount >= 0)`.execute(
      db,
    );
    await sql`alter table workers add constraint workers_probation_months_range check (probation_months is null or probation_months between 0 and 12)`.execute(
      db,
    );
    await sql`alter table workers add constraint workers_sip_required_flag check (sip_required is null or sip_required in (0, 1))`.execute(
      db,
    );
  }

  // The calendar's counts and pages are ranges over each date, of workers not terminated (decision 095),
  // as 0018's for the permit and coretrade.
  for (const column of ['passport_expiry_date', 'security_bond_expiry_date', 'medical_insurance_expiry_date']) {
    await db.schema
      .createIndex(`workers_${column.replace(/_date$/, '')}_status_idx`)
      .on('workers')
      .columns([column, 'status'])
      .execute();
  }
  // The SIP and the KETs are due 14 days after the employment start date (migration 0023's column).
  await db.schema
    .createIndex('workers_employment_start_status_idx')
    .on('workers')
    .columns(['employment_start_date', 'status'])
    .execute();
  // A certificate renewed by a newer record of the same course is no longer due (decision 094).
  await db.schema
    .createIndex('training_records_worker_name_expiry_idx')
    .on('training_records')
    .columns(['worker_id', 'training_name', 'expiry_date'])
    .execute();

  // Decision 094: a renewal keeps the previous expiry (and its number) as the worker's history.
  await db.schema
    .createTable('worker_renewals')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('worker_id', t.id, (col) => col.notNull().references('workers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('previous_expiry_date', t.date)
    .addColumn('new_expiry_date', t.date, (col) => col.notNull())
    .addColumn('previous_reference', 'text')
    .addColumn('new_reference', 'text')
    .addColumn('renewed_by', 'text')
    .addColumn('renewed_by_user_id', t.id, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('renewed_at', t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('worker_renewals_worker_idx')
    .on('worker_renewals')
    .columns(['worker_id', 'renewed_at'])
    .execute();

  // KETs: each generated employment letter, who and when (a record of issue, kept after the worker).
  await db.schema
    .createTable('employment_letters')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('worker_id', t.id, (col) => col.references('workers.id').onDelete('set null'))
    .addColumn('generated_by', 'text', (col) => col.notNull())
    .addColumn('generated_by_user_id', t.id, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('generated_at', t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('employment_letters_worker_idx')
    .on('employment_letters')
    .columns(['worker_id', 'generated_at'])
    .execute();

  // Decision 094: each staff member's reminders. `digest_week` is the Monday of the last weekly digest
  // claimed for them: the claim is one conditional update, so several servers send it once.
  await db.schema
    .createTable('compliance_subscriptions')
    .addColumn('user_id', t.id, (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('weekly_digest', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('digest_week', t.date)
    // SHA-256 of the feed's token, as sessions keep theirs: a database copy yields no feed URL.
    .addColumn('feed_token_hash', 'text', (col) => col.unique())
    .addColumn('feed_created_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
