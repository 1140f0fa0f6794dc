import { fromCents, toCents } from '@td/shared/rules/money';
import type { Worker, WorkerInput } from '@td/shared/schemas/worker';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, WorkerRow } from '../../db/schema.ts';

/** Ids are UUIDs; anything else cannot exist (and PostgreSQL would refuse to compare it with a uuid). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ARCHITECTURE, Data: salary_rate is cents in the table and dollars in the API; converted only here. */
export function toWorker(row: WorkerRow): Worker {
  return { ...row, salary_rate: row.salary_rate === null ? null : fromCents(row.salary_rate) };
}

function toRowFields(input: WorkerInput) {
  const { first_name, last_name } = input;
  // The schema requires both (SPEC 5 "always required"); the column types say so too.
  if (first_name === null || last_name === null) throw new TypeError('A worker needs a first and last name');
  return {
    ...input,
    first_name,
    last_name,
    salary_rate: input.salary_rate === null ? null : toCents(input.salary_rate),
  };
}

/** Rows to skip for a page; past any real table it stays a safe integer for both databases. */
const offsetOf = ({ page, pageSize }: { page: number; pageSize: number }) =>
  Math.min((page - 1) * pageSize, 2_000_000_000);

export interface WorkerFilters {
  /** Case-insensitive part of "first last". */
  q?: string | undefined;
  nationality?: string | undefined;
  status?: string | undefined;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtersOf(eb: ExpressionBuilder<Database, 'workers'>, filters: WorkerFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.q) {
    // SPEC 9: the name search matches first and last name together.
    conditions.push(
      sql<SqlBool>`lower(${eb.ref('first_name')} || ' ' || ${eb.ref('last_name')}) like ${likeContains(filters.q)} escape '\\'`,
    );
  }
  if (filters.nationality) conditions.push(eb('nationality', '=', filters.nationality));
  if (filters.status) conditions.push(eb('status', '=', filters.status));
  return eb.and(conditions);
}

/** SPEC 2 worker list: one page, newest first, with the number of all matches. */
export async function listWorkers(
  db: Db,
  { page, pageSize, ...filters }: WorkerFilters & { page: number; pageSize: number },
): Promise<{ items: Worker[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('workers')
      .selectAll()
      .where((eb) => filtersOf(eb, filters))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize }))
      .execute(),
    db
      .selectFrom('workers')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => filtersOf(eb, filters))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toWorker), total: Number(count.total) };
}

export type ExpiryColumn = 'wp_expiry_date' | 'coretrade_expiry_date';

/** SPEC 7: coretrade expiry only counts for WP holders. */
function inExpiryWindow(
  eb: ExpressionBuilder<Database, 'workers'>,
  column: ExpiryColumn,
  window: { from: string; to: string },
): Expression<SqlBool> {
  const between = [eb(column, '>=', window.from), eb(column, '<=', window.to)];
  return eb.and(column === 'coretrade_expiry_date' ? [...between, eb('type_of_pass', '=', 'WP')] : between);
}

/** Workers whose date in `column` is inside the window, soonest first. */
export async function listExpiringWorkers(
  db: Db,
  column: ExpiryColumn,
  window: { from: string; to: string },
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
    db
      .selectFrom('workers')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => eb.and([inExpiryWindow(eb, column, window), filtersOf(eb, filters)]))
      .executeTakeFirstOrThrow(),
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
    total: Number(count.total),
    nationalities: nationalities.flatMap((row) => (row.nationality === null ? [] : [row.nationality])),
  };
}

export async function countExpiringWorkers(
  db: Db,
  column: ExpiryColumn,
  window: { from: string; to: string },
): Promise<number> {
  const row = await db
    .selectFrom('workers')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => inExpiryWindow(eb, column, window))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** SPEC 9 tiles: how many workers have each status (one GROUP BY). */
export async function countWorkersByStatus(db: Db): Promise<Array<{ status: string | null; count: number }>> {
  const rows = await db
    .selectFrom('workers')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/** Workers created in each of the given half-open instant ranges, counted in one pass over the index. */
export async function countCreatedIn<K extends string>(
  db: Db,
  ranges: Record<K, { start: string; end: string }>,
): Promise<Record<K, number>> {
  const entries = Object.entries(ranges) as Array<[K, { start: string; end: string }]>;
  if (entries.length === 0) return {} as Record<K, number>;
  const earliest = entries.reduce(
    (min, [, range]) => (range.start < min ? range.start : min),
    entries[0]?.[1].start ?? '',
  );
  const latest = entries.reduce((max, [, range]) => (range.end > max ? range.end : max), entries[0]?.[1].end ?? '');
  const row = await db
    .selectFrom('workers')
    .select((eb) =>
      entries.map(([key, range]) =>
        eb.fn
          .count<number>(
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
  const counts = row as unknown as Record<K, number | string>;
  return Object.fromEntries(entries.map(([key]) => [key, Number(counts[key])])) as Record<K, number>;
}

/** SPEC 7: the fields other features' pickers need, ordered by first then last name. */
export function lookupWorkers(db: Db) {
  return db
    .selectFrom('workers')
    .select(['id', 'first_name', 'last_name', 'worker_id', 'rate_type', 'salary_rate', 'fin_no', 'wp_no', 'email'])
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows.map((row) => ({ ...row, salary_rate: row.salary_rate === null ? null : fromCents(row.salary_rate) })),
    );
}

export async function findWorkerById(db: Db, id: string): Promise<Worker | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await db.selectFrom('workers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toWorker(row) : undefined;
}

export async function workerIdExists(db: Db, workerId: string): Promise<boolean> {
  const row = await db.selectFrom('workers').select('id').where('worker_id', '=', workerId).executeTakeFirst();
  return row !== undefined;
}

/** How many of the 9,000 four-digit ids (`TD-1000`..`TD-9999`) are taken. */
export async function countFourDigitWorkerIds(db: Db): Promise<number> {
  const row = await db
    .selectFrom('workers')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('worker_id', 'like', 'TD-____')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Fails with a unique violation when `worker_id` is taken (the caller retries with another). */
export async function insertWorker(
  db: Db,
  worker: { id: string; worker_id: string; created_at: string; updated_at: string },
  input: WorkerInput,
): Promise<Worker> {
  const row = await db
    .insertInto('workers')
    .values({ ...toRowFields(input), ...worker })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWorker(row);
}

/** Replaces every editable field (the form sends them all); worker_id and created_at never change. */
export async function updateWorker(db: Db, id: string, input: WorkerInput, updatedAt: string): Promise<Worker> {
  const row = await db
    .updateTable('workers')
    .set({ ...toRowFields(input), updated_at: updatedAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWorker(row);
}

export async function deleteWorker(db: Db, id: string): Promise<void> {
  await db.deleteFrom('workers').where('id', '=', id).execute();
}

/** Bulk insert of ready rows (tests and the benchmark). */
export async function insertWorkerRows(db: Db, rows: WorkerRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('workers')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
