import { dateInTimeZone, isIsoDate } from './dates.ts';

/** A calendar month as `YYYY-MM` (SPEC 9: the timesheet month filter). */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** True for `YYYY-MM` with a month 01-12 in the years a date may have (not 0000). */
export const isMonth = (value: string): boolean => MONTH.test(value) && !value.startsWith('0000');

/** SPEC 9: the month (default for month filters) of an instant in the business time zone. */
export const monthInTimeZone = (instant: Date, timeZone: string): string =>
  dateInTimeZone(instant, timeZone).slice(0, 7);

/** The first and last day of a `YYYY-MM` month, both inclusive. */
export function monthRange(month: string): { from: string; to: string } {
  if (!isMonth(month)) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(lastDay).padStart(2, '0')}` };
}

/** The month `offset` months after `month` (negative for before). */
export function addMonthsToMonth(month: string, offset: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + offset, 1));
  return date.toISOString().slice(0, 7);
}

/** The month of a `YYYY-MM-DD` date. */
export function monthOf(date: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return date.slice(0, 7);
}
