import { AdminChargeList } from '@td/shared/schemas/admin-charge';
import { PayrollRunPreview } from '@td/shared/schemas/payslip';
import { TimesheetList } from '@td/shared/schemas/timesheet';
import { type TrainingRecord, TrainingRecordList } from '@td/shared/schemas/training-record';
import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { responseJsonSchema } from './response-serializer.ts';

const writerOf = (schema: Parameters<typeof responseJsonSchema>[0]) =>
  fastJsonStringify(responseJsonSchema(schema) as never) as (data: unknown) => string;

const worker = { id: 'w1', worker_id: 'TD-0001', first_name: 'Ahmad', last_name: 'Bin "Ali"' };
const record = (withWorker: boolean): TrainingRecord => ({
  id: 't1',
  worker_id: withWorker ? 'w1' : null,
  training_name: 'Working at Height',
  training_date: '2026-03-01',
  expiry_date: null,
  certificate_number: 'C-1',
  training_provider: null,
  notes: 'line\nnext',
  certificate_url: null,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  status: 'No Expiry',
  expiring_soon: false,
  days_until_expiry: null,
  worker: withWorker ? worker : null,
  first_name: withWorker ? worker.first_name : null,
  last_name: withWorker ? worker.last_name : null,
  worker_code: withWorker ? worker.worker_id : null,
});

describe('responseJsonSchema', () => {
  it('leaves no anyOf for a nullable field, so no row is validated while it is written', () => {
    for (const schema of [TrainingRecordList, AdminChargeList, TimesheetList, PayrollRunPreview]) {
      expect(JSON.stringify(responseJsonSchema(schema))).not.toContain('anyOf');
    }
  });

  it('writes a nullable object as the object or as null, with only its declared fields', () => {
    const write = writerOf(TrainingRecordList);
    const page = { items: [record(true), record(false)], total: 2 };
    expect(JSON.parse(write(page))).toEqual(page);
    expect(write(page)).toBe(JSON.stringify(page));
    const extra = { ...record(true), worker: { ...worker, passport_no: 'E1234567' } };
    expect(write({ items: [extra], total: 1 })).not.toContain('E1234567');
  });

  it('still refuses a value of the wrong type for a nullable object', () => {
    const write = writerOf(TrainingRecordList);
    expect(() => write({ items: [{ ...record(true), worker: 'w1' }], total: 1 })).toThrow(TypeError);
  });
});
