import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Decisions 040 and 052 (placed by decision 076): the server's page for a route names the build files
 * that route loads lazily and, for a list opened without a query string, what its page asks the API for
 * as it first renders (apps/web/route-preloads.ts writes both into the build); the build's index.html
 * preloads the session. These hold the preloads and the pages in step: each preload is fetched once,
 * and a page that asks for another URL (a changed page size, a new request) fails here.
 */
const PAGES: Record<string, string> = {
  '/worker-management': 'Worker Management',
  '/timesheet': 'Timesheet Management',
  '/admin-charge': 'Admin Charges',
  '/training-records': 'Training Records',
};

const fetchPreload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`;

// The service worker answers later navigations with the plain index.html (no route preloads): each page
// here is the server's own.
test.use({ serviceWorkers: 'block' });

/** Every same-origin request the page makes while it opens `path` and settles, as path and query. */
async function requestsOpening(page: Page, path: string, heading: string): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requests.push(url.pathname + url.search);
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return requests;
}

const preloadedApiRequests = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&'),
  );

for (const [path, heading] of Object.entries(PAGES)) {
  test(`${path} asks for exactly what its page preloads, once each`, async ({ staffPage: page }) => {
    const html = await (await page.request.get(path)).text();
    const data = preloadedApiRequests(html);
    expect(data).toContain('/api/auth/session');
    expect(data.length).toBeGreaterThan(1);
    const files = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');
    expect(files.some((file) => file.includes('-page-'))).toBe(true);
    const requests = await requestsOpening(page, path, heading);
    expect(requests.filter((url) => url.startsWith('/api/')).sort()).toEqual([...data].sort());
    for (const file of files)
      expect(
        requests.filter((url) => url === file),
        file,
      ).toHaveLength(1);
  });
}

test('a list opened with a query string is sent without the first page it would not use', async ({
  staffPage: page,
}) => {
  const html = await (await page.request.get('/worker-management?q=nobody')).text();
  expect(html).toContain(fetchPreload('/api/auth/session'));
  expect(html).not.toContain('/api/workers?');
  const requests = await requestsOpening(page, '/worker-management?q=nobody', 'Worker Management');
  expect(requests.filter((url) => url.startsWith('/api/workers?'))).toEqual([
    '/api/workers?q=nobody&page=1&pageSize=25',
  ]);
});

test('the sign-in page preloads the session and no chunk', async ({ page }) => {
  const html = await (await page.request.get('/login')).text();
  expect(preloadedApiRequests(html)).toEqual(['/api/auth/session']);
  expect(html).not.toContain('modulepreload');
});
