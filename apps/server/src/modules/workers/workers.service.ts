import { randomInt } from 'node:crypto';
import { maskAccountNumber } from '@td/shared/options/pay-runs';
import { WORKER_STATUSES } from '@td/shared/options/workers';
import { type CsvCell, toCsv } from '@td/shared/rules/csv';
import { dateInTimeZone } from '@td/shared/rules/dates';
import { daysUntilExpiry, expiryWindow } from '@td/shared/rules/expiry';
import {
  type GuardedWorkerField,
  guardedValue,
  type Role,
  roleCan,
  WORKER_FIELD_PERMISSIONS,
} from '@td/shared/rules/permissions';
import { workerIdCandidate } from '@td/shared/rules/worker-id';
import { identityKey } from '@td/shared/rules/worker-identity';
import { dashboardMonths, growthTrend, statusTotals } from '@td/shared/rules/worker-statistics';
import {
  duplicateIdentityMessage,
  EMPLOYMENT_END_BEFORE_START_MESSAGE,
  type ExpiringWorker,
  type ExpiringWorkerList,
  MAX_EXPIRED_ROWS,
  requiredMessage,
  UNIQUE_IDENTITY_FIELDS,
  type UniqueIdentityField,
  WORKER_FIELD_LABELS,
  type Worker,
  type WorkerDashboard,
  type WorkerHistoryEntry,
  type WorkerInput,
} from '@td/shared/schemas/worker';
import { type Actor, listAuditEntries, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { FileStore } from '../../files/file-store.ts';
import { deleteFile } from '../../files/files.service.ts';
import { assertStoredFiles, type StoredFileField } from '../../files/stored-file-links.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { MAX_EXPORT_ROWS } from '../../lib/csv-download.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { keepHiddenFields, searchableBy, workerFieldsFor } from './worker-access.ts';
import * as expiry from './worker-expiry.repository.ts';
import * as repo from './workers.repository.ts';

export const WORKER_NOT_FOUND = 'Worker not found';
export const WORKER_ID_EXHAUSTED = 'Could not assign a unique Worker ID. Please try again.';
/** Each attempt is a fresh random pick; after 20 four-digit collisions the picks move to five digits. */
const MAX_WORKER_ID_ATTEMPTS = 60;

/** A uniform number in [0, 1) from the system's secure source. */
export const secureRandom = (): number => randomInt(0, 2 ** 48 - 1) / 2 ** 48;

export async function getWorker(db: Db, id: string): Promise<Worker> {
  const worker = await repo.findWorkerById(db, id);
  if (!worker) throw notFound(WORKER_NOT_FOUND);
  return worker;
}

/** The `*_url` fields and the kind of stored file each must name (ARCHITECTURE differs 2). */
const FILE_FIELDS = (
  [
    ['photo_url', 'photo'],
    ['ipa_url', 'ipa'],
    ['consent_letter_url', 'consent_letter'],
    ['contract_url', 'contract'],
  ] as const
).map(([field, kind]) => ({ field, kind, label: WORKER_FIELD_LABELS[field] })) satisfies ReadonlyArray<
  StoredFileField<keyof WorkerInput>
>;

const identityKeysOf = (input: WorkerInput) =>
  Object.fromEntries(UNIQUE_IDENTITY_FIELDS.map((field) => [field, identityKey(input[field])])) as Record<
    UniqueIdentityField,
    string | null
  >;

/**
 * Decision 023: FIN, passport and WP numbers are unique among workers, compared without spaces and
 * case. A clash answers 409 naming the worker who holds the number, with a link to them. Checked before
 * writing for the friendly answer; the unique indexes (migration 0008) settle a race, after which this
 * runs again to name the winner.
 */
async function assertUniqueIdentity(db: Db, input: WorkerInput, exceptId?: string): Promise<void> {
  const keys = identityKeysOf(input);
  const holders = await repo.findIdentityHolders(db, keys, exceptId);
  if (holders.length === 0) return;
  const fields: Record<string, string> = {};
  let first: (typeof holders)[number] | undefined;
  for (const field of UNIQUE_IDENTITY_FIELDS) {
    const holder = holders.find((row) => keys[field] !== null && row[repo.IDENTITY_KEY_COLUMNS[field]] === keys[field]);
    if (!holder) continue;
    first ??= holder;
    fields[field] = duplicateIdentityMessage(field, holderName(holder));
  }
  if (!first) return;
  const message = Object.values(fields)[0] ?? 'This worker already exists';
  throw conflict(message, fields, { href: `/worker/view/${first.id}`, label: holderName(first) });
}

const holderName = (holder: { first_name: string; last_name: string; worker_id: string }) =>
  `${holder.first_name} ${holder.last_name} (${holder.worker_id})`.replace(/\s+/g, ' ');

export interface CreateWorkerOptions {
  now?: Date;
  /** Numbers in [0, 1); tests pass a fixed sequence. */
  random?: () => number;
  /** Decision 108: the adding role; the pay it cannot see is neither asked nor taken, the answer is masked. */
  role?: Role;
}

/**
 * ARCHITECTURE differs 4: picks a random unused worker id, checks it, inserts. The unique index settles
 * a race between two creates: the loser's transaction fails with a unique violation and it tries again
 * with a new id. Insert and audit entry are one transaction.
 */
export async function createWorker(
  db: Db,
  input: WorkerInput,
  actor: Actor,
  { now = new Date(), random = secureRandom, role }: CreateWorkerOptions = {},
): Promise<Worker> {
  if (role) {
    // Decision 108: a role that cannot see pay neither gives it nor is asked for it (the form hides it).
    if (roleCan(role, 'workers.pay') && input.salary_rate === null) {
      const message = requiredMessage(WORKER_FIELD_LABELS.salary_rate);
      throw badRequest(message, { salary_rate: message });
    }
    input = keepHiddenFields(input, {}, role);
  }
  await assertStoredFiles(db, FILE_FIELDS, input, null);
  await assertUniqueIdentity(db, input);
  const fourDigitTaken = await repo.countFourDigitWorkerIds(db);
  for (let attempt = 0; attempt < MAX_WORKER_ID_ATTEMPTS; attempt++) {
    const workerId = workerIdCandidate(fourDigitTaken, attempt, random);
    if (await repo.workerIdExists(db, workerId)) continue;
    try {
      return await db.transaction().execute(async (trx) => {
        const timestamp = nowIso(now);
        const worker = await repo.insertWorker(
          trx,
          { id: newId(), worker_id: workerId, created_at: timestamp, updated_at: timestamp },
          input,
        );
        await recordAudit(trx, actor, { action: 'create', entity: 'worker', entityId: worker.id, after: worker });
        return role ? workerFieldsFor<Worker>(role)(worker) : worker;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another create took this FIN, passport or WP number meanwhile; else the worker id: try another.
      await assertUniqueIdentity(db, input);
    }
  }
  throw conflict(WORKER_ID_EXHAUSTED);
}

export interface UpdateWorkerOptions {
  now?: Date;
  /** Removes the files the save unlinked (decision 024); without it they stay in the store. */
  store?: FileStore;
  /** Told when an unlinked file could not be removed (the save itself stands). */
  onCleanupError?(error: unknown, url: string): void;
  /** Decision 104: the saving role; the fields it cannot see keep their stored value, the answer is masked. */
  role?: Role;
}

const FILE_URL_FIELDS = FILE_FIELDS.map(({ field }) => field);

/**
 * The schema checks the two dates when both are sent; a PUT may leave one out and keep the stored one
 * (decision 096), so the pair that will be stored is checked here.
 */
function assertEmploymentDatesInOrder(input: WorkerInput, before: Worker): void {
  const start = input.employment_start_date === undefined ? before.employment_start_date : input.employment_start_date;
  const end = input.employment_end_date === undefined ? before.employment_end_date : input.employment_end_date;
  if (start && end && end < start) {
    throw badRequest(EMPLOYMENT_END_BEFORE_START_MESSAGE, { employment_end_date: EMPLOYMENT_END_BEFORE_START_MESSAGE });
  }
}

/**
 * Replaces the worker's fields (SPEC 5 edit rules already applied by the schema) and records what changed.
 * Decision 024 (ARCHITECTURE differs 11): removing or replacing a document takes effect here, on save;
 * the files the worker no longer links are removed from the store after the save is committed (unless
 * another worker links them), so an abandoned edit loses nothing.
 */
export async function updateWorker(
  db: Db,
  id: string,
  input: WorkerInput,
  actor: Actor,
  { now = new Date(), store, onCleanupError, role }: UpdateWorkerOptions = {},
): Promise<Worker> {
  const { before, after } = await db
    .transaction()
    .execute(async (trx) => {
      // Probe finding 4: locked first, so a delete at the same moment either went before (404) or waits.
      const before = await repo.lockWorkerById(trx, id, 'update');
      if (!before) throw notFound(WORKER_NOT_FOUND);
      // Decision 104: what the role saw masked stays as stored.
      if (role) input = keepHiddenFields(input, before, role);
      assertEmploymentDatesInOrder(input, before);
      await assertStoredFiles(trx, FILE_FIELDS, input, before);
      await assertUniqueIdentity(trx, input, id);
      const after = await repo.updateWorker(trx, id, input, nowIso(now));
      if (!after) throw notFound(WORKER_NOT_FOUND);
      await recordAudit(trx, actor, { action: 'update', entity: 'worker', entityId: id, before, after });
      return { before, after };
    })
    .catch(async (error: unknown) => {
      // A concurrent save took one of the numbers between the check and the write.
      if (isUniqueViolation(error)) await assertUniqueIdentity(db, input, id);
      throw error;
    });
  if (store) {
    const unlinked = FILE_URL_FIELDS.flatMap((field) => {
      const url = before[field];
      return url && url !== after[field] ? [url] : [];
    });
    const stillLinked = new Set(await repo.linkedFileUrls(db, unlinked));
    for (const url of unlinked.filter((candidate) => !stillLinked.has(candidate))) {
      await deleteFile(db, store, url, actor).catch((error: unknown) => onCleanupError?.(error, url));
    }
  }
  return role ? workerFieldsFor<Worker>(role)(after) : after;
}

/** ARCHITECTURE Data: payroll history of the worker stays; their stored documents stay too. */
export async function deleteWorker(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Probe finding 4: the worker's row locked before the delete reaches the rows that refer to it
    // (their worker is cleared), in the order payslip generation and mark-paid take them: no deadlock.
    const before = await repo.lockWorkerById(trx, id, 'delete');
    if (!before) throw notFound(WORKER_NOT_FOUND);
    await repo.deleteWorker(trx, id);
    await recordAudit(trx, actor, { action: 'delete', entity: 'worker', entityId: id, before });
  });
}

/** SPEC 9 worker dashboard, from aggregate queries; months and today in the business time zone. */
export async function workerDashboard(db: Db, timeZone: string, now = new Date()): Promise<WorkerDashboard> {
  const today = dateInTimeZone(now, timeZone);
  const window = expiryWindow(today);
  const months = dashboardMonths(now, timeZone);
  const [byStatus, created, permits] = await Promise.all([
    expiry.countWorkersByStatus(db),
    expiry.countCreatedIn(db, {
      current: months.currentMonth,
      last: months.lastMonth,
      beforeLast: months.monthBeforeLast,
    }),
    expiry.countPermitExpiries(db, window, today),
  ]);
  const totals = statusTotals(byStatus, WORKER_STATUSES, 'Terminated');
  return {
    total_workers: totals.total,
    active_workers: totals.active,
    terminated_workers: totals.terminated,
    joined_last_month: created.last,
    new_this_month: created.current,
    growth_trend: growthTrend(created.last, created.beforeLast),
    status_counts: totals.byStatus,
    expiring_wp: permits.expiringWp,
    expiring_coretrade: permits.expiringCoretrade,
    expired_wp: permits.expiredWp,
    expired_coretrade: permits.expiredCoretrade,
  };
}

export type ExpiringKind = 'wp' | 'coretrade';
const EXPIRY_COLUMNS: Record<ExpiringKind, expiry.ExpiryColumn> = {
  wp: 'wp_expiry_date',
  coretrade: 'coretrade_expiry_date',
};

interface ExpiringQuery {
  q?: string | undefined;
  searchable?: { identity: boolean; contact: boolean } | undefined;
  nationality?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * SPEC 2, 7, 9: workers whose work permit (or coretrade, WP holders only) expires within 3 months, and
 * (decision 024) those whose permit already expired, longest expired first, with negative days.
 */
export async function listExpiringWorkers(
  db: Db,
  kind: ExpiringKind,
  query: ExpiringQuery,
  timeZone: string,
  now = new Date(),
): Promise<ExpiringWorkerList> {
  const today = dateInTimeZone(now, timeZone);
  const column = EXPIRY_COLUMNS[kind];
  const { page, pageSize, ...filters } = query;
  const paging = page || pageSize ? { page: page ?? 1, pageSize: pageSize ?? 100 } : undefined;
  const [result, expired] = await Promise.all([
    expiry.listExpiringWorkers(db, column, expiryWindow(today), filters, paging),
    expiry.listExpiredWorkers(db, column, today, filters, MAX_EXPIRED_ROWS),
  ]);
  const withDays = (worker: Worker): ExpiringWorker => ({
    ...worker,
    // Inside the window or before today, so never null.
    days_until_expiry: daysUntilExpiry(worker[column] ?? today, today),
  });
  return {
    ...result,
    items: result.items.map(withDays),
    expired: expired.items.map(withDays),
    expired_total: expired.total,
  };
}

const orEmpty = (value: string | null) => value ?? '';

/** Decision 024: the worker list as CSV, with the list's search, filters and order. */
export async function exportWorkersCsv(
  db: Db,
  query: repo.WorkerFilters & repo.WorkerSorting,
  timeZone: string,
  role: Role,
): Promise<string> {
  // Decision 104: searched and written as the role sees the list.
  const workers = (await repo.exportWorkers(db, { ...query, searchable: searchableBy(role) }, MAX_EXPORT_ROWS)).map(
    workerFieldsFor<Worker>(role),
  );
  const L = WORKER_FIELD_LABELS;
  const header = [
    'Worker ID',
    L.first_name,
    L.last_name,
    L.nationality,
    L.type_of_pass,
    L.status,
    L.fin_no,
    L.passport_no,
    L.wp_no,
    L.wp_expiry_date,
    L.coretrade,
    L.coretrade_expiry_date,
    L.phone_number,
    L.email,
    L.supplied_to_company,
    L.designation,
    L.rate_type,
    L.salary_rate,
    'Added On',
  ];
  const rows: CsvCell[][] = workers.map((w) => [
    w.worker_id,
    w.first_name,
    w.last_name,
    orEmpty(w.nationality),
    orEmpty(w.type_of_pass),
    orEmpty(w.status),
    orEmpty(w.fin_no),
    orEmpty(w.passport_no),
    orEmpty(w.wp_no),
    orEmpty(w.wp_expiry_date),
    orEmpty(w.coretrade),
    orEmpty(w.coretrade_expiry_date),
    orEmpty(w.phone_number),
    orEmpty(w.email),
    orEmpty(w.supplied_to_company),
    orEmpty(w.designation),
    orEmpty(w.rate_type),
    w.salary_rate,
    // The day it was added where the business is, as the screens show it, not the UTC date.
    dateInTimeZone(new Date(w.created_at), timeZone),
  ]);
  return toCsv(header, rows);
}

/**
 * Decision 024: an expiring list as CSV, as the page shows it: the expired rows first, then the
 * window, with the same search and nationality.
 */
export async function exportExpiringCsv(
  db: Db,
  kind: ExpiringKind,
  query: ExpiringQuery,
  timeZone: string,
  role: Role,
): Promise<string> {
  const { expired, items } = await listExpiringWorkersFor(
    db,
    kind,
    { q: query.q, nationality: query.nationality },
    timeZone,
    role,
  );
  const L = WORKER_FIELD_LABELS;
  const expiryLabel = kind === 'wp' ? L.wp_expiry_date : L.coretrade_expiry_date;
  const header = [
    'Name',
    L.nationality,
    'Worker ID',
    ...(kind === 'coretrade' ? [L.coretrade] : []),
    expiryLabel,
    'Days Until Expiry',
  ];
  const rows: CsvCell[][] = [...expired, ...items].map((w) => [
    `${w.first_name} ${w.last_name}`,
    orEmpty(w.nationality),
    w.worker_id,
    ...(kind === 'coretrade' ? [orEmpty(w.coretrade)] : []),
    orEmpty(kind === 'wp' ? w.wp_expiry_date : w.coretrade_expiry_date),
    w.days_until_expiry,
  ]);
  return toCsv(header, rows);
}

/** Fields of the audit entries that are the record's bookkeeping, not something a person changed. */
const HISTORY_HIDDEN = new Set(['id', 'created_at', 'updated_at']);
const HISTORY_LABELS: Record<string, string> = { ...WORKER_FIELD_LABELS, worker_id: 'Worker ID' };
const MAX_HISTORY_ENTRIES = 200;

/**
 * Decision 024: the worker's audit entries, newest first: who, when, and what changed (field by
 * field for an update; the filled fields for the create).
 */
const maskedValue = (value: unknown) => (typeof value === 'string' ? maskAccountNumber(value) : value);

/** Decision 083: a list's workers with their account numbers masked (`******7890`). */
/** Decision 104: the worker list for a role: searched by what it may see, answered masked for it. */
export async function listWorkersFor(
  db: Db,
  query: repo.WorkerFilters & repo.WorkerSorting & { page: number; pageSize: number },
  role: Role,
) {
  const list = withMaskedAccounts(await repo.listWorkers(db, { ...query, searchable: searchableBy(role) }));
  return { ...list, items: list.items.map(workerFieldsFor<Worker>(role)) };
}

export async function getWorkerFor(db: Db, id: string, role: Role): Promise<Worker> {
  return workerFieldsFor<Worker>(role)(await getWorker(db, id));
}

/** The pickers' lookup for a role: a FIN is matched and shown only to roles that may see it. */
export async function lookupWorkersFor(
  db: Db,
  query: { q?: string | undefined; page: number; pageSize: number },
  role: Role,
) {
  const found = await repo.lookupWorkers(db, query, searchableBy(role).identity);
  return { ...found, items: found.items.map(workerFieldsFor<(typeof found.items)[number]>(role)) };
}

export async function listExpiringWorkersFor(
  db: Db,
  kind: ExpiringKind,
  query: ExpiringQuery,
  timeZone: string,
  role: Role,
): Promise<ExpiringWorkerList> {
  const list = await listExpiringWorkers(db, kind, { ...query, searchable: searchableBy(role) }, timeZone);
  const forRole = workerFieldsFor<ExpiringWorker>(role);
  return { ...list, items: list.items.map(forRole), expired: list.expired.map(forRole) };
}

export function withMaskedAccounts<T extends { items: Worker[] }>(list: T): T {
  return {
    ...list,
    items: list.items.map((worker) => ({ ...worker, bank_account_no: maskAccountNumber(worker.bank_account_no) })),
  };
}

/**
 * Decision 108: the history shows each change of a guarded field as the role may see the field (payroll
 * holds `workers.history` but not `workers.contact`: a changed phone shows masked).
 */
const historyValue = (field: string, value: unknown, role: Role): unknown =>
  field in WORKER_FIELD_PERMISSIONS ? guardedValue(field as GuardedWorkerField, value, role) : value;

export async function workerHistory(db: Db, id: string, role: Role): Promise<WorkerHistoryEntry[]> {
  await getWorker(db, id);
  const entries = await listAuditEntries(db, 'worker', id);
  return entries
    .slice(-MAX_HISTORY_ENTRIES)
    .reverse()
    .map((entry) => {
      const parsed = entry.changes ? (JSON.parse(entry.changes) as Record<string, [unknown, unknown]>) : {};
      const changes = Object.entries(parsed)
        .filter(([field, [before, after]]) => !HISTORY_HIDDEN.has(field) && (before !== null || after !== null))
        .map(([field, [before, after]]) =>
          // Decision 083: the history shows an account number masked, as every screen but the edit form.
          field === 'bank_account_no'
            ? {
                field,
                label: HISTORY_LABELS[field] ?? field,
                before: maskedValue(historyValue(field, before, role)),
                after: maskedValue(historyValue(field, after, role)),
              }
            : {
                field,
                label: HISTORY_LABELS[field] ?? field,
                before: historyValue(field, before, role),
                after: historyValue(field, after, role),
              },
        );
      return {
        id: entry.id,
        action: entry.action,
        user_name: entry.user_name,
        created_at: entry.created_at,
        changes,
      };
    });
}
