import { describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf } from '../../test/build-test-app.ts';
import { listAuditEntries } from '../audit/audit.repository.ts';
import { ACCOUNT_EXISTS, INVALID_CREDENTIALS, MAX_FAILURES_PER_EMAIL, TOO_MANY_ATTEMPTS } from './auth.service.ts';

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
    expect(session.json()).toEqual({ user: { id: expect.any(String), name: 'Staff One', email: 'staff@example.com' } });
    expect(session.headers['cache-control'] ?? '').not.toContain('public');

    const logout = await t.request({ method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(204);
    // The old cookie no longer works, even if a browser kept it.
    const after = await t.request({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const sessionAfter = await t.request({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(sessionAfter.json()).toEqual({ user: null });
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
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
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
    const payload = { name: 'New', email: 'new@example.com', password: 'long password here' };
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
    const payload = { name: 'Second', email: 'lead@example.com', password: 'long password here' };
    const duplicate = await t.request({ method: 'POST', url: '/api/users', payload });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('An account with this email address already exists');
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
