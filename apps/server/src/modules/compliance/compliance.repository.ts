import type { ComplianceKind } from '@td/shared/options/compliance';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../db/in-list.ts';
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

/**
 * Decision 107: the items overdue and due in the window, per kind, from the figures the database keeps
 * (migration 0037). Without filters a sum over the window's day counts (a few thousand rows); with
 * filters the items of the workers they leave, read by worker. Kinds without items are absent.
 */
export async function countItems(
  db: Db,
  window: CalendarWindow,
  filters: CalendarFilters,
  kind: ComplianceKind | undefined,
): Promise<Map<string, KindCount>> {
  if (!filters.q && !filters.nationality) {
    const rows = await db
      .selectFrom('compliance_day_counts')
      .select((eb) => [
        'kind',
        eb.fn.sum<number | string | null>('items').as('total'),
        sql<
          number | string | null
        >`sum(case when ${eb.ref('due_date')} < ${window.today} then ${eb.ref('items')} else 0 end)`.as('overdue'),
      ])
      .where((eb) => inWindow(eb.ref('due_date'), window))
      .$if(kind !== undefined, (query) => query.where('kind', '=', kind as ComplianceKind))
      .groupBy('kind')
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

/** A kept item before its worker is read: `ref` is the course of a training item. */
export interface KeptItem {
  kind: string;
  worker_id: string;
  due_date: string;
  sort_id: string;
  ref: string;
}

/**
 * Decision 107: the kept items of the window up to the `limit`-th date of them all (of the kinds and
 * workers asked for), index only without filters: the page's merge sorts by date first, so no later
 * item can be on it.
 */
export async function listKeptItems(
  db: Db,
  kinds: readonly ComplianceKind[] | undefined,
  window: CalendarWindow,
  filters: CalendarFilters,
  limit: number,
): Promise<KeptItem[]> {
  const inKinds = (eb: ItemsEb) =>
    eb.and([kinds ? eb('kind', 'in', kinds) : sql<SqlBool>`true`, ofFilteredWorkers(eb, filters)]);
  const last = await db
    .selectFrom('compliance_items')
    .select(sql<string>`due_date`.as('due_date'))
    .where((eb) => eb.and([inWindow(eb.ref('due_date'), window), inKinds(eb)]))
    .orderBy('due_date')
    .limit(1)
    .offset(limit - 1)
    .executeTakeFirst();
  // One upper bound, the nearer, so the index range stops there.
  const upTo = last ? { ...window, to: last.due_date } : window;
  return db
    .selectFrom('compliance_items')
    .select(['kind', 'worker_id', sql<string>`due_date`.as('due_date'), 'sort_id', 'ref'])
    .where((eb) => eb.and([inWindow(eb.ref('due_date'), upTo), inKinds(eb)]))
    .execute();
}

/** The calendar's columns of the given workers. */
export async function findCalendarWorkers(db: Db, ids: readonly string[]) {
  const slices = await Promise.all(
    chunks(ids).map((slice) =>
      db
        .selectFrom('workers')
        .select(['id', 'worker_id', 'first_name', 'last_name', 'nationality'])
        .where('id', 'in', slice)
        .execute(),
    ),
  );
  return slices.flat();
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
