import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatMonth, localIsoDate, localMonth } from './format.ts';

describe('months and local dates', () => {
  it('names a month and gives a day and a month of the local calendar', () => {
    expect(formatMonth('2025-03')).toBe('March 2025');
    expect(localIsoDate(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
    expect(localMonth(new Date(2025, 0, 15))).toBe('2025-01');
  });
});

describe('formatCount', () => {
  it("writes any whole number as toLocaleString('en-SG') does", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.maxSafeInteger()), (value) => {
        expect(formatCount(value)).toBe(value.toLocaleString('en-SG'));
      }),
      { numRuns: 2000 },
    );
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(-1_234_567)).toBe('-1,234,567');
  });

  it('leaves what is not a safe integer to Intl', () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('en-SG'));
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
