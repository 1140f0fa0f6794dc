import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';

/** Decision 092 through the API, on both databases: the Act's pay by the setting's default. */
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

  it("pays decision 092's $1,800 worker for February 2026 $1,913.29, where PAY_RULES=seed keeps SPEC 9's $1,523.08", async () => {
    // Every working day of February 2026 but the two Chinese New Year holidays (17-18 Feb): 22 days of 8 h.
    const days: string[] = [];
    for (let day = 1; day <= 28; day++) {
      const date = `2026-02-${String(day).padStart(2, '0')}`;
      if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0 && date !== '2026-02-17' && date !== '2026-02-18') {
        days.push(date);
      }
    }
    expect(days).toHaveLength(22);
    const preview = async (payRules: 'employment-act' | 'seed') => {
      const t = await buildTestApp({ PAY_RULES: payRules });
      await t.signIn();
      const [worker] = await insertWorkers(t.db, { rate_type: 'Monthly', salary_rate: 180_000 });
      if (!worker) throw new Error('no worker');
      await insertTimesheets(
        t.db,
        ...days.map((work_date) => ({ worker_id: worker.id, work_date, hours_worked: 480, overtime_hours: 0 })),
      );
      // A Rejected charge: the seed deducts every status, the Act never a rejected one.
      await insertCharges(t.db, { worker_id: worker.id, charge_date: '2026-02-10', amount: 1_000, status: 'Rejected' });
      const response = await t.request({
        method: 'POST',
        url: '/api/payslips/preview',
        payload: { worker_id: worker.id, ...FEB },
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    // EA: the monthly salary whole (1,800.00), and 4 h past 44 in the weeks of 2-8 and 9-15 February at
    // 1.5 x 12 x 1800 / (52 x 44) = 14.160839... an hour: 8 h = 113.286713... -> 113.29. The week of
    // 16-22 February has 32 normal hours (two holidays); 23 February - 1 March belongs to March.
    expect(await preview('employment-act')).toMatchObject({
      pay_rules: 'employment-act',
      basic_salary: 1800,
      total_overtime_hours: 8,
      overtime_amount: 113.29,
      gross_salary: 1913.29,
      admin_charges_deduction: 0,
      nett_salary: 1913.29,
      pay_lines: { overtime: '8.00 h past 44 a week at $14.16 an hour (1.5 x the hourly basic rate)' },
    });
    // SPEC 9: 176 h x 1800 / 26 / 8 = 1,523.076923... -> 1,523.08, less the 10.00 charge of any status.
    expect(await preview('seed')).toMatchObject({
      pay_rules: 'seed',
      total_hours_worked: 176,
      hourly_rate: 8.65,
      basic_salary: 1523.08,
      overtime_amount: 0,
      admin_charges_deduction: 10,
      nett_salary: 1513.08,
      rest_day_pay: 0,
      public_holiday_pay: 0,
      not_deducted: [],
    });
  });

  it('warns a day over 12 hours and more than 72 overtime hours a month on the preview, and pays them', async () => {
    const t = await actApp();
    const [worker] = await insertWorkers(t.db, { rate_type: 'Hourly', salary_rate: 1_000 });
    if (!worker) throw new Error('no worker');
    // Mondays to Saturdays of 2-27 March 2026 (23 days), 12.5 h each (8 h and 4.5 h overtime); Saturday
    // 21 March is Hari Raya Puasa.
    const days: string[] = [];
    for (let day = 2; day <= 27; day++) {
      const date = `2026-03-${String(day).padStart(2, '0')}`;
      if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) days.push(date);
    }
    await insertTimesheets(
      t.db,
      ...days.map((work_date) => ({ worker_id: worker.id, work_date, hours_worked: 480, overtime_hours: 270 })),
    );
    const response = await t.request({
      method: 'POST',
      url: '/api/payslips/preview',
      payload: { worker_id: worker.id, pay_period_start: '2026-03-01', pay_period_end: '2026-03-31' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const codes = body.warnings.map((w: { code: string }) => w.code);
    expect(codes).toContain('DAY_OVER_12_HOURS');
    expect(codes).toContain('OVERTIME_OVER_72');
    // Overtime: 23 days x 4.5 h past 8 (the holiday's too), and 4 h past 44 in the weeks ending 8 and 15
    // March (6 days of 8 h; the holiday counts nothing toward the week ending 22 March): 103.5 + 8 =
    // 111.5 h at 15.00 = 1,672.50. Basic: 22 normal days x 8 h at 10.00 plus the holiday's day (80.00) =
    // 1,840.00; the holiday worked earns a day on top (80.00).
    expect(body).toMatchObject({
      total_hours_worked: 287.5,
      total_overtime_hours: 111.5,
      overtime_amount: 1672.5,
      basic_salary: 1840,
      public_holiday_pay: 80,
      gross_salary: 3592.5,
    });
  });

  it('refuses to mark Paid a payslip whose deductions are over half its salary (409 naming it, EA s.32)', async () => {
    const t = await actApp();
    const [worker] = await insertWorkers(t.db, {
      first_name: 'Kumar',
      last_name: 'Raj',
      rate_type: 'Monthly',
      salary_rate: 180_000,
    });
    if (!worker) throw new Error('no worker');
    const generated = await t.request({
      method: 'POST',
      url: '/api/payslips',
      payload: { worker_id: worker.id, ...FEB, other_deductions: 900.01 },
    });
    expect(generated.statusCode).toBe(201);
    expect(generated.json().warnings.map((w: { code: string }) => w.code)).toContain('DEDUCTIONS_OVER_HALF');
    const refused = await t.request({
      method: 'POST',
      url: '/api/payslips/mark-paid',
      payload: { ids: [generated.json().id] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Kumar Raj');
    expect((await t.request({ method: 'GET', url: `/api/payslips/${generated.json().id}` })).json().status).toBe(
      'Generated',
    );
  });
});
