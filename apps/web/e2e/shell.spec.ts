import AxeBuilder from '@axe-core/playwright';
import { PRODUCT_NAME, PRODUCT_TITLE } from '@td/shared/options/product';
import { expect, STAFF, test } from './fixtures.ts';

const SIDEBAR = [
  { name: 'Worker Management', url: '/worker-management', heading: 'Worker Management' },
  { name: 'Timesheet', url: '/timesheet', heading: 'Timesheet Management' },
  { name: 'Payslip', url: '/payslip', heading: 'Payslips' },
  { name: 'Training Records', url: '/training-records', heading: 'Training Records' },
  { name: 'Admin Charge', url: '/admin-charge', heading: 'Admin Charges' },
  { name: 'Dashboard', url: '/dashboard', heading: `Welcome to ${PRODUCT_NAME}` },
];

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('signed out', () => {
  test('protected routes redirect to the login screen, which / also shows', async ({ page }) => {
    await page.goto('/worker-management');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} ${PRODUCT_NAME}`)).toBeVisible();
  });

  test('the login form checks its fields before sending and shows the server message on failure', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByLabel('Email address').fill(STAFF.email);
    await page.getByLabel('Password').fill('a wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login screen has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('signs in, walks every sidebar entry with titles and the back arrow, and signs out for good', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle(PRODUCT_TITLE);
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  for (const card of ['Worker Management', 'Timesheet', 'Payslip', 'Training Records', 'Admin Charge']) {
    await expect(page.getByRole('link', { name: `View Details: ${card}` })).toBeVisible();
  }

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const entry of SIDEBAR) {
    await nav.getByRole('link', { name: entry.name }).click();
    await expect(page).toHaveURL(new RegExp(`${entry.url}$`));
    await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
    if (entry.url === '/dashboard') {
      await expect(page).toHaveTitle(PRODUCT_TITLE);
    } else {
      await expect(page).toHaveTitle(`${PRODUCT_NAME} | ${entry.heading}`);
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    }
  }

  // The back arrow goes one step back in history.
  await nav.getByRole('link', { name: 'Payslip' }).click();
  await nav.getByRole('link', { name: 'Timesheet' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/payslip$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toEqual({ user: null, role: null, permissions: [], required_action: null });
});

test('unknown routes show a Not Found page inside the shell', async ({ staffPage: page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the dashboard has no serious accessibility violations', async ({ staffPage: page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome to ${PRODUCT_NAME}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the menu button opens the sidebar on a small screen', async ({ staffPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeInViewport();
  await nav.getByRole('link', { name: 'Worker Management' }).click();
  await expect(page).toHaveURL(/\/worker-management$/);
  await expect(nav).not.toBeInViewport();
});

test('registers the service worker from /sw.js and keeps the theme light', async ({ staffPage: page }) => {
  await page.goto('/dashboard');
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});
