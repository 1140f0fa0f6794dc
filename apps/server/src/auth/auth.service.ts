import { hash, randomBytes } from 'node:crypto';
import type { Role } from '@td/shared/rules/permissions';
import {
  type ChangePasswordInput,
  CURRENT_PASSWORD_WRONG,
  type LoginInput,
  type NewAccountInput,
  type RequiredAction,
  type SessionUser,
} from '@td/shared/schemas/auth';
import type { Actor } from '../audit/audit.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type Db, readerOf } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { newId, nowIso } from '../lib/clock.ts';
import { badRequest, conflict, tooMany, unauthorized } from '../lib/errors.ts';
import * as repo from './auth.repository.ts';
import { hashForUnknownUser, hashPassword, verifyPassword } from './password.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Decision 006: failures for one e-mail from one client address (not a known device). */
export const MAX_FAILURES_PER_EMAIL_AT_ADDRESS = 5;
/** Failures from one client address, whatever e-mails it tries (decision 006). */
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Failures for one e-mail from all addresses together: caps guessing spread over many addresses. */
export const MAX_FAILURES_PER_EMAIL_ANYWHERE = 20;
/** Failures from one known device (a browser that signed in as the user before). */
export const MAX_FAILURES_PER_DEVICE = 5;
/** How long a browser stays a known device after signing in. */
export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
const FIRST_ACCOUNT_EVENT = 'first_account_created';

/** How long sessions last (SESSION_TTL_HOURS sliding, SESSION_MAX_AGE_DAYS absolute). */
export interface SessionPolicy {
  /** Idle lifetime: renewed while in use. */
  ttlMs: number;
  /** Absolute lifetime from sign-in: after it, signing in again is required (decision 007). */
  maxAgeMs: number;
  /** Decision 104: REQUIRE_2FA_ROLES, the roles that must enrol in two-factor sign-in (the staff screen adds more). */
  totpRoles?: readonly Role[];
}

/** Decision 104: a password checked for an account with two-factor sign-in: the code is asked next. */
export interface TotpChallenge {
  challenge: { token: string; expiresAt: Date };
}
export const LOGIN_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** Decision 104: the staff screen's roles that must enrol in two-factor sign-in (a JSON array in app_settings). */
export const REQUIRE_2FA_SETTING = 'require_2fa_roles';

export interface SignedIn {
  token: string;
  expiresAt: Date;
  user: SessionUser;
  /** A new known-device token to send as a cookie, when this browser was not one yet. */
  device?: { token: string; expiresAt: Date } | undefined;
}

/** Who is signing in: the client address and the known-device cookie, if any. */
export interface LoginClient {
  ip: string;
  deviceToken?: string | undefined;
  /** Decision 104: shown in the account's own sessions list. */
  userAgent?: string | undefined;
}

/** Cookies carry tokens; the database keeps only their hash, so a leaked table yields no usable cookie. */
export const hashOf = (token: string) => hash('sha256', token, 'base64url');
export const sessionIdOf = hashOf;

export async function openSession(
  db: Db,
  user: SessionUser,
  policy: SessionPolicy,
  now: Date,
  client?: LoginClient,
): Promise<SignedIn> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + Math.min(policy.ttlMs, policy.maxAgeMs));
  await repo.insertSession(db, {
    id: sessionIdOf(token),
    user_id: user.id,
    created_at: nowIso(now),
    expires_at: nowIso(expiresAt),
    user_agent: client?.userAgent?.slice(0, 300) ?? null,
    ip: client?.ip ?? null,
    last_seen_at: nowIso(now),
  });
  return { token, expiresAt, user };
}

/** The known device behind a cookie token, when it is valid and belongs to the e-mail signing in. */
export async function knownDevice(db: Db, token: string | undefined, email: string, now: Date) {
  if (!token) return null;
  const device = await repo.findLoginDevice(db, hashOf(token), nowIso(now));
  return device && device.email === email ? device : null;
}

/** The limits an attempt counts against, always in this order (so concurrent reservations never deadlock). */
export function limitsFor(email: string, ip: string, deviceId: string | null): Array<{ key: string; max: number }> {
  if (deviceId) return [{ key: `device:${deviceId}`, max: MAX_FAILURES_PER_DEVICE }];
  return [
    { key: `email-at-address:${email}|${ip}`, max: MAX_FAILURES_PER_EMAIL_AT_ADDRESS },
    { key: `address:${ip}`, max: MAX_FAILURES_PER_ADDRESS },
    { key: `email:${email}`, max: MAX_FAILURES_PER_EMAIL_ANYWHERE },
  ];
}

/**
 * Sign-in with throttling (decision 006). The attempt is reserved before the password
 * is checked: each limit's counter is raised atomically and answers its new value, so of 50 parallel
 * guesses exactly 5 reach the password check, on either database. A refused attempt is rolled back
 * (it was not a guess); a failed one stays counted; a successful one is taken back and clears the
 * failures of its e-mail at its address (or of its device).
 *
 * Limits over 15 minutes: 5 failures for one e-mail from one address; 20 from one address whatever
 * the e-mails; 20 for one e-mail from all addresses together. A browser that signed in as this user
 * before (a known device, `td_device` cookie) is counted on its own (5 failures), so a stranger's
 * failures, or a shared proxy address, never lock staff out of their usual browser.
 */
export async function login(
  db: Db,
  input: LoginInput,
  client: LoginClient,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SignedIn | TotpChallenge> {
  const since = nowIso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const device = await knownDevice(db, client.deviceToken, input.email, now);
  const limits = limitsFor(input.email, client.ip, device?.id ?? null);
  await db.transaction().execute(async (trx) => {
    for (const { key, max } of limits) {
      // Throwing rolls every counter of this attempt back.
      if ((await repo.countAttempt(trx, key, since, nowIso(now))) > max) throw tooMany(TOO_MANY_ATTEMPTS);
    }
  });

  const user = await repo.findUserByEmail(db, input.email);
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? (await hashForUnknownUser()));
  // Decision 104: a deactivated account signs in no more (answered like a wrong password).
  if (!user || !passwordMatches || user.deactivated_at !== null) {
    await repo.deleteStaleAttempts(db, since);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (user.totp_enabled_at !== null) {
    // Decision 104: the password attempt stays counted until the code is right, so password and code
    // failures together are held to the same limits (a code guess reserves an attempt of its own).
    await repo.deleteLoginChallenges(db, user.id, nowIso(now));
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + LOGIN_CHALLENGE_LIFETIME_MS);
    await repo.insertLoginChallenge(db, {
      id: hashOf(token),
      user_id: user.id,
      created_at: nowIso(now),
      expires_at: nowIso(expiresAt),
    });
    return { challenge: { token, expiresAt } };
  }
  return completeSignIn(db, user, limits, client, policy, device !== null, now);
}

/** The sign-in succeeded (password, and the code when asked): the throttle forgets it, a session opens. */
export async function completeSignIn(
  db: Db,
  user: SessionUser,
  limits: Array<{ key: string }>,
  client: LoginClient,
  policy: SessionPolicy,
  knownDeviceUsed: boolean,
  now: Date,
): Promise<SignedIn> {
  const [own, ...shared] = limits.map((limit) => limit.key);
  await repo.resetAttempts(db, own ? [own] : []);
  await repo.releaseAttempt(db, shared);
  await repo.deleteExpiredSessions(db, nowIso(now));
  const sessionUser: SessionUser = { id: user.id, name: user.name, email: user.email, role: user.role };
  await recordAudit(db, sessionUser, { action: 'login', entity: 'session', entityId: null });
  const signedIn = await openSession(db, sessionUser, policy, now, client);
  return knownDeviceUsed ? signedIn : { ...signedIn, device: await rememberDevice(db, user.id, now) };
}

/** Makes this browser a known device of the user (decision 006). */
export async function rememberDevice(db: Db, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  await repo.deleteExpiredLoginDevices(db, nowIso(now));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + DEVICE_LIFETIME_MS);
  await repo.insertLoginDevice(db, {
    id: hashOf(token),
    user_id: userId,
    created_at: nowIso(now),
    expires_at: nowIso(expiresAt),
  });
  return { token, expiresAt };
}

/**
 * Reads the session behind a cookie token from the database, on every request (decision 076: no
 * process remembers a session, so a sign-out or a password change on any process ends it everywhere
 * at once). Sliding expiry: once less than half the idle lifetime is left, it is extended, and
 * `renewedUntil` tells the caller to send the cookie again. Never past the absolute lifetime from
 * sign-in (SESSION_MAX_AGE_DAYS): then the session ends and signing in is required.
 */
export async function readSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<{ user: SessionUser; renewedUntil: Date | null; requiredAction: RequiredAction | null } | null> {
  const sessionId = sessionIdOf(token);
  // Decision 100: read through SQLite's second, read-only connection, so that a progress poll is not held
  // behind a pay run's transaction on the main one (the main `Db` on PostgreSQL).
  const row = await repo.findSessionUser(readerOf(db), sessionId);
  if (!row) return null;
  const expiresAt = new Date(row.expires_at);
  const endsAt = new Date(new Date(row.created_at).getTime() + policy.maxAgeMs);
  if (expiresAt <= now || endsAt <= now) {
    await repo.deleteSession(db, sessionId);
    return null;
  }
  let renewedUntil: Date | null = null;
  if (expiresAt.getTime() - now.getTime() < policy.ttlMs / 2 && expiresAt < endsAt) {
    renewedUntil = new Date(Math.min(now.getTime() + policy.ttlMs, endsAt.getTime()));
    await repo.extendSession(db, sessionId, nowIso(renewedUntil));
  }
  // Decision 104: "last seen" of the sessions list, written at most once a minute per session.
  if (!row.last_seen_at || now.getTime() - new Date(row.last_seen_at).getTime() > 60_000) {
    await repo.touchSession(db, sessionId, nowIso(now));
  }
  const user: SessionUser = { id: row.id, name: row.name, email: row.email, role: row.role };
  return { user, renewedUntil, requiredAction: await requiredActionOf(db, row, policy) };
}

/** Decision 104: the roles that must enrol in two-factor sign-in: REQUIRE_2FA_ROLES and the staff screen's. */
export async function rolesRequiringTotp(db: Db, policy: Pick<SessionPolicy, 'totpRoles'>): Promise<Role[]> {
  const stored = await repo.readSetting(readerOf(db), REQUIRE_2FA_SETTING);
  const fromScreen = stored ? (JSON.parse(stored) as Role[]) : [];
  return [...new Set([...(policy.totpRoles ?? []), ...fromScreen])];
}

async function requiredActionOf(
  db: Db,
  row: { role: Role; must_change_password: number; totp_enabled_at: string | null },
  policy: SessionPolicy,
): Promise<RequiredAction | null> {
  if (row.must_change_password) return 'change_password';
  if (row.totp_enabled_at === null && (await rolesRequiringTotp(db, policy)).includes(row.role)) return 'enrol_totp';
  return null;
}

export async function logout(db: Db, token: string, actor: Actor | null): Promise<void> {
  const sessionId = sessionIdOf(token);
  await repo.deleteSession(db, sessionId);
  if (actor) await recordAudit(db, actor, { action: 'logout', entity: 'session', entityId: null });
}

export async function isSetupRequired(db: Db): Promise<boolean> {
  return !(await repo.hasAppEvent(db, FIRST_ACCOUNT_EVENT)) && (await repo.countUsers(db)) === 0;
}

export const ACCOUNT_EXISTS = 'The first account has already been created. Please sign in.';
export const EMAIL_TAKEN = 'An account with this email address already exists';

/**
 * SPEC differs 5: the one-time first account. The app_events primary key makes it race-safe: of two
 * concurrent requests one inserts the event, the other fails and rolls back its user.
 */
export async function setupFirstAccount(db: Db, input: NewAccountInput, policy: SessionPolicy, now = new Date()) {
  if (!(await isSetupRequired(db))) throw conflict(ACCOUNT_EXISTS);
  const user = await db
    .transaction()
    .execute(async (trx) => {
      await repo.insertAppEvent(trx, FIRST_ACCOUNT_EVENT, nowIso(now));
      // Decision 104: the first account is an admin.
      return createUser(trx, { ...input, role: 'admin' }, null, now);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(ACCOUNT_EXISTS) : error;
    });
  return { ...(await openSession(db, user, policy, now)), device: await rememberDevice(db, user.id, now) };
}

/** Adds a staff account (first account, `npm run user:add`). */
export async function createUser(
  db: Db,
  input: NewAccountInput & { role?: Role },
  actor: Actor | null,
  now = new Date(),
): Promise<SessionUser> {
  if (await repo.findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const timestamp = nowIso(now);
  // Decision 104: an account made without a role (`npm run user:add`, the first account) is an admin.
  const user: SessionUser = { id: newId(), name: input.name, email: input.email, role: input.role ?? 'admin' };
  await repo.insertUser(db, {
    ...user,
    password_hash: await hashPassword(input.password),
    created_at: timestamp,
    updated_at: timestamp,
  });
  await recordAudit(db, actor ?? user, { action: 'create', entity: 'user', entityId: user.id, after: user });
  return user;
}

/** Decision 037: wrong current passwords one session may try in 15 minutes (a stolen session cannot guess on). */
export const MAX_PASSWORD_CHANGE_FAILURES = 5;
export const TOO_MANY_PASSWORD_CHANGES = 'Too many wrong current passwords. Please wait 15 minutes and try again.';

/**
 * Decision 037: signed-in staff change their own password. The current password is required (a session
 * left open on a shared computer must not be enough to take the account over), wrong guesses are
 * throttled like sign-in, and every other session of the user ends in the same transaction as the
 * new hash is stored, so a session opened with the old password cannot outlive it. The session that
 * made the change stays signed in. Answers how many sessions ended.
 */
export async function changePassword(
  db: Db,
  actor: SessionUser,
  sessionToken: string,
  input: ChangePasswordInput,
  now = new Date(),
): Promise<{ endedSessions: number }> {
  const key = `password-change:${actor.id}`;
  const since = nowIso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  await db.transaction().execute(async (trx) => {
    if ((await repo.countAttempt(trx, key, since, nowIso(now))) > MAX_PASSWORD_CHANGE_FAILURES) {
      throw tooMany(TOO_MANY_PASSWORD_CHANGES);
    }
  });
  const user = await repo.findUserById(db, actor.id);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessions = await db.transaction().execute(async (trx) => {
    // Decision 104: changing it clears an admin's "must change at next sign-in".
    await repo.updatePasswordHash(trx, actor.id, passwordHash, nowIso(now));
    const ended = await repo.deleteOtherSessions(trx, actor.id, sessionIdOf(sessionToken));
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'user',
      entityId: actor.id,
      after: { password_changed: true, ended_sessions: ended },
    });
    return ended;
  });
  await repo.resetAttempts(db, [key]);
  return { endedSessions };
}
