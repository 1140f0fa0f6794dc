import { randomUUID } from 'node:crypto';
import type { TrainingRecordFormValues } from '@td/shared/schemas/training-record';
import type { Db } from '../src/db/database.ts';
import type { TrainingRecordRow } from '../src/db/schema.ts';
import { insertTrainingRecordRows } from '../src/modules/training-records/training-records.repository.ts';

/** Test data from factories (CONVENTIONS 8): valid unless a test overrides a field. */

/** A training record form as the web app sends it, for the given worker (workers.id). */
export function buildTrainingRecord(
  workerId: string,
  overrides: Partial<TrainingRecordFormValues> = {},
): TrainingRecordFormValues {
  return {
    worker_id: workerId,
    training_name: 'CSOC',
    training_date: '2025-01-06',
    expiry_date: '2027-01-05',
    certificate_number: 'CSOC-2025-00123',
    training_provider: 'BCA Academy',
    notes: 'Passed at the first attempt.',
    certificate_url: '',
    ...overrides,
  };
}

let sequence = 0;

/** A complete `training_records` row for inserting directly (chosen dates, created_at ...). */
export function buildTrainingRecordRow(overrides: Partial<TrainingRecordRow> = {}): TrainingRecordRow {
  sequence += 1;
  const timestamp = overrides.created_at ?? new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString();
  return {
    id: randomUUID(),
    worker_id: null,
    training_name: 'BCSS',
    training_date: '2024-06-01',
    expiry_date: null,
    certificate_number: `CERT-${sequence}`,
    training_provider: null,
    notes: null,
    certificate_url: null,
    created_at: timestamp,
    updated_at: timestamp,
    ...overrides,
  };
}

export async function insertTrainingRecords(
  db: Db,
  ...overrides: Array<Partial<TrainingRecordRow>>
): Promise<TrainingRecordRow[]> {
  const rows = overrides.map((o) => buildTrainingRecordRow(o));
  await insertTrainingRecordRows(db, rows);
  return rows;
}
