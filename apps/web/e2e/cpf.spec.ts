import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures.ts';
import { GeneratePayslipScreen, sgd } from './pages/payslips.ts';
import { seedWorker, uniqueToken } from './pages/workers.ts';

/**
 * Decision 103: a citizen paid a $1,800 month with a $200 transport allowance (ordinary
 * wage) and a $500 bonus (additional wage): gross $2,500; CPF 37% = $925, the employee's 20% = $500
 * deducted, the employer's $425 shown apart; SDL 0.25% = $6.25; nett $2,000. April 2026 is a month of
 * its own: no other flow pays it.
 */
test("pays a citizen's allowance and bonus, deducts the employee's CPF and prints the CPF lines in the PDF", async ({
  staffPage: page,
}) => {
  const last = uniqueToken();
  await seedWorker(page, {
    first_name: 'Mei Ling',
    last_name: last,
    type_of_pass: 'Singapore Citizen',
    nationality: 'Singaporean',
    wp_no: '',
    levy: '',
    coretrade: '',
    date_of_birth: '1990-05-20',
    rate_type: 'Monthly',
    salary_rate: '1800',
  });

  const screen = new GeneratePayslipScreen(page);
  await screen.open();
  await screen.pickWorker(last);
  await screen.setPeriod('2026-04-01', '2026-04-30');
  await page.getByRole('button', { name: 'Add allowance or bonus' }).click();
  await page.getByLabel('Addition 1 description').fill('Transport allowance');
  await page.getByLabel('Addition 1 amount ($)').fill('200');
  await page.getByRole('button', { name: 'Add allowance or bonus' }).click();
  await page.getByLabel('Addition 2 description').fill('Performance bonus');
  await page.getByLabel('Addition 2 amount ($)').fill('500');
  await page.getByLabel('Addition 2 kind').selectOption('bonus');
  await screen.calculate();
  await expect(screen.line('Transport allowance')).toHaveText(sgd(200));
  await expect(screen.line('Performance bonus')).toHaveText(sgd(500));
  await expect(screen.line('Gross Salary')).toHaveText(sgd(2500));
  await expect(screen.line("CPF (employee's share)")).toHaveText(`− ${sgd(500)}`);
  await expect(screen.line('Nett Salary')).toHaveText(sgd(2000));
  const employer = page.getByRole('region', { name: "Employer's contributions" });
  await expect(employer.getByText(sgd(425))).toBeVisible();
  await expect(employer.getByText(sgd(6.25))).toBeVisible();

  await page.getByRole('button', { name: 'Generate Payslip' }).click();
  await expect(page).toHaveURL(/\/payslip$/, { timeout: 5_000 });
  const listed = await page.request.get(`/api/payslips?q=${encodeURIComponent(last)}&month=2026-04`);
  const payslip = (await listed.json()).items[0];
  expect(payslip).toMatchObject({ cpf_employee: 500, cpf_employer: 425, sdl: 6.25, levy: 0, nett_salary: 2000 });

  await page.goto(`/payslip/view/${payslip.id}`);
  await page.getByRole('button', { name: 'Generate PDF' }).click();
  await expect(page.getByTitle('Payslip PDF preview')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await (await downloading).path();
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  expect(text).toContain('Transport allowance SGD 200.00');
  expect(text).toContain('Performance bonus SGD 500.00');
  expect(text).toContain('Gross salary SGD 2,500.00');
  expect(text).toMatch(/CPF \(employee's share\) SGD 500\.00/);
  expect(text).toContain('employee 20%, employer 17% (age 55 and below)');
  expect(text).toMatch(/CPF \(employer's share\) SGD 425\.00/);
  expect(text).toMatch(/Skills Development Levy SGD 6\.25/);
  expect(text).toContain('Nett salary SGD 2,000.00');
});
