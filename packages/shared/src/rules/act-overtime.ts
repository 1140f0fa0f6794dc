import { WEEKDAYS, type Weekday, weekdayOf } from '../options/pay-rules.ts';
import { addDays, type DateRange } from './dates.ts';
import { monthRange } from './months.ts';

/**
 * Decision 092 (EA s.38): the one count of a worker's overtime hours, and the one 72-hours-a-month check.
 * The timesheet's save (its warning for the calendar month of the day saved) and the payslip, its
 * preview and the pay run (their warning for the period) both count here, so the same timesheets are
 * warned alike wherever they are looked at (decision 092).
 *
 * Overtime by the Act: on a normal working day the hours past the normal day; on a rest day or a public
 * holiday the hours past the normal day; and for each Monday-to-Sunday week whose Sunday is in the
 * period, its normal hours past 44 (a normal working day contributes its hours up to the normal day;
 * the week's earlier days count even when they fall before the period).
 */

/** EA s.38(1): 44 normal hours a week. */
export const WEEKLY_NORMAL_MINUTES = 44 * 60;
/** EA s.38(5): at most 12 hours a day (hours worked and overtime); warned, the hours are paid. */
export const DAY_LIMIT_MINUTES = 12 * 60;
/** EA s.38(7) and the Employment (Limits of Overtime Work) Order: 72 overtime hours a month. */
export const MONTHLY_OVERTIME_LIMIT_MINUTES = 72 * 60;

/** One day's hours T (hours worked + overtime, as the timesheet records them), in minutes. */
export interface OvertimeDay {
  workDate: string;
  minutes: number;
}

export interface ActOvertimeInput {
  period: DateRange;
  /** The worker's days from the Monday of the week holding the period's first day (`actWeeksStart`). */
  days: readonly OvertimeDay[];
  restDay: Weekday;
  normalMinutesPerDay: number;
  /** Observed public holiday dates; one on the worker's rest day counts as the rest day. */
  holidayDates: Iterable<string>;
}

export interface ActOvertime {
  /** Past the normal day, on any day of the period. */
  dailyMinutes: number;
  /** The weeks' normal hours past 44. */
  weeklyMinutes: number;
  totalMinutes: number;
}

/** Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/** The first day whose timesheet the count of `period` reads: the Monday of its first week. */
export const actWeeksStart = (period: DateRange): string => mondayOf(period.start);

/** Every date from `start` to `end` inclusive. */
function* datesOf(start: string, end: string): Generator<string> {
  for (let date = start; date <= end; date = addDays(date, 1)) yield date;
}

/** The Act's overtime hours of a period (see the file's comment). Days given twice are added up. */
export function actOvertime({
  period,
  days,
  restDay,
  normalMinutesPerDay: normal,
  holidayDates,
}: ActOvertimeInput): ActOvertime {
  const minutesOn = new Map<string, number>();
  for (const day of days) minutesOn.set(day.workDate, (minutesOn.get(day.workDate) ?? 0) + day.minutes);
  const holidays = new Set(holidayDates);
  const isRestDay = (date: string) => weekdayOf(date) === restDay;
  const isHoliday = (date: string) => holidays.has(date) && !isRestDay(date);

  let dailyMinutes = 0;
  let weeklyMinutes = 0;
  for (const date of datesOf(period.start, period.end)) {
    dailyMinutes += Math.max(0, (minutesOn.get(date) ?? 0) - normal);
    if (weekdayOf(date) !== 'Sunday') continue;
    let weekNormal = 0;
    for (const weekDate of datesOf(addDays(date, -6), date)) {
      if (isRestDay(weekDate) || isHoliday(weekDate)) continue;
      weekNormal += Math.min(minutesOn.get(weekDate) ?? 0, normal);
    }
    weeklyMinutes += Math.max(0, weekNormal - WEEKLY_NORMAL_MINUTES);
  }
  return { dailyMinutes, weeklyMinutes, totalMinutes: dailyMinutes + weeklyMinutes };
}

/** The calendar month `YYYY-MM` as a period (the timesheet's warning counts the month of its day). */
export function calendarMonth(month: string): DateRange {
  const { from, to } = monthRange(month);
  return { start: from, end: to };
}

/** How a period is named in the warning: its month when it is one whole calendar month. */
export function periodLabel(period: DateRange): string {
  const month = period.start.slice(0, 7);
  const whole = calendarMonth(month);
  return whole.start === period.start && whole.end === period.end ? month : `${period.start} to ${period.end}`;
}

export const overtimeOver72Message = (minutes: number, label: string) =>
  `${(minutes / 60).toFixed(2)} overtime hours in ${label} by the Employment Act's count (past the normal day, ` +
  'and past 44 hours a week): more than 72 a month is not allowed (s.38). The hours are paid.';

/** The 72-hour warning for a period's overtime, or null within the limit (exactly 72 is within). */
export function overtimeOver72Warning(
  overtimeMinutes: number,
  period: DateRange,
): { code: 'OVERTIME_OVER_72'; message: string } | null {
  return overtimeMinutes > MONTHLY_OVERTIME_LIMIT_MINUTES
    ? { code: 'OVERTIME_OVER_72', message: overtimeOver72Message(overtimeMinutes, periodLabel(period)) }
    : null;
}
