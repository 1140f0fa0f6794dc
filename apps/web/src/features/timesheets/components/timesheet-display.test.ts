import { describe, expect, it } from 'vitest';
import { formatTime, hoursText, timesheetWorkerName } from './timesheet-display.ts';

describe('timesheet display', () => {
  it('names the worker, or Unknown Worker once deleted (SPEC 3)', () => {
    expect(
      timesheetWorkerName({ worker: { id: 'x', first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-1234' } }),
    ).toBe('Ravi Kumar');
    expect(timesheetWorkerName({ worker: null })).toBe('Unknown Worker');
  });

  it('shows times as their first 5 characters or N/A, and hours with 2 decimals', () => {
    expect(formatTime('08:05')).toBe('08:05');
    expect(formatTime('08:05:00')).toBe('08:05');
    expect(formatTime(null)).toBe('N/A');
    expect(hoursText(8)).toBe('8.00');
    expect(hoursText(0.25)).toBe('0.25');
    expect(hoursText(6793.25)).toBe('6,793.25');
  });
});
