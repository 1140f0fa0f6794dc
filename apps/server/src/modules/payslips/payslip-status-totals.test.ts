import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, migrateAround, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers, insertWorkersBefore0032 } from '../../../test/factories.ts';
import { insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';
import { expectStatusTotalsExact } from '../../../test/status-totals.ts';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { WorkerRow } from '../../db/schema.ts';
import { markChargesUnderPaidPayslipsDeducted } from '../../demo/demo.repository.ts';
import type { NewPayslipRow } from './payslips.repository.ts';

/**
 * Decision 044: the payslip tiles and the list's total (unfiltered, or by status alone) read
 * `payslip_status_totals`, which triggers keep. After every kind of write they must equal the counts
 * over the payslips themselves (expectStatusTotalsExact); paying a payslip moves charges, so the charge
 * totals are checked as well.
 */

const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };
const APRIL = { pay_period_start: '2025-04-01', pay_period_end: '2025-04-30' };

async function setUp(count = 4) {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  const workers = await insertWorkers(
    t.db,
    ...Array.from(
      { length: count },
      (_, i): Partial<WorkerRow> => ({
        first_name: `Worker${i}`,
        email: `worker${i}@example.com`,
        rate_type: 'Daily',
        salary_rate: 9_500,
        status: 'Working',
      }),
    ),
  );
  for (const worker of workers) {
    // A day in each month, so that no payslip's nett is negative (probe finding 17).
    await insertTimesheets(
      t.db,
      { worker_id: worker.id, work_date: '2025-03-03' },
      { worker_id: worker.id, work_date: '2025-04-01' },
    );
    await insertCharges(
      t.db,
      { worker_id: worker.id, charge_date: '2025-03-10', amount: 1_250, status: 'Approved' },
      { worker_id: worker.id, charge_date: '2025-03-20', amount: 300, status: 'Pending' },
      { worker_id: worker.id, charge_date: '2025-04-02', amount: 4_000, status: 'Rejected' },
    );
  }
  return { t, workers };
}

async function call(t: TestApp, method: 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await t.request({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.statusCode === 204 ? undefined : response.json();
}

const payslipRow = (
  worker: Pick<WorkerRow, 'id' | 'first_name' | 'last_name' | 'worker_id'>,
  status: NewPayslipRow['status'],
  period = MARCH,
): NewPayslipRow => ({
  id: randomUUID(),
  worker_id: worker.id,
  ...period,
  total_hours_worked: 480,
  total_overtime_hours: 0,
  hourly_rate: 1_000,
  overtime_rate: 1_500,
  basic_salary: 8_000,
  overtime_amount: 0,
  admin_charges_deduction: 0,
  other_deductions: 0,
  nett_salary: 8_000,
  status,
  generated_by: 'Demo',
  generated_by_user_id: null,
  generated_at: '2025-04-01T02:00:00.000Z',
  paid_at: status === 'Paid' ? '2025-04-05T02:00:00.000Z' : null,
  email_requested: 0,
  rate_type: 'Daily',
  salary_rate: 9_500,
  admin_charges_by_type: '[]',
  worker_first_name: worker.first_name,
  worker_last_name: worker.last_name,
  worker_code: worker.worker_id,
  worker_fin_no: null,
  worker_wp_no: null,
  worker_email: null,
  created_at: '2025-04-01T02:00:00.000Z',
  updated_at: '2025-04-01T02:00:00.000Z',
});

describe('payslip status totals', () => {
  it('follow generation, e-mail, the payroll run, mark-paid (single and batch), delete and a worker deletion', async () => {
    const { t, workers } = await setUp();
    const [ann, bala, chen, devi] = workers;
    if (!ann || !bala || !chen || !devi) throw new Error('workers not inserted');
    await expectStatusTotalsExact(t);

    const generated = await call(t, 'POST', '/api/payslips', { worker_id: ann.id, ...MARCH });
    expect(generated.status).toBe('Generated');
    const sentAtOnce = await call(t, 'POST', '/api/payslips', { worker_id: bala.id, ...MARCH, send_email: true });
    expect(sentAtOnce.status).toBe('Sent');
    await expectStatusTotalsExact(t);

    expect((await call(t, 'POST', `/api/payslips/${generated.id}/email`)).status).toBe('Sent');
    await expectStatusTotalsExact(t);

    // The rest of March in one statement, then April for everyone; a run with nothing left to add.
    expect(await call(t, 'POST', '/api/payroll-runs', MARCH)).toMatchObject({ generated: 2 });
    expect(await call(t, 'POST', '/api/payroll-runs', APRIL)).toMatchObject({ generated: 4 });
    expect(await call(t, 'POST', '/api/payroll-runs', APRIL)).toMatchObject({ generated: 0 });
    await expectStatusTotalsExact(t);

    const ids = async (period: typeof MARCH) =>
      (
        await t.db
          .selectFrom('payslips')
          .select('id')
          .where('pay_period_start', '=', period.pay_period_start)
          .orderBy('worker_first_name')
          .execute()
      ).map((row) => row.id);
    const [march0, march1, march2] = await ids(MARCH);
    // Single, then a batch holding a Sent, a Generated and an already Paid payslip.
    expect(await call(t, 'POST', '/api/payslips/mark-paid', { ids: [march0] })).toMatchObject({ payslips: 1 });
    await expectStatusTotalsExact(t);
    expect(await call(t, 'POST', '/api/payslips/mark-paid', { ids: [march0, march1, march2] })).toMatchObject({
      payslips: 2,
    });
    await expectStatusTotalsExact(t);
    // E-mailing a Paid payslip leaves it Paid.
    await t.request({ method: 'POST', url: `/api/payslips/${march0}/email` });
    await expectStatusTotalsExact(t);

    const [april0] = await ids(APRIL);
    await call(t, 'DELETE', `/api/payslips/${april0}`);
    await expectStatusTotalsExact(t);

    // Payslips and charges outlive their worker (worker_id set to null): the counts stay.
    await call(t, 'DELETE', `/api/workers/${devi.id}`);
    await expectStatusTotalsExact(t);
    expect((await t.request({ method: 'GET', url: '/api/payslips/summary' })).json()).toEqual({
      total: 7,
      generated: 4,
      sent: 0,
      paid: 3,
    });
  });

  it('follow writes that bypass the API: bulk loads, multi-row updates and deletes, and a rolled-back write', async () => {
    const { t, workers } = await setUp(30);
    const statuses = ['Draft', 'Generated', 'Sent', 'Paid'] as const;
    // The demo generator's path (one statement for many rows), then its charge deduction.
    await bulkInsert(
      t.db,
      'payslips',
      workers.flatMap((worker, i) => [
        payslipRow(worker, statuses[i % 4] ?? 'Generated'),
        payslipRow(worker, 'Paid', APRIL),
      ]),
    );
    await expectStatusTotalsExact(t);
    expect(await markChargesUnderPaidPayslipsDeducted(t.db, new Date().toISOString())).toBeGreaterThan(0);
    await expectStatusTotalsExact(t);

    await t.db.updateTable('payslips').set({ status: 'Sent' }).where('status', 'in', ['Draft', 'Generated']).execute();
    await expectStatusTotalsExact(t);
    // An update of other columns only, and one that sets every status to what it already is.
    await t.db.updateTable('payslips').set({ email_requested: 1 }).execute();
    await t.db
      .updateTable('payslips')
      .set((eb) => ({ status: eb.ref('status') }))
      .execute();
    await expectStatusTotalsExact(t);
    await t.db.deleteFrom('payslips').where('pay_period_start', '=', APRIL.pay_period_start).execute();
    await expectStatusTotalsExact(t);

    const before = await t.db.selectFrom('payslip_status_totals').selectAll().orderBy('status').execute();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('payslips').execute();
        throw new Error('the rest of the write failed');
      }),
    ).rejects.toThrow('the rest of the write failed');
    expect(await t.db.selectFrom('payslip_status_totals').selectAll().orderBy('status').execute()).toEqual(before);

    await t.db.deleteFrom('payslips').execute();
    await expectStatusTotalsExact(t);
    expect((await t.request({ method: 'GET', url: '/api/payslips/summary' })).json()).toEqual({
      total: 0,
      generated: 0,
      sent: 0,
      paid: 0,
    });
  });

  it('are filled from the payslips already there when the migration runs', async () => {
    let seeded = 0;
    const db = await createTestDatabase(
      migrateAround('0010-timesheet-month-totals', async (database) => {
        const workers = await insertWorkersBefore0032(database, {}, {}, {});
        await bulkInsert(
          database,
          'payslips',
          workers.map((worker, i) => payslipRow(worker, i === 0 ? 'Paid' : 'Generated')),
        );
        seeded = workers.length;
      }),
    );
    expect(seeded).toBe(3);
    expect(await db.selectFrom('payslip_status_totals').selectAll().orderBy('status').execute()).toEqual([
      { status: 'Draft', payslips: 0 },
      { status: 'Generated', payslips: 2 },
      { status: 'Paid', payslips: 1 },
      { status: 'Sent', payslips: 0 },
    ]);
    await db.destroy();
  });
});
