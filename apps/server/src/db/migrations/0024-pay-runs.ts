import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/**
 * Decision 082: the pay run, one period's payslips from Draft to Paid. A run is a row of its own; its
 * payslips are ordinary payslips that name it. Paying records the payment date and mode on each payslip
 * and the bank details it was paid to (a snapshot: the bank file of a paid run never changes). Workers
 * gain their bank details and default payment mode (PAYROLL-SG 7: salary paid by GIRO, cash or cheque).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema
    .createTable('pay_runs')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('pay_period_start', t.date, (col) => col.notNull())
    .addColumn('pay_period_end', t.date, (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('Generating', 'Draft', 'Approved', 'Paid', 'Failed')`),
    )
    // The workers asked for (JSON array of workers.id), or null for every active worker.
    .addColumn('worker_ids', 'text')
    .addColumn('progress_total', 'integer', (col) => col.notNull().defaultTo(0).check(sql`progress_total >= 0`))
    .addColumn('generated', 'integer', (col) => col.notNull().defaultTo(0).check(sql`generated >= 0`))
    // JSON `[{ worker_id, reason }]`: the workers the run left out and why.
    .addColumn('skipped', 'text', (col) => col.notNull().defaultTo('[]'))
    // Integer cents, the sums of the run's payslips (kept when a payslip is regenerated or removed).
    .addColumn('gross', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deductions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('nett_salary', 'integer', (col) => col.notNull().defaultTo(0))
    // Employment Act s.21: salary paid within 7 days of the period's end.
    .addColumn('pay_by_date', t.date, (col) => col.notNull())
    .addColumn('payment_date', t.date)
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_by_user_id', t.id)
    .addColumn('approved_by', 'text')
    .addColumn('approved_by_user_id', t.id)
    .addColumn('approved_at', t.timestamp)
    .addColumn('paid_by', 'text')
    .addColumn('paid_by_user_id', t.id)
    .addColumn('paid_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();
  // The list's order (newest first) and the overlap check of a new run's period.
  await db.schema.createIndex('pay_runs_created_idx').on('pay_runs').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('pay_runs_period_idx')
    .on('pay_runs')
    .columns(['pay_period_start', 'pay_period_end'])
    .execute();

  // Deleting a run deletes its payslips (the service does it, with their audit entries); a payslip
  // never points at a run that is gone.
  await db.schema
    .alterTable('payslips')
    .addColumn('pay_run_id', t.id, (col) => col.references('pay_runs.id'))
    .execute();
  await db.schema.alterTable('payslips').addColumn('payment_date', t.date).execute();
  await db.schema
    .alterTable('payslips')
    .addColumn('payment_mode', 'text', (col) => col.check(sql`payment_mode in ('GIRO', 'Cash', 'Cheque')`))
    .execute();
  await db.schema.alterTable('payslips').addColumn('paid_bank_swift_code', 'text').execute();
  await db.schema.alterTable('payslips').addColumn('paid_bank_account_no', 'text').execute();
  await db.schema.createIndex('payslips_pay_run_idx').on('payslips').columns(['pay_run_id', 'id']).execute();

  await db.schema.alterTable('workers').addColumn('bank_swift_code', 'text').execute();
  await db.schema.alterTable('workers').addColumn('bank_account_no', 'text').execute();
  await db.schema
    .alterTable('workers')
    .addColumn('payment_mode', 'text', (col) => col.check(sql`payment_mode in ('GIRO', 'Cash', 'Cheque')`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
