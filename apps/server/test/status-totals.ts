import { CHARGE_STATUSES } from '@td/shared/options/admin-charges';
import { PAYSLIP_STATUSES } from '@td/shared/options/payslips';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';

/**
 * The payslip and admin-charge tiles and the lists' totals, unfiltered or by status alone, must equal
 * the aggregates over the payslips and charges themselves after any write. The payslip tiles read the
 * status totals that triggers keep (decision 044), so their rows are checked too (one per status,
 * never below zero); the charge tiles are counted on read (decision 074). `t` must be signed in.
 */
export async function expectStatusTotalsExact(t: TestApp): Promise<void> {
  const payslipRows = await t.db
    .selectFrom('payslips')
    .select((eb) => ['status', eb.fn.countAll<number>().as('payslips')])
    .groupBy('status')
    .execute();
  const payslips = (status?: string) =>
    payslipRows
      .filter((row) => status === undefined || row.status === status)
      .reduce((sum, row) => sum + Number(row.payslips), 0);
  const chargeRows = await t.db
    .selectFrom('admin_charges')
    .select((eb) => ['status', eb.fn.countAll<number>().as('charges'), eb.fn.sum<number>('amount').as('amount')])
    .groupBy('status')
    .execute();
  const charges = (status?: string) =>
    chargeRows
      .filter((row) => status === undefined || row.status === status)
      .reduce((sum, row) => ({ count: sum.count + Number(row.charges), cents: sum.cents + Number(row.amount) }), {
        count: 0,
        cents: 0,
      });

  const byStatus = [...PAYSLIP_STATUSES].sort();
  expect(await t.db.selectFrom('payslip_status_totals').selectAll().orderBy('status').execute()).toEqual(
    byStatus.map((status) => ({ status, payslips: payslips(status) })),
  );

  const get = async (url: string) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  expect(await get('/api/payslips/summary')).toEqual({
    total: payslips(),
    generated: payslips('Generated'),
    sent: payslips('Sent'),
    paid: payslips('Paid'),
  });
  expect((await get('/api/payslips?pageSize=1')).total).toBe(payslips());
  for (const status of [...PAYSLIP_STATUSES, 'Unknown']) {
    expect((await get(`/api/payslips?pageSize=1&status=${status}`)).total, status).toBe(payslips(status));
  }

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
