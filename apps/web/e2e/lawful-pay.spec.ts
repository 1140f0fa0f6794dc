import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures.ts';
import { GeneratePayslipScreen, PayslipListScreen, salaryLine, sgd } from './pages/payslips.ts';
import { TimesheetsPage } from './pages/timesheets.ts';
import { fullName, seedWorker, uniqueToken } from './pages/workers.ts';

/**
 * Issue 43: the default install pays by the Employment Act. A Sunday (the worker's rest day) worked 8
 * hours at the employer's request earns two days' basic pay on top of the monthly salary (EA s.37;
 * PAYROLL-SG 3): $1,800 a month, 6 days a week, a day is 12 x 1800 / (52 x 6) = 69.230769..., two days
 * 138.461538... -> $138.46 (the seed's rules paid it as an ordinary day, $69.23). July 2017 is a month
 * of its own: no other flow pays it, and it has no public holiday in the table.
 */
test('a Sunday worked is asked who requested it, and is paid as two days on the payslip and in its PDF', async ({
  staffPage: page,
}) => {
  const last = uniqueToken();
  const worker = await seedWorker(page, {
    first_name: 'Arul',
    last_name: last,
    rate_type: 'Monthly',
    salary_rate: '1800',
  });
  const name = fullName(worker);

  const timesheets = new TimesheetsPage(page);
  await page.goto('/timesheet/add');
  await timesheets.pickWorker('Worker', worker.worker_id, worker);
  const question = page.getByLabel('Rest day work requested by');
  // Saturday is a working day: the question is not asked.
  await timesheets.field('Work Date').fill('2017-07-08');
  await expect(question).toBeHidden();
  // Sunday 9 July 2017: the worker's rest day.
  await timesheets.field('Work Date').fill('2017-07-09');
  await expect(question).toBeVisible();
  await expect(question).toHaveValue('Employer');
  await timesheets.field('Time In').fill('08:00');
  await timesheets.field('Time Out').fill('17:00');
  await expect(timesheets.field('Hours Worked')).toHaveValue('8.00');
  await page.getByRole('button', { name: 'Save Timesheet' }).click();
  await expect(page).toHaveURL(/\/timesheet\?month=2017-07$/);

  const screen = new GeneratePayslipScreen(page);
  await screen.open();
  await screen.pickWorker(last);
  await screen.setPeriod('2017-07-01', '2017-07-31');
  await screen.calculate();
  await expect(screen.line('Basic Salary')).toHaveText(sgd(1800));
  await expect(screen.line('Rest-day Pay')).toHaveText(sgd(138.46));
  await expect(screen.calculation.getByText("1 rest day at the employer's request (EA s.37)")).toBeVisible();
  await expect(screen.line('Overtime Amount')).toHaveText(sgd(0));
  await expect(screen.line('Gross Salary')).toHaveText(sgd(1938.46));
  await expect(screen.line('Nett Salary')).toHaveText(sgd(1938.46));
  await page.getByRole('button', { name: 'Generate Payslip' }).click();
  await expect(page).toHaveURL(/\/payslip$/, { timeout: 5_000 });

  const list = new PayslipListScreen(page);
  await page.getByLabel('Month').fill('2017-07');
  await list.search(last);
  const row = list.row(name);
  await expect(row).toContainText(sgd(1938.46));
  await row
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(salaryLine(page, 'Rest-day Pay')).toHaveText(sgd(138.46));
  await expect(page.getByText("1 rest day at the employer's request (EA s.37)")).toBeVisible();

  await page.getByRole('button', { name: 'Generate PDF' }).click();
  await expect(page.getByTitle('Payslip PDF preview')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await (await downloading).path();
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  expect(text).toContain('Basic salary SGD 1,800.00');
  expect(text).toContain('Rest-day pay SGD 138.46');
  expect(text).toContain("1 rest day at the employer's request (EA s.37)");
  expect(text).toContain('Gross salary SGD 1,938.46');
  expect(text).toContain('Nett salary SGD 1,938.46');
});
