import { describe, expect, it } from 'vitest';
import { addMonthsToMonth, isMonth, monthInTimeZone, monthOf, monthRange } from './months.ts';

describe('months', () => {
  it('knows a YYYY-MM month', () => {
    expect(isMonth('2025-03')).toBe(true);
    expect(isMonth('2025-13')).toBe(false);
    expect(isMonth('2025-00')).toBe(false);
    expect(isMonth('2025-3')).toBe(false);
    expect(isMonth('0000-01')).toBe(false);
  });

  it('gives the first and last day, leap years included', () => {
    expect(monthRange('2025-02')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2025-12')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(() => monthRange('2025-13')).toThrow(RangeError);
  });

  it('steps across years and takes the month of an instant in the business time zone', () => {
    expect(addMonthsToMonth('2025-01', -1)).toBe('2024-12');
    expect(addMonthsToMonth('2025-12', 1)).toBe('2026-01');
    // 31 March 2025 17:00 UTC is already 1 April in Singapore.
    expect(monthInTimeZone(new Date('2025-03-31T17:00:00Z'), 'Asia/Singapore')).toBe('2025-04');
    expect(monthOf('2025-04-30')).toBe('2025-04');
  });
});
