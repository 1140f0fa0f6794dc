/**
 * SPEC 9 timesheet hours. Pure: everything it needs comes in; minutes are integers (ARCHITECTURE,
 * Data: hours are stored as integer minutes and cross the API as hours).
 */

/** `HH:MM`, 24-hour clock (00:00 to 23:59). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isTimeOfDay = (value: string): boolean => TIME_OF_DAY.test(value);

const MINUTES_PER_DAY = 24 * 60;
/** SPEC 9: a span over 6 hours loses 1 hour for the break. */
export const BREAK_AFTER_MINUTES = 6 * 60;
export const BREAK_MINUTES = 60;
/** SPEC 9: regular hours are capped at 8; the rest is overtime. */
export const REGULAR_CAP_MINUTES = 8 * 60;
/** SPEC 9: both figures are rounded to the nearest quarter hour. */
export const ROUNDING_MINUTES = 15;

/** Minutes after midnight of an `HH:MM` time. */
export function minutesOfDay(time: string): number {
  if (!isTimeOfDay(time)) throw new RangeError(`Not an HH:MM time: ${time}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** SPEC 9: from time in to time out, rolling past midnight when out is before in (equal is 0). */
export function spanMinutes(timeIn: string, timeOut: string): number {
  return (minutesOfDay(timeOut) - minutesOfDay(timeIn) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** Nearest multiple of 15 minutes. Whole minutes never fall half-way (7.5), so no tie rule is needed. */
export const roundToQuarterHour = (minutes: number): number =>
  Math.round(minutes / ROUNDING_MINUTES) * ROUNDING_MINUTES;

export interface TimesheetMinutes {
  /** Regular minutes worked: at most 8 hours, a multiple of 15. */
  hoursWorked: number;
  /** Minutes beyond the 8 regular hours, a multiple of 15; 0 when none (SPEC 5). */
  overtime: number;
}

/**
 * SPEC 9: span from time in to time out (past midnight when out is before in); a span over 6 hours
 * loses 1 hour for the break; regular hours capped at 8, the rest overtime; both rounded to the
 * nearest quarter hour. A day without both times has 0 hours (SPEC 5: the times are optional).
 *
 * Rounding each part separately equals rounding the total, because the cap (480) is a multiple of 15.
 */
export function computeTimesheetHours(timeIn: string | null, timeOut: string | null): TimesheetMinutes {
  if (!timeIn || !timeOut || !isTimeOfDay(timeIn) || !isTimeOfDay(timeOut)) return { hoursWorked: 0, overtime: 0 };
  const span = spanMinutes(timeIn, timeOut);
  const worked = span > BREAK_AFTER_MINUTES ? span - BREAK_MINUTES : span;
  return {
    hoursWorked: roundToQuarterHour(Math.min(worked, REGULAR_CAP_MINUTES)),
    overtime: roundToQuarterHour(Math.max(worked - REGULAR_CAP_MINUTES, 0)),
  };
}

/**
 * Probe finding 16: a shift longer than this from Time In to Time Out is more likely a typo (06:00 to
 * 05:45 for 17:45 rolls past midnight, SPEC 9, into 23.75 hours) than a day worked: the form asks the
 * staff member to confirm it and the API's answer carries a warning. It is still saved as SPEC 9
 * computes it: a genuine double shift happens.
 */
export const LONG_SHIFT_MINUTES = 16 * 60;

/** The span of a shift over 16 hours, in minutes, or null (no times, or a plausible shift). */
export function longShiftMinutes(timeIn: string | null, timeOut: string | null): number | null {
  if (!timeIn || !timeOut || !isTimeOfDay(timeIn) || !isTimeOfDay(timeOut)) return null;
  const span = spanMinutes(timeIn, timeOut);
  return span > LONG_SHIFT_MINUTES ? span : null;
}

/** Integer minutes as hours for the API and the screen (quarter hours are exact in 2 decimals). */
export const minutesToHours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/** Hours (as the API carries them) back to integer minutes. */
export const hoursToMinutes = (hours: number): number => Math.round(hours * 60);

/** Hours shown with 2 decimals (SPEC 9: total hours and overtime, 2 decimals). */
export const formatHours = (hours: number): string => hours.toFixed(2);
