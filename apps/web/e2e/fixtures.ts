import { test as base, expect, type Page } from '@playwright/test';

/** The staff account created by first-account.spec.ts on the fresh database. */
export const STAFF = { name: 'Nur Aisyah', email: 'admin@example.com', password: 'e2e password 123' };

/** Calls the API from the page's browser context (same cookies), as the app's own origin. */
export async function apiRequest<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://localhost').origin;
  const response = await page.request.fetch(path, { method, data, headers: { origin } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** Signs the page's browser context in through the API (the UI sign-in has its own tests). */
export async function signIn(page: Page): Promise<void> {
  await apiRequest(page, 'POST', '/api/auth/login', { email: STAFF.email, password: STAFF.password });
}

/**
 * A toast as a person sees it: an item of the Notifications region. Not the `status` element Radix adds
 * beside it for screen readers, which it removes after a second: on a busy machine the page can take
 * longer than that to settle after the save that showed the toast.
 */
export const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });

export const test = base.extend<{ staffPage: Page }>({
  /** A page whose browser context is signed in as STAFF. */
  staffPage: async ({ page }, use) => {
    await signIn(page);
    await use(page);
  },
});

export { expect };
