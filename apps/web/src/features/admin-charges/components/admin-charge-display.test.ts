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
    expect(shortChargeId('1a2b3c4d-0000-7000-8000-00009e1f5a27')).toBe('9e1f5a27');
    // Three charges made in the same minute share their first 8 characters, never their reference.
    const sameMinute = [
      '01a23343-aa10-7d2e-9c41-5b7de0f1c2a3',
      '01a23343-ab22-7f01-a8b2-c41e9d0a7f16',
      '01a23343-b0c4-7a9e-8f3d-2e6b1c5d9a08',
    ];
    expect(new Set(sameMinute.map(shortChargeId)).size).toBe(3);
  });

  it('labels the reviewer by status and locks only Deducted charges', () => {
    expect(reviewLabels('Approved')).toEqual({ by: 'Approved By', at: 'Approved At' });
    expect(reviewLabels('Rejected')).toEqual({ by: 'Rejected By', at: 'Rejected At' });
    expect(reviewLabels('Deducted').by).toBe('Reviewed By');
    expect(isLocked({ status: 'Deducted' })).toBe(true);
    expect(isLocked({ status: 'Approved' })).toBe(false);
  });
});
