import { PAYSLIP_MESSAGES as M, payslipExistsMessage } from '@td/shared/options/payslips';
import { SKIP_REASONS } from '@td/shared/schemas/payslip';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertPayslipRow, insertTimesheets } from '../../../test/payroll-factories.ts';

/** SPEC 9: the same work is never paid twice; EA s.20: a salary period is at most one month. */

const OCTOBER = { pay_period_start: '2025-10-01', pay_period_end: '2025-10-31' };

async function givenWorker() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  const [worker] = await insertWorkers(t.db, {
    first_name: 'Rahim',
    last_name: 'Uddin',
    rate_type: 'Daily',
    salary_rate: 10_000,
  });
  if (!worker) throw new Error('no worker');
  await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-10-20' });
  return { t, worker };
}

const generate = (t: TestApp, workerId: string, period: { pay_period_start: string; pay_period_end: string }) =>
  t.request({ method: 'POST', url: '/api/payslips', payload: { worker_id: workerId, ...period } });

describe('payslip periods of one worker', () => {
  it('refuses a period overlapping an existing payslip with the duplicate message naming its period; the run skips it', async () => {
    const { t, worker } = await givenWorker();
    expect((await generate(t, worker.id, OCTOBER)).statusCode).toBe(201);
    const expected = payslipExistsMessage('Rahim Uddin', '2025-10-01', '2025-10-31', 'Generated');
    for (const period of [
      { pay_period_start: '2025-10-15', pay_period_end: '2025-10-31' },
      { pay_period_start: '2025-10-20', pay_period_end: '2025-10-20' },
      { pay_period_start: '2025-09-15', pay_period_end: '2025-10-01' },
    ]) {
      const response = await generate(t, worker.id, period);
      expect(response.statusCode, JSON.stringify(period)).toBe(409);
      expect(response.json().error.message).toBe(expected);
    }
    const preview = await t.request({
      method: 'POST',
      url: '/api/payslips/preview',
      payload: { worker_id: worker.id, pay_period_start: '2025-10-10', pay_period_end: '2025-10-25' },
    });
    expect(preview.json().existing_payslip).toMatchObject({ status: 'Generated' });

    const run = await t.request({
      method: 'POST',
      url: '/api/payroll-runs',
      payload: { pay_period_start: '2025-10-10', pay_period_end: '2025-10-25' },
    });
    expect(run.statusCode).toBe(201);
    expect(run.json()).toMatchObject({
      generated: 0,
      skipped: [
        { worker_id: worker.id, reason: SKIP_REASONS.overlaps('2025-10-01', '2025-10-31'), status: 'Generated' },
      ],
    });
    // The next period is free.
    expect(
      (await generate(t, worker.id, { pay_period_start: '2025-11-01', pay_period_end: '2025-11-30' })).statusCode,
    ).toBe(201);
    expect(await t.db.selectFrom('payslips').select('id').execute()).toHaveLength(2);
  });

  it('refuses a period longer than one calendar month (EA s.20)', async () => {
    const { t, worker } = await givenWorker();
    const tooLong = await generate(t, worker.id, { pay_period_start: '2025-10-15', pay_period_end: '2025-11-15' });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain(M.periodTooLong);
    const run = await t.request({
      method: 'POST',
      url: '/api/payroll-runs',
      payload: { pay_period_start: '2025-10-01', pay_period_end: '2025-11-01' },
    });
    expect(run.statusCode).toBe(400);
    expect(
      (await generate(t, worker.id, { pay_period_start: '2025-10-15', pay_period_end: '2025-11-14' })).statusCode,
    ).toBe(201);
  });

  it('is enforced by the database too', async () => {
    const { t, worker } = await givenWorker();
    await insertPayslipRow(t.db, { worker_id: worker.id, ...OCTOBER });
    await expect(
      insertPayslipRow(t.db, { worker_id: worker.id, pay_period_start: '2025-10-31', pay_period_end: '2025-11-05' }),
    ).rejects.toThrow();
    const other = await insertPayslipRow(t.db, {
      worker_id: worker.id,
      pay_period_start: '2025-11-01',
      pay_period_end: '2025-11-05',
    });
    await expect(
      t.db.updateTable('payslips').set({ pay_period_start: '2025-10-30' }).where('id', '=', other.id).execute(),
    ).rejects.toThrow();
  });

  it('lets exactly one of two overlapping payslips generated at the same moment through (40 rounds)', async () => {
    const { t, worker } = await givenWorker();
    for (let round = 0; round < 40; round++) {
      const responses = await Promise.all([
        generate(t, worker.id, OCTOBER),
        generate(t, worker.id, { pay_period_start: '2025-10-15', pay_period_end: '2025-11-14' }),
      ]);
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes, responses.map((response) => response.body).join('\n')).toEqual([201, 409]);
      const stored = await t.db.selectFrom('payslips').select('id').execute();
      expect(stored).toHaveLength(1);
      expect((await t.request({ method: 'DELETE', url: `/api/payslips/${stored[0]?.id}` })).statusCode).toBe(204);
    }
  }, 60_000);
});
