import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Decision 040 (placed by decision 076): the server's page for a route names the build files that route
 * loads lazily (apps/web/route-preloads.ts writes them into the build), and the build's index.html
 * preloads the session, the app's first request. These check that each preload is fetched once, not
 * once more by the page that uses it.
 */
const PAGES: Record<string, string> = {
  '/worker-management': 'Worker Management',
  '/timesheet': 'Timesheet Management',
  '/admin-charge': 'Admin Charges',
  '/training-records': 'Training Records',
};

const SESSION_PRELOAD = '<link rel="preload" as="fetch" crossorigin href="/api/auth/session">';

// The service worker answers later navigations with the plain index.html (no chunk preloads): each page
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

for (const [path, heading] of Object.entries(PAGES)) {
  test(`${path} preloads the session and its own files, and fetches each once`, async ({ staffPage: page }) => {
    const html = await (await page.request.get(path)).text();
    expect(html).toContain(SESSION_PRELOAD);
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1] ?? '',
    );
    expect(preloaded.some((file) => file.includes('-page-'))).toBe(true);
    const requests = await requestsOpening(page, path, heading);
    expect(requests.filter((url) => url === '/api/auth/session')).toHaveLength(1);
    for (const file of preloaded)
      expect(
        requests.filter((url) => url === file),
        file,
      ).toHaveLength(1);
  });
}

test('the sign-in page preloads the session and no chunk', async ({ page }) => {
  const html = await (await page.request.get('/login')).text();
  expect(html).toContain(SESSION_PRELOAD);
  expect(html).not.toContain('modulepreload');
});
