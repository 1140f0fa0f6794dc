/** Calendar dates cross the API as `YYYY-MM-DD` (ARCHITECTURE, Data). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An inclusive range of calendar dates, `YYYY-MM-DD` both ends (a pay period, a list's date filter). */
export interface DateRange {
  start: string;
  end: string;
}

/**
 * True for a real calendar date in `YYYY-MM-DD` form (2025-02-30 is not). Year 0000 is refused too:
 * PostgreSQL's date type has no year 0, and bad input must never reach the database as an error.
 */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A calendar date as messages write it, dd/mm/yyyy (probe finding 30): the screens show dates in the
 * browser's format, dd/mm/yyyy in Singapore (SPEC 9), and a message built on the server cannot know
 * the browser, so it writes the business's. Anything not a `YYYY-MM-DD` date is left as it is.
 */
export function messageDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per time zone and options, made once: creating an Intl.DateTimeFormat costs about
 * 0.2 ms, more than the rest of a small request; using one is cheap (docs/performance.md).
 */
export function cachedDateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** The wall clock of a time zone at an instant, as `en-CA` numeric parts (year, month, day, 24-hour time). */
function wallClockParts(instant: Date, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const { type, value } of cachedDateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)) {
    parts[type] = value;
  }
  return parts;
}

/** The calendar date of an instant in a time zone, as `YYYY-MM-DD`. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  const parts = wallClockParts(instant, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * An instant as the wall clock of a time zone, `YYYY-MM-DD HH:mm:ss` (24-hour): what a person there read
 * on their clock, for exports filtered by that zone's days (decision 108).
 */
export function dateTimeInTimeZone(instant: Date, timeZone: string): string {
  const parts = wallClockParts(instant, timeZone);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Adds calendar months, clamping to the month's last day (2024-11-30 + 3 months = 2025-02-28). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const monthLength = (year: number, month: number) =>
  month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** The number written by `count` digits from `from`, or -1 when one of them is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let index = from; index < from + count; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The year, month and day of a valid `YYYY-MM-DD` (years 1000-9999), or null for anything else. */
function civilDate(isoDate: string): [number, number, number] | null {
  // Read by character codes: a run under the Act reads a few million dates (docs/performance.md).
  if (isoDate.length !== 10 || isoDate.charCodeAt(4) !== 45 || isoDate.charCodeAt(7) !== 45) return null;
  const year = digitsAt(isoDate, 0, 4);
  const month = digitsAt(isoDate, 5, 2);
  const day = digitsAt(isoDate, 8, 2);
  if (year < 1000 || month < 1 || month > 12) return null;
  return day >= 1 && day <= monthLength(year, month) ? [year, month, day] : null;
}

/** Adds calendar days (negative to go back): 2024-02-28 + 1 day = 2024-02-29. */
export function addDays(isoDate: string, days: number): string {
  // Counted on the calendar without a Date: a pay run under the Act adds days a few million times
  // (docs/performance.md). Anything unusual (a fraction, a far shift, an invalid date) goes through Date.
  const civil = Number.isInteger(days) && Math.abs(days) <= 400 ? civilDate(isoDate) : null;
  if (civil) {
    let [year, month, day] = civil;
    day += days;
    while (day > monthLength(year, month)) {
      day -= monthLength(year, month);
      month = month === 12 ? 1 : month + 1;
      if (month === 1) year += 1;
    }
    while (day < 1) {
      month = month === 1 ? 12 : month - 1;
      if (month === 12) year -= 1;
      day += monthLength(year, month);
    }
    if (year >= 1000 && year <= 9999) return `${year}-${pad2(month)}-${pad2(day)}`;
  }
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Sakamoto's month offsets for the day of the week. */
const WEEKDAY_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4] as const;

/** The day of the week of a `YYYY-MM-DD` date, 0 for Sunday as `Date#getUTCDay` (NaN for an invalid one). */
export function dayOfWeek(isoDate: string): number {
  const civil = civilDate(isoDate);
  if (!civil) return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  const [day, month] = [civil[2], civil[1]];
  const year = month < 3 ? civil[0] - 1 : civil[0];
  return (
    (year +
      Math.floor(year / 4) -
      Math.floor(year / 100) +
      Math.floor(year / 400) +
      (WEEKDAY_OFFSETS[month - 1] ?? 0) +
      day) %
    7
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A `YYYY-MM-DD` date as the milliseconds of its UTC midnight; NaN for any other text. */
const utcMidnight = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

/**
 * Whole calendar days from `from` to `to` (negative when `to` is earlier), both `YYYY-MM-DD`.
 *
 * The division is exact (UTC midnights are whole days apart); `Math.round` only makes the result a
 * small integer for V8 instead of a heap number. With the heap number, the training list's row mapping
 * (`days_until_expiry` of every row) was optimised and thrown away again a few hundred times a minute,
 * 135-270 us a page of 50 against 20-45 us with it (decision 113: the list reached 0.45 of the bare server).
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}
