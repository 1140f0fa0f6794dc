import { negativeNettMessage } from '@td/shared/options/payslips';
import { SKIP_REASONS } from '@td/shared/schemas/payslip';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';

/** Probe finding 17: a payslip with a negative nett salary is never generated, whatever the pay rules. */

const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };

/** A Daily worker at 100.00 with one 8-hour day (100.00 earned) and a 150.00 charge: nett -50.00. */
async function givenChargesAboveEarnings(t: TestApp) {
  const [worker] = await insertWorkers(t.db, {
    first_name: 'Rahim',
    last_name: 'Uddin',
    rate_type: 'Daily',
    salary_rate: 10_000,
  });
  if (!worker) throw new Error('no worker');
  await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-03-03' });
  await insertCharges(t.db, { worker_id: worker.id, charge_date: '2025-03-04', amount: 15_000 });
  return worker;
}

async function signedInApp() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

const payslipCount = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('payslips')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a negative nett salary', () => {
  it('refuses single generation and the preview with 409 and the reason, and writes nothing', async () => {
    const t = await signedInApp();
    const worker = await givenChargesAboveEarnings(t);
    const expected = negativeNettMessage(-5_000);
    for (const url of ['/api/payslips/preview', '/api/payslips']) {
      const response = await t.request({ method: 'POST', url, payload: { worker_id: worker.id, ...MARCH } });
      expect(response.statusCode, `${url} ${response.body}`).toBe(409);
      expect(response.json().error.message).toBe(expected);
    }
    expect(expected).toContain('-$50.00');
    expect(await payslipCount(t)).toBe(0);
  });

  it('refuses other deductions that take the nett below zero, and accepts a nett of exactly zero', async () => {
    const t = await signedInApp();
    const [worker] = await insertWorkers(t.db, { rate_type: 'Daily', salary_rate: 10_000 });
    if (!worker) throw new Error('no worker');
    await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-03-03' });
    const generate = (other_deductions: number) =>
      t.request({
        method: 'POST',
        url: '/api/payslips',
        payload: { worker_id: worker.id, ...MARCH, other_deductions },
      });
    const over = await generate(100.01);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().error.message).toBe(negativeNettMessage(-1));
    const exact = await generate(100);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().nett_salary).toBe(0);
  });

  it('the payroll run skips such a worker with the reason and pays the others; its preview leaves them out of the totals', async () => {
    const t = await signedInApp();
    const negative = await givenChargesAboveEarnings(t);
    const [positive] = await insertWorkers(t.db, { rate_type: 'Daily', salary_rate: 10_000 });
    if (!positive) throw new Error('no worker');
    await insertTimesheets(t.db, { worker_id: positive.id, work_date: '2025-03-03' });
    const ids = [negative.id, positive.id];

    const preview = await t.request({
      method: 'POST',
      url: '/api/payroll-runs/preview',
      payload: { ...MARCH, worker_ids: ids },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().totals).toMatchObject({ workers: 2, to_generate: 1, nett_salary: 100 });

    const run = await t.request({ method: 'POST', url: '/api/payroll-runs', payload: { ...MARCH, worker_ids: ids } });
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json()).toMatchObject({
      generated: 1,
      nett_salary: 100,
      skipped: [{ worker_id: negative.id, worker_name: 'Rahim Uddin', reason: SKIP_REASONS.negativeNett(-5_000) }],
    });
    expect(await payslipCount(t)).toBe(1);
  });

  it('a pay run skips such a worker with the reason and drafts the others', async () => {
    const t = await signedInApp();
    const negative = await givenChargesAboveEarnings(t);
    const [positive] = await insertWorkers(t.db, { rate_type: 'Daily', salary_rate: 10_000 });
    if (!positive) throw new Error('no worker');
    await insertTimesheets(t.db, { worker_id: positive.id, work_date: '2025-03-03' });

    const started = await t.request({
      method: 'POST',
      url: '/api/pay-runs',
      payload: { ...MARCH, worker_ids: [negative.id, positive.id] },
    });
    expect(started.statusCode, started.body).toBe(202);
    let run = started.json();
    // Polled as the page does; a busy machine may take some seconds.
    for (let i = 0; i < 600 && run.status === 'Generating'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await t.request({ method: 'GET', url: `/api/pay-runs/${run.id}` })).json();
    }
    expect(run).toMatchObject({
      status: 'Draft',
      generated: 1,
      skipped: [{ worker_id: negative.id, reason: SKIP_REASONS.negativeNett(-5_000) }],
      totals: { nett_salary: 100 },
    });
    expect(await payslipCount(t)).toBe(1);
  });
});
