import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { apiRequest, expect, test, toast } from './fixtures.ts';
import { seedTimesheetWorker } from './pages/timesheets.ts';
import { fullName, uniqueToken } from './pages/workers.ts';

/**
 * Decision 104: staff roles and two-factor sign-in. This file's timesheets are in June 2007,
 * a month no other spec uses.
 */
const PASSWORD = 'role e2e password 1';

async function addAccount(page: Page, role: string): Promise<{ id: string; email: string; name: string }> {
  const name = `${role[0]?.toUpperCase()}${role.slice(1)} ${uniqueToken()}`;
  const email = `${name.replace(' ', '.').toLowerCase()}@example.com`;
  const account = await apiRequest<{ id: string }>(page, 'POST', '/api/users', {
    name,
    email,
    password: PASSWORD,
    role,
  });
  return { id: account.id, email, name };
}

/** A browser of its own, signed in through the sign-in screen. */
async function signInAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

test('a supervisor enters a crew timesheet, sees no FIN anywhere and is refused payslips', async ({
  staffPage: admin,
  browser,
}) => {
  const company = `Roles ${uniqueToken()} Pte Ltd`;
  const crew = [
    await seedTimesheetWorker(admin, { first_name: 'Arif', supplied_to_company: company }),
    await seedTimesheetWorker(admin, { first_name: 'Bala', supplied_to_company: company }),
  ];
  const supervisor = await addAccount(admin, 'supervisor');
  const page = await signInAs(browser, supervisor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Timesheet' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payslip' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff Accounts' })).toHaveCount(0);

  await page.goto('/timesheet/crew');
  await expect(page.getByRole('heading', { level: 1, name: 'Crew Entry' })).toBeVisible();
  await page.getByLabel(/^Work Date\*?$/).fill('2007-06-12');
  await page.getByLabel('Add every Working worker supplied to').selectOption({ label: `${company} (2)` });
  await page.getByRole('button', { name: 'Add Crew' }).click();
  await page.getByRole('button', { name: 'Save 2 Timesheets' }).click();
  await expect(page.getByRole('region', { name: 'Crew entry result' })).toContainText('2 timesheets saved');

  // No FIN on the worker list, the worker's page or in the picker's answers.
  for (const worker of crew) {
    await page.goto(`/worker/view/${worker.id}`);
    await expect(page.getByRole('heading', { level: 1, name: fullName(worker) })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(worker.fin_no ?? 'no FIN');
    await expect(page.getByRole('link', { name: 'Update Worker' })).toHaveCount(0);
  }
  await page.goto(`/worker-management?q=${encodeURIComponent(crew[0]?.last_name ?? '')}`);
  await expect(page.getByRole('link', { name: /View/ }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(crew[0]?.fin_no ?? 'no FIN');
  const byFin = await page.request.get(`/api/workers?page=1&pageSize=10&q=${crew[0]?.fin_no}`);
  expect((await byFin.json()).total).toBe(0);

  // Nor on the month's timesheet list the crew entry added to.
  await page.goto('/timesheet?month=2007-06');
  await expect(page.getByText(fullName(crew[0] ?? { first_name: '', last_name: '' })).first()).toBeVisible();
  for (const worker of crew) await expect(page.locator('body')).not.toContainText(worker.fin_no ?? 'no FIN');

  // A payslip's address, typed or shared, is refused.
  await page.goto('/payslip');
  await expect(page.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  const pdf = await page.request.get(`/api/payslips/${randomUUID()}/pdf`);
  expect(pdf.status()).toBe(403);
  expect((await pdf.json()).error.code).toBe('FORBIDDEN');
  await page.context().close();
});

test('payroll turns on two-factor sign-in and signs in with a code', async ({ staffPage: admin, browser }) => {
  const payroll = await addAccount(admin, 'payroll');
  const page = await signInAs(browser, payroll.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByLabel(/^Authentication code/).fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('Two-factor sign-in is on for your account.')).toBeVisible();
  await page.context().close();

  // The next sign-in asks for the code after the password.
  const again = await signInAs(browser, payroll.email);
  await expect(again.getByLabel(/^Authentication code/)).toBeVisible();
  await again.getByLabel(/^Authentication code/).fill('000000' === totp.generate() ? '111111' : '000000');
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(again.getByRole('alert')).toContainText('That code is not right');
  // Decision 108: the code that turned it on is used up; the next step's code (the window takes it) signs in.
  await again.getByLabel(/^Authentication code/).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(again).toHaveURL(/\/dashboard$/);
  await expect(again.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payslip' })).toBeVisible();
  await again.context().close();
});

test('an admin changes a staff member’s role on the staff screen', async ({ staffPage: page }) => {
  const hr = await addAccount(page, 'hr');
  await page.goto('/settings/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Accounts' })).toBeVisible();
  await page.getByLabel(`Role of ${hr.name}`).selectOption('viewer');
  await expect(toast(page, `${hr.name} is now Viewer`)).toBeVisible();
  const { items } = await apiRequest<{ items: Array<{ id: string; role: string }> }>(page, 'GET', '/api/users');
  expect(items.find((account) => account.id === hr.id)?.role).toBe('viewer');
});

test('HR edits a worker without seeing the pay, which the save keeps (decision 108)', async ({
  staffPage: admin,
  browser,
}) => {
  const worker = await seedTimesheetWorker(admin, {
    salary_rate: '1850.50',
    bank_swift_code: 'DBSSSGSG',
    bank_account_no: '0123456789',
  });
  const hr = await addAccount(admin, 'hr');
  const page = await signInAs(browser, hr.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/worker/edit/${worker.id}`);
  const form = page.getByRole('form', { name: 'Edit Worker' });
  await expect(form.getByLabel(/^Designation/)).toBeVisible();
  await expect(form.getByLabel(/^Salary Rate/)).toHaveCount(0);
  await expect(form.getByLabel(/^Bank Account/)).toHaveCount(0);
  await form.getByLabel(/^Designation/).fill('Rigger');
  await page.getByRole('button', { name: 'Update Worker' }).click();
  await expect(toast(page, 'Changes saved')).toBeVisible();
  const stored = await apiRequest<{ designation: string; salary_rate: number; bank_account_no: string }>(
    admin,
    'GET',
    `/api/workers/${worker.id}`,
  );
  expect(stored).toMatchObject({ designation: 'Rigger', salary_rate: 1850.5, bank_account_no: '0123456789' });
  // Pay screens are not HR's.
  await page.goto('/payslip');
  await expect(page.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  await page.context().close();
});

test('a viewer reads payslips and pay runs without the buttons that change them (decision 108)', async ({
  staffPage: admin,
  browser,
}) => {
  const viewer = await addAccount(admin, 'viewer');
  const page = await signInAs(browser, viewer.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/payslip');
  await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Generate Payslip' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Batch Select' })).toHaveCount(0);
  await page.goto('/payslip/run');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Runs' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'New pay run' })).toHaveCount(0);
  await page.goto('/payslip/generate');
  await expect(page.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  await page.goto('/timesheet/crew');
  await expect(page.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  await page.context().close();
});
