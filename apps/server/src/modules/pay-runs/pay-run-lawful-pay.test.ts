import { payRunWarningMessage } from '@td/shared/options/pay-runs';
import { deductionsOverCapMessage, negativeNettMessage } from '@td/shared/options/payslips';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';

/**
 * Decision 082 with decision 092, on SQLite and PostgreSQL: a pay run computes its
 * payslips by the installation's PAY_RULES, skips a worker whose nett would be negative with the probe findings'
 * reason, and is neither approved nor paid while a payslip is over the EA s.32 deduction cap.
 */

const FEB = { pay_period_start: '2026-02-01', pay_period_end: '2026-02-28' };

async function signedIn(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp(env);
  await t.signIn();
  return t;
}

async function generatedRun(t: TestApp, workerIds: string[]) {
  const started = await t.request({ method: 'POST', url: '/api/pay-runs', payload: { ...FEB, worker_ids: workerIds } });
  expect(started.statusCode).toBe(202);
  for (let attempt = 0; attempt < 400; attempt++) {
    const run = (await t.request({ method: 'GET', url: `/api/pay-runs/${started.json().id}` })).json();
    if (run.status !== 'Generating') return run;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the run stayed Generating');
}

async function runPayslips(t: TestApp, runId: string) {
  const response = await t.request({ method: 'GET', url: `/api/payslips?pay_run_id=${runId}` });
  return response.json().items as Array<Record<string, unknown>>;
}

describe('a pay run by the installation pay rules', () => {
  it("PAY_RULES=employment-act: the run's payslip pays a Sunday worked as the Act does (EA s.37)", async () => {
    const t = await signedIn({ PAY_RULES: 'employment-act' });
    const [worker] = await insertWorkers(t.db, { status: 'Working', rate_type: 'Monthly', salary_rate: 180_000 });
    if (!worker) throw new Error('no worker');
    // 8 February 2026 is a Sunday, the worker's rest day by default.
    await insertTimesheets(t.db, {
      worker_id: worker.id,
      work_date: '2026-02-08',
      hours_worked: 480,
      overtime_hours: 0,
    });
    const run = await generatedRun(t, [worker.id]);
    expect(run).toMatchObject({ status: 'Draft', generated: 1, skipped: [], totals: { gross: 1938.46 } });
    const [payslip] = await runPayslips(t, run.id);
    expect(payslip).toMatchObject({
      pay_rules: 'employment-act',
      basic_salary: 1800,
      rest_day_pay: 138.46,
      gross_salary: 1938.46,
      nett_salary: 1938.46,
    });
  });

  it('skips a worker whose nett would be negative with the reason, and generates the others (probe finding 17)', async () => {
    const t = await signedIn();
    const [owing, paid] = await insertWorkers(
      t.db,
      { status: 'Working', rate_type: 'Daily', salary_rate: 10_000 },
      { status: 'Working', rate_type: 'Daily', salary_rate: 10_000 },
    );
    if (!owing || !paid) throw new Error('no workers');
    await insertTimesheets(
      t.db,
      { worker_id: owing.id, work_date: '2026-02-02', hours_worked: 480, overtime_hours: 0 },
      { worker_id: paid.id, work_date: '2026-02-02', hours_worked: 480, overtime_hours: 0 },
    );
    // The seed rules deduct every charge: $150.00 against a day's $100.00.
    await insertCharges(t.db, { worker_id: owing.id, charge_date: '2026-02-10', amount: 15_000, status: 'Approved' });
    const run = await generatedRun(t, [owing.id, paid.id]);
    expect(run).toMatchObject({
      status: 'Draft',
      generated: 1,
      skipped: [{ worker_id: owing.id, reason: negativeNettMessage(-5_000) }],
    });
    const payslips = await runPayslips(t, run.id);
    expect(payslips.map((payslip) => payslip.worker_id)).toEqual([paid.id]);
  });

  it('is neither approved nor paid while a payslip is over the EA s.32 cap (409 naming it)', async () => {
    const t = await signedIn({ PAY_RULES: 'employment-act' });
    const [worker] = await insertWorkers(t.db, {
      status: 'Working',
      first_name: 'Rahim',
      last_name: 'Uddin',
      rate_type: 'Monthly',
      salary_rate: 180_000,
      payment_mode: 'Cash',
    });
    if (!worker) throw new Error('no worker');
    await insertTimesheets(t.db, {
      worker_id: worker.id,
      work_date: '2026-02-02',
      hours_worked: 480,
      overtime_hours: 0,
    });
    const run = await generatedRun(t, [worker.id]);
    expect(run).toMatchObject({ status: 'Draft', generated: 1 });
    const [payslip] = await runPayslips(t, run.id);
    const overCap = () =>
      t.db.updateTable('payslips').set({ other_deductions: 100_000 }).where('id', '=', String(payslip?.id)).execute();
    const withinCap = () =>
      t.db.updateTable('payslips').set({ other_deductions: 0 }).where('id', '=', String(payslip?.id)).execute();
    const refusal = { code: 'CONFLICT', message: deductionsOverCapMessage(['Rahim Uddin']) };

    await overCap();
    const approve = await t.request({ method: 'POST', url: `/api/pay-runs/${run.id}/approve` });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toEqual(refusal);
    expect((await t.request({ method: 'GET', url: `/api/pay-runs/${run.id}` })).json().status).toBe('Draft');

    await withinCap();
    expect((await t.request({ method: 'POST', url: `/api/pay-runs/${run.id}/approve` })).statusCode).toBe(200);
    await overCap();
    const pay = await t.request({
      method: 'POST',
      url: `/api/pay-runs/${run.id}/pay`,
      payload: { payment_date: '2026-03-05' },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error).toEqual(refusal);
    expect((await t.request({ method: 'GET', url: `/api/pay-runs/${run.id}` })).json().status).toBe('Approved');
    // Nor by itself: a pay run's payslip is paid with its run.
    const alone = await t.request({ method: 'POST', url: '/api/payslips/mark-paid', payload: { ids: [payslip?.id] } });
    expect(alone.statusCode).toBe(409);
  });

  it("answers the run's warnings summary: each code, how many payslips carry it (decision 092), kept as payslips leave", async () => {
    const t = await signedIn({ PAY_RULES: 'employment-act' });
    const [long, charged] = await insertWorkers(
      t.db,
      { status: 'Working', rate_type: 'Daily', salary_rate: 10_000 },
      { status: 'Working', rate_type: 'Daily', salary_rate: 10_000 },
    );
    if (!long || !charged) throw new Error('no workers');
    await insertTimesheets(
      t.db,
      // 13 h in the day (8 h and 5 h overtime): DAY_OVER_12_HOURS.
      { worker_id: long.id, work_date: '2026-02-02', hours_worked: 480, overtime_hours: 300 },
      { worker_id: charged.id, work_date: '2026-02-02', hours_worked: 480, overtime_hours: 0 },
    );
    // Pending charges are not deducted by the Act: CHARGES_NOT_APPROVED on both payslips.
    await insertCharges(
      t.db,
      { worker_id: long.id, charge_date: '2026-02-10', amount: 1_000, status: 'Pending' },
      { worker_id: charged.id, charge_date: '2026-02-10', amount: 1_000, status: 'Pending' },
    );
    const run = await generatedRun(t, [long.id, charged.id]);
    expect(run.warnings).toEqual([
      { code: 'DAY_OVER_12_HOURS', payslips: 1, message: payRunWarningMessage('DAY_OVER_12_HOURS', 1) },
      { code: 'CHARGES_NOT_APPROVED', payslips: 2, message: payRunWarningMessage('CHARGES_NOT_APPROVED', 2) },
    ]);
    expect(payRunWarningMessage('CHARGES_NOT_APPROVED', 2)).toBe(
      '2 payslips: admin charges not Approved, not deducted',
    );
    const list = await t.request({ method: 'GET', url: '/api/pay-runs' });
    expect(list.json().items[0].warnings).toEqual(run.warnings);

    // The long day's payslip removed from the run: its warning leaves the summary with it.
    const payslips = await runPayslips(t, run.id);
    const longSlip = payslips.find((payslip) => payslip.worker_id === long.id);
    const removed = await t.request({ method: 'DELETE', url: `/api/pay-runs/${run.id}/payslips/${longSlip?.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().warnings).toEqual([
      { code: 'CHARGES_NOT_APPROVED', payslips: 1, message: payRunWarningMessage('CHARGES_NOT_APPROVED', 1) },
    ]);
    // Regenerated with deductions over half the salary ($300.00: the day and the two Chinese New Year
    // holidays a daily-rated worker is paid): DEDUCTIONS_OVER_HALF first.
    const chargedSlip = payslips.find((payslip) => payslip.worker_id === charged.id);
    const regenerated = await t.request({
      method: 'POST',
      url: `/api/pay-runs/${run.id}/payslips/${chargedSlip?.id}/regenerate`,
      payload: { other_deductions: 160 },
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(regenerated.json().warnings.map((w: { code: string }) => w.code)).toEqual([
      'DEDUCTIONS_OVER_HALF',
      'CHARGES_NOT_APPROVED',
    ]);
  });
});
