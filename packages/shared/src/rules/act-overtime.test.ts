import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../options/pay-rules.ts';
import {
  actOvertime,
  actWeeksStart,
  calendarMonth,
  overtimeOver72Message,
  overtimeOver72Warning,
  periodLabel,
} from './act-overtime.ts';
import { addDays } from './dates.ts';
import { computeEmploymentActPay } from './employment-act-pay.ts';

const h = (hours: number) => Math.round(hours * 60);
const JULY = calendarMonth('2026-07');
const base = { restDay: 'Sunday' as const, normalMinutesPerDay: h(8), holidayDates: [] as string[] };

describe('actOvertime: the one count of overtime hours (EA s.38)', () => {
  it('counts the hours past the normal day on every day, a rest day and a holiday too', () => {
    const days = [
      { workDate: '2026-07-06', minutes: h(11) }, // Monday: 3 h
      { workDate: '2026-07-12', minutes: h(10) }, // Sunday, the rest day: 2 h
      { workDate: '2026-07-14', minutes: h(9) }, // a holiday here: 1 h
    ];
    expect(actOvertime({ ...base, period: JULY, days, holidayDates: ['2026-07-14'] })).toEqual({
      dailyMinutes: h(6),
      weeklyMinutes: 0,
      totalMinutes: h(6),
    });
  });

  it("counts a week's normal hours past 44; rest days and holidays add nothing to the week", () => {
    const week = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10', '2026-07-11', '2026-07-12'];
    const days = week.map((workDate) => ({ workDate, minutes: h(8) }));
    // Monday to Saturday 48 h, 4 past 44; Sunday is the rest day.
    expect(actOvertime({ ...base, period: JULY, days }).weeklyMinutes).toBe(h(4));
    // Friday a holiday: 40 normal hours.
    expect(actOvertime({ ...base, period: JULY, days, holidayDates: ['2026-07-10'] }).weeklyMinutes).toBe(0);
  });

  it('gives a week to the period holding its Sunday, its earlier days counted from the previous month', () => {
    // Monday 29 June to Saturday 4 July: 48 normal hours; the week ends Sunday 5 July.
    const days = Array.from({ length: 6 }, (_, i) => ({ workDate: addDays('2026-06-29', i), minutes: h(8) }));
    expect(actWeeksStart(JULY)).toBe('2026-06-29');
    expect(actOvertime({ ...base, period: JULY, days }).weeklyMinutes).toBe(h(4));
    expect(actOvertime({ ...base, period: calendarMonth('2026-06'), days }).weeklyMinutes).toBe(0);
  });

  it('warns over 72 hours only, naming a whole month by its month', () => {
    expect(overtimeOver72Warning(h(72), JULY)).toBeNull();
    expect(overtimeOver72Warning(h(72) + 15, JULY)).toEqual({
      code: 'OVERTIME_OVER_72',
      message: overtimeOver72Message(h(72) + 15, '2026-07'),
    });
    expect(periodLabel({ start: '2026-07-01', end: '2026-07-15' })).toBe('2026-07-01 to 2026-07-15');
    expect(periodLabel(calendarMonth('2024-02'))).toBe('2024-02');
  });

  it("the payslip's overtime and 72-hour warning are this count, for any month of days", () => {
    const dayArb = fc.record({ offset: fc.integer({ min: 0, max: 36 }), minutes: fc.integer({ min: 0, max: h(14) }) });
    fc.assert(
      fc.property(
        fc.array(dayArb, { maxLength: 40 }),
        fc.constantFrom(...WEEKDAYS),
        fc.constantFrom('2026-03', '2026-07', '2026-02'),
        (raw, restDay, month) => {
          const period = calendarMonth(month);
          const start = actWeeksStart(period);
          const byDate = new Map<string, number>();
          for (const day of raw) {
            const workDate = addDays(start, day.offset);
            if (workDate <= period.end) byDate.set(workDate, day.minutes);
          }
          const days = [...byDate].map(([workDate, minutes]) => ({ workDate, minutes }));
          const holidayDates = ['2026-03-21', '2026-02-17', '2026-02-18'];
          const count = actOvertime({ period, days, restDay, normalMinutesPerDay: h(8), holidayDates });
          const pay = computeEmploymentActPay({
            period,
            rateType: 'Hourly',
            salaryRateCents: 1_000,
            restDay,
            workingDaysPerWeek: 6,
            normalMinutesPerDay: h(8),
            employmentStartDate: null,
            employmentEndDate: null,
            declaredMonthlySalaryCents: null,
            publicHolidays: holidayDates.map((date) => ({ date, name: 'Holiday' })),
            days: days.map((day) => ({ ...day, restDayRequestedBy: 'Employer' as const })),
            charges: [],
            otherDeductionsCents: 0,
          });
          expect(pay.overtimeMinutes).toBe(count.totalMinutes);
          expect(pay.warnings.filter((w) => w.code === 'OVERTIME_OVER_72')).toEqual(
            [overtimeOver72Warning(count.totalMinutes, period)].filter(Boolean),
          );
        },
      ),
    );
  });
});
