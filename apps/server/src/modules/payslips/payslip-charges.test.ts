import { describe, expect, it } from 'vitest';
import { buildAdminCharge } from '../../../test/admin-charge-factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';
import { CHARGE_ON_PAYSLIP_DELETE, CHARGE_ON_PAYSLIP_EDIT } from '../admin-charges/admin-charges.service.ts';

/**
 * Decision 081: a payslip records the admin charges it deducted when it is generated; paying it marks
 * exactly those Deducted, and they cannot be changed or deleted until the payslip is deleted.
 */

const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };

async function givenWorkerWithCharge() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  const [worker] = await insertWorkers(t.db, { rate_type: 'Daily', salary_rate: 10_000 });
  if (!worker) throw new Error('no worker');
  await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-03-03' });
  const [charge] = await insertCharges(t.db, { worker_id: worker.id, charge_date: '2025-03-10', amount: 1_000 });
  if (!charge) throw new Error('no charge');
  return { t, worker, charge };
}

async function generate(t: TestApp, workerId: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/payslips',
    payload: { worker_id: workerId, ...MARCH, other_deductions: 0 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; admin_charges_deduction: number };
}

const editCharge = (t: TestApp, id: string, workerId: string, amount: string) =>
  t.request({
    method: 'PUT',
    url: `/api/admin-charges/${id}`,
    payload: buildAdminCharge({ worker_id: workerId, charge_date: '2025-03-10', charge_type: 'Attendance', amount }),
  });

async function statusOf(t: TestApp, id: string) {
  const row = await t.db.selectFrom('admin_charges').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

describe('the admin charges a payslip deducted', () => {
  it('cannot be changed or deleted while the payslip stands; paying deducts exactly them, not a charge added since', async () => {
    const { t, worker, charge } = await givenWorkerWithCharge();
    const payslip = await generate(t, worker.id);
    expect(payslip.admin_charges_deduction).toBe(10);

    const edited = await editCharge(t, charge.id, worker.id, '50.00');
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error.message).toBe(CHARGE_ON_PAYSLIP_EDIT);
    const deleted = await t.request({ method: 'DELETE', url: `/api/admin-charges/${charge.id}` });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.message).toBe(CHARGE_ON_PAYSLIP_DELETE);

    const added = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: buildAdminCharge({ worker_id: worker.id, charge_date: '2025-03-20', amount: '25.00' }),
    });
    expect(added.statusCode).toBe(201);

    const paid = await t.request({ method: 'POST', url: '/api/payslips/mark-paid', payload: { ids: [payslip.id] } });
    expect(paid.json()).toEqual({ payslips: 1, admin_charges: 1 });
    expect(await statusOf(t, charge.id)).toBe('Deducted');
    expect(await statusOf(t, added.json().id)).toBe('Pending');
    // Not deducted, but the month is closed once a payslip of it is paid (decision 082's period lock).
    const closed = await t.request({ method: 'DELETE', url: `/api/admin-charges/${added.json().id}` });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toContain('this month is closed');
  });

  it('are deducted when the payslip is paid after its worker was deleted', async () => {
    const { t, worker, charge } = await givenWorkerWithCharge();
    const payslip = await generate(t, worker.id);
    expect((await t.request({ method: 'DELETE', url: `/api/workers/${worker.id}` })).statusCode).toBe(204);

    const paid = await t.request({ method: 'POST', url: '/api/payslips/mark-paid', payload: { ids: [payslip.id] } });
    expect(paid.json()).toEqual({ payslips: 1, admin_charges: 1 });
    expect(await statusOf(t, charge.id)).toBe('Deducted');
    expect((await t.request({ method: 'DELETE', url: `/api/admin-charges/${charge.id}` })).statusCode).toBe(409);
  });

  it('are free again once the payslip is deleted, and a regenerated payslip deducts them as they are then', async () => {
    const { t, worker, charge } = await givenWorkerWithCharge();
    const first = await generate(t, worker.id);
    expect((await t.request({ method: 'DELETE', url: `/api/payslips/${first.id}` })).statusCode).toBe(204);
    expect((await editCharge(t, charge.id, worker.id, '50.00')).statusCode).toBe(200);
    expect((await generate(t, worker.id)).admin_charges_deduction).toBe(50);
  });

  it('are recorded by a payroll run too', async () => {
    const { t, worker, charge } = await givenWorkerWithCharge();
    const run = await t.request({ method: 'POST', url: '/api/payroll-runs', payload: MARCH });
    expect(run.json()).toMatchObject({ generated: 1 });
    expect((await editCharge(t, charge.id, worker.id, '50.00')).statusCode).toBe(409);
    const paid = await t.request({
      method: 'POST',
      url: '/api/payslips/mark-paid',
      payload: { ids: run.json().payslip_ids },
    });
    expect(paid.json()).toEqual({ payslips: 1, admin_charges: 1 });
  });

  it('match what the payslip deducted when the charge is edited at the moment of generation (40 rounds)', async () => {
    const { t, worker, charge } = await givenWorkerWithCharge();
    for (let round = 0; round < 40; round++) {
      const amount = `${10 + round}.00`;
      const [generated, edited] = await Promise.all([
        t.request({ method: 'POST', url: '/api/payslips', payload: { worker_id: worker.id, ...MARCH } }),
        editCharge(t, charge.id, worker.id, amount),
      ]);
      expect(generated.statusCode, generated.body).toBe(201);
      // Either the edit went first (and the payslip deducts the new amount) or it is refused.
      expect([200, 409]).toContain(edited.statusCode);
      const stored = await t.db
        .selectFrom('admin_charges')
        .select('amount')
        .where('id', '=', charge.id)
        .executeTakeFirstOrThrow();
      expect(generated.json().admin_charges_deduction * 100).toBe(Number(stored.amount));
      if (edited.statusCode === 200) expect(Number(stored.amount)).toBe((10 + round) * 100);
      const removed = await t.request({ method: 'DELETE', url: `/api/payslips/${generated.json().id}` });
      expect(removed.statusCode).toBe(204);
    }
  }, 60_000);
});
