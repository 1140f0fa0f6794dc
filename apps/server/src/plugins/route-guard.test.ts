/**
 * docs/reliability.md, "No route without a guard" (decision 035): walks the app's own route table
 * (Fastify's `onRoute` hook, `routeTableOf`) and proves that every `/api` route outside the allow-list
 * answers 401 without a session, with an expired session cookie and with a forged one. A route added
 * later without the guard is caught: the last test adds one and expects the walk to name it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, type TestApp } from '../../test/build-test-app.ts';
import { routeTableOf } from '../app.ts';

/**
 * The routes that answer without a session, each for a reason: health and readiness for load balancers
 * (decision 089: readiness says only whether the database and file store answer); the sign-in
 * routes (reading the session says "nobody", login, logout, first-account setup while no user exists).
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/ready',
  'HEAD /api/ready',
  'GET /api/auth/session',
  'HEAD /api/auth/session',
  'POST /api/auth/login',
  // Decision 104: the second step of sign-in (the code); its key is the challenge cookie of the first.
  'POST /api/auth/login/totp',
  'POST /api/auth/logout',
  'GET /api/auth/setup',
  'HEAD /api/auth/setup',
  'POST /api/auth/setup',
  // Decision 094: the calendar feed, read by calendar services without a session; its token is its key.
  'GET /api/compliance/feed/:token',
  'HEAD /api/compliance/feed/:token',
]);

/** A concrete URL for a route pattern: ids become UUIDs, a wildcard a well-formed stored-file path. */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:[A-Za-z_]+(\([^)]*\))?/g, () => randomUUID())
    .replace(/\*$/, `documents/ipa/${randomUUID()}.pdf`);
}

interface Probe {
  route: string;
  cookie: string;
  statusCode: number;
  body: string;
}

/** Every (method, `/api` URL) of the route table, except OPTIONS (CORS preflight is not served). */
function apiRoutes(app: FastifyInstance): Array<{ method: HTTPMethods; url: string }> {
  const seen = new Set<string>();
  const routes: Array<{ method: HTTPMethods; url: string }> = [];
  for (const route of routeTableOf(app)) {
    if (!route.url.startsWith('/api')) continue;
    for (const method of route.methods) {
      const key = `${method} ${route.url}`;
      if (method === 'OPTIONS' || seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, url: route.url });
    }
  }
  return routes;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Probes every guarded route with each cookie and answers the probes that did not get a 401. */
async function unguardedRoutes(t: TestApp, userId: string): Promise<{ probes: number; failures: Probe[] }> {
  const expiredToken = randomBytes(32).toString('base64url');
  const cookies = {
    none: '',
    expired: `td_session=${expiredToken}`,
    forged: `td_session=${randomBytes(32).toString('base64url')}`,
  };
  const failures: Probe[] = [];
  let probes = 0;
  for (const { method, url } of apiRoutes(t.app)) {
    const route = `${method} ${url}`;
    if (PUBLIC_ROUTES.has(route)) continue;
    for (const [kind, cookie] of Object.entries(cookies)) {
      if (kind === 'expired') {
        // A real session of a real user, expired an hour ago (reading it deletes it, so made anew each time).
        const now = Date.now();
        await t.db.deleteFrom('sessions').where('id', '=', tokenHash(expiredToken)).execute();
        await t.db
          .insertInto('sessions')
          .values({
            id: tokenHash(expiredToken),
            user_id: userId,
            created_at: new Date(now - 13 * 3600_000).toISOString(),
            expires_at: new Date(now - 3600_000).toISOString(),
          })
          .execute();
      }
      const response = await t.app.inject({
        method,
        url: concreteUrl(url),
        // Same origin, so the CSRF check passes and only the session guard can refuse.
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
      });
      probes++;
      const refused =
        response.statusCode === 401 && (method === 'HEAD' || response.json().error.code === 'UNAUTHENTICATED');
      if (!refused)
        failures.push({
          route: `${route} (${kind} cookie)`,
          cookie,
          statusCode: response.statusCode,
          body: response.body.slice(0, 200),
        });
    }
  }
  return { probes, failures };
}

describe('no route without a guard (decision 035)', () => {
  it('answers 401 on every /api route outside the allow-list without a session, expired or forged', async () => {
    const t = await buildTestApp();
    const user = await t.signIn();
    await t.app.ready();
    const routes = apiRoutes(t.app);
    const guarded = routes.filter(({ method, url }) => !PUBLIC_ROUTES.has(`${method} ${url}`));
    // The walk must see the real table: the modules' routes and the allow-list's routes are in it.
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of PUBLIC_ROUTES) {
      expect(routes.map(({ method, url }) => `${method} ${url}`)).toContain(route);
    }
    // Decision 104: the routes that declare themselves public are exactly the allow-list.
    const declaredPublic = routeTableOf(t.app)
      .filter((route) => route.url.startsWith('/api') && route.permission === 'public')
      .flatMap((route) => route.methods.map((method) => `${method} ${route.url}`));
    expect(new Set(declaredPublic)).toEqual(PUBLIC_ROUTES);
    for (const expected of ['POST /api/workers', 'DELETE /api/files', 'GET /api/files/*', 'POST /api/auth/password']) {
      expect(guarded.map(({ method, url }) => `${method} ${url}`)).toContain(expected);
    }
    const { probes, failures } = await unguardedRoutes(t, user.id);
    console.info(
      `[reliability] route guard: ${guarded.length} guarded method+route pairs, ${probes} probes, ${failures.length} not refused`,
    );
    expect(failures).toEqual([]);
    expect(probes).toBe(guarded.length * 3);
  }, 120_000);

  it('the public routes still answer without a session', async () => {
    const t = await buildTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).json()).toMatchObject({ user: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/setup' })).statusCode).toBe(200);
  });

  it('names a route added later without the guard', async () => {
    const t = await buildTestApp();
    // Registered on the root instance, outside the guarded /api plugin: what a careless change would do
    // (declared public, or the app would not even start: next test).
    const config = { permission: 'public' } as const;
    t.app.get('/api/reports/salaries', { config }, async () => ({ items: [] }));
    t.app.post('/api/workers-import', { config }, async () => ({ imported: 0 }));
    const user = await t.signIn();
    const { failures } = await unguardedRoutes(t, user.id);
    const named = new Set(failures.map((failure) => failure.route.replace(/ \(.*$/, '')));
    expect([...named].sort()).toEqual([
      'GET /api/reports/salaries',
      'HEAD /api/reports/salaries',
      'POST /api/workers-import',
    ]);
    expect(failures).toHaveLength(9);
  });

  it('refuses to start with an /api route that declares no permission (decision 104)', async () => {
    const t = await buildTestApp();
    t.app.get('/api/reports/salaries', async () => ({ items: [] }));
    await expect(t.app.ready()).rejects.toThrow(
      'These routes declare no permission (decision 104): GET /api/reports/salaries, HEAD /api/reports/salaries',
    );
  });
});
