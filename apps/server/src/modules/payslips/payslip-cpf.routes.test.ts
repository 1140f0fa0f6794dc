import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertPayslipRow } from '../../../test/payroll-factories.ts';
import { readPdf } from '../../../test/pdf-text.ts';

/** Decision 103 through the API, on both databases: additions, CPF, SDL and levy on the payslip. */
async function actApp(): Promise<TestApp> {
  const t = await buildTestApp({ PAY_RULES: 'employment-act' });
  await t.signIn();
  return t;
}
const MARCH = { pay_period_start: '2026-03-01', pay_period_end: '2026-03-31' };
const monthly = { rate_type: 'Monthly', salary_rate: 180_000 } as const;
const ADDITIONS = [
  { label: 'Transport allowance', amount: 200, kind: 'allowance' },
  { label: 'Performance bonus', amount: '500.00', kind: 'bonus' },
];

describe('CPF, SDL and levy on payslips (decision 103)', () => {
  it("pays a citizen's allowance and bonus in gross, deducts the employee's CPF and shows the employer's", async () => {
    const t = await actApp();
    const [worker] = await insertWorkers(t.db, {
      ...monthly,
      type_of_pass: 'Singapore Citizen',
      nationality: 'Singaporean',
      coretrade: null,
      date_of_birth: '1990-05-20',
    });
    if (!worker) throw new Error('no worker');
    const payload = { worker_id: worker.id, ...MARCH, additions: ADDITIONS };
    const preview = await t.request({ method: 'POST', url: '/api/payslips/preview', payload });
    expect(preview.statusCode).toBe(200);
    // Gross 1,800 + 200 + 500 = 2,500: CPF 37% = 925, the employee's 20% = 500; SDL 0.25% = 6.25.
    const expected = {
      basic_salary: 1800,
      gross_salary: 2500,
      nett_salary: 2000,
      additions: [
        { label: 'Transport allowance', amount: 200, kind: 'allowance' },
        { label: 'Performance bonus', amount: 500, kind: 'bonus' },
      ],
      cpf_ordinary_wages: 2000,
      cpf_additional_wages: 500,
      cpf_employee: 500,
      cpf_employer: 425,
      sdl: 6.25,
      levy: 0,
    };
    expect(preview.json()).toMatchObject(expected);
    const generated = await t.request({ method: 'POST', url: '/api/payslips', payload });
    expect(generated.statusCode).toBe(201);
    expect(generated.json()).toMatchObject(expected);
    const read = await t.request({ method: 'GET', url: `/api/payslips/${generated.json().id}` });
    expect(read.json()).toMatchObject(expected);
    // The PDF shows each addition, the employee's CPF as a deduction and the employer's costs apart.
    const pdf = await t.request({ method: 'GET', url: `/api/payslips/${generated.json().id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const { text } = readPdf(pdf.rawPayload);
    expect(text).toContain('Transport allowance SGD 200.00 Allowance (ordinary wage for CPF)');
    expect(text).toContain('Performance bonus SGD 500.00 Bonus (additional wage for CPF)');
    expect(text).toContain('Gross salary SGD 2,500.00');
    expect(text).toContain(
      "CPF (employee's share) SGD 0.00 SGD 500.00 employee 20%, employer 17% (age 55 and below); ordinary wages SGD 2,000.00, additional wages SGD 500.00",
    );
    expect(text).toContain("CPF (employer's share) Skills Development Levy SGD 425.00 SGD 6.25");
    // The added fields come after the ones answered before decision 103.
    const keys = Object.keys(read.json());
    expect(keys.slice(-7)).toEqual([
      'additions',
      'cpf_ordinary_wages',
      'cpf_additional_wages',
      'cpf_employee',
      'cpf_employer',
      'sdl',
      'levy',
    ]);
  });

  it("pays a PR in the first year of PR status the graduated rates, and a WP holder's levy by the day", async () => {
    const t = await actApp();
    const [pr, wp] = await insertWorkers(
      t.db,
      { ...monthly, type_of_pass: 'PR', coretrade: null, date_of_birth: '1988-02-02', pr_start_date: '2026-01-05' },
      {
        ...monthly,
        type_of_pass: 'WP',
        nationality: 'Bangladeshi',
        coretrade: 'R2',
        date_of_issuance: '2026-03-16',
      },
    );
    if (!pr || !wp) throw new Error('no workers');
    const prSlip = await t.request({ method: 'POST', url: '/api/payslips', payload: { worker_id: pr.id, ...MARCH } });
    // G/G year 1: 9% of 1,800 = 162, the employee's 5% = 90.
    expect(prSlip.json()).toMatchObject({ cpf_employee: 90, cpf_employer: 72, sdl: 4.5, levy: 0, nett_salary: 1710 });
    const wpSlip = await t.request({ method: 'POST', url: '/api/payslips', payload: { worker_id: wp.id, ...MARCH } });
    // R2 from a non-traditional source: $900 a month; 16 days at 29.59 (900 x 12 / 365 rounded up).
    expect(wpSlip.json()).toMatchObject({
      cpf_employee: 0,
      cpf_employer: 0,
      sdl: 4.5,
      levy: 473.44,
      nett_salary: 1800,
    });
    const worker = await t.request({ method: 'GET', url: `/api/workers/${wp.id}` });
    expect(worker.json()).toMatchObject({ levy_tier: 'R2-NTS', levy_tier_override: null, pr_cpf_scheme: 'G/G' });
  });

  it("takes a December bonus up to the year's Additional Wage ceiling", async () => {
    const t = await actApp();
    const [worker] = await insertWorkers(t.db, {
      rate_type: 'Monthly',
      salary_rate: 800_000,
      type_of_pass: 'Singapore Citizen',
      coretrade: null,
      date_of_birth: '1985-07-07',
    });
    if (!worker) throw new Error('no worker');
    // January to November at the $8,000 ceiling: 88,000 of ordinary wages subject to CPF.
    for (let month = 1; month <= 11; month += 1) {
      const mm = String(month).padStart(2, '0');
      const last = new Date(Date.UTC(2026, month, 0)).getUTCDate();
      await insertPayslipRow(t.db, {
        worker_id: worker.id,
        pay_period_start: `2026-${mm}-01`,
        pay_period_end: `2026-${mm}-${last}`,
        cpf_ordinary_wages: 800_000,
      });
    }
    const response = await t.request({
      method: 'POST',
      url: '/api/payslips/preview',
      payload: {
        worker_id: worker.id,
        pay_period_start: '2026-12-01',
        pay_period_end: '2026-12-31',
        additions: [{ label: 'Year-end bonus', amount: 10_000, kind: 'bonus' }],
      },
    });
    // The AW ceiling: 102,000 - 96,000 = 6,000; CPF 37% of 14,000 = 5,180, the employee's 2,800.
    expect(response.json()).toMatchObject({
      gross_salary: 18_000,
      cpf_ordinary_wages: 8000,
      cpf_additional_wages: 6000,
      cpf_employee: 2800,
      cpf_employer: 2380,
      sdl: 11.25,
      nett_salary: 15_200,
    });
  });

  it("refuses a citizen's payslip without a date of birth, and a malformed addition", async () => {
    const t = await actApp();
    const [worker] = await insertWorkers(t.db, {
      ...monthly,
      first_name: 'Tan',
      last_name: 'Ah Kow',
      type_of_pass: 'Singapore Citizen',
      coretrade: null,
      date_of_birth: null,
    });
    if (!worker) throw new Error('no worker');
    const refused = await t.request({
      method: 'POST',
      url: '/api/payslips',
      payload: { worker_id: worker.id, ...MARCH },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain("Tan Ah Kow's date of birth is missing");
    const bad = await t.request({
      method: 'POST',
      url: '/api/payslips/preview',
      payload: { worker_id: worker.id, ...MARCH, additions: [{ label: 'x', amount: 10, kind: 'gift' }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});
