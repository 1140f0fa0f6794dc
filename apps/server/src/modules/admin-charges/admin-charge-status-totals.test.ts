import { describe, expect, it } from 'vitest';
import { buildAdminCharge, buildAdminChargeRow } from '../../../test/admin-charge-factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { expectStatusTotalsExact } from '../../../test/status-totals.ts';
import { bulkInsert } from '../../db/bulk-insert.ts';
import { deductAdminCharges } from './admin-charges.service.ts';

/**
 * Decision 044: the admin-charge tiles and the list's total (unfiltered, or by status alone) read
 * `admin_charge_status_totals`, which triggers keep. After every kind of write the counts and amounts
 * must equal the aggregates over the charges themselves (expectStatusTotalsExact). Paying a payslip,
 * which deducts charges, is in payslip-status-totals.test.ts.
 */

const MARCH = { from: '2025-03-01', to: '2025-03-31' };
const actor = { id: 'c0a80101-0000-4000-8000-000000000001', name: 'Payroll Staff' };

async function setUp() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  const [rahim, siti] = await insertWorkers(t.db, { first_name: 'Rahim' }, { first_name: 'Siti' });
  if (!rahim || !siti) throw new Error('workers not inserted');
  return { t, rahim, siti };
}

async function call(t: TestApp, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.request({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.statusCode === 204 ? undefined : response.json();
}

describe('admin charge status totals', () => {
  it('follow create, edit (amount and fields), approve, reject, delete, deduction and a worker deletion', async () => {
    const { t, rahim, siti } = await setUp();
    await expectStatusTotalsExact(t);

    const add = (workerId: string, amount: string, charge_date = '2025-03-14') =>
      call(t, 'POST', '/api/admin-charges', buildAdminCharge({ worker_id: workerId, amount, charge_date }));
    const first = await add(rahim.id, '150.00');
    const second = await add(rahim.id, '20.05');
    const third = await add(siti.id, '99.99');
    const fourth = await add(siti.id, '0.01', '2025-04-02');
    await expectStatusTotalsExact(t);

    // The amount, then other fields only (the amount the same).
    await call(t, 'PUT', `/api/admin-charges/${first.id}`, buildAdminCharge({ worker_id: rahim.id, amount: '175.5' }));
    await expectStatusTotalsExact(t);
    await call(
      t,
      'PUT',
      `/api/admin-charges/${first.id}`,
      buildAdminCharge({ worker_id: rahim.id, amount: '175.50', description: 'Second warning' }),
    );
    await expectStatusTotalsExact(t);

    await call(t, 'POST', `/api/admin-charges/${first.id}/approve`);
    await call(t, 'POST', `/api/admin-charges/${second.id}/reject`);
    await expectStatusTotalsExact(t);
    // An approved charge's amount changes under its new status.
    await call(t, 'PUT', `/api/admin-charges/${first.id}`, buildAdminCharge({ worker_id: rahim.id, amount: '180' }));
    await expectStatusTotalsExact(t);

    await call(t, 'DELETE', `/api/admin-charges/${third.id}`);
    await expectStatusTotalsExact(t);

    // Payroll's deductions: by worker and range, then by ids.
    await t.db.transaction().execute((trx) => deductAdminCharges(trx, actor, { workerId: rahim.id, range: MARCH }));
    await expectStatusTotalsExact(t);
    await t.db.transaction().execute((trx) => deductAdminCharges(trx, actor, { ids: [fourth.id] }));
    await expectStatusTotalsExact(t);

    // Charges outlive their worker (worker_id set to null): counts and amounts stay.
    await call(t, 'DELETE', `/api/workers/${siti.id}`);
    await expectStatusTotalsExact(t);
    expect((await t.request({ method: 'GET', url: '/api/admin-charges/summary' })).json()).toEqual({
      total: 3,
      pending: 0,
      approved: 0,
      rejected: 0,
      deducted: 3,
      total_amount: 200.06,
    });
  });

  it('follow writes that bypass the API: bulk loads, multi-row updates of status and amount, deletes', async () => {
    const { t, rahim } = await setUp();
    const statuses = ['Pending', 'Approved', 'Rejected', 'Deducted'] as const;
    // The demo generator's path (one statement for many rows).
    await bulkInsert(
      t.db,
      'admin_charges',
      Array.from({ length: 250 }, (_, i) =>
        buildAdminChargeRow({
          worker_id: i % 3 === 0 ? null : rahim.id,
          amount: 100 + ((i * 7919) % 50_000),
          status: statuses[i % 4] ?? 'Pending',
        }),
      ),
    );
    await expectStatusTotalsExact(t);

    await t.db
      .updateTable('admin_charges')
      .set((eb) => ({ amount: eb('amount', '+', 1) }))
      .where('status', '=', 'Pending')
      .execute();
    await expectStatusTotalsExact(t);
    await t.db
      .updateTable('admin_charges')
      .set((eb) => ({ status: 'Approved', amount: eb('amount', '*', 2) }))
      .where('status', 'in', ['Pending', 'Rejected'])
      .execute();
    await expectStatusTotalsExact(t);
    // Moves between two statuses that cancel out in one statement: Approved and Deducted swap.
    await t.db
      .updateTable('admin_charges')
      .set((eb) => ({
        status: eb
          .case()
          .when('status', '=', 'Approved')
          .then('Deducted')
          .else('Approved')
          .end()
          .$castTo<'Approved' | 'Deducted'>(),
      }))
      .where('status', 'in', ['Approved', 'Deducted'])
      .execute();
    await expectStatusTotalsExact(t);
    await t.db.updateTable('admin_charges').set({ description: 'Checked' }).execute();
    await expectStatusTotalsExact(t);

    await t.db.deleteFrom('admin_charges').where('worker_id', 'is', null).execute();
    await expectStatusTotalsExact(t);
    await t.db.deleteFrom('admin_charges').execute();
    await expectStatusTotalsExact(t);
    expect((await t.request({ method: 'GET', url: '/api/admin-charges/summary' })).json()).toMatchObject({
      total: 0,
      total_amount: 0,
    });
  });
});
