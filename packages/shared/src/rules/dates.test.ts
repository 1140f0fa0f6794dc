import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dateInTimeZone, dateTimeInTimeZone, dayOfWeek, daysBetween, isIsoDate } from './dates.ts';

describe('isIsoDate', () => {
  it.each(['2024-02-29', '2025-12-31', '0001-01-01'])('accepts %s', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });
  it.each(['2025-02-29', '2025-13-01', '2025-1-01', '12/04/1990', '0000-01-01', '2025-02-30', ''])(
    'refuses %j',
    (value) => {
      expect(isIsoDate(value)).toBe(false);
    },
  );
});

describe('addMonths', () => {
  it('clamps to the last day of the target month', () => {
    expect(addMonths('2023-11-30', 3)).toBe('2024-02-29');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });
});

describe('dateTimeInTimeZone', () => {
  it("reads the zone's wall clock, midnight as 00 (not 24)", () => {
    expect(dateTimeInTimeZone(new Date('2026-05-05T16:30:05Z'), 'Asia/Singapore')).toBe('2026-05-06 00:30:05');
    expect(dateTimeInTimeZone(new Date('2026-05-05T16:00:00Z'), 'Asia/Singapore')).toBe('2026-05-06 00:00:00');
    expect(dateTimeInTimeZone(new Date('2026-05-05T16:00:00Z'), 'Europe/London')).toBe('2026-05-05 17:00:00');
  });
});

describe('dateInTimeZone and daysBetween', () => {
  it('reads the calendar date in the zone', () => {
    expect(dateInTimeZone(new Date('2025-01-31T16:00:00Z'), 'Asia/Singapore')).toBe('2025-02-01');
    expect(dateInTimeZone(new Date('2025-01-31T15:59:59Z'), 'Asia/Singapore')).toBe('2025-01-31');
  });
  it('answers each instant for its own zone, a millisecond either side of midnight', () => {
    const lastMsBefore = new Date('2025-01-31T15:59:59.999Z');
    const midnight = new Date('2025-01-31T16:00:00.000Z');
    for (const [instant, zone, date] of [
      [lastMsBefore, 'Asia/Singapore', '2025-01-31'],
      [midnight, 'Asia/Singapore', '2025-02-01'],
      [lastMsBefore, 'Asia/Singapore', '2025-01-31'],
      [midnight, 'Europe/London', '2025-01-31'],
      [midnight, 'Asia/Singapore', '2025-02-01'],
      // Kathmandu is 5:45 ahead: its midnight is not on a UTC hour.
      [new Date('2025-01-31T18:14:59.500Z'), 'Asia/Kathmandu', '2025-01-31'],
      [new Date('2025-01-31T18:15:00.000Z'), 'Asia/Kathmandu', '2025-02-01'],
    ] as const) {
      expect(dateInTimeZone(instant, zone), `${instant.toISOString()} ${zone}`).toBe(date);
    }
  });
  it('counts whole days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2024-03-01', '2024-02-28')).toBe(-2);
    expect(daysBetween('1970-01-01', '1970-01-01')).toBe(0);
    expect(daysBetween('1900-02-28', '1900-03-01')).toBe(1);
    expect(daysBetween('2000-02-28', '2000-03-01')).toBe(2);
    expect(daysBetween('0001-01-01', '9999-12-31')).toBe(3_652_058);
  });
  it('counts the days Date counts between any two dates', () => {
    const dayMs = 86_400_000;
    const isoDate = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: -719_162, max: 2_932_896 }),
        fc.integer({ min: -719_162, max: 2_932_896 }),
        (a, b) => {
          expect(daysBetween(isoDate(a), isoDate(b))).toBe(b - a);
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('answers NaN for a text that is not a date', () => {
    expect(daysBetween('2024-02-28', '')).toBeNaN();
    expect(daysBetween('2024-2-8', '2024-02-28')).toBeNaN();
  });
});

describe('addDays', () => {
  it('crosses month, leap day and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-01-10', 30)).toBe('2025-02-09');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('answers as calendar arithmetic for every date and shift (the in-month shortcut included)', () => {
    const viaDate = (isoDate: string, days: number) =>
      new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -450, max: 450 }),
        (date, days) => {
          const isoDate = date.toISOString().slice(0, 10);
          expect(addDays(isoDate, days)).toBe(viaDate(isoDate, days));
        },
      ),
      { numRuns: 5_000 },
    );
    expect(() => addDays('2025-13-05', 1)).toThrow();
    // An invalid day goes through Date as before (V8 rolls 30 February over to March).
    expect(addDays('2025-02-30', 1)).toBe('2025-03-03');
    expect(addDays('2025-01-31', 0.5)).toBe(viaDate('2025-01-31', 0));
  });
});

describe('dayOfWeek', () => {
  it('answers as Date#getUTCDay for every date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          expect(dayOfWeek(date.toISOString().slice(0, 10))).toBe(date.getUTCDay());
        },
      ),
      { numRuns: 5_000 },
    );
    expect(dayOfWeek('2026-12-07')).toBe(1);
    expect(dayOfWeek('not a date')).toBeNaN();
  });
});
