import type { ActiveSession, SessionUser } from '@td/shared/schemas/auth';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../lib/clock.ts';
import * as repo from './auth.repository.ts';
import { sessionIdOf } from './auth.service.ts';

/** Decision 104: the account's own sessions (browser, address, last seen), the current one marked. */
export async function listOwnSessions(db: Db, user: SessionUser, token: string): Promise<{ items: ActiveSession[] }> {
  const current = sessionIdOf(token);
  const rows = await repo.listUserSessions(db, user.id, nowIso());
  return { items: rows.map((row) => ({ ...row, current: row.id === current })) };
}

/** Ends one of the account's own sessions (another browser's, or this one). */
export async function endOwnSession(db: Db, user: SessionUser, sessionId: string): Promise<boolean> {
  const ended = await repo.deleteUserSession(db, user.id, sessionId);
  if (ended) await recordAudit(db, user, { action: 'logout', entity: 'session', entityId: null });
  return ended;
}
