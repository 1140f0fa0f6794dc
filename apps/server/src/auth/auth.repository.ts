import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { NewUser } from '../db/schema.ts';

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Decision 104: the accounts of a role that are not deactivated (the last admin cannot go). */
export async function countActiveUsersWithRole(db: Db, role: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', role as never)
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Fails on the primary key when the event already happened: the caller turns that into a conflict. */
export async function insertAppEvent(db: Db, name: string, happenedAt: string): Promise<void> {
  await db.insertInto('app_events').values({ name, happened_at: happenedAt }).execute();
}

export async function hasAppEvent(db: Db, name: string): Promise<boolean> {
  const row = await db.selectFrom('app_events').select('name').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export async function insertSession(
  db: Db,
  session: {
    id: string;
    user_id: string;
    created_at: string;
    expires_at: string;
    user_agent?: string | null;
    ip?: string | null;
    last_seen_at?: string | null;
  },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session and its user: every signed-in request asks this. */
export function findSessionUser(db: Db, sessionId: string) {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as session_id',
        'sessions.created_at',
        'sessions.expires_at',
        'sessions.last_seen_at',
        'users.id',
        'users.name',
        'users.email',
        'users.role',
        'users.must_change_password',
        'users.totp_enabled_at',
      ])
      .where('sessions.id', '=', sessionId)
      // Decision 104: a deactivated account's sessions end at once, whichever server reads them.
      .where('users.deactivated_at', 'is', null)
      .executeTakeFirst()
  );
}

export async function extendSession(db: Db, sessionId: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function touchSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/** Decision 104: the account's own sessions that have not expired, newest first. */
export function listUserSessions(db: Db, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends one of the account's own sessions; answers whether there was one. */
export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the account (deactivated, password reset); answers how many. */
export async function deleteAllSessions(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function readSetting(db: Db, name: string): Promise<string | null> {
  const row = await db.selectFrom('app_settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: Db, name: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ name, value, updated_at: now })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function insertLoginChallenge(
  db: Db,
  challenge: { id: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('login_challenges').values(challenge).execute();
}

/** The account behind a login challenge that has not expired. */
export function findChallengeUser(db: Db, id: string, now: string) {
  return db
    .selectFrom('login_challenges')
    .innerJoin('users', 'users.id', 'login_challenges.user_id')
    .selectAll('users')
    .where('login_challenges.id', '=', id)
    .where('login_challenges.expires_at', '>', now)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function deleteLoginChallenges(db: Db, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('login_challenges')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<=', now)]))
    .execute();
}

export async function updateTotp(
  db: Db,
  userId: string,
  totp: { totp_secret: string | null; totp_enabled_at: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...totp, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Decision 108: records `step` as the account's last accepted TOTP step if it is later than the one
 * stored; answers whether it was (false: this code, or a later one, was accepted already). One
 * conditional UPDATE, so of two simultaneous claims of one step only one changes the row.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Uses up one recovery code: answers whether it was there (two concurrent uses: one wins). */
export async function consumeRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

/**
 * Counts one more attempt under `key` and answers the new count, atomically: an upsert that locks the
 * key's row, so concurrent attempts each see a distinct count (SQLite serialises writers; PostgreSQL
 * queues them on the row). A window that started before `since` starts again at 1.
 */
export async function countAttempt(db: Db, key: string, since: string, now: string): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, attempts: 1, window_start: now })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when login_throttle.window_start < ${since} then 1 else login_throttle.attempts + 1 end`,
        window_start: sql<string>`case when login_throttle.window_start < ${since} then ${now} else login_throttle.window_start end`,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return Number(row.attempts);
}

/** Takes one reserved attempt back from each key (a sign-in that succeeded was not a failure). */
export async function releaseAttempt(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('login_throttle')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('key', 'in', keys)
    .where('attempts', '>', 0)
    .execute();
}

/** Forgets the counts under `keys` (the failures of the e-mail and address that just signed in). */
export async function resetAttempts(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}

export async function deleteStaleAttempts(db: Db, since: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('window_start', '<', since).execute();
}

/** A known device that is still valid, with the e-mail of the user it signed in as. */
export function findLoginDevice(db: Db, id: string, now: string) {
  return db
    .selectFrom('login_devices')
    .innerJoin('users', 'users.id', 'login_devices.user_id')
    .select(['login_devices.id', 'login_devices.user_id', 'users.email'])
    .where('login_devices.id', '=', id)
    .where('login_devices.expires_at', '>', now)
    .executeTakeFirst();
}

export async function insertLoginDevice(
  db: Db,
  device: { id: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('login_devices').values(device).execute();
}

export async function deleteExpiredLoginDevices(db: Db, now: string): Promise<void> {
  await db.deleteFrom('login_devices').where('expires_at', '<=', now).execute();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: string,
  mustChange = false,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Ends every session of the user but `keepSessionId` (the one changing the password); answers how many. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
