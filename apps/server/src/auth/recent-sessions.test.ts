/**
 * Decision 067: a session read from the database answers for it for at most a second; ending it
 * through this process takes effect at once, and the expiry rules apply to a remembered session too.
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, sessionCookieOf } from '../../test/build-test-app.ts';
import { login, readSession, type SessionPolicy } from './auth.service.ts';
import {
  forgetSession,
  RECENT_SESSION_MS,
  recentSession,
  rememberSession,
  type SessionRow,
  sessionsForgottenCount,
} from './recent-sessions.ts';

const PASSWORD = 'the right password';
const HOUR = 3600_000;
const policy: SessionPolicy = { ttlMs: 12 * HOUR, maxAgeMs: 7 * 24 * HOUR };

async function signedIn(sessionPolicy = policy, now = new Date()) {
  const t = await buildTestApp();
  const { email } = await t.signIn({ password: PASSWORD });
  const { token } = await login(t.db, { email, password: PASSWORD }, { ip: '10.1.2.3' }, sessionPolicy, now);
  return { t, token };
}

const after = (start: Date, ms: number) => new Date(start.getTime() + ms);

describe('sessions read within the last second (decision 067)', () => {
  it('answers from memory within the second, then reads the database again', async () => {
    const now = new Date();
    const { t, token } = await signedIn(policy, now);
    expect((await readSession(t.db, token, policy, now))?.user).toBeDefined();
    // Ended by another process (a second server, or by hand): still honoured here until the second is up.
    await t.db.deleteFrom('sessions').execute();
    expect((await readSession(t.db, token, policy, after(now, RECENT_SESSION_MS - 1)))?.user).toBeDefined();
    expect(await readSession(t.db, token, policy, after(now, RECENT_SESSION_MS))).toBeNull();
  });

  it('reads the database again when the clock was set back', async () => {
    const now = new Date();
    const { t, token } = await signedIn(policy, now);
    expect(await readSession(t.db, token, policy, now)).not.toBeNull();
    await t.db.deleteFrom('sessions').execute();
    expect(await readSession(t.db, token, policy, after(now, -1))).toBeNull();
  });

  it('applies the idle expiry to a remembered session and ends it on the server', async () => {
    const short: SessionPolicy = { ttlMs: 400, maxAgeMs: HOUR };
    const now = new Date();
    const { t, token } = await signedIn(short, now);
    const sessions = () => t.db.selectFrom('sessions').select('id').execute();
    expect(await readSession(t.db, token, short, now)).not.toBeNull();
    const before = (await sessions()).length;
    expect(await readSession(t.db, token, short, after(now, 450))).toBeNull();
    expect(await sessions()).toHaveLength(before - 1);
  });

  it('reads a renewed session from the database on the next request', async () => {
    const now = new Date();
    const { t, token } = await signedIn(policy, now);
    // Less than half the idle lifetime left: renewed, and no longer answered from memory.
    const late = after(now, 7 * HOUR);
    expect((await readSession(t.db, token, policy, late))?.renewedUntil).toEqual(after(late, 12 * HOUR));
    await t.db.deleteFrom('sessions').execute();
    expect(await readSession(t.db, token, policy, after(late, 1))).toBeNull();
  });

  it('ends a session at once on sign-out, even one read a moment before', async () => {
    const t = await buildTestApp();
    await t.signIn({ password: PASSWORD });
    const cookie = t.cookie ?? '';
    const get = () => t.app.inject({ method: 'GET', url: '/api/users', headers: { origin: ORIGIN, cookie } });
    expect((await get()).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: ORIGIN, cookie } });
    expect(out.statusCode).toBe(204);
    expect((await get()).statusCode).toBe(401);
  });

  it('ends the previous session at once when the browser signs in again', async () => {
    const t = await buildTestApp();
    const { email } = await t.signIn({ password: PASSWORD });
    const first = t.cookie ?? '';
    const get = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/users', headers: { origin: ORIGIN, cookie } });
    expect((await get(first)).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      headers: { origin: ORIGIN, cookie: first },
    });
    expect((await get(first)).statusCode).toBe(401);
    expect((await get(sessionCookieOf(again) ?? '')).statusCode).toBe(200);
  });

  it('does not remember a row read while a session was being forgotten', async () => {
    const t = await buildTestApp();
    const row: SessionRow = {
      session_id: 'ended',
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + HOUR).toISOString(),
      id: 'user',
      name: 'Staff',
      email: 'staff@example.com',
    };
    const now = new Date();
    const readSince = sessionsForgottenCount(t.db);
    // Signed out while the read was on its way.
    forgetSession(t.db, 'ended');
    rememberSession(t.db, row, now, readSince);
    expect(recentSession(t.db, 'ended', now)).toBeUndefined();
    rememberSession(t.db, row, now, sessionsForgottenCount(t.db));
    expect(recentSession(t.db, 'ended', now)).toEqual(row);
  });

  it('keeps at most a thousand sessions, dropping the longest remembered', async () => {
    const t = await buildTestApp();
    const now = new Date();
    const rowOf = (i: number): SessionRow => ({
      session_id: `s${i}`,
      created_at: now.toISOString(),
      expires_at: after(now, HOUR).toISOString(),
      id: `u${i}`,
      name: 'Staff',
      email: 'staff@example.com',
    });
    for (let i = 0; i <= 1000; i++) rememberSession(t.db, rowOf(i), now, sessionsForgottenCount(t.db));
    expect(recentSession(t.db, 's0', now)).toBeUndefined();
    expect(recentSession(t.db, 's1', now)).toEqual(rowOf(1));
    expect(recentSession(t.db, 's1000', now)).toEqual(rowOf(1000));
  });
});
