import { describe, expect, it } from 'vitest';
import {
  chargeStatusTone,
  chargeWorkerLabel,
  chargeWorkerName,
  isLocked,
  reviewLabels,
  shortChargeId,
} from './admin-charge-display.ts';

const worker = { id: 'w1', first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821' };

describe('admin charge display', () => {
  it('names the worker, or Unknown Worker once deleted (SPEC 3)', () => {
    expect(chargeWorkerName({ worker })).toBe('Rahim Uddin');
    expect(chargeWorkerLabel({ worker })).toBe('Rahim Uddin (TD-4821)');
    expect(chargeWorkerName({ worker: null })).toBe('Unknown Worker');
    expect(chargeWorkerLabel({ worker: null })).toBe('Unknown Worker');
  });

  it('colours the badges as SPEC 2 says: Approved green, Rejected red, Pending yellow, others purple', () => {
    expect(chargeStatusTone('Approved')).toBe('green');
    expect(chargeStatusTone('Rejected')).toBe('red');
    expect(chargeStatusTone('Pending')).toBe('yellow');
    expect(chargeStatusTone('Deducted')).toBe('purple');
    expect(chargeStatusTone('Something else')).toBe('purple');
  });

  it('shortens the id to its first 8 characters for the heading', () => {
    expect(shortChargeId('1a2b3c4d-0000-4000-8000-000000000000')).toBe('1a2b3c4d');
  });

  it('labels the reviewer by status and locks only Deducted charges', () => {
    expect(reviewLabels('Approved')).toEqual({ by: 'Approved By', at: 'Approved At' });
    expect(reviewLabels('Rejected')).toEqual({ by: 'Rejected By', at: 'Rejected At' });
    expect(reviewLabels('Deducted').by).toBe('Reviewed By');
    expect(isLocked({ status: 'Deducted' })).toBe(true);
    expect(isLocked({ status: 'Approved' })).toBe(false);
  });
});
