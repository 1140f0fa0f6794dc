import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dashboardMonths,
  formatGrowthTrend,
  growthTrend,
  monthRange,
  startOfDayInTimeZone,
  statusTotals,
  timeZoneOffsetMs,
} from './worker-statistics.ts';

const SG = 'Asia/Singapore';

describe('month ranges in the business time zone', () => {
  it('turns Singapore months into UTC instants (UTC+8)', () => {
    const now = new Date('2025-03-15T04:00:00Z');
    expect(dashboardMonths(now, SG)).toEqual({
      currentMonth: { start: '2025-02-28T16:00:00.000Z', end: '2025-03-31T16:00:00.000Z' },
      lastMonth: { start: '2025-01-31T16:00:00.000Z', end: '2025-02-28T16:00:00.000Z' },
      monthBeforeLast: { start: '2024-12-31T16:00:00.000Z', end: '2025-01-31T16:00:00.000Z' },
    });
  });

  it('in January, last month is December of the year before', () => {
    const months = dashboardMonths(new Date('2025-01-10T00:00:00Z'), SG);
    expect(months.lastMonth).toEqual({ start: '2024-11-30T16:00:00.000Z', end: '2024-12-31T16:00:00.000Z' });
    expect(months.monthBeforeLast.start).toBe('2024-10-31T16:00:00.000Z');
  });

  it('uses the Singapore date, not the UTC date, near midnight', () => {
    // 31 January 17:00 UTC is already 1 February in Singapore.
    const months = dashboardMonths(new Date('2025-01-31T17:00:00Z'), SG);
    expect(months.currentMonth.start).toBe('2025-01-31T16:00:00.000Z');
    expect(months.lastMonth.start).toBe('2024-12-31T16:00:00.000Z');
  });

  it('handles February of a leap year', () => {
    expect(monthRange(new Date('2024-02-29T10:00:00Z'), SG)).toEqual({
      start: '2024-01-31T16:00:00.000Z',
      end: '2024-02-29T16:00:00.000Z',
    });
  });

  it('follows daylight-saving offsets in other zones', () => {
    expect(timeZoneOffsetMs(new Date('2025-07-01T12:00:00Z'), 'Europe/London')).toBe(60 * 60 * 1000);
    expect(timeZoneOffsetMs(new Date('2025-01-01T12:00:00Z'), 'Europe/London')).toBe(0);
    expect(startOfDayInTimeZone('2025-04-01', 'Europe/London').toISOString()).toBe('2025-03-31T23:00:00.000Z');
    expect(startOfDayInTimeZone('2025-03-01', 'America/New_York').toISOString()).toBe('2025-03-01T05:00:00.000Z');
  });

  it('the three months are contiguous and contain now (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        (now) => {
          const { currentMonth, lastMonth, monthBeforeLast } = dashboardMonths(now, SG);
          expect(monthBeforeLast.end).toBe(lastMonth.start);
          expect(lastMonth.end).toBe(currentMonth.start);
          expect(currentMonth.start <= now.toISOString()).toBe(true);
          expect(now.toISOString() < currentMonth.end).toBe(true);
        },
      ),
    );
  });
});

describe('growthTrend (SPEC 9)', () => {
  it.each([
    [10, 8, 25],
    [8, 10, -20],
    [9, 8, 12.5],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [5, 5, 0],
    [0, 4, -100],
  ])('last month %i against %i is %d%%', (last, before, expected) => {
    expect(growthTrend(last, before)).toBe(expected);
  });

  it('is 100 when the month before last is empty and last month is not, else 0', () => {
    expect(growthTrend(3, 0)).toBe(100);
    expect(growthTrend(0, 0)).toBe(0);
  });

  it('is formatted with sign, one decimal and a percent mark', () => {
    expect(formatGrowthTrend(12.5)).toBe('+12.5%');
    expect(formatGrowthTrend(-3)).toBe('-3.0%');
    expect(formatGrowthTrend(0)).toBe('0.0%');
    expect(formatGrowthTrend(-0)).toBe('0.0%');
    expect(formatGrowthTrend(100)).toBe('+100.0%');
  });
});

describe('statusTotals', () => {
  const statuses = ['WP Approved', 'Working', 'Terminated'];
  it('counts the non-terminated statuses as total and active, ignoring null and unknown statuses', () => {
    const totals = statusTotals(
      [
        { status: 'Working', count: 4 },
        { status: 'Terminated', count: 2 },
        { status: null, count: 7 },
        { status: 'Retired', count: 1 },
      ],
      statuses,
      'Terminated',
    );
    expect(totals).toEqual({
      total: 4,
      active: 4,
      terminated: 2,
      byStatus: { 'WP Approved': 0, Working: 4, Terminated: 2 },
    });
  });
});
