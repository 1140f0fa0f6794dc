import { CHARGE_STATUSES } from '@td/shared/options/admin-charges';
import { describe, expect, it } from 'vitest';
import { buildAdminCharge } from '../../../test/admin-charge-factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { daysOf, insertTimesheets } from '../../../test/payroll-factories.ts';
import { chargeIdsToDeduct, markChargesDeducted } from './public.ts';

/**
 * SPEC 2 tiles (Total, Pending, Approved, Rejected, Deducted, total amount) and the list's total,
 * unfiltered and by status: after every kind of write they equal the aggregates over the charges
 * themselves. Decision 075: they are those aggregates, read on each request (GROUP BY status).
 */
async function expectTilesExact(t: TestApp): Promise<void> {
  const rows = await t.db.selectFrom('admin_charges').select(['status', 'amount']).execute();
  const charges = (status?: string) => {
    const matching = rows.filter((row) => status === undefined || row.status === status);
    return { count: matching.length, cents: matching.reduce((sum, row) => sum + Number(row.amount), 0) };
  };
  const get = async (url: string) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  const tiles = (status?: string) => ({
    total: charges(status).count,
    pending: status === undefined || status === 'Pending' ? charges('Pending').count : 0,
    approved: status === undefined || status === 'Approved' ? charges('Approved').count : 0,
    rejected: status === undefined || status === 'Rejected' ? charges('Rejected').count : 0,
    deducted: status === undefined || status === 'Deducted' ? charges('Deducted').count : 0,
    total_amount: charges(status).cents / 100,
  });
  expect(await get('/api/admin-charges/summary')).toEqual(tiles());
  expect((await get('/api/admin-charges?pageSize=1')).total).toBe(charges().count);
  for (const status of [...CHARGE_STATUSES, 'Unknown']) {
    expect(await get(`/api/admin-charges/summary?status=${status}`), status).toEqual(tiles(status));
    expect((await get(`/api/admin-charges?pageSize=1&status=${status}`)).total, status).toBe(charges(status).count);
  }
}

const MARCH = { start: '2025-03-01', end: '2025-03-31' };

async function setUp() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  const [rahim, siti] = await insertWorkers(t.db, { first_name: 'Rahim' }, { first_name: 'Siti' });
  if (!rahim || !siti) throw new Error('workers not inserted');
  // Rahim's March earnings (10 days at 10.00 an hour) cover his charges: a payslip with a negative nett
  // is never generated (probe finding 17).
  await insertTimesheets(
    t.db,
    ...daysOf('2025-03-02', '2025-03-11').map((work_date) => ({ worker_id: rahim.id, work_date })),
  );
  return { t, rahim, siti };
}

async function call(t: TestApp, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.request({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.statusCode === 204 ? undefined : response.json();
}

describe('admin charge tiles', () => {
  it('follow create, edit (amount and fields), approve, reject, delete, deduction and a worker deletion', async () => {
    const { t, rahim, siti } = await setUp();
    await expectTilesExact(t);

    const add = (workerId: string, amount: string, charge_date = '2025-03-14') =>
      call(t, 'POST', '/api/admin-charges', buildAdminCharge({ worker_id: workerId, amount, charge_date }));
    const first = await add(rahim.id, '150.00');
    const second = await add(rahim.id, '20.05');
    const third = await add(siti.id, '99.99');
    const fourth = await add(siti.id, '0.01', '2025-04-02');
    await expectTilesExact(t);

    // The amount, then other fields only (the amount the same).
    await call(t, 'PUT', `/api/admin-charges/${first.id}`, buildAdminCharge({ worker_id: rahim.id, amount: '175.5' }));
    await expectTilesExact(t);
    await call(
      t,
      'PUT',
      `/api/admin-charges/${first.id}`,
      buildAdminCharge({ worker_id: rahim.id, amount: '175.50', description: 'Second warning' }),
    );
    await expectTilesExact(t);

    await call(t, 'POST', `/api/admin-charges/${first.id}/approve`);
    await call(t, 'POST', `/api/admin-charges/${second.id}/reject`);
    await expectTilesExact(t);
    // An approved charge's amount changes under its new status.
    await call(t, 'PUT', `/api/admin-charges/${first.id}`, buildAdminCharge({ worker_id: rahim.id, amount: '180' }));
    await expectTilesExact(t);

    await call(t, 'DELETE', `/api/admin-charges/${third.id}`);
    await expectTilesExact(t);

    // Payroll's deduction: paying Rahim's March payslip (SPEC 4), then a charge by id.
    const payslip = await call(t, 'POST', '/api/payslips', {
      worker_id: rahim.id,
      pay_period_start: MARCH.start,
      pay_period_end: MARCH.end,
    });
    expect(await call(t, 'POST', '/api/payslips/mark-paid', { ids: [payslip.id] })).toEqual({
      payslips: 1,
      admin_charges: 2,
    });
    await expectTilesExact(t);
    await t.db.transaction().execute((trx) => markChargesDeducted(trx, [fourth.id], new Date().toISOString()));
    expect(await chargeIdsToDeduct(t.db, [payslip.id])).toEqual([]);
    await expectTilesExact(t);

    // Charges outlive their worker (worker_id set to null): counts and amounts stay.
    await call(t, 'DELETE', `/api/workers/${siti.id}`);
    await expectTilesExact(t);
    expect((await t.request({ method: 'GET', url: '/api/admin-charges/summary' })).json()).toEqual({
      total: 3,
      pending: 0,
      approved: 0,
      rejected: 0,
      deducted: 3,
      total_amount: 200.06,
    });
  });
});
