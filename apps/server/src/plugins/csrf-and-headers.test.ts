/**
 * docs/reliability.md, "CSRF and security headers" (decision 035): every state-changing route of the
 * route table refuses a request whose `Origin` (or, without one, `Referer`) is not the app's own,
 * `Origin: null` included; every answer carries a strict CSP without inline script, frame-ancestors
 * 'none', nosniff and a referrer policy.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, type TestApp } from '../../test/build-test-app.ts';
import { routeTableOf } from '../app.ts';
import { CROSS_ORIGIN_REFUSED } from './same-origin.ts';

const STATE_CHANGING = new Set<HTTPMethods>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Header sets a forged or misdirected request may carry; none may change anything. */
const REFUSED: Record<string, Record<string, string>> = {
  'no Origin, no Referer': {},
  'Origin: null': { origin: 'null' },
  'another site': { origin: 'https://evil.example' },
  'a sibling name': { origin: 'http://evil.localhost:80' },
  'another port': { origin: 'http://localhost:8080' },
  'https of our name': { origin: 'https://localhost' },
  'a malformed Origin': { origin: 'localhost' },
  'Referer of another site, no Origin': { referer: 'https://evil.example/page' },
  'Referer: null': { referer: 'null' },
  'a javascript: Referer': { referer: 'javascript:alert(1)' },
  'own Origin but Sec-Fetch-Site cross-site': { origin: ORIGIN, 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site same-origin alone': { 'sec-fetch-site': 'same-origin' },
};

function stateChangingRoutes(t: TestApp) {
  const routes = new Map<string, { method: HTTPMethods; url: string }>();
  for (const route of routeTableOf(t.app)) {
    for (const method of route.methods) {
      if (STATE_CHANGING.has(method)) routes.set(`${method} ${route.url}`, { method, url: route.url });
    }
  }
  return [...routes.values()];
}

const concrete = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

describe('CSRF: same-origin check on every state-changing route (decision 035)', () => {
  it('refuses each forged header set on every POST, PUT, PATCH and DELETE route, public ones included', async () => {
    const t = await buildTestApp();
    await t.signIn();
    await t.app.ready();
    const routes = stateChangingRoutes(t);
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/setup',
        'POST /api/auth/password',
        'DELETE /api/files',
      ]),
    );
    const auditBefore = await t.db.selectFrom('audit_log').select('id').execute();
    const accepted: string[] = [];
    let probes = 0;
    for (const { method, url } of routes) {
      for (const [name, headers] of Object.entries(REFUSED)) {
        const response = await t.app.inject({
          method,
          url: concrete(url),
          headers: { cookie: t.cookie ?? '', 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        probes++;
        if (response.statusCode !== 403 || response.json().error.message !== CROSS_ORIGIN_REFUSED) {
          accepted.push(`${method} ${url} with ${name}: ${response.statusCode}`);
        }
      }
    }
    console.info(
      `[reliability] CSRF: ${routes.length} state-changing routes x ${Object.keys(REFUSED).length} header sets = ${probes} probes, ${accepted.length} accepted`,
    );
    expect(accepted).toEqual([]);
    // Refused before any handler ran: nothing was written.
    expect(await t.db.selectFrom('audit_log').select('id').execute()).toHaveLength(auditBefore.length);
  }, 120_000);

  it('accepts the app’s own Origin, and its own Referer when Origin is absent', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const payload = { name: 'New Staff', email: 'new@example.com', password: 'long password here', role: 'hr' };
    const byOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload,
      headers: { origin: ORIGIN, cookie: t.cookie ?? '' },
    });
    expect(byOrigin.statusCode).toBe(201);
    const byReferer = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { ...payload, email: 'second@example.com' },
      headers: {
        referer: 'http://localhost/worker-management?page=2',
        cookie: t.cookie ?? '',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(byReferer.statusCode).toBe(201);
  });

  it('takes ALLOWED_ORIGINS and PUBLIC_URL as own origins, by Origin and by Referer', async () => {
    const t = await buildTestApp({
      PUBLIC_URL: 'https://td.example.com',
      ALLOWED_ORIGINS: 'https://admin.example.com',
    });
    for (const headers of [{ origin: 'https://admin.example.com' }, { referer: 'https://td.example.com/login' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'whatever it is' },
        headers: { host: 'td.example.com', ...headers },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

/** A built web app as Vite leaves it (enough for the headers of the shell). */
function fakeWebBuild(dataDir: string): string {
  const dist = path.join(dataDir, 'web-dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TD Workforce</title>');
  return dist;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('security headers on every kind of answer (decision 035)', () => {
  it('sends a strict CSP without inline script, frame-ancestors none, nosniff and no-referrer', async () => {
    const probe = await buildTestApp();
    fs.mkdirSync(probe.dataDir, { recursive: true });
    const t = await buildTestApp({ WEB_DIST_DIR: fakeWebBuild(probe.dataDir) });
    await t.signIn();
    const answers = {
      'the app shell': await t.app.inject({ method: 'GET', url: '/worker-management' }),
      'an API answer': await t.request({ method: 'GET', url: '/api/workers' }),
      'a 401': await t.app.inject({ method: 'GET', url: '/api/workers' }),
      'a 404': await t.request({ method: 'GET', url: '/api/nothing-here' }),
      'a 403': await t.app.inject({ method: 'POST', url: '/api/workers', headers: { origin: 'null' } }),
      'a 400': await t.request({ method: 'POST', url: '/api/workers', payload: { first_name: 1 } }),
      'the API docs': await t.request({ method: 'GET', url: '/api/docs/static/index.html' }),
    };
    for (const [name, response] of Object.entries(answers)) {
      const csp = directives(String(response.headers['content-security-policy'] ?? ''));
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts, name).toContain("'self'");
      for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
        expect(scripts, `${name}: script-src ${loose}`).not.toContain(loose);
      }
      expect(csp.get('script-src-attr'), name).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(csp.get('object-src'), name).toEqual(["'none'"]);
      expect(csp.get('base-uri'), name).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options'], name).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], name).toBe('same-origin');
      expect(response.headers['permissions-policy'], name).toContain('camera=()');
      // Decision 076: one set on every answer, JSON included.
      expect(response.headers['cross-origin-opener-policy'], name).toBe('same-origin');
      expect(response.headers['x-permitted-cross-domain-policies'], name).toBe('none');
      expect(response.headers['origin-agent-cluster'], name).toBe('?1');
      if (name !== 'the API docs') {
        expect(csp.get('default-src'), name).toEqual(["'self'"]);
        expect(csp.get('form-action'), name).toEqual(["'self'"]);
        expect(response.headers['referrer-policy'], name).toBe('no-referrer');
        expect(response.headers['x-frame-options'], name).toBe('DENY');
      }
    }
  });
});
