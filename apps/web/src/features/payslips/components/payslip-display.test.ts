import { describe, expect, it } from 'vitest';
import { lastMonthPeriod, payslipStatusTone } from './payslip-display.ts';

describe('payslip display helpers', () => {
  it('gives the whole of last month in the local calendar', () => {
    expect(lastMonthPeriod(new Date(2025, 0, 15))).toEqual({ start: '2024-12-01', end: '2024-12-31' });
    expect(lastMonthPeriod(new Date(2024, 2, 31))).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('shows the SPEC 4 badge colours', () => {
    expect(['Draft', 'Generated', 'Sent', 'Paid', 'Other'].map(payslipStatusTone)).toEqual([
      'yellow',
      'green',
      'purple',
      'blue',
      'gray',
    ]);
  });
});
