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

export function findSessionUser(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.expires_at', 'users.id', 'users.name', 'users.email'])
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

export async function insertLoginFailure(
  db: Db,
  attempt: { id: string; email: string; ip: string; attempted_at: string },
): Promise<void> {
  await db.insertInto('login_attempts').values(attempt).execute();
}

export async function countLoginFailuresSince(db: Db, since: string, by: { email: string } | { ip: string }) {
  const column = 'email' in by ? 'email' : 'ip';
  const value = 'email' in by ? by.email : by.ip;
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(column, '=', value)
    .where('attempted_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteLoginFailures(db: Db, where: { email: string } | { before: string }): Promise<void> {
  const query = db.deleteFrom('login_attempts');
  await ('email' in where
    ? query.where('email', '=', where.email)
    : query.where('attempted_at', '<', where.before)
  ).execute();
}
