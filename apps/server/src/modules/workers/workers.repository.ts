import { complianceFlags, sipRequired } from '@td/shared/rules/compliance';
import { isLevyTier, levyTierOf } from '@td/shared/rules/levy';
import { fromCents } from '@td/shared/rules/money';
import { searchFold, workerSearchName } from '@td/shared/rules/search-text';
import { hoursToMinutes, minutesToHours } from '@td/shared/rules/timesheet-hours';
import { identityKey } from '@td/shared/rules/worker-identity';
import { isUuid } from '@td/shared/schemas/fields';
import type { UniqueIdentityField, Worker, WorkerInput, WorkerLookupItem, WorkerSort } from '@td/shared/schemas/worker';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/migrations/column-types.ts';
import { likeContains, offsetOf } from '../../db/paging.ts';
import type { Database, WorkerRow } from '../../db/schema.ts';

/**
 * ARCHITECTURE, Data: salary_rate is cents in the table and dollars in the API. The schema's `money`
 * field parses input to cents; answers convert back here.
 * The identity keys are the database's business only (decision 023).
 */
export function toWorker(row: WorkerRow): Worker {
  const sipOverride = row.sip_required === null ? null : row.sip_required === 1;
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
    employment_start_date: row.employment_start_date,
    employment_end_date: row.employment_end_date,
    bank_swift_code: row.bank_swift_code,
    bank_account_no: row.bank_account_no,
    payment_mode: row.payment_mode,
    rest_day: row.rest_day,
    working_days_per_week: Number(row.working_days_per_week),
    normal_hours_per_day: minutesToHours(Number(row.normal_minutes_per_day)),
    declared_monthly_salary:
      row.declared_monthly_salary === null ? null : fromCents(Number(row.declared_monthly_salary)),
    created_at: row.created_at,
    updated_at: row.updated_at,
    passport_expiry_date: row.passport_expiry_date,
    security_bond_number: row.security_bond_number,
    security_bond_issuer: row.security_bond_issuer,
    security_bond_amount: row.security_bond_amount === null ? null : fromCents(row.security_bond_amount),
    security_bond_expiry_date: row.security_bond_expiry_date,
    medical_insurer: row.medical_insurer,
    medical_policy_number: row.medical_policy_number,
    medical_insurance_expiry_date: row.medical_insurance_expiry_date,
    sip_required: sipRequired(sipOverride, row.type_of_pass, row.nationality),
    sip_required_override: sipOverride,
    sip_attended_date: row.sip_attended_date,
    probation_months: row.probation_months,
    // Decision 094: computed on read from the row's own dates.
    compliance_flags: complianceFlags(row),
    pr_start_date: row.pr_start_date,
    pr_cpf_scheme: row.pr_cpf_scheme === 'F/F' ? 'F/F' : 'G/G',
    wp_cancellation_date: row.wp_cancellation_date,
    // Decision 103: staff's tier, else the nationality and R1/R2 tell it (levy.ts).
    levy_tier: levyTierOf({
      typeOfPass: row.type_of_pass,
      nationality: row.nationality,
      coretrade: row.coretrade,
      levy: row.levy,
      override: row.levy_tier,
    }),
    levy_tier_override: row.levy_tier !== null && isLevyTier(row.levy_tier) ? row.levy_tier : null,
  };
}

/** The unique key column of each identity number (migration 0008). */
export const IDENTITY_KEY_COLUMNS = {
  fin_no: 'fin_no_key',
  passport_no: 'passport_no_key',
  wp_no: 'wp_no_key',
} as const satisfies Record<UniqueIdentityField, keyof WorkerRow>;

function toRowFields(input: WorkerInput) {
  const { first_name, last_name, sip_required, normal_hours_per_day, ...fields } = input;
  // The schema requires both (SPEC 5 "always required"); the column types say so too.
  if (first_name === null || last_name === null) throw new TypeError('A worker needs a first and last name');
  return {
    ...fields,
    // Decision 092: minutes in the table (ARCHITECTURE, Data); undefined keeps the stored value or the default.
    normal_minutes_per_day: normal_hours_per_day === undefined ? undefined : hoursToMinutes(normal_hours_per_day),
    first_name,
    last_name,
    // Decision 094: null derives it; left out of an edit (undefined), the stored value stays.
    sip_required: sip_required === undefined ? undefined : sip_required === null ? null : sip_required ? 1 : 0,
    // Decision 023: compared without spaces and case; the unique indexes refuse a second holder.
    fin_no_key: identityKey(input.fin_no),
    passport_no_key: identityKey(input.passport_no),
    wp_no_key: identityKey(input.wp_no),
    search_name: workerSearchName({ first_name, last_name }),
  };
}

export interface WorkerFilters {
  /** Name ("first last"), TD- id, FIN, passport or phone number, case-insensitive. */
  q?: string | undefined;
  nationality?: string | undefined;
  status?: string | undefined;
  type_of_pass?: string | undefined;
  supplied_to_company?: string | undefined;
  /** Decision 104: the identity numbers and the phone are matched only for roles that may see them. */
  searchable?: { identity: boolean; contact: boolean } | undefined;
}

const FILTERED_COLUMNS = ['nationality', 'status', 'type_of_pass', 'supplied_to_company'] as const;

/**
 * `lower(column) like pattern escape '\'`. On PostgreSQL the searched expressions have `pg_trgm`
 * indexes written the same way (migration 0014, decision 046), which the planner uses for the `or`.
 */
function contains(column: Expression<string | null>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/**
 * Decision 102: part of "first last", accents and case aside ("nguyen" finds "Nguyễn"), compared with the
 * folded name the repository keeps. Every module's search box finds workers by this.
 */
export function workerNameMatches(q: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('workers.search_name')} like ${likeContains(searchFold(q))} escape '\\'`;
}

/**
 * SPEC 9: the name search matches first and last name together. Decision 046: the same box finds a
 * TD- id, a FIN or passport number (without spaces and case, as stored in their keys) and a phone
 * number typed with or without its spaces.
 */
function searchCondition(
  eb: ExpressionBuilder<Database, 'workers'>,
  q: string,
  searchable: { identity: boolean; contact: boolean } = { identity: true, contact: true },
): Expression<SqlBool> {
  const matches = [workerNameMatches(q), contains(eb.ref('worker_id'), likeContains(q))];
  const key = identityKey(q);
  if (key && searchable.identity) {
    const keyPattern = likeContains(key);
    matches.push(contains(eb.ref('fin_no_key'), keyPattern), contains(eb.ref('passport_no_key'), keyPattern));
  }
  const digits = q.replace(/[\s+]/g, '');
  if (searchable.contact && /^\+?[\d\s]+$/.test(q) && digits.length >= 3) {
    matches.push(contains(sql<string>`replace(${eb.ref('phone_number')}, ' ', '')`, likeContains(digits)));
  }
  return eb.or(matches);
}

/** The list's search box and filters; none set gives an empty `and`, which writes no `where`. */
export function filtersOf(eb: ExpressionBuilder<Database, 'workers'>, filters: WorkerFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.q) conditions.push(searchCondition(eb, filters.q, filters.searchable));
  for (const name of FILTERED_COLUMNS) {
    const value = filters[name];
    if (value) conditions.push(eb(name, '=', value));
  }
  return eb.and(conditions);
}

export interface WorkerSorting {
  sort?: WorkerSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/**
 * Decision 022: sorts by the chosen column, empty values last in both directions (the same on both databases),
 * then by name and id so pages never overlap. Newest first without a choice (SPEC 7).
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

/** SPEC 2 worker list: one page, newest first unless sorted otherwise, with the number of all matches. */
export async function listWorkers(
  db: Db,
  { page, pageSize, sort, order, ...filters }: WorkerFilters & WorkerSorting & { page: number; pageSize: number },
): Promise<{ items: Worker[]; total: number }> {
  const [rows, total] = await Promise.all([
    sortedBy(
      db
        .selectFrom('workers')
        .selectAll()
        .where((eb) => filtersOf(eb, filters)),
      { sort, order },
    )
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize }))
      .execute(),
    countWorkersWhere(db, (eb) => filtersOf(eb, filters)),
  ]);
  return { items: rows.map(toWorker), total };
}

/** How many workers meet a condition. */
export async function countWorkersWhere(
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

/** Decision 024: every worker the list's search and filters match, in its order, for the CSV export. */
export async function exportWorkers(db: Db, query: WorkerFilters & WorkerSorting, limit: number): Promise<Worker[]> {
  const { sort, order, ...filters } = query;
  const rows = await sortedBy(
    db
      .selectFrom('workers')
      .selectAll()
      .where((eb) => filtersOf(eb, filters)),
    { sort, order },
  )
    .limit(limit)
    .execute();
  return rows.map(toWorker);
}

/** The distinct client companies, for the list's filter. */
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
 * Decision 023: the workers (other than `exceptId`) already holding any of these identity keys, with
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
  // Decision 092: the timesheet form asks who requested work on the worker's rest day.
  'rest_day',
] as const;

/** The picker's match: part of "first last", of the TD- id or of the FIN (as the worker list finds it), any case. */
function lookupMatch(
  eb: ExpressionBuilder<Database, 'workers'>,
  q: string | undefined,
  byIdentity: boolean,
): Expression<SqlBool> {
  if (!q) return eb.and([]);
  const matches = [workerNameMatches(q), contains(eb.ref('worker_id'), likeContains(q))];
  const key = identityKey(q);
  if (key && byIdentity) matches.push(contains(eb.ref('fin_no_key'), likeContains(key)));
  return eb.or(matches);
}

/**
 * SPEC 7: the fields other features' pickers need, ordered by first then last name. ARCHITECTURE
 * differs 10: one page of the workers matching `q` (name, TD- id or FIN) with the number of all matches.
 */
export async function lookupWorkers(
  db: Db,
  { q, page, pageSize }: { q?: string | undefined; page: number; pageSize: number },
  /** Decision 104: whether the FIN is matched (the role may see it). */
  byIdentity = true,
): Promise<{ items: WorkerLookupItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('workers')
      .select(LOOKUP_FIELDS)
      .where((eb) => lookupMatch(eb, q, byIdentity))
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize }))
      .execute(),
    countWorkersWhere(db, (eb) => lookupMatch(eb, q, byIdentity)),
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
): Promise<Array<{ id: string; first_name: string; last_name: string; worker_id: string; rest_day: string }>> {
  return db
    .selectFrom('workers')
    .select(['id', 'first_name', 'last_name', 'worker_id', 'rest_day'])
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

/** Decision 024: which of these file URLs some worker still links. */
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

/**
 * The worker read and locked for a write about them (probe finding 4). PostgreSQL: `for update` before
 * a delete, `for no key update` before an edit (which lets timesheets and charges keep referencing the
 * row meanwhile); the payslip side locks the worker first too, so every writer takes the worker's lock
 * before any row that refers to it and none waits on another in a circle. A worker deleted by a writer
 * that held the lock is missing here once it commits. SQLite serialises write transactions already.
 */
export async function lockWorkerById(db: Db, id: string, mode: 'delete' | 'update'): Promise<Worker | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom('workers')
    .selectAll()
    .where('id', '=', id)
    .$if(isPostgres(db), (query) => (mode === 'delete' ? query.forUpdate() : query.forNoKeyUpdate()))
    .executeTakeFirst();
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
/** Answers the saved worker, or nothing when no worker has the id (deleted meanwhile). */
export async function updateWorker(
  db: Db,
  id: string,
  input: WorkerInput,
  updatedAt: string,
): Promise<Worker | undefined> {
  const row = await db
    .updateTable('workers')
    .set({ ...toRowFields(input), updated_at: updatedAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toWorker(row) : undefined;
}

export async function deleteWorker(db: Db, id: string): Promise<void> {
  await db.deleteFrom('workers').where('id', '=', id).execute();
}

/**
 * Columns added after 0022 that a seed row may leave out (decisions 082, 083, 092, 094, 096): nullable ones,
 * and ones with a database default (decision 092's pay-rule columns).
 */
const LATER_COLUMNS = [
  'employment_start_date',
  'employment_end_date',
  'bank_swift_code',
  'bank_account_no',
  'payment_mode',
  'declared_monthly_salary',
  // Decision 094 (migration 0029): the dated items, all nullable.
  'passport_expiry_date',
  'security_bond_number',
  'security_bond_issuer',
  'security_bond_amount',
  'security_bond_expiry_date',
  'medical_insurer',
  'medical_policy_number',
  'medical_insurance_expiry_date',
  'sip_required',
  'sip_attended_date',
  'probation_months',
  // Decision 103 (migration 0033).
  'pr_start_date',
  'wp_cancellation_date',
  'levy_tier',
] as const;
const DEFAULTED_COLUMNS = ['rest_day', 'working_days_per_week', 'normal_minutes_per_day', 'pr_cpf_scheme'] as const;
type LaterColumn = (typeof LATER_COLUMNS)[number] | (typeof DEFAULTED_COLUMNS)[number];

/** A worker row as inserted in bulk: the identity keys and the folded name are computed here. */
export type WorkerSeedRow = Omit<
  WorkerRow,
  'fin_no_key' | 'passport_no_key' | 'wp_no_key' | 'search_name' | LaterColumn
> &
  Partial<Pick<WorkerRow, LaterColumn>>;

/**
 * Bulk insert of ready rows (tests and the benchmark). A later column is written only when a row names
 * it, and the folded name only without `beforeSearchName`, so the migration tests can seed a database
 * migrated to an earlier version.
 */
export async function insertWorkerRows(
  db: Db,
  rows: WorkerSeedRow[],
  { beforeSearchName = false }: { beforeSearchName?: boolean } = {},
): Promise<void> {
  const named = (columns: readonly LaterColumn[]) =>
    columns.filter((column) => rows.some((row) => row[column] !== undefined));
  const nullable = named(LATER_COLUMNS);
  const defaulted = named(DEFAULTED_COLUMNS);
  // Rows of one insert name the same columns: a defaulted column is given for all of them or for none.
  if (defaulted.some((column) => rows.some((row) => row[column] === undefined))) {
    throw new TypeError(`Seed rows must all name ${defaulted.join(', ')} or none of them`);
  }
  const withKeys = rows.map((row) => {
    const kept: Record<string, unknown> = { ...row };
    for (const column of [...LATER_COLUMNS, ...DEFAULTED_COLUMNS]) delete kept[column];
    for (const column of nullable) kept[column] = row[column] ?? null;
    for (const column of defaulted) kept[column] = row[column];
    return {
      ...(kept as Omit<WorkerSeedRow, LaterColumn>),
      fin_no_key: identityKey(row.fin_no),
      passport_no_key: identityKey(row.passport_no),
      wp_no_key: identityKey(row.wp_no),
      ...(beforeSearchName ? {} : { search_name: workerSearchName(row) }),
    };
  });
  for (let i = 0; i < withKeys.length; i += 500) {
    await db
      .insertInto('workers')
      .values(withKeys.slice(i, i + 500))
      .execute();
  }
}
