import { createHash, randomBytes } from 'node:crypto';
import {
  COMPLIANCE_KIND_LABELS,
  COMPLIANCE_KINDS,
  type ComplianceKind,
  DEFAULT_WINDOW_DAYS,
  RENEWABLE_EXPIRY_COLUMNS,
  RENEWABLE_REFERENCE_COLUMNS,
  type RenewableKind,
} from '@td/shared/options/compliance';
import { employmentLetterDueDate, itemState, sipDueDate, sipRequired } from '@td/shared/rules/compliance';
import { type CsvCell, toCsv } from '@td/shared/rules/csv';
import { addDays, dateInTimeZone, daysBetween } from '@td/shared/rules/dates';
import {
  type ComplianceCalendar,
  type ComplianceItem,
  NOTHING_TO_RENEW_MESSAGE,
  type NotificationSettings,
  RENEWAL_NOT_LATER_MESSAGE,
  type WorkerCompliance,
  type WorkerComplianceItem,
  type WorkerRenewal,
} from '@td/shared/schemas/compliance';
import type { z } from 'zod';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import type { WorkerRenewalRow } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { getWorker } from '../workers/public.ts';
import * as repo from './compliance.repository.ts';
import { writeCalendar } from './icalendar.ts';

export interface ComplianceContext {
  db: Db;
  /** Today is the business's (BUSINESS_TIME_ZONE). */
  timeZone: string;
  now?: () => Date;
}

type ParsedQuery = z.output<typeof import('@td/shared/schemas/compliance').ComplianceQuery>;

const today = (ctx: ComplianceContext) => dateInTimeZone(ctx.now?.() ?? new Date(), ctx.timeZone);

/** Decision 095: the window asked for, else today and the next 90 days. */
export function windowOf(ctx: ComplianceContext, query: { from?: string | undefined; to?: string | undefined }) {
  const day = today(ctx);
  const from = query.from ?? day;
  const to = query.to ?? addDays(from, DEFAULT_WINDOW_DAYS);
  return { today: day, from, to };
}

const KIND_ORDER = new Map(COMPLIANCE_KINDS.map((kind, index) => [kind, index]));

function toItem(kind: ComplianceKind, row: repo.ItemRow, day: string): ComplianceItem {
  return {
    worker: { id: row.id, worker_id: row.worker_id, first_name: row.first_name, last_name: row.last_name },
    kind,
    due_date: row.due_date,
    state: itemState(row.due_date, day),
    title: row.title ?? COMPLIANCE_KIND_LABELS[kind],
    nationality: row.nationality,
  };
}

/** Soonest first (the longest overdue at the top), then by kind, worker and id, the same on every page. */
function byDueDate(a: ComplianceItem, b: ComplianceItem): number {
  if (a.due_date !== b.due_date) return a.due_date < b.due_date ? -1 : 1;
  const kinds = (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0);
  if (kinds !== 0) return kinds;
  const names = `${a.worker.first_name} ${a.worker.last_name}`.localeCompare(
    `${b.worker.first_name} ${b.worker.last_name}`,
  );
  if (names !== 0) return names;
  return a.worker.id < b.worker.id ? -1 : a.worker.id > b.worker.id ? 1 : a.title.localeCompare(b.title);
}

const emptyCounts = () =>
  Object.fromEntries(COMPLIANCE_KINDS.map((kind) => [kind, { overdue: 0, due: 0 }])) as ComplianceCalendar['counts'];

/**
 * Decision 107: the lists from the kept items. Each kind gives its first `limit` items in date order
 * (then by the worker's or the record's id, as decision 095's lists did) and the page is cut from
 * their merge, which sorts by date first; so only the items up to the `limit`-th date of them all can
 * be on it, and of those each kind keeps its first `limit` in that order. Their workers come joined
 * (decision 110).
 */
async function keptLists(
  db: Db,
  kinds: readonly ComplianceKind[],
  window: repo.CalendarWindow,
  filters: repo.CalendarFilters,
  limit: number,
): Promise<repo.ItemRow[][]> {
  const kept = await repo.listKeptItems(
    db,
    kinds.length === COMPLIANCE_KINDS.length ? undefined : kinds,
    window,
    filters,
    limit,
  );
  const inOrder = (a: repo.KeptItem, b: repo.KeptItem) =>
    a.due_date !== b.due_date
      ? a.due_date < b.due_date
        ? -1
        : 1
      : a.sort_id < b.sort_id
        ? -1
        : a.sort_id > b.sort_id
          ? 1
          : 0;
  return kinds.map((kind) =>
    kept
      .filter((item) => item.kind === kind)
      .sort(inOrder)
      .slice(0, limit)
      .map((item) => ({
        id: item.id,
        worker_id: item.code,
        first_name: item.first_name,
        last_name: item.last_name,
        nationality: item.nationality,
        due_date: item.due_date,
        title: kind === 'training' ? item.ref : null,
      })),
  );
}

/**
 * Decision 095: every item of every active worker overdue or due in the window. The counts and the
 * items are read from what the database keeps (decision 107); the items a page at a time: each kind
 * answers its first `page * pageSize` in date order and the pages are cut from their merge.
 */
export async function complianceCalendar(ctx: ComplianceContext, query: ParsedQuery): Promise<ComplianceCalendar> {
  const window = windowOf(ctx, query);
  const filters = { q: query.q, nationality: query.nationality };
  const kinds = query.kind ? [query.kind] : COMPLIANCE_KINDS;
  const limit = query.page * query.pageSize;
  const [kept, lists] = await Promise.all([
    repo.countItems(ctx.db, window, filters, query.kind),
    keptLists(ctx.db, kinds, window, filters, limit),
  ]);
  const counts = emptyCounts();
  const merged: ComplianceItem[] = [];
  let total = 0;
  kinds.forEach((kind, index) => {
    const count = kept.get(kind) ?? { overdue: 0, due: 0 };
    counts[kind] = count;
    total += count.overdue + count.due;
    for (const row of lists[index] ?? []) merged.push(toItem(kind, row, window.today));
  });
  merged.sort(byDueDate);
  const start = (query.page - 1) * query.pageSize;
  return {
    items: merged.slice(start, start + query.pageSize),
    counts,
    total,
    page: query.page,
    pageSize: query.pageSize,
    ...window,
  };
}

/** The most rows one CSV export answers. */
export const MAX_EXPORT_ROWS = 50_000;

/** Decision 095: the calendar's items as CSV, with its window and filters, soonest first. */
export async function complianceCsv(ctx: ComplianceContext, query: ParsedQuery): Promise<string> {
  const calendar = await complianceCalendar(ctx, { ...query, page: 1, pageSize: MAX_EXPORT_ROWS });
  const header = ['Due Date', 'State', 'Kind', 'Item', 'Worker ID', 'First Name', 'Last Name', 'Nationality'];
  const rows: CsvCell[][] = calendar.items.map((item) => [
    item.due_date,
    item.state === 'overdue' ? 'Overdue' : 'Due',
    COMPLIANCE_KIND_LABELS[item.kind],
    item.title,
    item.worker.worker_id,
    item.worker.first_name,
    item.worker.last_name,
    item.nationality ?? '',
  ]);
  return toCsv(header, rows);
}

// --- One worker's items and renewals (the worker view) ---

const toRenewal = (row: WorkerRenewalRow): WorkerRenewal => ({
  id: row.id,
  kind: row.kind,
  previous_expiry_date: row.previous_expiry_date,
  new_expiry_date: row.new_expiry_date,
  previous_reference: row.previous_reference,
  new_reference: row.new_reference,
  renewed_by: row.renewed_by,
  renewed_at: row.renewed_at,
});

/** Decision 094: the worker's own items with their state (within the default window is "due"). */
export async function workerCompliance(ctx: ComplianceContext, workerId: string): Promise<WorkerCompliance> {
  await getWorker(ctx.db, workerId);
  const [dates, training, renewals, lettered] = await Promise.all([
    repo.findWorkerDates(ctx.db, workerId),
    repo.findWorkerTraining(ctx.db, workerId),
    repo.listRenewals(ctx.db, workerId),
    repo.hasEmploymentLetter(ctx.db, workerId),
  ]);
  const day = today(ctx);
  const horizon = addDays(day, DEFAULT_WINDOW_DAYS);
  const items: WorkerComplianceItem[] = [];
  const add = (kind: ComplianceKind, due: string | null | undefined, title = COMPLIANCE_KIND_LABELS[kind]) => {
    if (!due) return;
    const state = due < day ? 'overdue' : due <= horizon ? 'due' : 'ok';
    items.push({ kind, title, due_date: due, state, days: daysBetween(day, due) });
  };
  if (dates) {
    for (const kind of Object.keys(repo.WORKER_DATE_KINDS) as repo.WorkerDateKind[]) {
      add(kind, dates[repo.WORKER_DATE_KINDS[kind]]);
    }
    const start = dates.employment_start_date;
    const override = dates.sip_required === null ? null : dates.sip_required === 1;
    if (start && !dates.sip_attended_date && sipRequired(override, dates.type_of_pass, dates.nationality)) {
      add('sip', sipDueDate(start));
    }
    if (start && !lettered) add('employment_letter', employmentLetterDueDate(start));
  }
  for (const record of training) add('training', record.expiry_date, record.training_name);
  items.sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0));
  return { items, renewals: renewals.map(toRenewal) };
}

export const WORKER_NOT_FOUND = 'Worker not found';

/**
 * Decision 094: a renewal sets the item's new expiry (and its new number, when given) and keeps the
 * previous expiry and number as the worker's history, with the audit entry, in one transaction.
 */
export async function renewItem(
  ctx: ComplianceContext,
  workerId: string,
  input: z.output<typeof import('@td/shared/schemas/compliance').RenewalInput>,
  actor: Actor,
): Promise<WorkerCompliance> {
  const kind = input.kind as RenewableKind;
  const column = RENEWABLE_EXPIRY_COLUMNS[kind];
  const referenceColumn = RENEWABLE_REFERENCE_COLUMNS[kind];
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findWorkerDates(trx, workerId);
    if (!before) throw notFound(WORKER_NOT_FOUND);
    const worker = await getWorker(trx, workerId);
    if (
      (kind === 'work_permit' || kind === 'coretrade') &&
      (worker.type_of_pass === 'Singapore Citizen' || worker.type_of_pass === 'PR')
    ) {
      throw badRequest(NOTHING_TO_RENEW_MESSAGE, { kind: NOTHING_TO_RENEW_MESSAGE });
    }
    const previous = before[column];
    if (previous && input.expiry_date <= previous) {
      throw badRequest(RENEWAL_NOT_LATER_MESSAGE, { expiry_date: RENEWAL_NOT_LATER_MESSAGE });
    }
    const previousReference = referenceColumn ? before[referenceColumn] : null;
    const newReference = referenceColumn && input.reference ? input.reference : null;
    const at = nowIso(ctx.now?.());
    await repo.insertRenewal(trx, {
      id: newId(),
      worker_id: workerId,
      kind,
      previous_expiry_date: previous,
      new_expiry_date: input.expiry_date,
      previous_reference: previousReference,
      new_reference: newReference,
      renewed_by: actor.name,
      renewed_by_user_id: actor.id,
      renewed_at: at,
    });
    await repo.setWorkerExpiry(
      trx,
      workerId,
      column,
      input.expiry_date,
      referenceColumn && newReference ? { column: referenceColumn, value: newReference } : null,
      at,
    );
    const changes: Record<string, unknown> = { [column]: previous };
    const after: Record<string, unknown> = { [column]: input.expiry_date };
    if (referenceColumn && newReference) {
      changes[referenceColumn] = previousReference;
      after[referenceColumn] = newReference;
    }
    await recordAudit(trx, actor, { action: 'update', entity: 'worker', entityId: workerId, before: changes, after });
  });
  return workerCompliance(ctx, workerId);
}

// --- Reminders: settings and the calendar feed (decision 094) ---

export async function notificationSettings(ctx: ComplianceContext, userId: string): Promise<NotificationSettings> {
  const row = await repo.findSubscription(ctx.db, userId);
  return { weekly_digest: row?.weekly_digest === 1, feed_enabled: Boolean(row?.feed_token_hash) };
}

export async function setNotificationSettings(
  ctx: ComplianceContext,
  actor: Actor,
  input: { weekly_digest: boolean },
): Promise<NotificationSettings> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findSubscription(trx, actor.id);
    const at = nowIso(ctx.now?.());
    await repo.upsertSubscription(trx, actor.id, { weekly_digest: input.weekly_digest ? 1 : 0, updated_at: at });
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'notification_settings',
      entityId: actor.id,
      before: { weekly_digest: before?.weekly_digest === 1 },
      after: { weekly_digest: input.weekly_digest },
    });
  });
  return notificationSettings(ctx, actor.id);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes, URL-safe: unguessable (decision 094). */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const FEED_PATH = '/api/compliance/feed';

/** Turns the person's feed on, or gives it a new token (the old URL stops working at once). */
export async function enableFeed(ctx: ComplianceContext, actor: Actor, origin: string): Promise<{ url: string }> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso(ctx.now?.());
    await repo.upsertSubscription(trx, actor.id, {
      feed_token_hash: hashToken(token),
      feed_created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'calendar_feed',
      entityId: actor.id,
      after: { enabled: true },
    });
  });
  return { url: `${origin}${FEED_PATH}/${token}.ics` };
}

export async function disableFeed(ctx: ComplianceContext, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso(ctx.now?.());
    await repo.upsertSubscription(trx, actor.id, { feed_token_hash: null, feed_created_at: null, updated_at: at });
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'calendar_feed',
      entityId: actor.id,
      after: { enabled: false },
    });
  });
}

export const FEED_NOT_FOUND = 'Calendar feed not found';
/** How far ahead the feed reaches: a year of items, and everything overdue. */
export const FEED_WINDOW_DAYS = 365;
const FEED_MAX_EVENTS = 5_000;

/**
 * The feed's calendar: one all-day event an item, named by kind and worker (name and TD- id only: no
 * FIN, passport or permit number, since a calendar service keeps a copy). A token that is not a
 * current one answers 404, the same as a malformed one.
 */
export async function feedCalendar(ctx: ComplianceContext, tokenFile: string, appOrigin: string): Promise<string> {
  const token = tokenFile.replace(/\.ics$/, '');
  if (!FEED_TOKEN.test(token)) throw notFound(FEED_NOT_FOUND);
  const owner = await repo.findFeedOwner(ctx.db, hashToken(token));
  if (!owner) throw notFound(FEED_NOT_FOUND);
  const day = today(ctx);
  const calendar = await complianceCalendar(ctx, {
    from: day,
    to: addDays(day, FEED_WINDOW_DAYS),
    page: 1,
    pageSize: FEED_MAX_EVENTS,
  });
  return writeCalendar({
    productId: '-//TD Workforce//Compliance calendar//EN',
    name: 'TD Workforce compliance',
    stamp: ctx.now?.() ?? new Date(),
    events: calendar.items.map((item) => {
      const name = `${item.worker.first_name} ${item.worker.last_name} (${item.worker.worker_id})`;
      const label = item.kind === 'training' ? `${item.title} certificate` : COMPLIANCE_KIND_LABELS[item.kind];
      return {
        uid: `${item.kind}-${item.worker.id}-${item.kind === 'training' ? createHash('sha256').update(item.title).digest('hex').slice(0, 12) : 'item'}@td-workforce`,
        date: item.due_date,
        summary: `${label} due: ${name}`,
        description: `${label} of ${name} is due on ${item.due_date}.`,
        url: `${appOrigin}/worker/view/${item.worker.id}`,
      };
    }),
  });
}
