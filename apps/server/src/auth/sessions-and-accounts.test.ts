/**
 * docs/reliability.md, "Sessions and accounts" (decision 037): session ids, the end of sessions on the
 * server, password change, cookie flags, user enumeration by message and by time, and sign-in throttling
 * under a burst of 1,000. Figures are printed (console.info) for docs/reliability.md.
 */
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  NEW_PASSWORD_SAME,
  NEW_PASSWORD_TOO_SHORT,
} from '@td/shared/schemas/auth';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, databaseUnderTest, ORIGIN, sessionCookieOf, type TestApp } from '../../test/build-test-app.ts';
import { createUser, INVALID_CREDENTIALS, MAX_PASSWORD_CHANGE_FAILURES } from './auth.service.ts';

// Counts the calls that reach the password check (scrypt), whatever the HTTP answer says.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password.ts')>();
  return {
    ...original,
    verifyPassword: (password: string, stored: string) => {
      checks.count++;
      return original.verifyPassword(password, stored);
    },
  };
});

const PASSWORD = 'the right password';

function login(t: TestApp, email: string, password: string, extra: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { origin: ORIGIN, cookie: extra.cookie ?? '' },
    ...(extra.ip ? { remoteAddress: extra.ip } : {}),
  });
}

const get = (t: TestApp, url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

describe('session ids and the end of sessions (decision 037)', () => {
  it('opens a new session id at every sign-in and never adopts or keeps one the browser sent', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Staff', email: 'staff@example.com', password: PASSWORD }, null);
    const first = sessionCookieOf(await login(t, 'staff@example.com', PASSWORD)) ?? '';
    // A planted (fixated) id is not taken over: the answer carries a new one, the planted one stays invalid.
    const planted = 'td_session=attacker-chosen-session-id';
    const second = sessionCookieOf(await login(t, 'staff@example.com', PASSWORD, { cookie: planted })) ?? '';
    expect(second).not.toBe(planted);
    expect(second).not.toBe(first);
    expect((await get(t, '/api/users', planted)).statusCode).toBe(401);
    // Signing in again from a browser holding a live session ends that session on the server.
    const third = sessionCookieOf(await login(t, 'staff@example.com', PASSWORD, { cookie: second })) ?? '';
    expect(third).not.toBe(second);
    expect((await get(t, '/api/users', second)).statusCode).toBe(401);
    expect((await get(t, '/api/users', third)).statusCode).toBe(200);
    expect((await get(t, '/api/users', first)).statusCode).toBe(200);
  });

  it('ends an idle-expired and an over-age session on the server, not only in the browser', async () => {
    const t = await buildTestApp();
    await t.signIn({ email: 'idle@example.com' });
    const cookie = t.cookie ?? '';
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await get(t, '/api/workers', cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.cookies.find((c) => c.name === 'td_session')?.value).toBe('');
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);

    await t.signIn({ email: 'old@example.com' });
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    await t.db.updateTable('sessions').set({ created_at: eightDaysAgo }).execute();
    expect((await get(t, '/api/workers', t.cookie ?? '')).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });

  it('sends httpOnly SameSite cookies, Secure when the request came over HTTPS through a trusted proxy', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    await createUser(t.db, { name: 'Staff', email: 'tls@example.com', password: PASSWORD }, null);
    const overHttps = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'tls@example.com', password: PASSWORD },
      headers: { origin: 'https://localhost', 'x-forwarded-proto': 'https', host: 'localhost' },
    });
    expect(overHttps.statusCode).toBe(200);
    for (const name of ['td_session', 'td_device']) {
      expect(overHttps.cookies.find((c) => c.name === name)).toMatchObject({ httpOnly: true, secure: true });
    }
    expect(overHttps.cookies.find((c) => c.name === 'td_session')?.sameSite).toBe('Lax');
    expect(overHttps.cookies.find((c) => c.name === 'td_device')?.sameSite).toBe('Strict');
    const overHttp = await login(t, 'tls@example.com', PASSWORD);
    expect(overHttp.cookies.find((c) => c.name === 'td_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(overHttp.cookies.find((c) => c.name === 'td_session')?.secure).toBeFalsy();
  });
});

describe('changing the password (decision 037)', () => {
  const change = (t: TestApp, payload: unknown, cookie = t.cookie ?? '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: payload as object,
      headers: { origin: ORIGIN, cookie },
    });

  it('needs the current password, then ends every other session of the user and keeps this one', async () => {
    const t = await buildTestApp();
    const me = await t.signIn({ email: 'me@example.com', password: PASSWORD });
    const here = t.cookie ?? '';
    const phone = sessionCookieOf(await login(t, me.email, PASSWORD)) ?? '';
    const laptop = sessionCookieOf(await login(t, me.email, PASSWORD)) ?? '';
    const colleague = await createUser(t.db, { name: 'Other', email: 'other@example.com', password: PASSWORD }, null);
    const colleagueSession = sessionCookieOf(await login(t, colleague.email, PASSWORD)) ?? '';

    const wrong = await change(t, { currentPassword: 'not my password', newPassword: 'a brand new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: CURRENT_PASSWORD_WRONG });
    expect((await get(t, '/api/users', phone)).statusCode).toBe(200);

    const changed = await change(t, { currentPassword: PASSWORD, newPassword: 'a brand new password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ endedSessions: 2 });
    expect((await get(t, '/api/users', here)).statusCode).toBe(200);
    expect((await get(t, '/api/users', phone)).statusCode).toBe(401);
    expect((await get(t, '/api/users', laptop)).statusCode).toBe(401);
    expect((await get(t, '/api/users', colleagueSession)).statusCode).toBe(200);
    expect((await login(t, me.email, PASSWORD, { ip: '10.0.0.9' })).statusCode).toBe(401);
    expect((await login(t, me.email, 'a brand new password', { ip: '10.0.0.9' })).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity_id', '=', me.id)
      .execute();
    expect(audit.some((entry) => entry.action === 'update' && !String(entry.changes).includes(PASSWORD))).toBe(true);
  });

  it('shows every field message at once and refuses the same password again', async () => {
    const t = await buildTestApp();
    await t.signIn({ password: PASSWORD });
    const empty = await change(t, { currentPassword: '', newPassword: 'short' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED,
      newPassword: NEW_PASSWORD_TOO_SHORT,
    });
    const same = await change(t, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.json().error.fields).toEqual({ newPassword: NEW_PASSWORD_SAME });
  });

  it('throttles guesses of the current password from a session', async () => {
    const t = await buildTestApp();
    await t.signIn({ password: PASSWORD });
    for (let i = 0; i < MAX_PASSWORD_CHANGE_FAILURES; i++) {
      expect((await change(t, { currentPassword: `guess ${i}`, newPassword: 'a brand new password' })).statusCode).toBe(
        400,
      );
    }
    const blocked = await change(t, { currentPassword: PASSWORD, newPassword: 'a brand new password' });
    expect(blocked.statusCode).toBe(429);
  });

  it('answers 401 without a session and 403 from another origin', async () => {
    const t = await buildTestApp();
    await t.signIn({ password: PASSWORD });
    const payload = { currentPassword: PASSWORD, newPassword: 'a brand new password' };
    expect((await change(t, payload, '')).statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload,
      headers: { origin: 'https://evil.example', cookie: t.cookie ?? '' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('no user enumeration (decision 002)', () => {
  it('answers an unknown e-mail and a wrong password with the same status, body and time', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Known', email: 'known@example.com', password: PASSWORD }, null);
    // The dummy hash of unknown e-mails is made once per process; make it before measuring.
    await login(t, 'warm-up@example.com', 'whatever');
    const samples = Number(process.env.ENUMERATION_SAMPLES ?? 21);
    const times = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < samples; i++) {
      // Interleaved, so a change in machine load affects both sides alike.
      for (const kind of ['known', 'unknown'] as const) {
        // The throttle is not what is measured here: start each attempt from clean counters.
        await t.db.deleteFrom('login_throttle').execute();
        const email = kind === 'known' ? 'known@example.com' : `nobody-${i}@example.com`;
        const started = process.hrtime.bigint();
        const response = await login(t, email, `wrong password ${i}`);
        times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(response.statusCode).toBe(401);
        bodies.add(response.body);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: INVALID_CREDENTIALS } })]);
    const known = median(times.known);
    const unknown = median(times.unknown);
    // Each unknown-e-mail attempt against the wrong-password attempt just before it: a change in the
    // shared machine's load hits both of a pair, so the median of the pairs' ratios is what the code costs.
    const pairedRatio = median(times.unknown.map((ms, i) => ms / (times.known[i] as number)));
    console.info(
      `[reliability] enumeration (${databaseUnderTest}, ${samples} pairs): median wrong password ${known.toFixed(1)} ms, unknown e-mail ${unknown.toFixed(1)} ms, median paired ratio ${pairedRatio.toFixed(3)}`,
    );
    // Both run one scrypt check of the same cost; what is left is noise.
    expect(pairedRatio).toBeGreaterThan(0.8);
    expect(pairedRatio).toBeLessThan(1.25);
  }, 120_000);
});

describe('sign-in throttling under a burst of 1,000 attempts (decision 006)', () => {
  const BURST = Number(process.env.LOGIN_BURST ?? 1000);

  async function burst(t: TestApp, attempt: (i: number) => { email: string; ip: string }) {
    checks.count = 0;
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => {
        const { email, ip } = attempt(i);
        return login(t, email, `wrong guess ${i}`, { ip });
      }),
    );
    const statuses: Record<number, number> = {};
    for (const r of responses) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
    return { checked: checks.count, statuses, ms: Date.now() - started };
  }

  it('lets at most the limit of 1,000 parallel guesses reach the password check', async () => {
    const t = await buildTestApp();
    await createUser(t.db, { name: 'Owner', email: 'owner@example.com', password: PASSWORD }, null);

    // One account from one address: 5 failures for the e-mail at the address.
    const oneAddress = await burst(t, () => ({ email: 'owner@example.com', ip: '203.0.113.1' }));
    // One account from 1,000 addresses (a botnet): 20 failures for the e-mail from anywhere.
    const spread = await burst(t, (i) => ({ email: 'owner@example.com', ip: `198.51.${i >> 8}.${i & 255}` }));
    // One address trying 1,000 e-mails (spraying): 20 failures per address.
    const spray = await burst(t, (i) => ({ email: `user${i}@example.com`, ip: '203.0.113.77' }));
    console.info(
      `[reliability] login burst (${databaseUnderTest}, ${BURST} each): one account one address ${oneAddress.checked} checked ${JSON.stringify(oneAddress.statuses)} in ${oneAddress.ms} ms; one account ${BURST} addresses ${spread.checked} checked ${JSON.stringify(spread.statuses)} in ${spread.ms} ms; one address ${BURST} e-mails ${spray.checked} checked ${JSON.stringify(spray.statuses)} in ${spray.ms} ms`,
    );
    expect(oneAddress.checked).toBe(5);
    expect(oneAddress.statuses).toEqual({ 401: 5, 429: BURST - 5 });
    // The e-mail's own counter already holds the 5 of the first burst.
    expect(spread.checked).toBe(15);
    expect(spread.statuses).toEqual({ 401: 15, 429: BURST - 15 });
    expect(spray.checked).toBe(20);
    expect(spray.statuses).toEqual({ 401: 20, 429: BURST - 20 });
  }, 300_000);
});
