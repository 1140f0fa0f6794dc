import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Decision 052: the server's page for a list route preloads what that page asks the API for as it first
 * renders (apps/server/src/web/client-routes.ts). These hold the two in step: a page that asks for
 * another URL (a changed page size, a new request) would fetch it beside a preload nobody uses.
 */
const LISTS: Record<string, { heading: string; data: string[] }> = {
  '/worker-management': {
    heading: 'Worker Management',
    data: ['/api/workers/dashboard', '/api/workers/companies', '/api/workers?page=1&pageSize=25'],
  },
  '/timesheet': {
    heading: 'Timesheet Management',
    data: ['/api/timesheets?page=1&pageSize=25', '/api/timesheets/summary'],
  },
  '/admin-charge': {
    heading: 'Admin Charges',
    data: ['/api/admin-charges?page=1&pageSize=25', '/api/admin-charges/summary'],
  },
  '/training-records': {
    heading: 'Training Records',
    data: ['/api/training-records?page=1&pageSize=25', '/api/training-records/summary'],
  },
};

// The service worker answers later navigations with the plain index.html (no preloads): each page here
// is the server's own.
test.use({ serviceWorkers: 'block' });

/** Every API request the page makes while it opens `path` and settles, in order. */
async function apiRequestsOpening(page: Page, path: string, heading: string): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname + url.search);
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return requests;
}

for (const [path, { heading, data }] of Object.entries(LISTS)) {
  test(`${path} asks the API for exactly what its page preloads, once each`, async ({ staffPage: page }) => {
    const html = await (await page.request.get(path)).text();
    for (const url of ['/api/auth/session', ...data]) {
      expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`);
    }
    const requests = await apiRequestsOpening(page, path, heading);
    expect([...requests].sort()).toEqual(['/api/auth/session', ...data].sort());
  });
}

test('a list opened with a query string is sent without the first page it would not use', async ({
  staffPage: page,
}) => {
  const html = await (await page.request.get('/worker-management?q=nobody')).text();
  expect(html).toContain('href="/api/auth/session"');
  expect(html).not.toContain('/api/workers?');
  const requests = await apiRequestsOpening(page, '/worker-management?q=nobody', 'Worker Management');
  expect(requests.filter((url) => url.startsWith('/api/workers?'))).toEqual([
    '/api/workers?q=nobody&page=1&pageSize=25',
  ]);
});
