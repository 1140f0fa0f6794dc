import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';

/** Issue 43 through the API, on both databases: the Act's pay by the setting's default. */
async function actApp(): Promise<TestApp> {
  const t = await buildTestApp({ PAY_RULES: 'employment-act' });
  await t.signIn();
  return t;
}
const FEB = { pay_period_start: '2026-02-01', pay_period_end: '2026-02-28' };

describe('PAY_RULES=employment-act', () => {
  it("pays a Sunday worked at the employer's request as two days and lists a Pending charge as not deducted", async () => {
    const t = await actApp();
    const [worker] = await insertWorkers(t.db, { rate_type: 'Monthly', salary_rate: 180_000 });
    if (!worker) throw new Error('no worker');
    await insertTimesheets(t.db, {
      worker_id: worker.id,
      work_date: '2026-02-08',
      hours_worked: 480,
      overtime_hours: 0,
    });
    const [charge] = await insertCharges(t.db, { worker_id: worker.id, charge_date: '2026-02-10', amount: 5_000 });
    const response = await t.request({
      method: 'POST',
      url: '/api/payslips/preview',
      payload: { worker_id: worker.id, ...FEB },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pay_rules: 'employment-act',
      basic_salary: 1800,
      rest_day_pay: 138.46,
      public_holiday_pay: 0,
      gross_salary: 1938.46,
      admin_charges_deduction: 0,
      nett_salary: 1938.46,
      hourly_rate: 9.44,
      overtime_rate: 14.16,
      not_deducted: [{ admin_charge_id: charge?.id, amount: 50 }],
      pay_lines: { rest_day: "1 rest day at the employer's request (EA s.37)" },
    });
    expect(response.json().warnings.map((w: { code: string }) => w.code)).toEqual(['CHARGES_NOT_APPROVED']);
    const generated = await t.request({
      method: 'POST',
      url: '/api/payslips',
      payload: { worker_id: worker.id, ...FEB },
    });
    expect(generated.statusCode).toBe(201);
    expect(generated.json()).toMatchObject({
      pay_rules: 'employment-act',
      rest_day_pay: 138.46,
      gross_salary: 1938.46,
    });
  });

  it('refuses a negative nett with 409 (a daily worker is paid Hari Raya Puasa, 21 March: $80.00)', async () => {
    const t = await actApp();
    const [worker] = await insertWorkers(t.db, { rate_type: 'Daily', salary_rate: 8_000 });
    if (!worker) throw new Error('no worker');
    const response = await t.request({
      method: 'POST',
      url: '/api/payslips',
      payload: {
        worker_id: worker.id,
        pay_period_start: '2026-03-01',
        pay_period_end: '2026-03-31',
        other_deductions: 80.01,
      },
    });
    expect(response.statusCode).toBe(409);
  });

  it('answers the seeded 2026 public holidays, observed dates included', async () => {
    const t = await actApp();
    const response = await t.request({ method: 'GET', url: '/api/public-holidays?year=2026' });
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items).toHaveLength(11);
    expect(items.find((h: { date: string }) => h.date === '2026-05-31')).toMatchObject({
      name: 'Vesak Day',
      observed_date: '2026-06-01',
    });
  });
});
