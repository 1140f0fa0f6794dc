import { randomInt } from 'node:crypto';
import { WORKER_STATUSES } from '@td/shared/options/workers';
import { dateInTimeZone } from '@td/shared/rules/dates';
import { daysUntilExpiry, expiryWindow } from '@td/shared/rules/expiry';
import { workerIdCandidate } from '@td/shared/rules/worker-id';
import { dashboardMonths, growthTrend, statusTotals } from '@td/shared/rules/worker-statistics';
import { type FileKind, uploadedFileMissing } from '@td/shared/schemas/file';
import {
  type ExpiringWorkerList,
  WORKER_FIELD_LABELS,
  type Worker,
  type WorkerDashboard,
  type WorkerInput,
} from '@td/shared/schemas/worker';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findStoredFilesByUrl } from '../../files/files.repository.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
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

/** The `*_url` fields and the kind of stored file each must name. */
const FILE_FIELDS = [
  ['photo_url', 'photo'],
  ['ipa_url', 'ipa'],
  ['consent_letter_url', 'consent_letter'],
  ['contract_url', 'contract'],
] as const satisfies ReadonlyArray<readonly [keyof WorkerInput, FileKind]>;

/**
 * ARCHITECTURE differs 2: a worker may only link files this server stored, for the right purpose.
 * An unchanged link on update is accepted as it is (SPEC 4: a removed file's link changes only on save).
 */
async function assertStoredFiles(db: Db, input: WorkerInput, existing: Worker | null): Promise<void> {
  const toCheck = FILE_FIELDS.flatMap(([field, kind]) => {
    const url = input[field];
    return url !== null && url !== existing?.[field] ? [{ field, kind, url }] : [];
  });
  if (toCheck.length === 0) return;
  const stored = await findStoredFilesByUrl(
    db,
    toCheck.map((entry) => entry.url),
  );
  const fields: Record<string, string> = {};
  for (const { field, kind, url } of toCheck) {
    if (!stored.some((file) => file.url === url && file.kind === kind)) {
      fields[field] = uploadedFileMissing(WORKER_FIELD_LABELS[field]);
    }
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

export interface CreateWorkerOptions {
  now?: Date;
  /** Numbers in [0, 1); tests pass a fixed sequence. */
  random?: () => number;
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
  { now = new Date(), random = secureRandom }: CreateWorkerOptions = {},
): Promise<Worker> {
  await assertStoredFiles(db, input, null);
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
        return worker;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw conflict(WORKER_ID_EXHAUSTED);
}

/** Replaces the worker's fields (SPEC 5 edit rules already applied by the schema) and records what changed. */
export async function updateWorker(
  db: Db,
  id: string,
  input: WorkerInput,
  actor: Actor,
  now = new Date(),
): Promise<Worker> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findWorkerById(trx, id);
    if (!before) throw notFound(WORKER_NOT_FOUND);
    await assertStoredFiles(trx, input, before);
    const after = await repo.updateWorker(trx, id, input, nowIso(now));
    await recordAudit(trx, actor, { action: 'update', entity: 'worker', entityId: id, before, after });
    return after;
  });
}

/** ARCHITECTURE Data: payroll history of the worker stays; their stored documents stay too. */
export async function deleteWorker(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findWorkerById(trx, id);
    if (!before) throw notFound(WORKER_NOT_FOUND);
    await repo.deleteWorker(trx, id);
    await recordAudit(trx, actor, { action: 'delete', entity: 'worker', entityId: id, before });
  });
}

/** SPEC 9 worker dashboard, from aggregate queries; months and today in the business time zone. */
export async function workerDashboard(db: Db, timeZone: string, now = new Date()): Promise<WorkerDashboard> {
  const window = expiryWindow(dateInTimeZone(now, timeZone));
  const months = dashboardMonths(now, timeZone);
  const [byStatus, created, expiringWp, expiringCoretrade] = await Promise.all([
    repo.countWorkersByStatus(db),
    repo.countCreatedIn(db, {
      current: months.currentMonth,
      last: months.lastMonth,
      beforeLast: months.monthBeforeLast,
    }),
    repo.countExpiringWorkers(db, 'wp_expiry_date', window),
    repo.countExpiringWorkers(db, 'coretrade_expiry_date', window),
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
    expiring_wp: expiringWp,
    expiring_coretrade: expiringCoretrade,
  };
}

export type ExpiringKind = 'wp' | 'coretrade';
const EXPIRY_COLUMNS: Record<ExpiringKind, repo.ExpiryColumn> = {
  wp: 'wp_expiry_date',
  coretrade: 'coretrade_expiry_date',
};

/** SPEC 2, 7, 9: workers whose work permit (or coretrade, WP holders only) expires within 3 months. */
export async function listExpiringWorkers(
  db: Db,
  kind: ExpiringKind,
  query: {
    q?: string | undefined;
    nationality?: string | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
  timeZone: string,
  now = new Date(),
): Promise<ExpiringWorkerList> {
  const today = dateInTimeZone(now, timeZone);
  const column = EXPIRY_COLUMNS[kind];
  const { page, pageSize, ...filters } = query;
  const paging = page || pageSize ? { page: page ?? 1, pageSize: pageSize ?? 100 } : undefined;
  const result = await repo.listExpiringWorkers(db, column, expiryWindow(today), filters, paging);
  return {
    ...result,
    items: result.items.map((worker) => ({
      ...worker,
      // In the window, so never null.
      days_until_expiry: daysUntilExpiry(worker[column] ?? today, today),
    })),
  };
}
