import { fromCents } from '@td/shared/rules/money';
import { identityKey } from '@td/shared/rules/worker-identity';
import { isUuid } from '@td/shared/schemas/fields';
import type { UniqueIdentityField, Worker, WorkerInput, WorkerLookupItem, WorkerSort } from '@td/shared/schemas/worker';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { compiledOnce, compiledPerShape, compiledWithValues } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/migrations/column-types.ts';
import type { Database, WorkerRow } from '../../db/schema.ts';
import { tableRowCount } from '../../db/table-row-counts.ts';

/**
 * ARCHITECTURE, Data: salary_rate is cents in the table and dollars in the API. The schema's `money`
 * field parses input to cents; answers convert back here.
 * The identity keys are the database's business only (issue 8 item 2).
 */
export function toWorker(row: WorkerRow): Worker {
  // Field by field, not `{ ...row, field: converted }`: overriding a spread field turns every row
  // object into a slow dictionary-mode object (about 4 us a row, 100 times this literal; measured,
  // docs/performance.md), and lists map 25 to 50 rows a request.
  return {
    id: row.id,
    worker_id: row.worker_id,
    first_name: row.first_name,
    last_name: row.last_name,
    date_of_birth: row.date_of_birth,
    nationality: row.nationality,
    phone_number: row.phone_number,
    email: row.email,
    passport_no: row.passport_no,
    type_of_pass: row.type_of_pass,
    fin_no: row.fin_no,
    wp_no: row.wp_no,
    date_of_application: row.date_of_application,
    date_of_issuance: row.date_of_issuance,
    wp_expiry_date: row.wp_expiry_date,
    coretrade_expiry_date: row.coretrade_expiry_date,
    levy: row.levy,
    coretrade: row.coretrade,
    status: row.status,
    supplied_to_company: row.supplied_to_company,
    designation: row.designation,
    rate_type: row.rate_type,
    salary_rate: row.salary_rate === null ? null : fromCents(row.salary_rate),
    photo_url: row.photo_url,
    ipa_url: row.ipa_url,
    consent_letter_url: row.consent_letter_url,
    contract_url: row.contract_url,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The unique key column of each identity number (migration 0008). */
export const IDENTITY_KEY_COLUMNS = {
  fin_no: 'fin_no_key',
  passport_no: 'passport_no_key',
  wp_no: 'wp_no_key',
} as const satisfies Record<UniqueIdentityField, keyof WorkerRow>;

function toRowFields(input: WorkerInput) {
  const { first_name, last_name } = input;
  // The schema requires both (SPEC 5 "always required"); the column types say so too.
  if (first_name === null || last_name === null) throw new TypeError('A worker needs a first and last name');
  return {
    ...input,
    first_name,
    last_name,
    // Issue 8 item 2: compared without spaces and case; the unique indexes refuse a second holder.
    fin_no_key: identityKey(input.fin_no),
    passport_no_key: identityKey(input.passport_no),
    wp_no_key: identityKey(input.wp_no),
  };
}

/** Rows to skip for a page; past any real table it stays a safe integer for both databases. */
const offsetOf = ({ page, pageSize }: { page: number; pageSize: number }) =>
  Math.min((page - 1) * pageSize, 2_000_000_000);

export interface WorkerFilters {
  /** Name ("first last"), TD- id, FIN, passport or phone number, case-insensitive. */
  q?: string | undefined;
  nationality?: string | undefined;
  status?: string | undefined;
  type_of_pass?: string | undefined;
  supplied_to_company?: string | undefined;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const FILTERED_COLUMNS = ['nationality', 'status', 'type_of_pass', 'supplied_to_company'] as const;
type FilteredColumn = (typeof FILTERED_COLUMNS)[number];

/** What decides a filtered worker query's SQL, apart from its values: compiled once per such shape. */
interface WorkerMatchShape {
  search: { key: boolean; digits: boolean; indexed: boolean } | null;
  /** The filters set, in FILTERED_COLUMNS' order. */
  filters: FilteredColumn[];
}

/** The values of a filtered worker query: the search's LIKE patterns and FTS5 query, and the filters'. */
type WorkerMatchValues = Partial<Record<'name' | 'key' | 'digits' | 'trigrams' | FilteredColumn, string>>;

/**
 * SPEC 9: the name search matches first and last name together. Issue 8 item 8: the same box finds a
 * TD- id, a FIN or passport number (without spaces and case, as stored in their keys) and a phone
 * number typed with or without its spaces.
 */
function workerMatchOf(db: Db, filters: WorkerFilters): { shape: WorkerMatchShape; values: WorkerMatchValues } {
  const values: WorkerMatchValues = {};
  let search: WorkerMatchShape['search'] = null;
  const { q } = filters;
  if (q) {
    values.name = likeContains(q);
    const searched = [q];
    const key = identityKey(q);
    if (key) {
      values.key = likeContains(key);
      searched.push(key);
    }
    const digits = q.replace(/[\s+]/g, '');
    const byPhone = /^\+?[\d\s]+$/.test(q) && digits.length >= 3;
    if (byPhone) {
      values.digits = likeContains(digits);
      searched.push(digits);
    }
    const trigrams = trigramQueryOf(db, searched);
    if (trigrams !== undefined) values.trigrams = trigrams;
    search = { key: key !== null, digits: byPhone, indexed: trigrams !== undefined };
  }
  const set = FILTERED_COLUMNS.filter((name) => filters[name]);
  for (const name of set) values[name] = filters[name];
  return { shape: { search, filters: set }, values };
}

/**
 * Decision 046: on SQLite, the exact `like` conditions are checked only on the workers whose search
 * text (migration 0014's trigram index) holds one of the searched strings: a superset of the exact
 * matches, found without reading every worker. A string shorter than three characters has no trigram
 * to look up, so such a search reads every worker, as it did before; PostgreSQL finds the exact
 * conditions' own trigram indexes by itself. Answers the FTS5 query of the strings, or undefined where
 * the index is not used: quoted strings, any of them (inside quotes nothing but `"`, doubled, is
 * special; the index folds case itself).
 */
function trigramQueryOf(db: Db, searched: string[]): string | undefined {
  if (isPostgres(db) || searched.some((text) => [...text].length < 3)) return undefined;
  return [...new Set(searched.map((text) => text.toLowerCase()))]
    .map((text) => `"${text.replaceAll('"', '""')}"`)
    .join(' OR ');
}

/**
 * The workers whose search text holds one of an FTS5 query's strings (`trigramQueryOf`). Read from
 * `workers`, they are its rows whose ids the index's copy of the searched columns gives; read from that
 * copy (`fromSearchColumns`), they are its rows keyed by the index's own row ids.
 */
function trigramCandidates(
  eb: ExpressionBuilder<Database, 'workers'>,
  query: string | undefined,
  fromCopy: boolean,
): Expression<SqlBool> {
  const indexRows = sql`select rowid from worker_search where worker_search match ${query}`;
  return fromCopy
    ? sql<SqlBool>`${sql.ref('workers.row_id')} in (${indexRows})`
    : sql<SqlBool>`${eb.ref('workers.id')} in (select id from worker_search_columns where row_id in (${indexRows}))`;
}

const fromWorkers = (db: Db) => db.selectFrom('workers');

/**
 * Decision 066 (migration 0019, SQLite): the searched columns of every worker, under the workers' own
 * names and keyed by their row in the FTS5 index, for the ids of a searched page: its conditions,
 * filters and sort orders read only columns the copy has, so they are written as for `workers`.
 */
const fromSearchColumns = (db: Db) =>
  db.selectFrom('worker_search_columns as workers') as unknown as ReturnType<typeof fromWorkers>;

function contains(column: Expression<string | null>, pattern: string | undefined): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/**
 * The condition of a match's shape, its values passed on as parameters only (`compiledWithValues`),
 * on `workers` or on its copy of the searched columns (`fromSearchColumns`, a search the index serves).
 */
function matchCondition(
  eb: ExpressionBuilder<Database, 'workers'>,
  { search, filters }: WorkerMatchShape,
  values: WorkerMatchValues,
  fromCopy = false,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (search) {
    const matches = [
      contains(sql<string>`${eb.ref('first_name')} || ' ' || ${eb.ref('last_name')}`, values.name),
      contains(eb.ref('worker_id'), values.name),
    ];
    if (search.key)
      matches.push(contains(eb.ref('fin_no_key'), values.key), contains(eb.ref('passport_no_key'), values.key));
    if (search.digits) matches.push(contains(sql<string>`replace(${eb.ref('phone_number')}, ' ', '')`, values.digits));
    const exact = eb.or(matches);
    conditions.push(search.indexed ? eb.and([trigramCandidates(eb, values.trigrams, fromCopy), exact]) : exact);
  }
  // With the search's few candidates from the trigram index, SQLite (which keeps no statistics here)
  // would still take a filter's B-tree index and read every worker of the nationality or status to
  // check each against them (0.6 ms against 0.15 for the count on the large set): `+column` keeps
  // that index out of the plan. (The copy of decision 066 has no such index; there it changes nothing.)
  for (const name of filters) {
    const column = search?.indexed ? sql<string>`+${eb.ref(name)}` : eb.ref(name);
    // Set for every filter the shape lists (`workerMatchOf`).
    conditions.push(eb(column, '=', values[name] as string));
  }
  return eb.and(conditions);
}

function filtersOf(db: Db, eb: ExpressionBuilder<Database, 'workers'>, filters: WorkerFilters): Expression<SqlBool> {
  const { shape, values } = workerMatchOf(db, filters);
  return matchCondition(eb, shape, values);
}

export interface WorkerSorting {
  sort?: WorkerSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/**
 * Issue 8 item 8: sorts by the chosen column, empty values last in both directions (the same on both
 * databases), then by name and id so pages never overlap. Newest first without a choice (SPEC 7).
 */
function sortedBy<Row>(
  query: SelectQueryBuilder<Database, 'workers', Row>,
  { sort = 'created_at', order }: WorkerSorting,
): SelectQueryBuilder<Database, 'workers', Row> {
  const direction = order ?? (sort === 'created_at' ? 'desc' : 'asc');
  const byName = (q: SelectQueryBuilder<Database, 'workers', Row>) =>
    q.orderBy('first_name', direction).orderBy('last_name', direction).orderBy('id', direction);
  switch (sort) {
    case 'name':
      return byName(query);
    case 'worker_id':
      // TD-9999 before TD-10000: shorter ids first.
      return query.orderBy(sql`length(worker_id)`, direction).orderBy('worker_id', direction).orderBy('id', direction);
    case 'type_of_pass':
    case 'status':
      return byName(query.orderBy(sql`${sql.ref(sort)} is null`).orderBy(sort, direction));
    default:
      return query.orderBy('created_at', direction).orderBy('id', direction);
  }
}

/** The unfiltered page in each sort order, every opening of the screen: compiled once per order (decision 057). */
const unfilteredPage = compiledPerShape((db: Db, sorting: WorkerSorting, limit: number, offset: number) =>
  sortedBy(db.selectFrom('workers').selectAll(), sorting).limit(limit).offset(offset),
);

/**
 * A filtered page's ids, sorted, each with the number of all matches. A search the trigram index serves
 * (SQLite) reads the index's copy of the searched columns instead of the workers' rows (decision 066).
 */
const matchingPage = compiledWithValues(
  (db: Db, shape: WorkerMatchShape & WorkerSorting, values: WorkerMatchValues & { limit: number; offset: number }) => {
    const fromCopy = shape.search?.indexed === true;
    return sortedBy(
      (fromCopy ? fromSearchColumns(db) : fromWorkers(db))
        .select((eb) => ['id', eb.fn.countAll<number>().over().as('total')])
        .where((eb) => matchCondition(eb, shape, values, fromCopy)),
      shape,
    )
      .limit(values.limit)
      .offset(values.offset);
  },
);

/** A page's workers by id: compiled once per number of ids. */
const workersById = compiledPerShape((db: Db, _count: number, ...ids: string[]) =>
  db.selectFrom('workers').selectAll().where('id', 'in', ids),
);

/** SPEC 2 worker list: one page, newest first unless sorted otherwise, with the number of all matches. */
export async function listWorkers(
  db: Db,
  { page, pageSize, sort, order, ...filters }: WorkerFilters & WorkerSorting & { page: number; pageSize: number },
): Promise<{ items: Worker[]; total: number }> {
  if (!Object.values(filters).some(Boolean)) {
    const [rows, total] = await Promise.all([
      unfilteredPage(db, { sort, order }, pageSize, offsetOf({ page, pageSize })),
      // Decision 047: every worker, without counting them.
      tableRowCount(db, 'workers'),
    ]);
    return { items: rows.map(toWorker), total };
  }
  // Decision 050: the matches are found, counted and sorted as ids alone, then the page's rows read by
  // id. Sorting every match's whole row (32 columns) and finding the matches a second time to count
  // them cost twice as much (0.84 against 0.45 ms for a search of 152 matches on the large set).
  // Both statements are compiled once per shape and prepared on PostgreSQL (decision 059): a search
  // runs as the user types.
  const { shape, values } = workerMatchOf(db, filters);
  const matches = await matchingPage(
    db,
    { ...shape, sort, order },
    { ...values, limit: pageSize, offset: offsetOf({ page, pageSize }) },
  );
  if (matches.length === 0) {
    // A page past the last has no row to carry the count.
    return { items: [], total: page > 1 ? await countWorkersWhere(db, (eb) => filtersOf(db, eb, filters)) : 0 };
  }
  const ids = matches.map((match) => match.id);
  const rows = await workersById(db, ids.length, ...ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A worker deleted between the two statements is left out of the page.
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toWorker(row)] : [];
  });
  return { items, total: Number(matches[0]?.total) };
}

/** How many workers meet a condition. */
async function countWorkersWhere(
  db: Db,
  condition: (eb: ExpressionBuilder<Database, 'workers'>) => Expression<SqlBool>,
): Promise<number> {
  const row = await db
    .selectFrom('workers')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(condition)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Issue 8 item 10: every worker the list's search and filters match, in its order, for the CSV export. */
export async function exportWorkers(db: Db, query: WorkerFilters & WorkerSorting, limit: number): Promise<Worker[]> {
  const { sort, order, ...filters } = query;
  const rows = await sortedBy(
    db
      .selectFrom('workers')
      .selectAll()
      .where((eb) => filtersOf(db, eb, filters)),
    { sort, order },
  )
    .limit(limit)
    .execute();
  return rows.map(toWorker);
}

/** Issue 8 item 8: the distinct client companies, for the list's filter. */
export async function listCompanies(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('workers')
    .select('supplied_to_company')
    .distinct()
    .where('supplied_to_company', 'is not', null)
    .orderBy('supplied_to_company')
    .execute();
  return rows.flatMap((row) => (row.supplied_to_company ? [row.supplied_to_company] : []));
}

/**
 * Issue 8 item 2: the workers (other than `exceptId`) already holding any of these identity keys, with
 * what identifies them to the user.
 */
export async function findIdentityHolders(
  db: Db,
  keys: Partial<Record<UniqueIdentityField, string | null>>,
  exceptId?: string,
) {
  const wanted = (Object.entries(keys) as Array<[UniqueIdentityField, string | null]>).filter(
    (entry): entry is [UniqueIdentityField, string] => entry[1] !== null,
  );
  if (wanted.length === 0) return [];
  return db
    .selectFrom('workers')
    .select(['id', 'worker_id', 'first_name', 'last_name', 'fin_no_key', 'passport_no_key', 'wp_no_key'])
    .where((eb) =>
      eb.and([
        eb.or(wanted.map(([field, key]) => eb(IDENTITY_KEY_COLUMNS[field], '=', key))),
        ...(exceptId ? [eb('id', '!=', exceptId)] : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
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
    .where((eb) => eb.and([inExpiryWindow(eb, column, window), filtersOf(db, eb, filters)]))
    .orderBy(column, 'asc')
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id');
  if (page) query = query.limit(page.pageSize).offset(offsetOf(page));
  const [rows, count, nationalities] = await Promise.all([
    query.execute(),
    countWorkersWhere(db, (eb) => eb.and([inExpiryWindow(eb, column, window), filtersOf(db, eb, filters)])),
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

/** A count of the workers meeting a column's condition, compiled once per column (the dashboard's counts). */
function compiledCount<Values extends Record<string, unknown>>(
  condition: (eb: ExpressionBuilder<Database, 'workers'>, column: ExpiryColumn, values: Values) => Expression<SqlBool>,
): (db: Db, column: ExpiryColumn, values: Values) => Promise<number> {
  const count = compiledWithValues((db: Db, column: ExpiryColumn, values: Values) =>
    db
      .selectFrom('workers')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => condition(eb, column, values)),
  );
  return async (db, column, values) => Number((await count(db, column, values))[0]?.total ?? 0);
}

const expiringCount = compiledCount(inExpiryWindow);

export async function countExpiringWorkers(
  db: Db,
  column: ExpiryColumn,
  window: { from: string; to: string },
): Promise<number> {
  return expiringCount(db, column, window);
}

/**
 * Issue 8 item 9: permits already expired (before `today`), of workers not terminated: a terminated
 * worker's old permit needs nobody's attention. Coretrade counts for WP holders only, as in the window.
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
      .where((eb) => eb.and([expiredBefore(eb, column, today), filtersOf(db, eb, filters)]))
      .orderBy(column, 'asc')
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .limit(limit)
      .execute(),
    countWorkersWhere(db, (eb) => eb.and([expiredBefore(eb, column, today), filtersOf(db, eb, filters)])),
  ]);
  return { items: rows.map(toWorker), total: count };
}

const expiredCount = compiledCount((eb, column, { today }: { today: string }) => expiredBefore(eb, column, today));

export async function countExpiredWorkers(db: Db, column: ExpiryColumn, today: string): Promise<number> {
  return expiredCount(db, column, { today });
}

const statusTotals = compiledOnce((db: Db) => db.selectFrom('worker_status_totals').select(['status', 'workers']));

/**
 * SPEC 9 tiles: how many workers have each status, from the totals the database keeps (migration 0018,
 * decision 054). Workers without a status are not in them: no tile counts them.
 */
export async function countWorkersByStatus(db: Db): Promise<Array<{ status: string; count: number }>> {
  return (await statusTotals(db)).map((row) => ({ status: row.status, count: Number(row.workers) }));
}

/** `countCreatedIn`'s statement for one set of range names: compiled once per set. */
const createdInCount = compiledWithValues((db: Db, keys: string[], values: Record<string, string>) =>
  db
    .selectFrom('workers')
    .select((eb) =>
      keys.map((key) =>
        eb.fn
          .count<number>(
            eb
              .case()
              .when(
                eb.and([
                  eb('created_at', '>=', values[`${key} start`] ?? ''),
                  eb('created_at', '<', values[`${key} end`] ?? ''),
                ]),
              )
              .then(1)
              .end(),
          )
          .as(key),
      ),
    )
    .where('created_at', '>=', values.earliest ?? '')
    .where('created_at', '<', values.latest ?? ''),
);

/** Workers created in each of the given half-open instant ranges, counted in one pass over the index. */
export async function countCreatedIn<K extends string>(
  db: Db,
  ranges: Record<K, { start: string; end: string }>,
): Promise<Record<K, number>> {
  const entries = Object.entries(ranges) as Array<[K, { start: string; end: string }]>;
  if (entries.length === 0) return {} as Record<K, number>;
  const values: Record<string, string> = {
    earliest: entries.reduce((min, [, range]) => (range.start < min ? range.start : min), entries[0]?.[1].start ?? ''),
    latest: entries.reduce((max, [, range]) => (range.end > max ? range.end : max), entries[0]?.[1].end ?? ''),
  };
  for (const [key, range] of entries) {
    values[`${key} start`] = range.start;
    values[`${key} end`] = range.end;
  }
  const [row] = await createdInCount(
    db,
    entries.map(([key]) => key),
    values,
  );
  const counts = (row ?? {}) as Record<K, number | string>;
  return Object.fromEntries(entries.map(([key]) => [key, Number(counts[key] ?? 0)])) as Record<K, number>;
}

const LOOKUP_FIELDS = [
  'id',
  'first_name',
  'last_name',
  'worker_id',
  'rate_type',
  'salary_rate',
  'fin_no',
  'wp_no',
  'email',
] as const;

/** The picker's match: part of "first last" or of the TD- id, any case. */
function lookupMatch(db: Db, eb: ExpressionBuilder<Database, 'workers'>, q: string | undefined): Expression<SqlBool> {
  if (!q) return eb.and([]);
  const pattern = likeContains(q);
  const exact = eb.or([
    contains(sql<string>`${eb.ref('first_name')} || ' ' || ${eb.ref('last_name')}`, pattern),
    contains(eb.ref('worker_id'), pattern),
  ]);
  const trigrams = trigramQueryOf(db, [q]);
  return trigrams === undefined ? exact : eb.and([trigramCandidates(eb, trigrams, false), exact]);
}

/**
 * SPEC 7: the fields other features' pickers need, ordered by first then last name. ARCHITECTURE
 * differs 10: one page of the workers matching `q` (name or TD- id) with the number of all matches.
 */
export async function lookupWorkers(
  db: Db,
  { q, page, pageSize }: { q?: string | undefined; page: number; pageSize: number },
): Promise<{ items: WorkerLookupItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('workers')
      .select(LOOKUP_FIELDS)
      .where((eb) => lookupMatch(db, eb, q))
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize }))
      .execute(),
    countWorkersWhere(db, (eb) => lookupMatch(db, eb, q)),
  ]);
  return {
    items: rows.map((row) => ({ ...row, salary_rate: row.salary_rate === null ? null : fromCents(row.salary_rate) })),
    total: count,
  };
}

/** Workers with a status supplied to one company (timesheet crew entry: everyone on one site). */
export async function findWorkersSuppliedTo(
  db: Db,
  company: string,
  status: string,
  limit: number,
): Promise<Array<{ id: string; first_name: string; last_name: string; worker_id: string }>> {
  return db
    .selectFrom('workers')
    .select(['id', 'first_name', 'last_name', 'worker_id'])
    .where('supplied_to_company', '=', company)
    .where('status', '=', status)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The companies workers of a status are supplied to, with how many, for the crew entry's choice. */
export async function listSuppliedCompanies(
  db: Db,
  status: string,
): Promise<Array<{ company: string; workers: number }>> {
  const rows = await db
    .selectFrom('workers')
    .select((eb) => ['supplied_to_company', eb.fn.countAll<number | string>().as('workers')])
    .where('status', '=', status)
    .where('supplied_to_company', 'is not', null)
    .groupBy('supplied_to_company')
    .orderBy('supplied_to_company')
    .execute();
  return rows.flatMap((row) =>
    row.supplied_to_company === null ? [] : [{ company: row.supplied_to_company, workers: Number(row.workers) }],
  );
}

/** Issue 8 item 1: which of these file URLs some worker still links. */
export async function linkedFileUrls(db: Db, urls: string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const columns = ['photo_url', 'ipa_url', 'consent_letter_url', 'contract_url'] as const;
  const rows = await db
    .selectFrom('workers')
    .select(columns)
    .where((eb) => eb.or(columns.map((column) => eb(column, 'in', urls))))
    .execute();
  const linked = new Set(rows.flatMap((row) => columns.map((column) => row[column])));
  return urls.filter((url) => linked.has(url));
}

export async function findWorkerById(db: Db, id: string): Promise<Worker | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db.selectFrom('workers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toWorker(row) : undefined;
}

export async function workerIdExists(db: Db, workerId: string): Promise<boolean> {
  const row = await db.selectFrom('workers').select('id').where('worker_id', '=', workerId).executeTakeFirst();
  return row !== undefined;
}

/** How many of the 9,000 four-digit ids (`TD-1000`..`TD-9999`) are taken. */
export async function countFourDigitWorkerIds(db: Db): Promise<number> {
  return countWorkersWhere(db, (eb) => eb('worker_id', 'like', 'TD-____'));
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

/** A worker row as inserted in bulk: the identity keys are computed here. */
export type WorkerSeedRow = Omit<WorkerRow, 'fin_no_key' | 'passport_no_key' | 'wp_no_key'>;

/** Bulk insert of ready rows (tests and the benchmark). */
export async function insertWorkerRows(db: Db, rows: WorkerSeedRow[]): Promise<void> {
  const withKeys = rows.map((row) => ({
    ...row,
    fin_no_key: identityKey(row.fin_no),
    passport_no_key: identityKey(row.passport_no),
    wp_no_key: identityKey(row.wp_no),
  }));
  for (let i = 0; i < withKeys.length; i += 500) {
    await db
      .insertInto('workers')
      .values(withKeys.slice(i, i + 500))
      .execute();
  }
}
