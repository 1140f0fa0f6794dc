import { execFileSync } from 'node:child_process';
import { apiRequest, expect, test } from './fixtures.ts';
import { GeneratePayslipScreen, PayslipListScreen, salaryLine, sgd } from './pages/payslips.ts';
import { TimesheetsPage } from './pages/timesheets.ts';
import { fullName, seedWorker, uniqueToken } from './pages/workers.ts';

/**
 * Decision 092: the default install pays by the Employment Act. A Sunday (the worker's rest day) worked 8
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

test("the worker form sets the terms the Act's pay reads, and the worker view shows them", async ({
  staffPage: page,
}) => {
  const worker = await seedWorker(page, {
    first_name: 'Bala',
    last_name: uniqueToken(),
    rate_type: 'Monthly',
    salary_rate: '1600',
  });
  expect(worker).toMatchObject({ rest_day: 'Sunday', working_days_per_week: 6, normal_hours_per_day: 8 });
  await page.goto(`/worker/edit/${worker.id}`);
  await page.getByLabel(/^Rest Day/).selectOption('Friday');
  await page.getByLabel(/^Working Days per Week/).selectOption('5.5');
  await page.getByLabel(/^Normal Hours per Day/).fill('7.5');
  await page.getByLabel(/^Declared Monthly Salary \(IPA\)/).fill('1650');
  await page.getByLabel(/^Employment Start Date/).fill('2026-03-16');
  await page.getByRole('button', { name: 'Update Worker' }).click();
  await expect(page).toHaveURL(new RegExp(`/worker/view/${worker.id}`));
  const profile = page.locator('dl');
  for (const [label, value] of [
    ['Rest Day', 'Friday'],
    ['Working Days per Week', '5.5'],
    ['Normal Hours per Day', '7.5 h'],
    ['Declared Monthly Salary (IPA)', sgd(1650)],
  ]) {
    await expect(
      profile
        .locator('div', { has: page.locator('dt', { hasText: label }) })
        .locator('dd')
        .first(),
    ).toHaveText(value as string);
  }
  const stored = await apiRequest<Record<string, unknown>>(page, 'GET', `/api/workers/${worker.id}`);
  expect(stored).toMatchObject({
    rest_day: 'Friday',
    working_days_per_week: 5.5,
    normal_hours_per_day: 7.5,
    declared_monthly_salary: 1650,
    employment_start_date: '2026-03-16',
  });
});

test("the public holidays screen lists Singapore's 2026 holidays, and adds, edits and deletes one", async ({
  staffPage: page,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Public Holidays' }).click();
  await expect(page).toHaveURL(/\/settings\/public-holidays$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Public Holidays' })).toBeVisible();
  await page.getByLabel('Year', { exact: true }).selectOption('2026');
  const table = page.getByRole('table', { name: 'Public holidays in 2026' });
  await expect(table.getByRole('row')).toHaveCount(12);
  // Vesak Day falls on Sunday 31 May 2026: observed on Monday 1 June.
  await expect(table.getByRole('row', { name: /Vesak Day/ })).toContainText('Monday');

  // A year of its own for the flow: 2028 is not seeded.
  await page.getByLabel('Year', { exact: true }).selectOption('2028');
  await expect(page.getByText('No public holidays in 2028')).toBeVisible();
  await page.getByRole('button', { name: 'Add Public Holiday' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Public Holiday' });
  // 2028-01-02 is a Sunday: left blank, the observed date is the Monday after.
  await dialog.getByLabel(/^Date/).fill('2028-01-02');
  await dialog.getByLabel(/^Name/).fill('Test Holiday');
  await dialog.getByRole('button', { name: 'Add Holiday' }).click();
  const row = page.getByRole('table', { name: 'Public holidays in 2028' }).getByRole('row', { name: /Test Holiday/ });
  await expect(row).toContainText('Monday');
  const listed = await apiRequest<{ items: Array<{ id: string; observed_date: string }> }>(
    page,
    'GET',
    '/api/public-holidays?year=2028',
  );
  expect(listed.items.map((item) => item.observed_date)).toEqual(['2028-01-03']);

  await page.getByRole('button', { name: 'Edit Test Holiday' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Public Holiday' });
  await edit.getByLabel(/^Name/).fill('Renamed Holiday');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('row', { name: /Renamed Holiday/ })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Renamed Holiday' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No public holidays in 2028')).toBeVisible();
});
