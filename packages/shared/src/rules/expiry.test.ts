import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './dates.ts';
import { daysUntilExpiry, expiryWindow, isInExpiryWindow, isUrgentExpiry } from './expiry.ts';

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('expiryWindow (SPEC 9: today to 3 months ahead)', () => {
  it.each([
    ['2025-03-15', '2025-06-15'],
    ['2023-11-30', '2024-02-29'], // leap year: clamps to 29 February
    ['2024-11-30', '2025-02-28'], // common year: clamps to 28 February
    ['2024-02-29', '2024-05-29'],
    ['2025-10-31', '2026-01-31'], // across the year end
    ['2025-12-31', '2026-03-31'],
  ])('from %s reaches %s', (today, to) => {
    expect(expiryWindow(today)).toEqual({ from: today, to });
  });

  it('includes today and exactly 3 months ahead, excludes yesterday and the day after the window', () => {
    const today = '2024-11-30';
    expect(isInExpiryWindow(today, today)).toBe(true);
    expect(isInExpiryWindow('2025-02-28', today)).toBe(true);
    expect(isInExpiryWindow('2025-03-01', today)).toBe(false);
    expect(isInExpiryWindow('2024-11-29', today)).toBe(false);
    expect(isInExpiryWindow(null, today)).toBe(false);
  });
});

describe('daysUntilExpiry', () => {
  it('counts calendar days from today', () => {
    expect(daysUntilExpiry('2025-03-15', '2025-03-15')).toBe(0);
    expect(daysUntilExpiry('2025-03-16', '2025-03-15')).toBe(1);
    expect(daysUntilExpiry('2025-03-14', '2025-03-15')).toBe(-1);
    expect(daysUntilExpiry('2024-03-01', '2024-02-28')).toBe(2); // 29 February in between
    expect(daysUntilExpiry('2025-03-01', '2025-02-28')).toBe(1);
    expect(daysUntilExpiry('2026-01-01', '2025-12-31')).toBe(1);
  });

  it('marks exactly 30 days as urgent and 31 as not', () => {
    const today = '2025-01-10';
    expect(daysUntilExpiry('2025-02-09', today)).toBe(30);
    expect(isUrgentExpiry(daysUntilExpiry('2025-02-09', today))).toBe(true);
    expect(isUrgentExpiry(daysUntilExpiry('2025-02-10', today))).toBe(false);
  });

  it('is the inverse of adding days (property)', () => {
    const day = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: -5000, max: 5000 }), (today, days) => {
        expect(daysUntilExpiry(addDays(today, days), today)).toBe(days);
      }),
    );
  });

  it('keeps the window end within 3 months and never before today (property)', () => {
    const day = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (today) => {
        const { to } = expiryWindow(today);
        const days = daysUntilExpiry(to, today);
        expect(days).toBeGreaterThanOrEqual(89);
        expect(days).toBeLessThanOrEqual(92);
        expect(to).toBe(addMonths(today, 3));
      }),
    );
  });
});
