import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/**
 * Decision 092: what the Employment Act's pay needs of each record.
 *
 * - workers: the rest day (EA s.36), working days a week and normal hours a day (EA s.38, Third
 *   Schedule), and the monthly salary declared in a WP holder's IPA (the Work Passes Regulations'
 *   floor). Existing workers get the contract's defaults: Sunday, 6 days, 8 hours, no declared salary.
 * - timesheets: who asked for work on a rest day (EA s.37: the worker's request earns half).
 * - admin_charges: the worker's prior written consent (EA s.27(1)(l)) and the date he was heard on a
 *   damage charge (EA s.28).
 * - payslips: the rules each was computed by (the existing ones: `seed`), the lines the Act adds, the
 *   gross they sum to, and what of the period's charges was not deducted and why.
 * - public_holidays: a table staff edit, seeded with Singapore's 2026 holidays as observed (a holiday
 *   on a Sunday is observed on the Monday; Holidays Act s.4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema
    .alterTable('workers')
    .addColumn('rest_day', 'varchar(10)', (col) =>
      col
        .notNull()
        .defaultTo('Sunday')
        .check(sql`rest_day in ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday')`),
    )
    .execute();
  // 5, 5.5 or 6: `real` holds them exactly and both drivers answer a number (numeric would be text).
  await db.schema
    .alterTable('workers')
    .addColumn('working_days_per_week', 'real', (col) =>
      col.notNull().defaultTo(6).check(sql`working_days_per_week in (5, 5.5, 6)`),
    )
    .execute();
  // Integer minutes (ARCHITECTURE, Data); the API carries hours.
  await db.schema
    .alterTable('workers')
    .addColumn('normal_minutes_per_day', 'integer', (col) =>
      col.notNull().defaultTo(480).check(sql`normal_minutes_per_day > 0 and normal_minutes_per_day <= 720`),
    )
    .execute();
  await db.schema
    .alterTable('workers')
    .addColumn('declared_monthly_salary', 'integer', (col) => col.check(sql`declared_monthly_salary >= 0`))
    .execute();

  await db.schema
    .alterTable('timesheets')
    .addColumn('rest_day_requested_by', 'varchar(10)', (col) =>
      col.notNull().defaultTo('Employer').check(sql`rest_day_requested_by in ('Employer', 'Employee')`),
    )
    .execute();

  await db.schema.alterTable('admin_charges').addColumn('consent_date', t.date).execute();
  await db.schema.alterTable('admin_charges').addColumn('consent_url', 'varchar(500)').execute();
  await db.schema.alterTable('admin_charges').addColumn('inquiry_date', t.date).execute();
  // Decision 043: a column that links a stored file (FILE_LINKS) is indexed for the sweep of unlinked files.
  await db.schema
    .createIndex('admin_charges_consent_url_idx')
    .on('admin_charges')
    .column('consent_url')
    .where(sql.ref('consent_url'), 'is not', null)
    .execute();

  await db.schema
    .alterTable('payslips')
    .addColumn('pay_rules', 'varchar(20)', (col) => col.notNull().defaultTo('seed'))
    .execute();
  for (const column of ['rest_day_pay', 'public_holiday_pay', 'declared_salary_topup']) {
    await db.schema
      .alterTable('payslips')
      .addColumn(column, 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }
  await db.schema
    .alterTable('payslips')
    .addColumn('gross_salary', 'integer', (col) => col.notNull().defaultTo(0).check(sql`gross_salary >= 0`))
    .execute();
  await sql`update payslips set gross_salary = basic_salary + overtime_amount`.execute(db);
  // JSON: `{ lines: { basic, overtime, rest_day, public_holiday, declared_topup } (their bases),
  // not_deducted: [{ admin_charge_id, amount (cents), reason }], warnings: [{ code, message }] }`;
  // null for a payslip computed by the seed's rules (its warnings are recomputed on read).
  await db.schema.alterTable('payslips').addColumn('pay_detail', 'text').execute();

  await db.schema
    .createTable('public_holidays')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('date', t.date, (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('observed_date', t.date, (col) => col.notNull())
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();
  // One holiday a day; payroll reads a period's observed dates.
  await db.schema.createIndex('public_holidays_date_key').on('public_holidays').column('date').unique().execute();
  await db.schema.createIndex('public_holidays_observed_idx').on('public_holidays').column('observed_date').execute();

  const now = new Date().toISOString();
  await (db as Kysely<{ public_holidays: Record<string, string> }>)
    .insertInto('public_holidays')
    .values(
      SINGAPORE_2026.map(([date, name, observed], index) => ({
        id: seedId(index),
        date,
        name,
        observed_date: observed ?? date,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** Fixed ids for the seeded rows, so every installation names them alike. */
const seedId = (index: number) => `00000000-0000-4000-8000-${String(2026_0000 + index).padStart(12, '0')}`;

/**
 * PAYROLL-SG.md section 3 (MOM, public holidays 2026): date, name, observed date when it differs. The
 * two Hari Raya dates are as gazetted; staff correct them on the public holidays screen if revised.
 */
const SINGAPORE_2026: ReadonlyArray<readonly [string, string, string?]> = [
  ['2026-01-01', "New Year's Day"],
  ['2026-02-17', 'Chinese New Year'],
  ['2026-02-18', 'Chinese New Year (second day)'],
  ['2026-03-21', 'Hari Raya Puasa'],
  ['2026-04-03', 'Good Friday'],
  ['2026-05-01', 'Labour Day'],
  ['2026-05-27', 'Hari Raya Haji'],
  ['2026-05-31', 'Vesak Day', '2026-06-01'],
  ['2026-08-09', 'National Day', '2026-08-10'],
  ['2026-11-08', 'Deepavali', '2026-11-09'],
  ['2026-12-25', 'Christmas Day'],
];
