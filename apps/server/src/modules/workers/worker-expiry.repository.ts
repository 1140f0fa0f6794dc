import type { Worker } from '@td/shared/schemas/worker';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { offsetOf } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { countWorkersWhere, filtersOf, toWorker, type WorkerFilters } from './workers.repository.ts';

/**
 * The worker dashboard's counts and the expiry lists (SPEC 7, SPEC 9). The lists read `workers` and its
 * indexes; the dashboard's status and expiry counts read the totals kept on write (decision 109).
 */

export type ExpiryColumn = 'wp_expiry_date' | 'coretrade_expiry_date';

/** An inclusive window of expiry dates (`expiryWindow` of the shared rules). */
type ExpiryWindow = { from: string; to: string };

/** SPEC 7: coretrade expiry only counts for WP holders. */
function inExpiryWindow(
  eb: ExpressionBuilder<Database, 'workers'>,
  column: ExpiryColumn,
  window: ExpiryWindow,
): Expression<SqlBool> {
  const between = [eb(column, '>=', window.from), eb(column, '<=', window.to)];
  return eb.and(column === 'coretrade_expiry_date' ? [...between, eb('type_of_pass', '=', 'WP')] : between);
}

/** Workers whose date in `column` is inside the window, soonest first. */
export async function listExpiringWorkers(
  db: Db,
  column: ExpiryColumn,
  window: ExpiryWindow,
  filters: WorkerFilters,
  page?: { page: number; pageSize: number },
): Promise<{ items: Worker[]; total: number; nationalities: string[] }> {
  let query = db
    .selectFrom('workers')
    .selectAll()
    .where((eb) => eb.and([inExpiryWindow(eb, column, window), filtersOf(eb, filters)]))
    .orderBy(column, 'asc')
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id');
  if (page) query = query.limit(page.pageSize).offset(offsetOf(page));
  const [rows, count, nationalities] = await Promise.all([
    query.execute(),
    countWorkersWhere(db, (eb) => eb.and([inExpiryWindow(eb, column, window), filtersOf(eb, filters)])),
    // The filter's options: every nationality in the window, whatever is searched or filtered.
    db
      .selectFrom('workers')
      .select('nationality')
      .distinct()
      .where((eb) => eb.and([inExpiryWindow(eb, column, window), eb('nationality', 'is not', null)]))
      .orderBy('nationality')
      .execute(),
  ]);
  return {
    items: rows.map(toWorker),
    total: count,
    nationalities: nationalities.flatMap((row) => (row.nationality === null ? [] : [row.nationality])),
  };
}

/**
 * Decision 024: permits already expired (before `today`), of workers not terminated: a terminated
 * worker's old permit needs nobody's attention. Coretrade counts for WP holders only, as in the window.
 * The expiry indexes carry the status and pass type (migration 0018), so the counts read them alone.
 */
function expiredBefore(
  eb: ExpressionBuilder<Database, 'workers'>,
  column: ExpiryColumn,
  today: string,
): Expression<SqlBool> {
  return eb.and([
    eb(column, '<', today),
    eb.or([eb('status', 'is', null), eb('status', '!=', 'Terminated')]),
    ...(column === 'coretrade_expiry_date' ? [eb('type_of_pass', '=', 'WP')] : []),
  ]);
}

/** Expired permits matching the filters, longest expired first, at most `limit` of them, and how many in all. */
export async function listExpiredWorkers(
  db: Db,
  column: ExpiryColumn,
  today: string,
  filters: WorkerFilters,
  limit: number,
): Promise<{ items: Worker[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('workers')
      .selectAll()
      .where((eb) => eb.and([expiredBefore(eb, column, today), filtersOf(eb, filters)]))
      .orderBy(column, 'asc')
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .limit(limit)
      .execute(),
    countWorkersWhere(db, (eb) => eb.and([expiredBefore(eb, column, today), filtersOf(eb, filters)])),
  ]);
  return { items: rows.map(toWorker), total: count };
}

/**
 * The dashboard's permit counts (SPEC 7, decision 024), summed in one statement from the workers kept
 * per expiry date (migration 0038, decision 109): one row per day, however many workers. Expiring: the
 * date inside the window, any status; expired: before `today`, not terminated. Coretrade rows are WP
 * holders' only.
 */
export async function countPermitExpiries(
  db: Db,
  window: ExpiryWindow,
  today: string,
): Promise<{ expiringWp: number; expiringCoretrade: number; expiredWp: number; expiredCoretrade: number }> {
  const sum = (kind: 'wp' | 'coretrade', when: 'expiring' | 'expired') =>
    db
      .selectFrom('worker_expiry_totals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('workers'), sql<number>`0`).as('workers'))
      .where('kind', '=', kind)
      .$if(when === 'expiring', (query) =>
        query.where('expiry_date', '>=', window.from).where('expiry_date', '<=', window.to),
      )
      .$if(when === 'expired', (query) => query.where('expiry_date', '<', today).where('terminated', '=', 0));
  const row = await db
    .selectNoFrom([
      sum('wp', 'expiring').as('expiring_wp'),
      sum('coretrade', 'expiring').as('expiring_coretrade'),
      sum('wp', 'expired').as('expired_wp'),
      sum('coretrade', 'expired').as('expired_coretrade'),
    ])
    .executeTakeFirstOrThrow();
  return {
    expiringWp: Number(row.expiring_wp),
    expiringCoretrade: Number(row.expiring_coretrade),
    expiredWp: Number(row.expired_wp),
    expiredCoretrade: Number(row.expired_coretrade),
  };
}

/**
 * SPEC 9 tiles: how many workers have each status, from the totals kept on write (decision 109). Workers
 * without a status count on no tile.
 */
export async function countWorkersByStatus(db: Db): Promise<Array<{ status: string; count: number }>> {
  const rows = await db.selectFrom('worker_status_totals').select(['status', 'workers']).execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.workers) }));
}

/** Workers created in each of the given half-open instant ranges, counted in one pass over the index. */
export async function countCreatedIn<K extends string>(
  db: Db,
  ranges: Record<K, { start: string; end: string }>,
): Promise<Record<K, number>> {
  const entries = Object.entries(ranges) as Array<[K, { start: string; end: string }]>;
  const [first] = entries;
  if (!first) return {} as Record<K, number>;
  const earliest = entries.reduce((min, [, range]) => (range.start < min ? range.start : min), first[1].start);
  const latest = entries.reduce((max, [, range]) => (range.end > max ? range.end : max), first[1].end);
  const row = await db
    .selectFrom('workers')
    .select((eb) =>
      entries.map(([key, range]) =>
        eb.fn
          .count<number | string>(
            eb
              .case()
              .when(eb.and([eb('created_at', '>=', range.start), eb('created_at', '<', range.end)]))
              .then(1)
              .end(),
          )
          .as(key),
      ),
    )
    .where('created_at', '>=', earliest)
    .where('created_at', '<', latest)
    .executeTakeFirstOrThrow();
  const counts = row as unknown as Record<K, number | string | null>;
  return Object.fromEntries(entries.map(([key]) => [key, Number(counts[key] ?? 0)])) as Record<K, number>;
}
