import { describe, expect, it } from 'vitest';
import { currentMonth, formatHours, lastMonthPeriod, payslipStatusTone } from './payslip-display.ts';

describe('payslip display helpers', () => {
  it('gives the current month and the whole of last month in the local calendar', () => {
    expect(currentMonth(new Date(2025, 0, 15))).toBe('2025-01');
    expect(lastMonthPeriod(new Date(2025, 0, 15))).toEqual({ start: '2024-12-01', end: '2024-12-31' });
    expect(lastMonthPeriod(new Date(2024, 2, 31))).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('shows hours to 2 decimals and the SPEC 4 badge colours', () => {
    expect(formatHours(187.25)).toBe('187.25');
    expect(formatHours(8)).toBe('8.00');
    expect(['Draft', 'Generated', 'Sent', 'Paid', 'Other'].map(payslipStatusTone)).toEqual([
      'yellow',
      'green',
      'purple',
      'blue',
      'gray',
    ]);
  });
});
