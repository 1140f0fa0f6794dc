import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTimesheetHours,
  formatHours,
  hoursToMinutes,
  isTimeOfDay,
  minutesToHours,
  spanMinutes,
} from './timesheet-hours.ts';

/** Hours as the screen and API show them. */
const hours = (timeIn: string | null, timeOut: string | null) => {
  const result = computeTimesheetHours(timeIn, timeOut);
  return [minutesToHours(result.hoursWorked), minutesToHours(result.overtime)];
};

const pad = (n: number) => String(n).padStart(2, '0');
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);

/**
 * The rule written again the way the spec words it, in hours as the original client computed them:
 * a different route to the same figures.
 */
function oracle(timeIn: string, timeOut: string): [number, number] {
  const toHours = (t: string) => Number(t.slice(0, 2)) + Number(t.slice(3)) / 60;
  let span = toHours(timeOut) - toHours(timeIn);
  if (span < 0) span += 24;
  // Hours as floats are inexact: 02:01 to 08:01 comes out as 6.000000000000001, which is not "more
  // than 6 h" (the property test found it). The comparison allows for that, and only for that.
  const worked = span > 6 + 1e-9 ? span - 1 : span;
  const quarter = (h: number) => Math.round(h * 4) / 4;
  return [quarter(Math.min(worked, 8)), quarter(Math.max(worked - 8, 0))];
}

describe('computeTimesheetHours (SPEC 9)', () => {
  it.each([
    // [time in, time out, hours worked, overtime, why]
    ['08:00', '17:00', 8, 0, 'the contract day: 9 h less the 1 h break'],
    ['08:00', '14:00', 6, 0, 'exactly 6 h keeps its break'],
    ['08:00', '14:01', 5, 0, '6 h 01 loses the hour: 5 h 01 rounds to 5'],
    ['08:00', '14:08', 5.25, 0, '6 h 08 - 1 h = 5 h 08 rounds up to 5.25'],
    ['08:00', '17:00', 8, 0, '9 h: exactly the cap after the break'],
    ['08:00', '17:07', 8, 0, '9 h 07: 7 overtime minutes round down'],
    ['08:00', '17:08', 8, 0.25, '9 h 08: 8 overtime minutes round up'],
    ['07:53', '17:08', 8, 0.25, '9 h 15: a quarter hour of overtime'],
    ['07:00', '21:30', 8, 5.5, 'a long day'],
    ['00:00', '00:00', 0, 0, 'equal times are no span, not 24 h'],
    ['22:00', '06:00', 7, 0, 'a night shift past midnight'],
    ['19:00', '07:00', 8, 3, 'a 12 h night shift'],
    ['23:59', '00:01', 0, 0, '2 minutes round to nothing'],
    ['23:50', '00:01', 0.25, 0, '11 minutes round to a quarter hour'],
    ['08:00', '07:59', 8, 15, 'out a minute before in is 23 h 59: 14 h 59 overtime rounds to 15'],
    ['09:00', '12:07', 3, 0, '3 h 07 rounds down'],
    ['09:00', '12:08', 3.25, 0, '3 h 08 rounds up'],
    ['08:00', '15:00', 6, 0, '7 h span: over 6 h, so 6 h after the break'],
    ['08:00', '16:08', 7.25, 0, 'rounding below the cap'],
    ['08:00', '17:52', 8, 0.75, 'overtime 52 minutes rounds to 0.75'],
    ['08:00', '17:53', 8, 1, 'overtime 53 minutes rounds to 1'],
  ])('%s to %s is %s h and %s h overtime (%s)', (timeIn, timeOut, worked, overtime) => {
    expect(hours(timeIn, timeOut)).toEqual([worked, overtime]);
  });

  it.each([
    [null, null],
    ['08:00', null],
    [null, '17:00'],
    ['', ''],
    ['8:00', '17:00'],
    ['24:00', '08:00'],
    ['08:60', '17:00'],
  ])('a day without two valid times (%s, %s) has 0 hours', (timeIn, timeOut) => {
    expect(computeTimesheetHours(timeIn, timeOut)).toEqual({ hoursWorked: 0, overtime: 0 });
  });

  it('gives multiples of a quarter hour, regular never above 8 h, overtime never negative', () => {
    fc.assert(
      fc.property(time, time, (timeIn, timeOut) => {
        const { hoursWorked, overtime } = computeTimesheetHours(timeIn, timeOut);
        expect(hoursWorked % 15).toBe(0);
        expect(overtime % 15).toBe(0);
        expect(hoursWorked).toBeLessThanOrEqual(480);
        expect(hoursWorked).toBeGreaterThanOrEqual(0);
        expect(overtime).toBeGreaterThanOrEqual(0);
        // Quarter hours are exact with 2 decimals.
        expect(minutesToHours(hoursWorked) * 4).toBe(Math.round(minutesToHours(hoursWorked) * 4));
      }),
    );
  });

  it('makes regular plus overtime equal the worked span (less any break) rounded to a quarter hour', () => {
    fc.assert(
      fc.property(time, time, (timeIn, timeOut) => {
        const { hoursWorked, overtime } = computeTimesheetHours(timeIn, timeOut);
        const span = spanMinutes(timeIn, timeOut);
        const worked = span > 360 ? span - 60 : span;
        expect(hoursWorked + overtime).toBe(Math.round(worked / 15) * 15);
        // Overtime only once the regular hours are full.
        if (overtime > 0) expect(hoursWorked).toBe(480);
      }),
    );
  });

  it('agrees with the spec worked in hours, overnight shifts included', () => {
    fc.assert(
      fc.property(time, time, (timeIn, timeOut) => {
        expect(hours(timeIn, timeOut)).toEqual(oracle(timeIn, timeOut));
      }),
      { numRuns: 2000 },
    );
  });

  it('rolls past midnight: an overnight shift counts like the same length of day shift', () => {
    fc.assert(
      fc.property(time, fc.integer({ min: 1, max: 1439 }), (timeIn, length) => {
        const start = Number(timeIn.slice(0, 2)) * 60 + Number(timeIn.slice(3));
        const end = (start + length) % 1440;
        const timeOut = `${pad(Math.floor(end / 60))}:${pad(end % 60)}`;
        expect(computeTimesheetHours(timeIn, timeOut)).toEqual(computeTimesheetHours('00:00', timeOf(length)));
      }),
    );
    function timeOf(minutes: number) {
      return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    }
  });
});

describe('hour helpers', () => {
  it('converts minutes and hours and shows 2 decimals', () => {
    expect(minutesToHours(495)).toBe(8.25);
    expect(minutesToHours(20)).toBe(0.33);
    expect(hoursToMinutes(8.25)).toBe(495);
    expect(formatHours(8)).toBe('8.00');
    expect(formatHours(1234.5)).toBe('1234.50');
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('23:59:00')).toBe(false);
  });
});
