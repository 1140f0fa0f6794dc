import type { TrainingStatusFilter } from '@td/shared/options/training';
import { type CsvCell, toCsv } from '@td/shared/rules/csv';
import { type TrainingDay, trainingDay, trainingExpiryOnDay } from '@td/shared/rules/training-status';
import { UNKNOWN_WORKER } from '@td/shared/schemas/timesheet';
import {
  TRAINING_FIELD_LABELS,
  TRAINING_RECORD_NOT_FOUND,
  TRAINING_WORKER_NOT_FOUND,
  type TrainingRecord,
  type TrainingRecordInput,
  type TrainingRecordList,
  type TrainingSummary,
} from '@td/shared/schemas/training-record';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { FileStore } from '../../files/file-store.ts';
import { deleteFile } from '../../files/files.service.ts';
import { assertStoredFiles, type StoredFileField } from '../../files/stored-file-links.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { MAX_EXPORT_ROWS } from '../../lib/csv-download.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './training-records.repository.ts';

/** What the use cases need besides their input. */
export interface TrainingRecordsContext {
  db: Db;
  /** The certificates' store: a replaced or removed certificate is deleted from it on save. */
  store: FileStore;
  /** SPEC 9: "today" is that of the business (BUSINESS_TIME_ZONE). */
  timeZone: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The clock; tests fix it. */
  now?: () => Date;
}

/** ARCHITECTURE differs 2: `certificate_url` must name a stored file of kind certificate. */
const CERTIFICATE_FIELDS: ReadonlyArray<StoredFileField<'certificate_url'>> = [
  { field: 'certificate_url', kind: 'certificate', label: TRAINING_FIELD_LABELS.certificate_url },
];

const workerNotFound = () => badRequest(TRAINING_WORKER_NOT_FOUND, { worker_id: TRAINING_WORKER_NOT_FOUND });

/** The record as the API answers it: its status computed for today (SPEC 4) and its worker (or null). */
export function toTrainingRecord(row: repo.TrainingRecordJoinedRow, day: TrainingDay): TrainingRecord {
  const { worker_code, worker_first_name, worker_last_name } = row;
  const expiry = trainingExpiryOnDay(row.expiry_date, day);
  const worker =
    row.worker_id !== null && worker_code !== null && worker_first_name !== null && worker_last_name !== null
      ? { id: row.worker_id, worker_id: worker_code, first_name: worker_first_name, last_name: worker_last_name }
      : null;
  // Field by field, not `{ ...row, field: converted }`: overriding a spread field turns every row
  // object into a slow dictionary-mode object (about 4 us a row, 100 times this literal; measured,
  // docs/performance.md), and lists map 25 to 50 rows a request.
  return {
    id: row.id,
    worker_id: row.worker_id,
    training_name: row.training_name,
    training_date: row.training_date,
    expiry_date: row.expiry_date,
    certificate_number: row.certificate_number,
    training_provider: row.training_provider,
    notes: row.notes,
    certificate_url: row.certificate_url,
    created_at: row.created_at,
    updated_at: row.updated_at,
    status: expiry.status,
    expiring_soon: expiry.expiring_soon,
    days_until_expiry: expiry.days_until_expiry,
    worker,
    first_name: worker?.first_name ?? null,
    last_name: worker?.last_name ?? null,
    worker_code: worker?.worker_id ?? null,
  };
}

const dayOf = (ctx: TrainingRecordsContext) => trainingDay((ctx.now ?? (() => new Date()))(), ctx.timeZone);

export async function listTrainingRecords(
  ctx: TrainingRecordsContext,
  query: repo.TrainingFilters & { status?: TrainingStatusFilter | undefined; page: number; pageSize: number },
): Promise<TrainingRecordList> {
  const { page, pageSize, ...filters } = query;
  const day = dayOf(ctx);
  const { rows, total } = await repo.listTrainingRecords(ctx.db, filters, { page, pageSize }, day);
  return { items: rows.map((row) => toTrainingRecord(row, day)), total };
}

/**
 * Probe finding 25 (decision 024's pattern): the training list as CSV, with the list's search,
 * filters, status and order, every page; each status as the list shows it today (SPEC 4).
 */
export async function exportTrainingRecordsCsv(
  ctx: TrainingRecordsContext,
  filters: repo.TrainingFilters & { status?: TrainingStatusFilter | undefined },
): Promise<string> {
  const day = dayOf(ctx);
  const items = (await repo.exportTrainingRecords(ctx.db, filters, MAX_EXPORT_ROWS, day)).map((row) =>
    toTrainingRecord(row, day),
  );
  const L = TRAINING_FIELD_LABELS;
  const header = [
    'Worker ID',
    'Worker Name',
    L.training_name,
    L.certificate_number,
    L.training_date,
    L.expiry_date,
    'Status',
    L.training_provider,
    L.notes,
  ];
  const rows: CsvCell[][] = items.map((record) => [
    record.worker?.worker_id ?? '',
    record.worker ? `${record.worker.first_name} ${record.worker.last_name}` : UNKNOWN_WORKER,
    record.training_name,
    record.certificate_number ?? '',
    record.training_date,
    record.expiry_date ?? '',
    record.status,
    record.training_provider ?? '',
    record.notes ?? '',
  ]);
  return toCsv(header, rows);
}

export function trainingSummary(ctx: TrainingRecordsContext, filters: repo.TrainingFilters): Promise<TrainingSummary> {
  return repo.summarizeTrainingRecords(ctx.db, filters, dayOf(ctx));
}

export async function getTrainingRecord(ctx: TrainingRecordsContext, id: string): Promise<TrainingRecord> {
  const row = await repo.findTrainingRecordById(ctx.db, id);
  if (!row) throw notFound(TRAINING_RECORD_NOT_FOUND);
  return toTrainingRecord(row, dayOf(ctx));
}

/** A worker deleted between the check and the write fails the foreign key: the same 400 as a missing one. */
async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw workerNotFound();
    throw error;
  }
}

/** SPEC 5: the worker must exist and the certificate be one of ours; insert and audit entry are one transaction. */
export async function createTrainingRecord(
  ctx: TrainingRecordsContext,
  input: TrainingRecordInput,
  actor: Actor,
): Promise<TrainingRecord> {
  const id = newId();
  await writing(() =>
    ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.workerExists(trx, input.worker_id))) throw workerNotFound();
      await assertStoredFiles(trx, CERTIFICATE_FIELDS, input, null);
      const timestamp = nowIso(ctx.now?.());
      const row = { id, ...input, created_at: timestamp, updated_at: timestamp };
      await repo.insertTrainingRecord(trx, row);
      await recordAudit(trx, actor, { action: 'create', entity: 'training_record', entityId: id, after: row });
    }),
  );
  return getTrainingRecord(ctx, id);
}

/**
 * Replaces the record's fields and records what changed. ARCHITECTURE differs 11: a certificate
 * removed or replaced in the form is deleted from the store only now that the form is saved.
 */
export async function updateTrainingRecord(
  ctx: TrainingRecordsContext,
  id: string,
  input: TrainingRecordInput,
  actor: Actor,
): Promise<TrainingRecord> {
  const before = await writing(() =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await repo.findTrainingRecordById(trx, id);
      if (!row) throw notFound(TRAINING_RECORD_NOT_FOUND);
      const { worker_code, worker_first_name, worker_last_name, ...stored } = row;
      if (input.worker_id !== stored.worker_id && !(await repo.workerExists(trx, input.worker_id))) {
        throw workerNotFound();
      }
      await assertStoredFiles(trx, CERTIFICATE_FIELDS, input, stored);
      const updatedAt = nowIso(ctx.now?.());
      await repo.updateTrainingRecord(trx, id, input, updatedAt);
      await recordAudit(trx, actor, {
        action: 'update',
        entity: 'training_record',
        entityId: id,
        before: stored,
        after: { ...stored, ...input, updated_at: updatedAt },
      });
      return stored;
    }),
  );
  if (before.certificate_url !== null && before.certificate_url !== input.certificate_url) {
    await removeUnlinkedCertificate(ctx, before.certificate_url, actor);
  }
  return getTrainingRecord(ctx, id);
}

/**
 * Deletes the stored certificate a saved record no longer links, unless another record links it. The
 * save has already succeeded, so a failing store only leaves the file behind (logged), never undoes it.
 */
async function removeUnlinkedCertificate(ctx: TrainingRecordsContext, url: string, actor: Actor): Promise<void> {
  try {
    if ((await repo.countRecordsWithCertificate(ctx.db, url)) > 0) return;
    await deleteFile(ctx.db, ctx.store, url, actor);
  } catch (error) {
    ctx.log.warn({ err: error, url }, 'Could not remove a replaced training certificate');
  }
}

/**
 * Deletes the record and audits it. Its certificate stays in the store, as a deleted worker's files do
 * (decision 005): nothing links it any more, and a sweep may reclaim it.
 */
export async function deleteTrainingRecord(ctx: TrainingRecordsContext, id: string, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findTrainingRecordById(trx, id);
    if (!row) throw notFound(TRAINING_RECORD_NOT_FOUND);
    const { worker_code, worker_first_name, worker_last_name, ...before } = row;
    await repo.deleteTrainingRecord(trx, id);
    await recordAudit(trx, actor, { action: 'delete', entity: 'training_record', entityId: id, before });
  });
}
