import { describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, type TestApp } from '../../test/build-test-app.ts';
import { listAuditEntries } from '../audit/audit.repository.ts';
import {
  ACCOUNT_EXISTS,
  createUser,
  INVALID_CREDENTIALS,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_EMAIL_AT_ADDRESS,
  TOO_MANY_ATTEMPTS,
} from './auth.service.ts';

const firstAccount = { name: 'Aisha Tan', email: 'Aisha@Example.com', password: 'a long enough password' };

describe('first account setup', () => {
  it('is offered while no user exists, creates the account once and signs it in', async () => {
    const t = await buildTestApp();
    expect((await t.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ setupRequired: true });

    const created = await t.request({ method: 'POST', url: '/api/auth/setup', payload: firstAccount });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ name: 'Aisha Tan', email: 'aisha@example.com' });
    const cookie = sessionCookieOf(created);
    expect(cookie).toBeDefined();

    const session = await t.request({ method: 'GET', url: '/api/auth/session', headers: { cookie: cookie ?? '' } });
    expect(session.json().user.email).toBe('aisha@example.com');
    expect((await t.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ setupRequired: false });

    const again = await t.request({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { ...firstAccount, email: 'b@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ACCOUNT_EXISTS);
  });

  it('creates exactly one account when two setups race', async () => {
    const t = await buildTestApp();
    const results = await Promise.all(
      ['one@example.com', 'two@example.com', 'three@example.com'].map((email) =>
        t.request({ method: 'POST', url: '/api/auth/setup', payload: { ...firstAccount, email } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const users = await t.db.selectFrom('users').select('email').execute();
    expect(users).toHaveLength(1);
  });

  it('refuses a short password and a malformed e-mail with field messages', async () => {
    const t = await buildTestApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { name: '', email: 'not-an-email', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 10 characters',
    });
  });
});

describe('sign-in and sessions', () => {
  it('signs in, reads the session, and signs out ending the session on the server', async () => {
    const t = await buildTestApp();
    await t.signIn({ email: 'staff@example.com', name: 'Staff One' });
    const cookie = t.cookie ?? '';
    const session = await t.request({ method: 'GET', url: '/api/auth/session' });
    expect(session.json()).toEqual({
      user: {
        id: expect.any(String),
        name: 'Staff One',
        email: 'staff@example.com',
        role: 'admin',
        permissions: expect.arrayContaining(['users.manage', 'workers.read']),
      },
      role: 'admin',
      permissions: expect.arrayContaining(['users.manage', 'workers.read']),
      required_action: null,
    });
    expect(session.headers['cache-control'] ?? '').not.toContain('public');

    const logout = await t.request({ method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(204);
    // The old cookie no longer works, even if a browser kept it.
    const after = await t.request({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const sessionAfter = await t.request({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(sessionAfter.json()).toEqual({ user: null, role: null, permissions: [], required_action: null });
  });

  it('sets an httpOnly SameSite cookie with an expiry', async () => {
    const t = await buildTestApp();
    await t.signIn({ email: 'c@example.com', password: 'password one two' });
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'c@example.com', password: 'password one two' },
    });
    const cookie = response.cookies.find((c) => c.name === 'td_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires).toBeInstanceOf(Date);
  });

  it('answers the same message for a wrong password and an unknown e-mail', async () => {
    const t = await buildTestApp();
    await t.signIn({ email: 'known@example.com' });
    for (const payload of [
      { email: 'known@example.com', password: 'wrong password' },
      { email: 'unknown@example.com', password: 'wrong password' },
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/auth/login', payload, headers: { cookie: '' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(INVALID_CREDENTIALS);
    }
  });

  it('checks the login fields', async () => {
    const t = await buildTestApp();
    const response = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'x', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });

  it('rate limits repeated failures for one e-mail, even with the right password afterwards', async () => {
    const t = await buildTestApp();
    await t.signIn({ email: 'target@example.com', password: 'the right password' });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AT_ADDRESS; i++) {
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'target@example.com', password: `guess ${i}` },
      });
    }
    const blocked = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'target@example.com', password: 'the right password' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(TOO_MANY_ATTEMPTS);
  });

  it('records sign-in in the audit log', async () => {
    const t = await buildTestApp();
    const user = await t.signIn({ name: 'Audited' });
    const entries = await t.db.selectFrom('audit_log').selectAll().where('user_id', '=', user.id).execute();
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'login']));
    expect(await listAuditEntries(t.db, 'user', user.id)).toHaveLength(1);
  });
});

describe('guards', () => {
  it('answers 401 on protected routes without a session, and health works without one', async () => {
    const t = await buildTestApp();
    expect((await t.request({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/users', headers: { cookie: 'td_session=forged' } })).statusCode,
    ).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('refuses state-changing requests from another origin or with no origin', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const payload = { name: 'New', email: 'new@example.com', password: 'long password here', role: 'hr' };
    const crossSite = await t.request({
      method: 'POST',
      url: '/api/users',
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload,
      headers: { cookie: t.cookie ?? '' },
    });
    expect(noOrigin.statusCode).toBe(403);
    const sameOrigin = await t.request({ method: 'POST', url: '/api/users', payload });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('lets signed-in staff add staff, refusing a duplicate e-mail', async () => {
    const t = await buildTestApp();
    await t.signIn({ email: 'lead@example.com' });
    const payload = { name: 'Second', email: 'lead@example.com', password: 'long password here', role: 'viewer' };
    const duplicate = await t.request({ method: 'POST', url: '/api/users', payload });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('An account with this email address already exists');
    const list = await t.request({ method: 'GET', url: '/api/users' });
    expect(list.json().items).toHaveLength(1);
  });

  it('refuses control characters and invisible-only names when adding staff (decision 009)', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const add = (name: string, password = 'long password here') =>
      t.request({
        method: 'POST',
        url: '/api/users',
        payload: { name, email: 'new@example.com', password, role: 'hr' },
      });
    const nul = await add('New\u0000Staff');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toEqual({ name: 'Name contains characters that are not allowed' });
    const invisible = await add('\u200B\uFEFF\u2066\u2069');
    expect(invisible.json().error.fields).toEqual({ name: 'Name is required' });
    const surrogate = await add('Ali', 'long password \uD800 here');
    expect(surrogate.json().error.fields).toEqual({ password: 'Password contains characters that are not allowed' });
    expect((await add('x'.repeat(121))).json().error.fields).toEqual({ name: 'Name must be at most 120 characters' });
    const list = await t.request({ method: 'GET', url: '/api/users' });
    expect(list.json().items).toHaveLength(1);
  });

  it('answers JSON 404 for unknown API routes and serves OpenAPI docs to signed-in staff only', async () => {
    const t = await buildTestApp();
    const missing = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    await t.signIn();
    const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/auth/login');
  });
});

describe('sign-in throttling (decisions 006, 007)', () => {
  const OWNER = { email: 'owner@example.com', password: 'the right password' };

  /** A sign-in attempt as a stranger's client: no session, no device cookie unless given. */
  function attempt(
    t: TestApp,
    email: string,
    password: string,
    { ip, cookie = '', headers = {} }: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    return t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { cookie, ...headers },
      ...(ip ? { remoteAddress: ip } : {}),
    });
  }

  const statuses = (responses: Array<{ statusCode: number }>) =>
    responses.reduce<Record<number, number>>((count, r) => {
      count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
      return count;
    }, {});

  it('lets exactly 5 of 50 parallel wrong passwords reach the password check', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Owner', ...OWNER }, null);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(t, OWNER.email, `wrong guess ${i}`)),
    );
    expect(statuses(responses)).toEqual({ 401: MAX_FAILURES_PER_EMAIL_AT_ADDRESS, 429: 45 });
    // Still limited afterwards, the right password included.
    expect((await attempt(t, OWNER.email, OWNER.password)).statusCode).toBe(429);
  }, 60_000);

  it('checks at most 5 of 49 wrong passwords and the right one fired together', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Owner', ...OWNER }, null);
    const passwords = Array.from({ length: 49 }, (_, i) => `wrong guess ${i}`);
    passwords.splice(20, 0, OWNER.password);
    const responses = await Promise.all(passwords.map((password) => attempt(t, OWNER.email, password)));
    const counted = statuses(responses);
    expect((counted[401] ?? 0) + (counted[200] ?? 0)).toBe(MAX_FAILURES_PER_EMAIL_AT_ADDRESS);
    expect(counted[429]).toBe(45);
  }, 60_000);

  it('does not let a stranger lock the owner out from another address', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Owner', ...OWNER }, null);
    for (let i = 0; i < 8; i++) await attempt(t, OWNER.email, `guess ${i}`, { ip: '203.0.113.9' });
    expect((await attempt(t, OWNER.email, OWNER.password, { ip: '203.0.113.9' })).statusCode).toBe(429);
    expect((await attempt(t, OWNER.email, OWNER.password, { ip: '198.51.100.20' })).statusCode).toBe(200);
  }, 60_000);

  it('limits one address to 20 failures in 15 minutes whatever e-mails it tries', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Owner', ...OWNER }, null);
    const results: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS + 3; i++) {
      results.push((await attempt(t, `person${i}@example.com`, 'wrong password', { ip: '203.0.113.50' })).statusCode);
    }
    expect(results.slice(0, MAX_FAILURES_PER_ADDRESS)).toEqual(Array(MAX_FAILURES_PER_ADDRESS).fill(401));
    expect(results.slice(MAX_FAILURES_PER_ADDRESS)).toEqual([429, 429, 429]);
    expect((await attempt(t, OWNER.email, OWNER.password, { ip: '203.0.113.50' })).statusCode).toBe(429);
  }, 60_000);

  it('keeps staff on a browser that signed in before working behind one shared address', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Owner', ...OWNER }, null);
    const first = await attempt(t, OWNER.email, OWNER.password);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((cookie) => cookie.name === 'td_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // A stranger at the same (proxy) address exhausts every limit of that address and of the e-mail.
    for (let i = 0; i < 25; i++) await attempt(t, i < 6 ? OWNER.email : `x${i}@example.com`, `guess ${i}`);
    expect((await attempt(t, OWNER.email, OWNER.password)).statusCode).toBe(429);
    // The owner's browser still gets in.
    const again = await attempt(t, OWNER.email, OWNER.password, { cookie: `td_device=${device?.value}` });
    expect(again.statusCode).toBe(200);
  }, 60_000);

  it('limits a known device to 5 failures of its own, and only for its own account', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Owner', ...OWNER }, null);
    const cookie = `td_device=${(await attempt(t, OWNER.email, OWNER.password)).cookies.find((c) => c.name === 'td_device')?.value}`;
    const results: number[] = [];
    for (let i = 0; i < 6; i++) results.push((await attempt(t, OWNER.email, `guess ${i}`, { cookie })).statusCode);
    expect(results).toEqual([401, 401, 401, 401, 401, 429]);
    // The cookie does not help another e-mail: those attempts count as any stranger's.
    await createUser(t.db, { name: 'Other', email: 'other@example.com', password: 'other password 1' }, null);
    expect((await attempt(t, 'other@example.com', 'other password 1', { cookie })).statusCode).toBe(200);
  }, 60_000);

  it('TRUST_PROXY names the proxy: the client is the address it appended, not the leftmost one', async () => {
    for (const trustProxy of ['1', '127.0.0.1', 'loopback', 'true']) {
      const t = await buildTestApp({ TRUST_PROXY: trustProxy });
      const results: number[] = [];
      for (let i = 0; i < 30; i++) {
        // The client wrote the first entry; the proxy (the inject socket, 127.0.0.1) appended the real one.
        const headers = { 'x-forwarded-for': `10.0.${i}.1, 198.51.100.7` };
        results.push((await attempt(t, `p${i}@example.com`, 'wrong password', { headers })).statusCode);
      }
      expect(
        results.filter((status) => status === 429),
        `TRUST_PROXY=${trustProxy}`,
      ).toHaveLength(10);
    }
  }, 120_000);

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '10.0.0.1' });
    const results: number[] = [];
    for (let i = 0; i < 22; i++) {
      const headers = { 'x-forwarded-for': `10.0.${i}.1` };
      results.push((await attempt(t, `p${i}@example.com`, 'wrong password', { headers })).statusCode);
    }
    expect(results.filter((status) => status === 429)).toHaveLength(2);
  }, 60_000);
});
