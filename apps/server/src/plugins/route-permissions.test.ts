/**
 * Decision 104: walks the app's own route table (every `/api` route, so one added later is walked too)
 * for every role, and checks each answer against the one permission table of packages/shared: where
 * the table says no, 403 FORBIDDEN with its message before the handler runs; where it says yes, never
 * that refusal (the handler answers, whatever it answers to an empty request).
 */
import { randomUUID } from 'node:crypto';
import {
  FORBIDDEN_MESSAGE,
  type Permission,
  ROLES,
  type Role,
  type RoutePermission,
  roleMayUse,
} from '@td/shared/rules/permissions';
import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN } from '../../test/build-test-app.ts';
import { routeTableOf } from '../app.ts';

interface Probe {
  method: HTTPMethods;
  url: string;
  route: string;
  /** What the table must allow for this URL: the route's declaration, or a finer check inside it. */
  permission: RoutePermission;
}

/** Routes (GET and HEAD) that check a second permission by what they serve: a stored file not a photo. */
const FINER_CHECKS: Record<string, (url: string) => Array<{ url: string; permission: Permission }>> = {
  '/api/files/*': () => [
    { url: `/api/files/documents/ipa/${randomUUID()}.pdf`, permission: 'documents.read' },
    { url: `/api/files/certificates/${randomUUID()}.pdf`, permission: 'documents.read' },
    { url: `/api/files/workers/${randomUUID()}.png`, permission: 'workers.read' },
  ],
};

function probesOf(routes: ReturnType<typeof routeTableOf>): Probe[] {
  const probes: Probe[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    if (!route.url.startsWith('/api') || route.permission === undefined) continue;
    for (const method of route.methods) {
      const key = `${method} ${route.url}`;
      if (method === 'OPTIONS' || seen.has(key) || route.permission === 'public') continue;
      seen.add(key);
      const url = route.url.replace(/:[A-Za-z_]+(\([^)]*\))?/g, () => randomUUID());
      const finer = FINER_CHECKS[route.url];
      if (finer) {
        for (const probe of finer(url)) {
          // The finer check holds only where the route's own permission lets the role in as well.
          probes.push({ method, url: probe.url, route: key, permission: probe.permission });
        }
      } else {
        probes.push({ method, url, route: key, permission: route.permission });
      }
    }
  }
  return probes;
}

describe('every route x every role against the permission table (decision 104)', () => {
  it('refuses with 403 FORBIDDEN exactly where the table says no', async () => {
    const t = await buildTestApp();
    await t.app.ready();
    const probes = probesOf(routeTableOf(t.app));
    expect(probes.length).toBeGreaterThan(100);
    const cookies = {} as Record<Role, string>;
    for (const role of ROLES) {
      // A sign-in ends the session the browser still held (decision 037): each role signs in afresh.
      t.cookie = undefined;
      await t.signIn({ role, email: `${role}@example.com` });
      cookies[role] = t.cookie ?? '';
    }
    const mismatches: string[] = [];
    let refusals = 0;
    for (const role of ROLES) {
      for (const probe of probes) {
        const response = await t.app.inject({
          method: probe.method,
          url: probe.url,
          headers: { origin: ORIGIN, cookie: cookies[role], 'content-type': 'application/json' },
          ...(probe.method === 'GET' || probe.method === 'HEAD' ? {} : { payload: '{}' }),
        });
        const allowed = roleMayUse(role, probe.permission);
        const refused =
          response.statusCode === 403 &&
          (probe.method === 'HEAD' ||
            (response.json().error.code === 'FORBIDDEN' && response.json().error.message === FORBIDDEN_MESSAGE));
        if (response.statusCode === 401) mismatches.push(`${role} ${probe.method} ${probe.url}: signed out (401)`);
        else if (allowed === refused) {
          mismatches.push(`${role} ${probe.method} ${probe.url} (${probe.permission}): ${response.statusCode}`);
        }
        if (refused) refusals++;
      }
    }
    console.info(`[roles] ${probes.length} probes x ${ROLES.length} roles, ${refusals} refused`);
    expect(mismatches).toEqual([]);
    // Every role but admin is refused something, and admin nothing.
    expect(refusals).toBeGreaterThan(probes.length);
  }, 300_000);

  it('answers the role and its permissions with the session', async () => {
    const t = await buildTestApp();
    await t.signIn({ role: 'supervisor' });
    const session = (await t.request({ method: 'GET', url: '/api/auth/session' })).json();
    expect(session.role).toBe('supervisor');
    expect(session.user.role).toBe('supervisor');
    expect(session.permissions).toEqual([
      'workers.read',
      'timesheets.read',
      'timesheets.write',
      'sites.read',
      'holidays.read',
    ]);
    const refused = await t.request({ method: 'GET', url: '/api/payslips' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE } });
  });
});
