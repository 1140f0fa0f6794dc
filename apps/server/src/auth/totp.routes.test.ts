import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, sessionCookieOf, type TestApp } from '../../test/build-test-app.ts';
import { CODE_USED, CODE_WRONG } from './totp.service.ts';

const password = 'correct horse battery';

function codeOf(secret: string, at = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

/** Enrols the signed-in account; answers its secret and recovery codes. */
async function enrol(t: TestApp): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.request({ method: 'POST', url: '/api/auth/totp/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url } = setup.json();
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/TD%20Workforce:.*secret=/);
  expect(otpauth_url).toContain('period=30');
  expect(otpauth_url).toContain('digits=6');
  const wrong = await t.request({ method: 'POST', url: '/api/auth/totp/enable', payload: { code: '000000' } });
  expect(wrong.statusCode).toBe(400);
  const enabled = await t.request({ method: 'POST', url: '/api/auth/totp/enable', payload: { code: codeOf(secret) } });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().recovery_codes };
}

/** The first step of sign-in: answers the challenge cookie. */
async function password1(t: TestApp, email: string): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
  expect(login.statusCode).toBe(200);
  expect(login.json()).toEqual({ totp_required: true });
  expect(sessionCookieOf(login)).toBeUndefined();
  const challenge = login.cookies.find((cookie) => cookie.name === 'td_login_challenge');
  return `td_login_challenge=${challenge?.value}`;
}

function step2(t: TestApp, cookie: string, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login/totp', headers: { origin: ORIGIN, cookie }, payload });
}

describe('two-factor sign-in (decision 104)', () => {
  it('asks for the code after the password, and a right code opens the session', async () => {
    const t = await buildTestApp();
    const me = await t.signIn({ role: 'payroll' });
    const { secret, recoveryCodes } = await enrol(t);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const list = await t.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(list.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);

    const challenge = await password1(t, me.email);
    const wrong = await step2(t, challenge, { code: '123456' === codeOf(secret) ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(CODE_WRONG);
    // The next step's code: the one that enabled it is used up (decision 108).
    const right = await step2(t, challenge, { code: codeOf(secret, Date.now() + 30_000) });
    expect(right.statusCode).toBe(200);
    expect(right.json().role).toBe('payroll');
    const cookie = sessionCookieOf(right) ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/api/payslips', headers: { cookie } })).statusCode).toBe(200);
    // The challenge is used up.
    expect((await step2(t, challenge, { code: codeOf(secret) })).statusCode).toBe(401);
  });

  it('takes each code once: not the one that enabled it, not twice, not an earlier step (RFC 6238 5.2, decision 108)', async () => {
    const t = await buildTestApp();
    const me = await t.signIn({ role: 'payroll' });
    const { secret } = await enrol(t);
    const now = Date.now();
    // The code that turned two-factor sign-in on cannot sign in again.
    const enabling = await step2(t, await password1(t, me.email), { code: codeOf(secret, now) });
    expect(enabling.statusCode).toBe(401);
    expect(enabling.json().error.message).toBe(CODE_USED);
    // The next step's code, sent twice at once with two challenges: one wins.
    const next = codeOf(secret, now + 30_000);
    const [a, b] = [await password1(t, me.email), await password1(t, me.email)];
    const both = await Promise.all([step2(t, a, { code: next }), step2(t, b, { code: next })]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    // And again later: still refused, as is the step before it (still inside the window).
    const again = await step2(t, await password1(t, me.email), { code: next });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(CODE_USED);
    expect((await step2(t, await password1(t, me.email), { code: codeOf(secret, now - 30_000) })).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select('totp_last_step')
      .where('email', '=', me.email)
      .executeTakeFirst();
    expect(row?.totp_last_step).toBe(Math.floor((now + 30_000) / 30_000));
  });

  it('refuses to enable two-factor sign-in with a code already used for the account', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const first = (await t.request({ method: 'POST', url: '/api/auth/totp/setup' })).json().secret;
    const now = Date.now();
    const code = codeOf(first, now);
    expect((await t.request({ method: 'POST', url: '/api/auth/totp/enable', payload: { code } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/totp/disable', payload: { password } })).statusCode).toBe(
      204,
    );
    // A second enrolment within the same 30 s: a code of that step was accepted for this account.
    const second = (await t.request({ method: 'POST', url: '/api/auth/totp/setup' })).json().secret;
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/totp/enable',
      payload: { code: codeOf(second, now) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(CODE_USED);
    const later = await t.request({
      method: 'POST',
      url: '/api/auth/totp/enable',
      payload: { code: codeOf(second, now + 30_000) },
    });
    expect(later.statusCode).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const t = await buildTestApp();
    const me = await t.signIn();
    const { recoveryCodes } = await enrol(t);
    const first = await step2(t, await password1(t, me.email), { recovery_code: recoveryCodes[0]?.toLowerCase() });
    expect(first.statusCode).toBe(200);
    const again = await step2(t, await password1(t, me.email), { recovery_code: recoveryCodes[0] });
    expect(again.statusCode).toBe(401);
  });

  it('counts wrong codes against the sign-in throttle', async () => {
    const t = await buildTestApp();
    const me = await t.signIn();
    const { secret } = await enrol(t);
    const challenge = await password1(t, me.email);
    // The password step was the first of the five failures one e-mail may have from one address.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await step2(t, challenge, { code: '000000' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Even the right code waits now.
    expect((await step2(t, challenge, { code: codeOf(secret) })).statusCode).toBe(429);
  });

  it('is turned off with the password, and then the password alone signs in', async () => {
    const t = await buildTestApp();
    const me = await t.signIn();
    await enrol(t);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/totp/disable',
      payload: { password: 'not it at all' },
    });
    expect(wrong.statusCode).toBe(400);
    const off = await t.request({ method: 'POST', url: '/api/auth/totp/disable', payload: { password } });
    expect(off.statusCode).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: me.email, password },
    });
    expect(login.json().user.email).toBe(me.email);
  });

  it('makes enrolment compulsory for the roles REQUIRE_2FA_ROLES or the staff screen name', async () => {
    const t = await buildTestApp({ REQUIRE_2FA_ROLES: 'payroll' });
    await t.signIn({ role: 'payroll' });
    const session = (await t.request({ method: 'GET', url: '/api/auth/session' })).json();
    expect(session.required_action).toBe('enrol_totp');
    const refused = await t.request({ method: 'GET', url: '/api/payslips' });
    expect(refused.json().error.code).toBe('TOTP_ENROLMENT_REQUIRED');
    await enrol(t);
    expect((await t.request({ method: 'GET', url: '/api/payslips' })).statusCode).toBe(200);

    t.cookie = undefined;
    await t.signIn();
    const settings = await t.request({
      method: 'PUT',
      url: '/api/users/settings',
      payload: { require_2fa_roles: ['admin'] },
    });
    expect(settings.json()).toEqual({ require_2fa_roles: ['admin'], require_2fa_roles_from_server: ['payroll'] });
    expect((await t.request({ method: 'GET', url: '/api/auth/session' })).json().required_action).toBe('enrol_totp');
  });
});

describe('own sessions (decision 104)', () => {
  it('lists the account’s sessions and ends another one', async () => {
    const t = await buildTestApp();
    const me = await t.signIn();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, 'user-agent': 'Other Browser' },
      payload: { email: me.email, password },
    });
    const otherCookie = sessionCookieOf(other) ?? '';
    const list = (await t.request({ method: 'GET', url: '/api/auth/sessions' })).json().items;
    expect(list).toHaveLength(2);
    const elsewhere = list.find((session: { current: boolean }) => !session.current);
    expect(elsewhere.user_agent).toBe('Other Browser');
    const ended = await t.request({ method: 'DELETE', url: `/api/auth/sessions/${elsewhere.id}` });
    expect(ended.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/workers', headers: { cookie: otherCookie } })).statusCode,
    ).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/workers' })).statusCode).toBe(200);
  });

  it('refuses an id that cannot be a session with 400, and ends nothing (a NUL byte was a 500 on PostgreSQL)', async () => {
    const t = await buildTestApp();
    await t.signIn();
    for (const id of ['a%00b', 'a%20b', '%E2%80%8B']) {
      const refused = await t.request({ method: 'DELETE', url: `/api/auth/sessions/${id}` });
      expect(refused.statusCode).toBe(400);
    }
    expect((await t.request({ method: 'GET', url: '/api/auth/sessions' })).json().items).toHaveLength(1);
    expect((await t.request({ method: 'DELETE', url: '/api/auth/sessions/unknownsession' })).statusCode).toBe(404);
  });
});
