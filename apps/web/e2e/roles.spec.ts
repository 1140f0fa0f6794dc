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
