import { describe, expect, it } from 'vitest';
import { currentMonth } from './stack.ts';

describe('the month the payroll run is measured on', () => {
  it('is the current month in Singapore, from its first to its last day', () => {
    expect(currentMonth(new Date('2025-02-10T00:00:00Z'))).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(currentMonth(new Date('2024-02-29T12:00:00Z'))).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    // 31 December 20:00 UTC is already 1 January in Singapore (UTC+8).
    expect(currentMonth(new Date('2025-12-31T20:00:00Z'))).toEqual({ start: '2026-01-01', end: '2026-01-31' });
  });
});
