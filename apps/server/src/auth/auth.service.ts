import { createHash, randomBytes } from 'node:crypto';
import type { LoginInput, NewAccountInput, SessionUser } from '@td/shared/schemas/auth';
import type { Actor } from '../audit/audit.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { newId, nowIso } from '../lib/clock.ts';
import { conflict, tooMany, unauthorized } from '../lib/errors.ts';
import * as repo from './auth.repository.ts';
import { hashForUnknownUser, hashPassword, verifyPassword } from './password.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
const FIRST_ACCOUNT_EVENT = 'first_account_created';

export interface SignedIn {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

/** The cookie carries the token; the database keeps only its hash. */
const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('base64url');

async function openSession(db: Db, user: SessionUser, ttlMs: number, now: Date): Promise<SignedIn> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await repo.insertSession(db, {
    id: sessionIdOf(token),
    user_id: user.id,
    created_at: nowIso(now),
    expires_at: nowIso(expiresAt),
  });
  return { token, expiresAt, user };
}

export async function login(db: Db, input: LoginInput, ip: string, ttlMs: number, now = new Date()): Promise<SignedIn> {
  const since = nowIso(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const [byEmail, byAddress] = await Promise.all([
    repo.countLoginFailuresSince(db, since, { email: input.email }),
    repo.countLoginFailuresSince(db, since, { ip }),
  ]);
  if (byEmail >= MAX_FAILURES_PER_EMAIL || byAddress >= MAX_FAILURES_PER_ADDRESS) throw tooMany(TOO_MANY_ATTEMPTS);

  const user = await repo.findUserByEmail(db, input.email);
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? (await hashForUnknownUser()));
  if (!user || !passwordMatches) {
    await repo.deleteLoginFailures(db, { before: since });
    await repo.insertLoginFailure(db, { id: newId(), email: input.email, ip, attempted_at: nowIso(now) });
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await repo.deleteLoginFailures(db, { email: input.email });
  await repo.deleteExpiredSessions(db, nowIso(now));
  const sessionUser = { id: user.id, name: user.name, email: user.email };
  await recordAudit(db, sessionUser, { action: 'login', entity: 'session', entityId: null });
  return openSession(db, sessionUser, ttlMs, now);
}

/**
 * Reads the session behind a cookie token. Sliding expiry: once less than half the lifetime is left,
 * it is extended, and `renewedUntil` tells the caller to send the cookie again.
 */
export async function readSession(
  db: Db,
  token: string,
  ttlMs: number,
  now = new Date(),
): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
  const row = await repo.findSessionUser(db, sessionIdOf(token));
  if (!row) return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt <= now) {
    await repo.deleteSession(db, row.session_id);
    return null;
  }
  let renewedUntil: Date | null = null;
  if (expiresAt.getTime() - now.getTime() < ttlMs / 2) {
    renewedUntil = new Date(now.getTime() + ttlMs);
    await repo.extendSession(db, row.session_id, nowIso(renewedUntil));
  }
  return { user: { id: row.id, name: row.name, email: row.email }, renewedUntil };
}

export async function logout(db: Db, token: string, actor: Actor | null): Promise<void> {
  await repo.deleteSession(db, sessionIdOf(token));
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
export async function setupFirstAccount(db: Db, input: NewAccountInput, ttlMs: number, now = new Date()) {
  if (!(await isSetupRequired(db))) throw conflict(ACCOUNT_EXISTS);
  const user = await db
    .transaction()
    .execute(async (trx) => {
      await repo.insertAppEvent(trx, FIRST_ACCOUNT_EVENT, nowIso(now));
      return createUser(trx, input, null, now);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(ACCOUNT_EXISTS) : error;
    });
  return openSession(db, user, ttlMs, now);
}

/** Adds a staff account (first account, `npm run user:add`). */
export async function createUser(db: Db, input: NewAccountInput, actor: Actor | null, now = new Date()) {
  if (await repo.findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const timestamp = nowIso(now);
  const user = { id: newId(), name: input.name, email: input.email };
  await repo.insertUser(db, {
    ...user,
    password_hash: await hashPassword(input.password),
    created_at: timestamp,
    updated_at: timestamp,
  });
  await recordAudit(db, actor ?? user, { action: 'create', entity: 'user', entityId: user.id, after: user });
  return user;
}
