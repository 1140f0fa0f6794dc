import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { NewUser } from '../db/schema.ts';

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
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
  session: { id: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session and its user: every signed-in request asks this. */
export function findSessionUser(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.created_at',
      'sessions.expires_at',
      'users.id',
      'users.name',
      'users.email',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

export async function extendSession(db: Db, sessionId: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
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

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
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
