import { randomBytes } from 'node:crypto';
import type { LoginTotpInput, SessionUser, TotpEnabled, TotpSetup } from '@td/shared/schemas/auth';
import { PASSWORD_REQUIRED } from '@td/shared/schemas/auth';
import { Secret, TOTP } from 'otpauth';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../lib/clock.ts';
import { badRequest, conflict, tooMany, unauthorized } from '../lib/errors.ts';
import * as repo from './auth.repository.ts';
import {
  completeSignIn,
  hashOf,
  knownDevice,
  LOGIN_WINDOW_MS,
  type LoginClient,
  limitsFor,
  type SessionPolicy,
  type SignedIn,
  TOO_MANY_ATTEMPTS,
} from './auth.service.ts';
import { verifyPassword } from './password.ts';

/**
 * Decision 104: two-factor sign-in by RFC 6238 time-based codes (30 s, 6 digits, SHA-1: what every
 * authenticator app reads from an `otpauth://` URL), with ten single-use recovery codes kept as SHA-256.
 */
export const TOTP_ISSUER = 'TD Workforce';
export const RECOVERY_CODE_COUNT = 10;
export const CODE_WRONG = 'That code is not right. Check your authenticator app and try again.';
export const SIGN_IN_AGAIN = 'Please sign in again.';
export const NO_SETUP = 'Start the set-up again: no secret is waiting to be confirmed.';
export const ALREADY_ENABLED = 'Two-factor sign-in is already on for this account.';
export const CODE_USED = 'That code was used already. Wait for the next code in your authenticator app.';
const PERIOD_SECONDS = 30;

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });
}

/**
 * The time step (Unix time / 30 s) the code belongs to, or null when it is not right. One step either
 * side: a phone clock a little off, or a code typed as it changed.
 */
function stepOfCode(secret: string, label: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secret, label).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Decision 108, RFC 6238 section 5.2: a code is accepted once. Its step must be later than the last step
 * accepted for the account, claimed by one conditional UPDATE in the shared database (decision 087), so
 * the same code sent twice at once, to one server or two, wins once.
 */
async function takeCode(db: Db, userId: string, secret: string, label: string, code: string, now: Date) {
  const step = stepOfCode(secret, label, code, now);
  if (step === null) return 'wrong' as const;
  return (await repo.claimTotpStep(db, userId, step)) ? ('taken' as const) : ('used' as const);
}

/** Recovery codes are compared without case, spaces or dashes (`ab12-cd34` = `AB12CD34`). */
const normalRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

function newRecoveryCode(): string {
  const raw = randomBytes(5).toString('hex').toUpperCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/**
 * The second step of sign-in: the code (or a recovery code) for the challenge the password opened.
 * Each try reserves an attempt on the same limits as a password (decision 006), so a wrong code counts
 * as a failed sign-in and a right one clears them.
 */
export async function loginWithTotp(
  db: Db,
  challengeToken: string | undefined,
  input: LoginTotpInput,
  client: LoginClient,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SignedIn> {
  if (!challengeToken) throw unauthorized(SIGN_IN_AGAIN);
  const user = await repo.findChallengeUser(db, hashOf(challengeToken), nowIso(now));
  if (!user?.totp_secret || !user.totp_enabled_at) throw unauthorized(SIGN_IN_AGAIN);
  const since = nowIso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const device = await knownDevice(db, client.deviceToken, user.email, now);
  const limits = limitsFor(user.email, client.ip, device?.id ?? null);
  await db.transaction().execute(async (trx) => {
    for (const { key, max } of limits) {
      if ((await repo.countAttempt(trx, key, since, nowIso(now))) > max) throw tooMany(TOO_MANY_ATTEMPTS);
    }
  });
  if ('code' in input) {
    const taken = await takeCode(db, user.id, user.totp_secret, user.email, input.code, now);
    if (taken !== 'taken') throw unauthorized(taken === 'used' ? CODE_USED : CODE_WRONG);
  } else if (!(await repo.consumeRecoveryCode(db, user.id, hashOf(normalRecoveryCode(input.recovery_code))))) {
    throw unauthorized(CODE_WRONG);
  }
  await repo.deleteLoginChallenges(db, user.id, nowIso(now));
  if ('recovery_code' in input) {
    await recordAudit(db, user, {
      action: 'update',
      entity: 'user',
      entityId: user.id,
      after: { recovery_code_used: true },
    });
  }
  return completeSignIn(db, user, limits, client, policy, device !== null, now);
}

export async function totpStatus(db: Db, actor: SessionUser): Promise<{ enabled: boolean }> {
  const user = await repo.findUserById(db, actor.id);
  return { enabled: Boolean(user?.totp_enabled_at) };
}

/** A new secret, kept unconfirmed until `enableTotp` gets a right code from it. */
export async function setUpTotp(db: Db, actor: SessionUser, now = new Date()): Promise<TotpSetup> {
  const user = await repo.findUserById(db, actor.id);
  if (!user) throw unauthorized();
  if (user.totp_enabled_at) throw conflict(ALREADY_ENABLED);
  const secret = new Secret({ size: 20 }).base32;
  await repo.updateTotp(db, actor.id, { totp_secret: secret, totp_enabled_at: null }, nowIso(now));
  return { secret, otpauth_url: totpOf(secret, user.email).toString() };
}

/** Turns two-factor sign-in on once a code from the new secret is right; answers the recovery codes once. */
export async function enableTotp(db: Db, actor: SessionUser, code: string, now = new Date()): Promise<TotpEnabled> {
  const user = await repo.findUserById(db, actor.id);
  if (!user) throw unauthorized();
  if (user.totp_enabled_at) throw conflict(ALREADY_ENABLED);
  if (!user.totp_secret) throw badRequest(NO_SETUP, { code: NO_SETUP });
  const secret = user.totp_secret;
  if (stepOfCode(secret, user.email, code, now) === null) throw badRequest(CODE_WRONG, { code: CODE_WRONG });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    // Decision 108: the code that turns it on is used up too (a rollback gives the step back).
    if ((await takeCode(trx, actor.id, secret, user.email, code, now)) !== 'taken') {
      throw badRequest(CODE_USED, { code: CODE_USED });
    }
    await repo.updateTotp(trx, actor.id, { totp_secret: user.totp_secret, totp_enabled_at: nowIso(now) }, nowIso(now));
    await repo.replaceRecoveryCodes(
      trx,
      actor.id,
      codes.map((c) => hashOf(normalRecoveryCode(c))),
      nowIso(now),
    );
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'user',
      entityId: actor.id,
      after: { totp_enabled: true },
    });
  });
  return { recovery_codes: codes };
}

export const PASSWORD_WRONG = 'Password is incorrect';

/** Turns two-factor sign-in off; the password is asked again (a session left open is not enough). */
export async function disableTotp(db: Db, actor: SessionUser, password: string, now = new Date()): Promise<void> {
  const user = await repo.findUserById(db, actor.id);
  if (!user) throw unauthorized();
  if (!password) throw badRequest(PASSWORD_REQUIRED, { password: PASSWORD_REQUIRED });
  if (!(await verifyPassword(password, user.password_hash)))
    throw badRequest(PASSWORD_WRONG, { password: PASSWORD_WRONG });
  await db.transaction().execute(async (trx) => {
    await repo.updateTotp(trx, actor.id, { totp_secret: null, totp_enabled_at: null }, nowIso(now));
    await repo.replaceRecoveryCodes(trx, actor.id, [], nowIso(now));
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'user',
      entityId: actor.id,
      after: { totp_enabled: false },
    });
  });
}
