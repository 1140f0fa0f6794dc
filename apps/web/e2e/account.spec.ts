import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import { apiRequest, expect, test, toast } from './fixtures.ts';

/** A browser context signed in as `email` (another device of the same person, or the same one). */
async function signedInContext(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await apiRequest(page, 'POST', '/api/auth/login', { email, password });
  return { context, page };
}

// Decision 037: signed-in staff change their own password from the shell; other sessions end.
test('changes the password from the user menu, with every message at once, and signs other devices out', async ({
  staffPage,
  browser,
}) => {
  // An account of its own, so the shared e2e account keeps its password.
  const email = `password-${Date.now()}@example.com`;
  await apiRequest(staffPage, 'POST', '/api/users', {
    name: 'Pat Lim',
    email,
    password: 'first password 1',
    role: 'hr',
  });
  const laptop = await signedInContext(browser, email, 'first password 1');
  const phone = await signedInContext(browser, email, 'first password 1');
  const page = laptop.page;

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await expect(page).toHaveTitle(/Change password/);

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('different');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('New password must be at least 10 characters')).toBeVisible();
  await expect(page.getByText('The two new passwords do not match')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Current password' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Current password' }).fill('not my password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second password 2');
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('second password 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Current password' })).toBeFocused();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('textbox', { name: 'Current password' }).fill('first password 1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // This device stays signed in; the other one is signed out on the server.
  expect((await apiRequest<{ user: unknown }>(page, 'GET', '/api/auth/session')).user).toMatchObject({ email });
  expect((await apiRequest<{ user: unknown }>(phone.page, 'GET', '/api/auth/session')).user).toBeNull();
  await phone.page.goto('/worker-management');
  await expect(phone.page).toHaveURL(/\/login/);
  await laptop.context.close();
  await phone.context.close();
});
