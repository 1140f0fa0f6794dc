import type { Db } from '../db/database.ts';
import { isPostgres } from '../db/migrations/column-types.ts';
import type { EmailOutboxRow, EmailOutboxTable } from '../db/schema.ts';

/** Decision 088: the e-mail outbox's SQL. */

export function insertMessage(db: Db, row: EmailOutboxTable): Promise<EmailOutboxRow> {
  return db.insertInto('email_outbox').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Takes up to `limit` messages that are due (queued and past their next attempt, or left `sending` by a
 * server whose lease ran out) and marks them `sending` until `leaseUntil`. PostgreSQL: the rows are
 * locked with FOR UPDATE SKIP LOCKED, so two senders never take the same row; SQLite has one writer.
 */
export async function claimDueMessages(
  db: Db,
  { now, leaseUntil, limit }: { now: string; leaseUntil: string; limit: number },
): Promise<EmailOutboxRow[]> {
  let due = db
    .selectFrom('email_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  return db
    .updateTable('email_outbox')
    .set((eb) => ({ state: 'sending', claimed_until: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Writes the outcome of an attempt, if the row is still ours (`sending`); answers the row as written. */
export function finishAttempt(
  db: Db,
  id: string,
  change: Pick<EmailOutboxTable, 'state' | 'updated_at'> &
    Partial<Pick<EmailOutboxTable, 'next_attempt_at' | 'last_error' | 'delivered_as' | 'sent_at' | 'active_key'>>,
): Promise<EmailOutboxRow | undefined> {
  return db
    .updateTable('email_outbox')
    .set({ ...change, claimed_until: null })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .returningAll()
    .executeTakeFirst();
}

/** Messages waiting to be sent (queued or sending): the metrics' outbox depth. */
export async function countWaiting(db: Db): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('state', 'in', ['queued', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The messages about one record, newest first. */
export function listMessagesAbout(db: Db, kind: string, subjectId: string): Promise<EmailOutboxRow[]> {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .orderBy('created_at', 'desc')
    .execute();
}
