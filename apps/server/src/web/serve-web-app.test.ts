import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>TD Workforce</title>
    <!-- As large as the real shell (about 1 KB), which is compressed: ${'-'.repeat(900)} -->
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="preload" as="fetch" crossorigin href="/api/auth/session">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** A built web app with its route preloads: the entry and the worker list's page and shell chunks. */
function fakeWebBuild(dataDir: string): string {
  const dist = path.join(dataDir, 'web-dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  for (const file of ['index-A1.js', 'protected-route-B2.js', 'app-layout-C3.js', 'worker-list-page-D4.js']) {
    fs.writeFileSync(path.join(dist, 'assets', file), `console.log(${JSON.stringify(file)})`);
  }
  // What apps/web/route-preloads.ts writes.
  fs.writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify([
      { path: '/login', files: [] },
      {
        path: '/worker-management',
        files: ['assets/protected-route-B2.js', 'assets/app-layout-C3.js', 'assets/worker-list-page-D4.js'],
        firstData: ['/api/workers?page=1&pageSize=25'],
      },
    ]),
  );
  return dist;
}

async function appWithWebBuild(): Promise<TestApp> {
  const probe = await buildTestApp();
  fs.mkdirSync(probe.dataDir, { recursive: true });
  return buildTestApp({ WEB_DIST_DIR: fakeWebBuild(probe.dataDir) });
}

describe('the app shell of each route (decision 040)', () => {
  it("names the route's chunks beside the entry, with the shell's headers", async () => {
    const t = await appWithWebBuild();
    const list = await t.app.inject({ method: 'GET', url: '/worker-management?page=2' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(String(list.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const chunk of ['protected-route-B2.js', 'app-layout-C3.js', 'worker-list-page-D4.js']) {
      expect(list.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}">`);
    }
    // Opened with a query string: the first page's data is not preloaded, the chunks are.
    expect(list.body).not.toContain('/api/workers?');
    const first = await t.app.inject({ method: 'GET', url: '/worker-management' });
    expect(first.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/workers?page=1&amp;pageSize=25">',
    );
    // No inline script: the page keeps working under the CSP without 'unsafe-inline'.
    expect(list.body.match(/<script/g)).toHaveLength(1);

    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toBe(INDEX);
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(login.body);
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('is compressed for browsers that accept it and answers 304 to its own validator', async () => {
    const t = await appWithWebBuild();
    const plain = await t.app.inject({ method: 'GET', url: '/worker-management' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    const br = await t.app.inject({
      method: 'GET',
      url: '/worker-management',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/worker-management',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const etag = String(plain.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/worker-management', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    const otherPage = await t.app.inject({ method: 'GET', url: '/login', headers: { 'if-none-match': etag } });
    expect(otherPage.statusCode).toBe(200);
  });
});
