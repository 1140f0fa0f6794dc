import { describe, expect, it } from 'vitest';
import {
  EXPIRY_BEFORE_TRAINING,
  INVALID_TRAINING_NAME,
  TRAINING_DATE_REQUIRED,
  TRAINING_NAME_REQUIRED,
  TrainingRecordInput,
  WORKER_REQUIRED,
} from './training-record.ts';

const WORKER = '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55';

const messages = (value: unknown) => {
  const result = TrainingRecordInput.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('TrainingRecordInput (SPEC 5)', () => {
  it('answers every required-field message at once', () => {
    expect(messages({})).toEqual({
      worker_id: WORKER_REQUIRED,
      training_name: TRAINING_NAME_REQUIRED,
      training_date: TRAINING_DATE_REQUIRED,
    });
  });

  it('saves empty optional values as null and trims text', () => {
    expect(
      TrainingRecordInput.parse({
        worker_id: WORKER,
        training_name: 'CSOC',
        training_date: '2025-01-06',
        expiry_date: '',
        certificate_number: '  CSOC-123 ',
        training_provider: '   ',
        notes: undefined,
        certificate_url: null,
      }),
    ).toEqual({
      worker_id: WORKER,
      training_name: 'CSOC',
      training_date: '2025-01-06',
      expiry_date: null,
      certificate_number: 'CSOC-123',
      training_provider: null,
      notes: null,
      certificate_url: null,
    });
  });

  it('refuses an unknown training, malformed dates and an expiry before the training', () => {
    expect(
      messages({ worker_id: 'x', training_name: 'Juggling', training_date: '06/01/2025', expiry_date: '2025-02-30' }),
    ).toEqual({
      worker_id: 'Please choose a worker from the list',
      training_name: INVALID_TRAINING_NAME,
      training_date: 'Invalid Training Date format. Please use YYYY-MM-DD format.',
      expiry_date: 'Invalid Expiry Date format. Please use YYYY-MM-DD format.',
    });
    expect(
      messages({ worker_id: WORKER, training_name: 'BCSS', training_date: '2025-01-06', expiry_date: '2025-01-05' }),
    ).toEqual({ expiry_date: EXPIRY_BEFORE_TRAINING });
    // The same day is allowed (a one-day permit).
    expect(
      messages({ worker_id: WORKER, training_name: 'BCSS', training_date: '2025-01-06', expiry_date: '2025-01-06' }),
    ).toEqual({});
  });
});

describe('TrainingRecordInput refuses what it used to cut or accept (decision 009)', () => {
  const valid = { worker_id: WORKER, training_name: 'CSOC', training_date: '2025-01-06' };

  it.each([
    ['certificate_number', 100, 'Certificate Number'],
    ['training_provider', 200, 'Training Provider'],
    ['notes', 2000, 'Notes'],
  ] as const)('refuses a %s over %i characters instead of cutting it', (field, max, label) => {
    expect(messages({ ...valid, [field]: 'x'.repeat(max + 50) })).toEqual({
      [field]: `${label} must be at most ${max} characters`,
    });
    // A character made of two UTF-16 units at the limit is never split: the whole value is refused.
    expect(messages({ ...valid, [field]: `${'x'.repeat(max - 1)}😀` })[field]).toBe(
      `${label} must be at most ${max} characters`,
    );
    expect(TrainingRecordInput.parse({ ...valid, [field]: 'x'.repeat(max) })[field]).toHaveLength(max);
  });

  it.each([
    ['training_date', '1899-12-31', 'Training Date cannot be before 01/01/1900'],
    ['training_date', '9999-12-31', 'Training Date cannot be after 31/12/2099'],
    ['expiry_date', '9999-12-31', 'Expiry Date cannot be after 31/12/2099'],
  ] as const)('refuses a %s of %s', (field, value, message) => {
    expect(messages({ ...valid, [field]: value })).toEqual({ [field]: message });
  });
});
