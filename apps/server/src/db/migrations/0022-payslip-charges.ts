import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/**
 * Decision 081: a payslip records the admin charges it deducted, one row per charge, written in the
 * transaction that generates it. Paying it marks exactly those Deducted (SPEC 4), and a charge on a
 * payslip is not changed or deleted until that payslip is deleted (ARCHITECTURE differs 9). A charge
 * is on at most one payslip (the primary key); deleting the payslip releases its charges (cascade);
 * a charge on a payslip cannot be deleted under it (the reference, no cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema
    .createTable('payslip_charges')
    .addColumn('charge_id', t.id, (col) => col.primaryKey().references('admin_charges.id'))
    .addColumn('payslip_id', t.id, (col) => col.notNull().references('payslips.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('payslip_charges_payslip_idx').on('payslip_charges').column('payslip_id').execute();

  // The payslips already there deducted, as far as the rows can tell, their worker's charges of the
  // period: a Paid one those it marked Deducted, the others every charge that paying them would
  // deduct. Where periods overlap a charge goes to one of them (a Paid one first).
  await sql`
    insert into payslip_charges (charge_id, payslip_id)
    select c.id, p.id
    from admin_charges c
    join payslips p on p.worker_id = c.worker_id
      and c.charge_date >= p.pay_period_start and c.charge_date <= p.pay_period_end
    where p.status <> 'Paid' or c.status = 'Deducted'
    order by case when p.status = 'Paid' then 0 else 1 end, p.generated_at, p.id
    on conflict (charge_id) do nothing`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
