import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { readPdf } from '../../../test/pdf-text.ts';

/** The cells of a CSV answer (quoted cells unquoted), one array a line. */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) =>
      [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => m[1]?.replaceAll('""', '"') ?? m[2] ?? ''),
    );
}

/** Decision 103 on both databases: a pay run's additions, its statutory summary and the levy report. */

const MARCH = { pay_period_start: '2026-03-01', pay_period_end: '2026-03-31' };
const monthly = { status: 'Working', rate_type: 'Monthly', salary_rate: 180_000 } as const;

async function givenRun() {
  const t = await buildTestApp({ PAY_RULES: 'employment-act' });
  await t.signIn();
  const [citizen, pr, wp, late] = await insertWorkers(
    t.db,
    {
      ...monthly,
      first_name: 'Mei',
      last_name: 'Tan',
      fin_no: 'S8012345D',
      type_of_pass: 'Singapore Citizen',
      coretrade: null,
      date_of_birth: '1990-05-20',
    },
    {
      ...monthly,
      first_name: 'Arjun',
      last_name: 'Nair',
      fin_no: 'S8123456B',
      type_of_pass: 'PR',
      coretrade: null,
      date_of_birth: '1968-01-10',
      pr_start_date: '2025-02-01',
    },
    {
      ...monthly,
      first_name: 'Rahim',
      last_name: 'Uddin',
      fin_no: 'G1234567X',
      nationality: 'Bangladeshi',
      coretrade: 'R2',
      date_of_issuance: '2024-06-01',
    },
    {
      ...monthly,
      first_name: 'Wei',
      last_name: 'Chen',
      nationality: 'Chinese',
      coretrade: 'R1',
      date_of_issuance: '2026-03-16',
    },
  );
  if (!citizen || !pr || !wp || !late) throw new Error('no workers');
  const started = await t.request({
    method: 'POST',
    url: '/api/pay-runs',
    payload: {
      ...MARCH,
      additions: [
        { worker_id: citizen.id, label: 'Transport allowance', amount: 200, kind: 'allowance' },
        { worker_id: citizen.id, label: 'Performance bonus', amount: 500, kind: 'bonus' },
        { worker_id: wp.id, label: 'Site allowance', amount: 100, kind: 'allowance' },
      ],
    },
  });
  expect(started.statusCode).toBe(202);
  let run = started.json();
  for (let attempt = 0; attempt < 400 && run.status === 'Generating'; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    run = (await t.request({ method: 'GET', url: `/api/pay-runs/${run.id}` })).json();
  }
  expect(run.status).toBe('Draft');
  return { t, run, citizen, pr, wp, late };
}

describe('statutory summary of a pay run (decision 103)', () => {
  it("computes each worker's CPF, SDL and levy, and the summary adds up to the run's payslips", async () => {
    const { t, run, citizen, pr, wp, late } = await givenRun();
    const list = await t.request({ method: 'GET', url: `/api/payslips?pay_run_id=${run.id}&pageSize=100` });
    const payslips = new Map(
      (list.json().items as Array<{ worker_id: string }>).map((payslip) => [payslip.worker_id, payslip]),
    );
    // The citizen: 1,800 + 200 + 500; 37% of 2,500 = 925; SDL 6.25.
    expect(payslips.get(citizen.id)).toMatchObject({
      gross_salary: 2500,
      cpf_ordinary_wages: 2000,
      cpf_additional_wages: 500,
      cpf_employee: 500,
      cpf_employer: 425,
      sdl: 6.25,
      levy: 0,
      nett_salary: 2000,
    });
    // The PR in year 2, above 55 (G/G 6% / 12.5%): 18.5% of 1,800 = 333, the employee's 225.
    expect(payslips.get(pr.id)).toMatchObject({ cpf_employee: 225, cpf_employer: 108, sdl: 4.5, nett_salary: 1575 });
    // R2 from Bangladesh all month: $900; the site allowance counts in gross and SDL (0.25% of 1,900).
    expect(payslips.get(wp.id)).toMatchObject({
      gross_salary: 1900,
      cpf_employee: 0,
      sdl: 4.75,
      levy: 900,
      nett_salary: 1900,
    });
    // R1 from the PRC, issued 16 March: 16 days at 9.87.
    expect(payslips.get(late.id)).toMatchObject({ levy: 157.92, sdl: 4.5 });
    // The run's deductions hold the employee's CPF: gross - deductions = nett.
    expect(run.totals.gross - run.totals.deductions).toBeCloseTo(run.totals.nett_salary, 2);

    const csv = await t.request({ method: 'GET', url: `/api/pay-runs/${run.id}/statutory.csv` });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body.replace('\uFEFF', ''));
    expect(header).toEqual([
      'Section',
      'Worker ID',
      'NRIC/FIN',
      'Name',
      'Ordinary Wages',
      'Additional Wages',
      'Employee CPF',
      'Employer CPF',
      'Total CPF',
      'SDL',
      'Levy',
      'Due Date',
    ]);
    const bySection = (section: string) => rows.filter((row) => row[0] === section);
    expect(bySection('CPF').map((row) => [row[2], row[3], row[4], row[5], row[6], row[7], row[11]])).toEqual([
      ['S8123456B', 'Arjun Nair', '1800', '0', '225', '108', '2026-04-14'],
      ['S8012345D', 'Mei Tan', '2000', '500', '500', '425', '2026-04-14'],
    ]);
    expect(bySection('CPF total')[0]?.slice(4, 9)).toEqual(['3800', '500', '725', '533', '1258']);
    expect(bySection('SDL total')[0]?.[9]).toBe('20');
    expect(bySection('SDL payable')[0]?.[9]).toBe('20');
    expect(bySection('Levy').map((row) => [row[3], row[10], row[11]])).toEqual([
      ['Wei Chen', '157.92', '2026-04-17'],
      ['Rahim Uddin', '900', '2026-04-17'],
    ]);
    expect(bySection('Levy total')[0]?.[10]).toBe('1057.92');
    // Adds up to the payslips.
    const all = [...payslips.values()] as unknown as Array<{
      cpf_employee: number;
      cpf_employer: number;
      sdl: number;
      levy: number;
    }>;
    const sum = (pick: (p: (typeof all)[number]) => number) =>
      Math.round(all.reduce((s, p) => s + pick(p) * 100, 0)) / 100;
    expect(sum((p) => p.cpf_employee)).toBe(725);
    expect(sum((p) => p.cpf_employer)).toBe(533);
    expect(sum((p) => p.sdl)).toBe(20);
    expect(sum((p) => p.levy)).toBe(1057.92);

    const pdf = await t.request({ method: 'GET', url: `/api/pay-runs/${run.id}/statutory.pdf` });
    expect(pdf.statusCode).toBe(200);
    const { text } = readPdf(pdf.rawPayload);
    expect(text).toContain('CPF contributions (due by 2026-04-14)');
    expect(text).toContain('Mei Tan');
    expect(text).toContain('1057.92');

    // The register lists the additions and the statutory figures after its columns.
    const register = await t.request({ method: 'GET', url: `/api/pay-runs/${run.id}/register.csv` });
    const [registerHeader, ...registerRows] = parseCsv(register.body.replace('\uFEFF', ''));
    expect(registerHeader?.slice(-6)).toEqual(['Allowances', 'Bonuses', 'CPF Employee', 'CPF Employer', 'SDL', 'Levy']);
    expect(registerRows.at(-1)?.slice(-6)).toEqual(['300', '500', '725', '533', '20', '1057.92']);
  });

  it('answers the month levy report with its due date', async () => {
    const { t, wp, late } = await givenRun();
    const response = await t.request({ method: 'GET', url: '/api/reports/levy?month=2026-03' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.due_date).toBe('2026-04-17');
    expect(body.total).toBe(1057.92);
    expect(body.items).toEqual(
      expect.arrayContaining([
        { worker_id: wp.id, days: 31, monthly_rate: 900, amount: 900 },
        { worker_id: late.id, days: 16, monthly_rate: 300, amount: 157.92 },
      ]),
    );
    expect(body.items).toHaveLength(2);
    const february = await t.request({ method: 'GET', url: '/api/reports/levy?month=2026-02' });
    expect(february.json()).toEqual({
      items: [{ worker_id: wp.id, days: 28, monthly_rate: 900, amount: 900 }],
      total: 900,
      due_date: '2026-03-17',
    });
    const bad = await t.request({ method: 'GET', url: '/api/reports/levy?month=2026-13' });
    expect(bad.statusCode).toBe(400);
  });
});
