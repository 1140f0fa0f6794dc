import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertPayslipRow } from '../../../test/payroll-factories.ts';

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

/** Probe finding 25: the payslip list exports what it shows (decision 024's pattern). */
describe('GET /api/payslips/export', () => {
  it('answers 401 without a session', async () => {
    const t = await buildTestApp();
    expect((await t.request({ method: 'GET', url: '/api/payslips/export' })).statusCode).toBe(401);
  });

  it("downloads the payslips with the list's month, status and order, every page, formulas neutralised", async () => {
    const t = await buildTestApp();
    await t.signIn({ name: 'Hui Min' });
    const [ravi] = await insertWorkers(t.db, { first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-4321' });
    if (!ravi) throw new Error('worker not inserted');
    await insertPayslipRow(t.db, {
      worker_id: ravi.id,
      pay_period_start: '2025-03-01',
      pay_period_end: '2025-03-31',
      worker_first_name: '-Ravi',
      worker_last_name: 'Kumar',
      worker_code: 'TD-4321',
      total_hours_worked: 2700,
      total_overtime_hours: 150,
      basic_salary: 14063,
      overtime_amount: 1172,
      admin_charges_deduction: 1000,
      other_deductions: 250,
      nett_salary: 13985,
      status: 'Paid',
      // 04:23 on 2 April in Singapore: paid on 2 April there, whatever the UTC date says.
      generated_at: '2025-03-31T20:00:00.000Z',
      paid_at: '2025-04-01T20:23:00.000Z',
    });
    // 30 more covering March (more than a page of the list) and one covering February only.
    for (let i = 0; i < 30; i += 1) {
      await insertPayslipRow(t.db, {
        worker_id: null,
        pay_period_start: '2025-03-01',
        pay_period_end: '2025-03-31',
        worker_code: `TD-9${String(i).padStart(3, '0')}`,
        generated_at: '2025-03-31T10:00:00.000Z',
      });
    }
    await insertPayslipRow(t.db, { worker_id: null, pay_period_start: '2025-02-01', pay_period_end: '2025-02-28' });

    const response = await t.request({ method: 'GET', url: '/api/payslips/export?month=2025-03' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="payslips-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'Worker ID,Worker Name,Pay Period Start,Pay Period End,Hours Worked,Overtime Hours,Basic Salary (SGD),' +
        'Overtime Amount (SGD),Admin Charges Deduction (SGD),Other Deductions (SGD),Nett Salary (SGD),Status,' +
        'Generated On,Paid On',
    );
    expect(lines).toHaveLength(32);
    expect(lines).toContain(
      `TD-4321,'-Ravi Kumar,2025-03-01,2025-03-31,45,2.5,140.63,11.72,10,2.5,139.85,Paid,2025-04-01,2025-04-02`,
    );

    const paid = csvLines((await t.request({ method: 'GET', url: '/api/payslips/export?status=Paid' })).body);
    expect(paid).toHaveLength(2);
  });
});
