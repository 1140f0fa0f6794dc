import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { EmailOutboxRow } from '../db/schema.ts';
import { newId, nowIso } from '../lib/clock.ts';
import { MailError, type Mailer, type MailMessage, type MailResult } from './mailer.ts';
import * as repo from './outbox.repository.ts';

/**
 * Decision 088: every e-mail is a row of `email_outbox` before it leaves. The request that asks for it
 * inserts the row already claimed (`sending`) and tries at once, so the staff member sees the outcome;
 * a temporary failure (a 4xx reply, a server that cannot be reached) puts it back in the queue with a
 * growing wait, and the background sender (on the one server that holds the background lock, jobs/)
 * tries again up to `MAX_ATTEMPTS`; a permanent failure (a 5xx reply) is final at once. A kind of
 * message (`payslip`) registers what its record does when the state changes, in the same transaction.
 */

/** Tries in all, the first included; the waits between them are 30 s, 1, 2, 4 and 8 minutes. */
export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
/** How long a claimed message is the claimer's: far longer than an SMTP send's bounded waits (smtp-mailer.ts). */
export const LEASE_MS = 5 * 60_000;

export const retryDelayMs = (attemptsSoFar: number): number => FIRST_RETRY_MS * 2 ** Math.max(0, attemptsSoFar - 1);

/** What the record of a message does when the message is queued again, sent or failed (same transaction). */
export type OutboxStateHandler = (trx: Db, message: EmailOutboxRow) => Promise<void>;
export type OutboxHandlers = Readonly<Record<string, OutboxStateHandler>>;

/** The state of a message after an attempt, and what the mail server said. */
export type AttemptOutcome =
  | { state: 'sent'; message: EmailOutboxRow; result: MailResult }
  | { state: 'queued' | 'failed'; message: EmailOutboxRow; error: string };

export class MessageAlreadyOnItsWay extends Error {
  constructor(readonly activeKey: string) {
    super(`a message for ${activeKey} is already queued or being sent`);
  }
}

/** The message as stored: JSON, with the attachments' bytes in base64. */
export function serializeMessage(message: MailMessage): string {
  return JSON.stringify({
    ...message,
    attachments: (message.attachments ?? []).map((a) => ({
      ...a,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength).toString('base64'),
    })),
  });
}

export function parseMessage(text: string): MailMessage {
  const stored = JSON.parse(text) as Omit<MailMessage, 'attachments'> & {
    attachments: Array<{ filename: string; contentType: string; content: string }>;
  };
  return {
    ...stored,
    attachments: stored.attachments.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
  };
}

export interface NewMessage {
  kind: string;
  subjectId: string | null;
  /** While this message is on its way, no other with the same key can be (`payslip:<id>`). */
  activeKey: string | null;
  message: MailMessage;
  createdBy: { id: string; name: string } | null;
}

/**
 * Inserts a message already claimed by the caller (`sending`, first attempt), and runs its kind's handler
 * in the same transaction. Throws MessageAlreadyOnItsWay when its `activeKey` is taken, on any server.
 */
export async function enqueueClaimed(
  db: Db,
  handlers: OutboxHandlers,
  input: NewMessage,
  now: Date = new Date(),
): Promise<EmailOutboxRow> {
  const at = nowIso(now);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await repo.insertMessage(trx, {
        id: newId(),
        kind: input.kind,
        subject_id: input.subjectId,
        active_key: input.activeKey,
        recipient: input.message.to,
        subject: input.message.subject,
        message: serializeMessage(input.message),
        state: 'sending',
        attempts: 1,
        next_attempt_at: at,
        claimed_until: nowIso(new Date(now.getTime() + LEASE_MS)),
        last_error: null,
        delivered_as: null,
        sent_at: null,
        created_by: input.createdBy ? JSON.stringify(input.createdBy) : null,
        created_at: at,
        updated_at: at,
      });
      await handlers[row.kind]?.(trx, { ...row, state: 'queued' });
      return row;
    });
  } catch (error) {
    if (input.activeKey && isUniqueViolation(error)) throw new MessageAlreadyOnItsWay(input.activeKey);
    throw error;
  }
}

/**
 * Sends a claimed message once and records the outcome (with its kind's handler, one transaction).
 * A message someone else took meanwhile (its lease ran out) is left to them.
 */
export async function attemptDelivery(
  db: Db,
  mailer: Mailer,
  handlers: OutboxHandlers,
  claimed: EmailOutboxRow,
  now: () => Date = () => new Date(),
): Promise<AttemptOutcome> {
  let result: MailResult | undefined;
  let failure: MailError | undefined;
  try {
    result = await mailer.send(parseMessage(claimed.message));
  } catch (error) {
    failure = error instanceof MailError ? error : new MailError('the mail could not be sent', { cause: error });
  }
  const at = nowIso(now());
  const change = result
    ? {
        state: 'sent' as const,
        sent_at: at,
        active_key: null,
        last_error: null,
        delivered_as: result.delivered === 'smtp' ? `smtp:${result.messageId}` : `outbox:${result.file}`,
      }
    : failure?.temporary && claimed.attempts < MAX_ATTEMPTS
      ? {
          state: 'queued' as const,
          last_error: failure.message,
          next_attempt_at: nowIso(new Date(now().getTime() + retryDelayMs(claimed.attempts))),
        }
      : { state: 'failed' as const, active_key: null, last_error: failure?.message ?? 'unknown error' };
  const written = await db.transaction().execute(async (trx) => {
    const row = await repo.finishAttempt(trx, claimed.id, { ...change, updated_at: at });
    if (row) await handlers[row.kind]?.(trx, row);
    return row;
  });
  const message = written ?? { ...claimed, ...change };
  if (result) return { state: 'sent', message, result };
  return { state: change.state === 'queued' ? 'queued' : 'failed', message, error: change.last_error ?? '' };
}

/**
 * The background sender's one round: claims the messages that are due and tries each once. Answers how
 * many were sent, queued again and failed.
 */
export async function sendDueMessages(
  db: Db,
  mailer: Mailer,
  handlers: OutboxHandlers,
  { limit = 20, now = () => new Date() }: { limit?: number; now?: () => Date } = {},
): Promise<{ sent: number; queued: number; failed: number }> {
  const counts = { sent: 0, queued: 0, failed: 0 };
  const start = now();
  const claimed = await repo.claimDueMessages(db, {
    now: nowIso(start),
    leaseUntil: nowIso(new Date(start.getTime() + LEASE_MS)),
    limit,
  });
  for (const message of claimed) {
    const outcome = await attemptDelivery(db, mailer, handlers, message, now);
    counts[outcome.state]++;
  }
  return counts;
}

export const countWaitingMessages = repo.countWaiting;
