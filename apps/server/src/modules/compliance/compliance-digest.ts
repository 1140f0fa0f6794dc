import { COMPLIANCE_KIND_LABELS, COMPLIANCE_KINDS, DIGEST_WINDOW_DAYS } from '@td/shared/options/compliance';
import { digestWeek } from '@td/shared/rules/compliance';
import { addDays, dateInTimeZone } from '@td/shared/rules/dates';
import type { ComplianceCalendar, DigestSendResult } from '@td/shared/schemas/compliance';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import * as repo from './compliance.repository.ts';
import { type ComplianceContext, complianceCalendar } from './compliance.service.ts';

export interface DigestContext extends ComplianceContext {
  mailer: Mailer;
  /** The app's address, for the links in the message; none when PUBLIC_URL is not set. */
  appOrigin?: string | undefined;
}

/** The most items one digest lists (the counts cover them all; the calendar has the rest). */
const DIGEST_MAX_ITEMS = 200;

/** What falls due in the next 30 days and what is overdue, for everyone (the digest is the same for all). */
async function digestCalendar(ctx: DigestContext): Promise<ComplianceCalendar> {
  const today = dateInTimeZone(ctx.now?.() ?? new Date(), ctx.timeZone);
  return complianceCalendar(ctx, {
    from: today,
    to: addDays(today, DIGEST_WINDOW_DAYS),
    page: 1,
    pageSize: DIGEST_MAX_ITEMS,
  });
}

/** The message: counts by kind, then the items soonest first; names and TD- ids only (no identity numbers). */
export function digestMessage(to: string, name: string, calendar: ComplianceCalendar, appOrigin?: string): MailMessage {
  const overdue = COMPLIANCE_KINDS.reduce((sum, kind) => sum + calendar.counts[kind].overdue, 0);
  const due = COMPLIANCE_KINDS.reduce((sum, kind) => sum + calendar.counts[kind].due, 0);
  const lines = [
    `Hello ${name},`,
    '',
    `Compliance for the week of ${calendar.from}: ${overdue} overdue, ${due} due by ${calendar.to}.`,
    '',
    ...COMPLIANCE_KINDS.filter((kind) => calendar.counts[kind].overdue + calendar.counts[kind].due > 0).map(
      (kind) =>
        `${COMPLIANCE_KIND_LABELS[kind]}: ${calendar.counts[kind].overdue} overdue, ${calendar.counts[kind].due} due`,
    ),
    '',
    ...calendar.items.map(
      (item) =>
        `${item.due_date}  ${item.state === 'overdue' ? 'OVERDUE' : 'due    '}  ${item.title}  ${item.worker.first_name} ${item.worker.last_name} (${item.worker.worker_id})`,
    ),
    ...(calendar.total > calendar.items.length ? ['', `... and ${calendar.total - calendar.items.length} more.`] : []),
    '',
    appOrigin ? `The whole calendar: ${appOrigin}/compliance` : 'The whole calendar is on the Compliance page.',
    '',
    'You receive this because you turned on the weekly digest in your account settings.',
  ];
  return {
    to,
    subject: `Compliance digest: ${overdue} overdue, ${due} due in the next ${DIGEST_WINDOW_DAYS} days`,
    text: lines.join('\n'),
  };
}

/**
 * Decision 094: one tick of the weekly digest. Each person who asked for it and whose last digest is
 * for an earlier week than the current one (Monday 07:00 in the business time zone) is claimed in the
 * database and sent this week's; a week missed while no server ran is sent at the first tick after.
 * A send that fails gives the claim back so a later tick tries again.
 */
export async function runDigestTick(ctx: DigestContext): Promise<DigestSendResult> {
  const week = digestWeek(ctx.now?.() ?? new Date(), ctx.timeZone);
  const subscribers = (await repo.listDigestSubscribers(ctx.db)).filter(
    (person) => person.digest_week === null || person.digest_week < week,
  );
  if (subscribers.length === 0) return { sent: 0, failed: 0 };
  const calendar = await digestCalendar(ctx);
  let sent = 0;
  let failed = 0;
  for (const person of subscribers) {
    if (!(await repo.claimDigestWeek(ctx.db, person.id, week))) continue;
    try {
      await ctx.mailer.send(digestMessage(person.email, person.name, calendar, ctx.appOrigin));
      sent += 1;
    } catch {
      await repo.releaseDigestWeek(ctx.db, person.id, week, person.digest_week);
      failed += 1;
    }
  }
  return { sent, failed };
}

/** `POST /api/compliance/digest/send-now`: everyone who asked for the digest gets it now, claim or not. */
export async function sendDigestNow(ctx: DigestContext): Promise<DigestSendResult> {
  const subscribers = await repo.listDigestSubscribers(ctx.db);
  if (subscribers.length === 0) return { sent: 0, failed: 0 };
  const calendar = await digestCalendar(ctx);
  let sent = 0;
  let failed = 0;
  for (const person of subscribers) {
    try {
      await ctx.mailer.send(digestMessage(person.email, person.name, calendar, ctx.appOrigin));
      sent += 1;
    } catch {
      failed += 1;
    }
  }
  return { sent, failed };
}

export interface DigestLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** How often the scheduler looks for owed digests. */
export const DIGEST_TICK_MS = 5 * 60 * 1000;

/**
 * Decision 094: the digest's background job, registered under the background jobs of app.ts (decision
 * 087: it runs on the server holding the background lock) with this interval. Its claim is in the
 * database, so a lock that changes hands between two runs never sends a person two digests a week.
 */
export async function runDigestJob(ctx: DigestContext, log: DigestLog): Promise<void> {
  const result = await runDigestTick(ctx);
  if (result.sent || result.failed) log.info({ digest: result }, 'weekly compliance digest sent');
}
