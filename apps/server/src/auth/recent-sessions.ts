import type { Db } from '../db/database.ts';
import type { findSessionUser } from './auth.repository.ts';

/**
 * Decision 067: how long a session read from the database answers for it without asking again. A
 * screen opens with several requests at once and a search asks as the user types; each asked the
 * database for the same session (a statement of 10-15 us on SQLite, a round trip on PostgreSQL).
 * Ending a session through this process (sign-out, a new sign-in, a password change, expiry) forgets
 * it here at once; a session ended by another process (a second server on the same PostgreSQL
 * database, or a row changed by hand) is still honoured here for at most this long.
 */
export const RECENT_SESSION_MS = 1000;

/** More than any staff's sessions in one second; past it the oldest are dropped first. */
const MAX_RECENT_SESSIONS = 1000;

/** The session row `readSession` checks: what the sessions-and-users read answers. */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

interface Recent {
  row: SessionRow;
  /** When it was read from the database (ms since the epoch). */
  readAt: number;
}

interface RecentSessions {
  byId: Map<string, Recent>;
  /** How many times a session was forgotten: a read that overlapped one is not remembered. */
  forgotten: number;
}

/** Per database, so two apps in one process (tests, the benchmark) never answer for each other. */
const recentByDb = new WeakMap<Db, RecentSessions>();

function recentOf(db: Db): RecentSessions {
  let recent = recentByDb.get(db);
  if (!recent) {
    recent = { byId: new Map(), forgotten: 0 };
    recentByDb.set(db, recent);
  }
  return recent;
}

/** Taken before a session is read from the database, and handed to `rememberSession` with the row. */
export function sessionsForgottenCount(db: Db): number {
  return recentOf(db).forgotten;
}

/** The session as read within the last `RECENT_SESSION_MS`, if it was. */
export function recentSession(db: Db, sessionId: string, now: Date): SessionRow | undefined {
  const byId = recentByDb.get(db)?.byId;
  const entry = byId?.get(sessionId);
  if (!entry) return undefined;
  const age = now.getTime() - entry.readAt;
  // A clock set back makes the age negative: read again rather than trust the entry for longer.
  if (age >= 0 && age < RECENT_SESSION_MS) return entry.row;
  byId?.delete(sessionId);
  return undefined;
}

/**
 * Remembers a session just read from the database, unless a session was forgotten while it was read
 * (`forgottenBefore`, from `sessionsForgottenCount`): the row may be one that has just been ended.
 */
export function rememberSession(db: Db, row: SessionRow, now: Date, forgottenBefore: number): void {
  const recent = recentOf(db);
  if (recent.forgotten !== forgottenBefore) return;
  recent.byId.delete(row.session_id);
  if (recent.byId.size >= MAX_RECENT_SESSIONS) {
    // A Map iterates in insertion order: the first key is the longest remembered.
    const oldest = recent.byId.keys().next();
    if (!oldest.done) recent.byId.delete(oldest.value);
  }
  recent.byId.set(row.session_id, { row, readAt: now.getTime() });
}

/** Forgets one session (ended or renewed through this process). */
export function forgetSession(db: Db, sessionId: string): void {
  const recent = recentOf(db);
  recent.forgotten++;
  recent.byId.delete(sessionId);
}

/** Forgets every session of a user but one (a password change ends the others). */
export function forgetUserSessions(db: Db, userId: string, keepSessionId: string): void {
  const recent = recentOf(db);
  recent.forgotten++;
  for (const [sessionId, { row }] of recent.byId) {
    if (row.id === userId && sessionId !== keepSessionId) recent.byId.delete(sessionId);
  }
}
