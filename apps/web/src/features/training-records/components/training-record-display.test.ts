import { describe, expect, it } from 'vitest';
import { expiryNote, recordWorkerName } from './training-record-display.ts';

describe('recordWorkerName', () => {
  it('names the worker, or Unknown Worker once the worker was deleted', () => {
    expect(recordWorkerName({ worker: { id: 'a', worker_id: 'TD-1234', first_name: 'Zaw', last_name: 'Min' } })).toBe(
      'Zaw Min',
    );
    expect(recordWorkerName({ worker: null })).toBe('Unknown Worker');
  });
});

describe('expiryNote', () => {
  it.each([
    [{ status: 'Expired', expiring_soon: false, days_until_expiry: -1 }, 'Expired yesterday', 'danger'],
    [{ status: 'Expired', expiring_soon: false, days_until_expiry: -40 }, 'Expired 40 days ago', 'danger'],
    [{ status: 'Valid', expiring_soon: true, days_until_expiry: 0 }, 'Expires today', 'warning'],
    [{ status: 'Valid', expiring_soon: true, days_until_expiry: 1 }, 'Expires tomorrow', 'warning'],
    [{ status: 'Valid', expiring_soon: true, days_until_expiry: 30 }, 'Expires in 30 days', 'warning'],
  ] as const)('%o reads %s', (record, text, tone) => {
    expect(expiryNote(record)).toEqual({ text, tone });
  });

  it('says nothing beyond 30 days or without an expiry date', () => {
    expect(expiryNote({ status: 'Valid', expiring_soon: false, days_until_expiry: 31 })).toBeNull();
    expect(expiryNote({ status: 'No Expiry', expiring_soon: false, days_until_expiry: null })).toBeNull();
  });
});
