import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/** SPEC 3 payslip, 4 payslip status. Same file for SQLite and PostgreSQL (ARCHITECTURE, Data). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);

  await db.schema
    .createTable('payslips')
    .addColumn('id', t.id, (col) => col.primaryKey())
    // ARCHITECTURE, Data: payslips outlive their worker; the snapshot columns below keep who it was for.
    .addColumn('worker_id', t.id, (col) => col.references('workers.id').onDelete('set null'))
    .addColumn('pay_period_start', t.date, (col) => col.notNull())
    .addColumn('pay_period_end', t.date, (col) => col.notNull())
    // ARCHITECTURE, Data: hours as integer minutes, money as integer cents, under the spec's names.
    .addColumn('total_hours_worked', 'integer', (col) => col.notNull().check(sql`total_hours_worked >= 0`))
    .addColumn('total_overtime_hours', 'integer', (col) => col.notNull().check(sql`total_overtime_hours >= 0`))
    .addColumn('hourly_rate', 'integer', (col) => col.notNull().check(sql`hourly_rate >= 0`))
    .addColumn('overtime_rate', 'integer', (col) => col.notNull().check(sql`overtime_rate >= 0`))
    .addColumn('basic_salary', 'integer', (col) => col.notNull().check(sql`basic_salary >= 0`))
    .addColumn('overtime_amount', 'integer', (col) => col.notNull().check(sql`overtime_amount >= 0`))
    .addColumn('admin_charges_deduction', 'integer', (col) => col.notNull().check(sql`admin_charges_deduction >= 0`))
    .addColumn('other_deductions', 'integer', (col) => col.notNull().check(sql`other_deductions >= 0`))
    // SPEC 9: basic + overtime - deductions, which can be below zero when charges exceed the earnings.
    .addColumn('nett_salary', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('Draft', 'Generated', 'Sent', 'Paid')`))
    // ARCHITECTURE differs 8: the signed-in staff member who generated it.
    .addColumn('generated_by', 'text', (col) => col.notNull())
    .addColumn('generated_by_user_id', t.id)
    .addColumn('generated_at', t.timestamp, (col) => col.notNull())
    .addColumn('paid_at', t.timestamp)
    // The send-email option at generation (0 or 1 on both databases).
    .addColumn('email_requested', 'integer', (col) => col.notNull().defaultTo(0).check(sql`email_requested in (0, 1)`))
    // What the figures were computed from, as they were: the rate, and the charges by type (JSON).
    .addColumn('rate_type', 'text')
    .addColumn('salary_rate', 'integer')
    .addColumn('admin_charges_by_type', 'text', (col) => col.notNull().defaultTo('[]'))
    // ARCHITECTURE, Data: a snapshot of the worker's name and ids when the payslip was generated.
    .addColumn('worker_first_name', 'text', (col) => col.notNull())
    .addColumn('worker_last_name', 'text', (col) => col.notNull())
    .addColumn('worker_code', 'text', (col) => col.notNull())
    .addColumn('worker_fin_no', 'text')
    .addColumn('worker_wp_no', 'text')
    .addColumn('worker_email', 'text')
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();

  // ARCHITECTURE, Data: one payslip per worker and period, whatever races the application loses.
  await db.schema
    .createIndex('payslips_worker_period_uq')
    .on('payslips')
    .columns(['worker_id', 'pay_period_start', 'pay_period_end'])
    .unique()
    .execute();
  // The list's month filter (period overlap) and its order; the tiles count by status.
  await db.schema
    .createIndex('payslips_period_idx')
    .on('payslips')
    .columns(['pay_period_start', 'pay_period_end'])
    .execute();
  await db.schema.createIndex('payslips_status_idx').on('payslips').column('status').execute();

  // The payroll run sums every worker's timesheets of a period in one GROUP BY. A covering index lets
  // both databases answer it from the index alone: measured on SQLite with 10,000 workers and three
  // months of daily timesheets, 1.2-1.7 s through timesheets_work_date_idx (a table lookup per row)
  // against 0.10-0.15 s (docs/decisions/019).
  await db.schema
    .createIndex('timesheets_payroll_idx')
    .on('timesheets')
    .columns(['work_date', 'worker_id', 'hours_worked', 'overtime_hours'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
