import type { ComplianceKind } from '@td/shared/options/compliance';
import { addDays, addMonths } from '@td/shared/rules/dates';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { likeContains } from '../../db/paging.ts';
import type { ComplianceSubscriptionsTable, Database, WorkerRenewalRow } from '../../db/schema.ts';

/** The worker date columns that are an item's due date as they are (decision 094). */
export const WORKER_DATE_KINDS = {
  work_permit: 'wp_expiry_date',
  passport: 'passport_expiry_date',
  security_bond: 'security_bond_expiry_date',
  medical_insurance: 'medical_insurance_expiry_date',
  coretrade: 'coretrade_expiry_date',
} as const satisfies Partial<Record<ComplianceKind, string>>;
export type WorkerDateKind = keyof typeof WORKER_DATE_KINDS;

export interface CalendarFilters {
  /** Part of "first last" or of the TD- id, any case. */
  q?: string | undefined;
  nationality?: string | undefined;
  /** One worker (the worker view and the feed never need this; the calendar's worker filter is `q`). */
}

/** The calendar's window: overdue is before `today`; due is `from`..`to` (`from` at least today). */
export interface CalendarWindow {
  today: string;
  from: string;
  to: string;
}

/** A calendar row before it is shaped for the API. */
export interface ItemRow {
  id: string;
  worker_id: string;
  first_name: string;
  last_name: string;
  nationality: string | null;
  due_date: string;
  title: string | null;
}

type WorkersEb = ExpressionBuilder<Database, 'workers'>;

/** SPEC 4: active workers are every status but Terminated (a worker with no status is active). */
const activeWorker = (eb: WorkersEb) =>
  eb.or([eb('workers.status', 'is', null), eb('workers.status', '!=', 'Terminated')]);

function workerFilters(eb: WorkersEb, filters: CalendarFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [activeWorker(eb)];
  if (filters.nationality) conditions.push(eb('workers.nationality', '=', filters.nationality));
  if (filters.q) {
    const pattern = likeContains(filters.q);
    conditions.push(
      eb.or([
        sql<SqlBool>`lower(${eb.ref('workers.first_name')} || ' ' || ${eb.ref('workers.last_name')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('workers.worker_id')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return eb.and(conditions);
}

/**
 * Overdue (before today) or due in the window. Written as one range up to `to` with the gap taken out,
 * so an index on the date serves it as one range scan (decision 095; `compliance_items_due_idx`, 107).
 */
function inWindow(date: Expression<string | null>, window: CalendarWindow): Expression<SqlBool> {
  const lower = window.from > window.today ? window.from : window.today;
  return sql<SqlBool>`${date} <= ${window.to} and (${date} < ${window.today} or ${date} >= ${lower})`;
}

export interface KindCount {
  overdue: number;
  due: number;
}

type CountRow = { kind: string; total: number | string | null; overdue: number | string | null };

const toCounts = (rows: CountRow[]): Map<string, KindCount> =>
  new Map(
    rows.map((row) => {
      const total = Number(row.total ?? 0);
      const overdue = Number(row.overdue ?? 0);
      return [row.kind, { overdue, due: total - overdue }];
    }),
  );

/** Days `from`..`to` (both included), or months from `from`'s to before `before`'s (first days). */
interface DayRange {
  from: string;
  to: string;
}
interface MonthRange {
  from: string | null;
  before: string;
}

const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;

/**
 * Decision 110: the window as whole months (read from `compliance_month_counts`) and the days of the
 * months it cuts (from `compliance_day_counts`). The overdue part is every day before today (and up to
 * `to`), the due part `from` (at least today) to `to`; a whole month lies in one of them, so its first
 * day says which. Adjacent day ranges are joined (today's month, cut by today, is one range).
 */
export function countRanges(window: CalendarWindow): { months: MonthRange[]; days: DayRange[] } {
  const lower = window.from > window.today ? window.from : window.today;
  const yesterday = addDays(window.today, -1);
  const parts: { from: string | null; to: string }[] = [
    { from: null, to: window.to < yesterday ? window.to : yesterday },
  ];
  if (lower <= window.to) parts.push({ from: lower, to: window.to });
  const months: MonthRange[] = [];
  const days: DayRange[] = [];
  for (const { from, to } of parts) {
    // The whole months of from..to: from the first that starts on or after `from`, to the last that ends by `to`.
    const first = from === null || from === firstOfMonth(from) ? from : addMonths(firstOfMonth(from), 1);
    const before = firstOfMonth(addDays(to, 1));
    if (first === null || first < before) {
      months.push({ from: first, before });
      if (from !== null && first !== null && from < first) days.push({ from, to: addDays(first, -1) });
      if (before <= to) days.push({ from: before, to });
    } else if (from !== null) {
      days.push({ from, to });
    }
  }
  const joined: DayRange[] = [];
  for (const range of days) {
    const last = joined.at(-1);
    if (last && addDays(last.to, 1) === range.from) last.to = range.to;
    else joined.push({ ...range });
  }
  return { months, days: joined };
}

/**
 * The items overdue and due in the window, per kind, from the figures the database keeps (decisions
 * 107, 110). Without filters a sum over the window's whole months and the days of the months it cuts
 * (about 350 rows on the large set, where the days were 2,949); with filters the items of the workers
 * they leave, read by worker. Kinds without items are absent.
 */
export async function countItems(
  db: Db,
  window: CalendarWindow,
  filters: CalendarFilters,
  kind: ComplianceKind | undefined,
): Promise<Map<string, KindCount>> {
  if (!filters.q && !filters.nationality) {
    const ranges = countRanges(window);
    const months = db
      .selectFrom('compliance_month_counts')
      .select(['kind', sql<string>`month`.as('due_date'), 'items'])
      .where((eb) =>
        eb.and([
          kind === undefined ? sql<SqlBool>`true` : eb('kind', '=', kind),
          eb.or(
            ranges.months.map((range) =>
              range.from === null
                ? eb('month', '<', range.before)
                : eb.and([eb('month', '>=', range.from), eb('month', '<', range.before)]),
            ),
          ),
        ]),
      );
    const days = db
      .selectFrom('compliance_day_counts')
      .select(['kind', sql<string>`due_date`.as('due_date'), 'items'])
      .where((eb) =>
        eb.and([
          kind === undefined ? sql<SqlBool>`true` : eb('kind', '=', kind),
          eb.or(ranges.days.map((range) => eb.and([eb('due_date', '>=', range.from), eb('due_date', '<=', range.to)]))),
        ]),
      );
    const parts = [...(ranges.months.length > 0 ? [months] : []), ...(ranges.days.length > 0 ? [days] : [])];
    const [first, ...rest] = parts;
    if (!first) return new Map();
    const rows = await db
      .selectFrom(rest.reduce((union, part) => union.unionAll(part), first).as('counted'))
      .select((eb) => [
        'counted.kind',
        eb.fn.sum<number | string | null>('counted.items').as('total'),
        sql<number | string | null>`sum(case when ${eb.ref('counted.due_date')} < ${window.today} then ${eb.ref(
          'counted.items',
        )} else 0 end)`.as('overdue'),
      ])
      .groupBy('counted.kind')
      .execute();
    return toCounts(rows);
  }
  if (!filters.q) {
    // A nationality alone leaves many workers (a third on the large set): joined, SQLite reads them by
    // nationality and each one's items by the primary key (8 ms there; 82 ms asking each item's worker).
    const rows = await db
      .selectFrom('compliance_items')
      .innerJoin('workers', 'workers.id', 'compliance_items.worker_id')
      .select((eb) => [
        'compliance_items.kind',
        sql<number | string>`count(*)`.as('total'),
        sql<
          number | string | null
        >`sum(case when ${eb.ref('compliance_items.due_date')} < ${window.today} then 1 else 0 end)`.as('overdue'),
      ])
      .where((eb) =>
        eb.and([
          inWindow(eb.ref('compliance_items.due_date'), window),
          workerFilters(eb as unknown as WorkersEb, filters),
        ]),
      )
      .$if(kind !== undefined, (query) => query.where('compliance_items.kind', '=', kind as ComplianceKind))
      .groupBy('compliance_items.kind')
      .execute();
    return toCounts(rows);
  }
  const rows = await db
    .selectFrom('compliance_items')
    .select((eb) => [
      'kind',
      sql<number | string>`count(*)`.as('total'),
      sql<number | string | null>`sum(case when ${eb.ref('due_date')} < ${window.today} then 1 else 0 end)`.as(
        'overdue',
      ),
    ])
    .where((eb) => eb.and([inWindow(eb.ref('due_date'), window), ofFilteredWorkers(eb, filters)]))
    .$if(kind !== undefined, (query) => query.where('kind', '=', kind as ComplianceKind))
    .groupBy('kind')
    .execute();
  return toCounts(rows);
}

type ItemsEb = ExpressionBuilder<Database, 'compliance_items'>;

/**
 * The kept items of the workers the filters leave (all when none). A name or id leaves few workers:
 * those first, then their items by the primary key (SQLite 7 ms for "ahmad" on the large set, against
 * 56 ms asking each item of the window). A nationality alone leaves many (a third there): the page's
 * items are read in date order, each asking its worker, and stop after the page's hundred or so.
 */
function ofFilteredWorkers(eb: ItemsEb, filters: CalendarFilters): Expression<SqlBool> {
  if (filters.q) {
    return eb(
      'compliance_items.worker_id',
      'in',
      eb
        .selectFrom('workers')
        .select('workers.id')
        .where((workers) => workerFilters(workers, filters)),
    );
  }
  if (filters.nationality) {
    return eb.exists(
      eb
        .selectFrom('workers')
        .select(sql`1`.as('one'))
        .whereRef('workers.id', '=', 'compliance_items.worker_id')
        .where((workers) => workerFilters(workers, filters)),
    );
  }
  return sql<SqlBool>`true`;
}

/** A kept item with its worker's columns: `ref` is the course of a training item. */
export interface KeptItem {
  kind: string;
  worker_id: string;
  due_date: string;
  sort_id: string;
  ref: string;
  id: string;
  code: string;
  first_name: string;
  last_name: string;
  nationality: string | null;
}

/**
 * Decisions 107, 110: the kept items of the window up to the `limit`-th date of them all (of the kinds
 * and workers asked for), each with its worker's row (read by its key, one statement): the page's
 * merge sorts by date first, so no later item can be on it.
 */
export async function listKeptItems(
  db: Db,
  kinds: readonly ComplianceKind[] | undefined,
  window: CalendarWindow,
  filters: CalendarFilters,
  limit: number,
): Promise<KeptItem[]> {
  const inKinds = (eb: ItemsEb) =>
    eb.and([kinds ? eb('compliance_items.kind', 'in', kinds) : sql<SqlBool>`true`, ofFilteredWorkers(eb, filters)]);
  const last = await db
    .selectFrom('compliance_items')
    .select(sql<string>`due_date`.as('due_date'))
    .where((eb) => eb.and([inWindow(eb.ref('due_date'), window), inKinds(eb)]))
    .orderBy('due_date')
    .limit(1)
    .offset(limit - 1)
    .executeTakeFirst();
  // One upper bound, the nearer, so the index range stops there. A literal, not a subquery: PostgreSQL
  // plans the join from the number of items it leaves (a hundred: by key; a third of them: a hash join).
  const upTo = last ? { ...window, to: last.due_date } : window;
  return (
    db
      .selectFrom('compliance_items')
      .innerJoin('workers', 'workers.id', 'compliance_items.worker_id')
      .select([
        'compliance_items.kind',
        'compliance_items.worker_id',
        sql<string>`compliance_items.due_date`.as('due_date'),
        'compliance_items.sort_id',
        'compliance_items.ref',
        'workers.id',
        'workers.worker_id as code',
        'workers.first_name',
        'workers.last_name',
        'workers.nationality',
      ])
      // The filters as in the first statement (a subquery each): tested on the joined row, a nationality
      // would lead SQLite to read every item of that nationality's workers (19 ms, against 0.6 ms).
      .where((eb) => eb.and([inWindow(eb.ref('compliance_items.due_date'), upTo), inKinds(eb as unknown as ItemsEb)]))
      .execute()
  );
}

/** Whether a worker has an employment letter recorded (the worker view's KETs item). */
export async function hasEmploymentLetter(db: Db, workerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('employment_letters')
    .select('id')
    .where('worker_id', '=', workerId)
    .executeTakeFirst();
  return row !== undefined;
}

type TrainingEb = ExpressionBuilder<Database, 'training_records' | 'workers'>;

/**
 * Decision 094: a certificate counts until it is renewed, that is until the worker has a record of the
 * same course that expires later or never. Only the latest of each course is an item (of two with the
 * same expiry, the later recorded).
 */
const notRenewed = (eb: TrainingEb) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('training_records as newer')
        .select(sql`1`.as('one'))
        .whereRef('newer.worker_id', '=', 'training_records.worker_id')
        .whereRef('newer.training_name', '=', 'training_records.training_name')
        .where((inner) =>
          inner.or([
            inner('newer.expiry_date', 'is', null),
            inner('newer.expiry_date', '>', inner.ref('training_records.expiry_date')),
            // Two records of the course with the same expiry are one item (the later recorded), as
            // the kept items have it (migration 0037's `sort_id`).
            inner.and([
              inner('newer.expiry_date', '=', inner.ref('training_records.expiry_date')),
              inner('newer.id', '>', inner.ref('training_records.id')),
            ]),
          ]),
        ),
    ),
  );

/** One worker's dated items, whatever their dates (the worker view). */
export async function findWorkerDates(db: Db, workerId: string) {
  return db
    .selectFrom('workers')
    .select([
      'id',
      'type_of_pass',
      'nationality',
      'wp_expiry_date',
      'passport_expiry_date',
      'security_bond_expiry_date',
      'medical_insurance_expiry_date',
      'coretrade_expiry_date',
      'sip_required',
      'sip_attended_date',
      'employment_start_date',
      'wp_no',
      'passport_no',
      'security_bond_number',
      'medical_policy_number',
    ])
    .where('id', '=', workerId)
    .executeTakeFirst();
}

/** A worker's certificates with an expiry that no later record of the same course renewed. */
export async function findWorkerTraining(db: Db, workerId: string) {
  return db
    .selectFrom('training_records')
    .innerJoin('workers', 'workers.id', 'training_records.worker_id')
    .select(['training_records.training_name', sql<string>`training_records.expiry_date`.as('expiry_date')])
    .where('training_records.worker_id', '=', workerId)
    .where('training_records.expiry_date', 'is not', null)
    .where((eb) => notRenewed(eb))
    .orderBy('training_records.expiry_date')
    .execute();
}

export async function listRenewals(db: Db, workerId: string): Promise<WorkerRenewalRow[]> {
  return db
    .selectFrom('worker_renewals')
    .selectAll()
    .where('worker_id', '=', workerId)
    .orderBy('renewed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertRenewal(db: Db, row: WorkerRenewalRow): Promise<void> {
  await db.insertInto('worker_renewals').values(row).execute();
}

/** Sets one renewable date (and its number) of a worker; the service checks the kind. */
export async function setWorkerExpiry(
  db: Db,
  workerId: string,
  column: (typeof WORKER_DATE_KINDS)[WorkerDateKind],
  expiry: string,
  reference: {
    column: 'wp_no' | 'passport_no' | 'security_bond_number' | 'medical_policy_number';
    value: string;
  } | null,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('workers')
    .set({ [column]: expiry, ...(reference ? { [reference.column]: reference.value } : {}), updated_at: updatedAt })
    .where('id', '=', workerId)
    .execute();
}

// --- Reminders: each person's digest and feed (decision 094) ---

export async function findSubscription(db: Db, userId: string) {
  return db.selectFrom('compliance_subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Writes a person's settings, creating their row the first time. */
export async function upsertSubscription(
  db: Db,
  userId: string,
  values: Partial<Omit<ComplianceSubscriptionsTable, 'user_id'>> & { updated_at: string },
): Promise<void> {
  await db
    .insertInto('compliance_subscriptions')
    .values({ user_id: userId, weekly_digest: 0, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function findFeedOwner(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('compliance_subscriptions')
    .select('user_id')
    .where('feed_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id;
}

/** Everyone who asked for the digest, with their address. */
export async function listDigestSubscribers(db: Db) {
  return db
    .selectFrom('compliance_subscriptions')
    .innerJoin('users', 'users.id', 'compliance_subscriptions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'compliance_subscriptions.digest_week'])
    .where('compliance_subscriptions.weekly_digest', '=', 1)
    .orderBy('users.id')
    .execute();
}

/**
 * Claims this week's digest for one person: one conditional update (their last week is older), so of
 * several servers exactly one gets `true` (decision 094).
 */
export async function claimDigestWeek(db: Db, userId: string, week: string): Promise<boolean> {
  const result = await db
    .updateTable('compliance_subscriptions')
    .set({ digest_week: week })
    .where('user_id', '=', userId)
    .where('weekly_digest', '=', 1)
    .where((eb) => eb.or([eb('digest_week', 'is', null), eb('digest_week', '<', week)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claim back after the message could not be sent, so the next tick tries again. */
export async function releaseDigestWeek(db: Db, userId: string, week: string, previous: string | null): Promise<void> {
  await db
    .updateTable('compliance_subscriptions')
    .set({ digest_week: previous })
    .where('user_id', '=', userId)
    .where('digest_week', '=', week)
    .execute();
}
