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
 * A calendar date as messages write it, dd/mm/yyyy (issue 41 item 30): the screens show dates in the
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

/**
 * The calendar date of an instant in a time zone, as `YYYY-MM-DD` (`en-CA` parts are year, month and
 * day as numbers in that order).
 */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const { type, value } of cachedDateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant)) {
    parts[type] = value;
  }
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Adds calendar months, clamping to the month's last day (2024-11-30 + 3 months = 2025-02-28). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** `YYYY-MM-` of a valid month, then two digits. */
const MONTH_PREFIX = /^\d{4}-(?:0[1-9]|1[0-2])-\d\d$/;

/** Adds calendar days (negative to go back): 2024-02-28 + 1 day = 2024-02-29. */
export function addDays(isoDate: string, days: number): string {
  // Within the same month (days 1 to 28 on both sides) the day is added to the text: a pay run under the
  // Act adds days a few million times (docs/performance.md); every other case goes through Date.
  if (Number.isInteger(days) && isoDate.length === 10 && MONTH_PREFIX.test(isoDate)) {
    const day = Number(isoDate.slice(8)) + days;
    const from = day - days;
    if (from >= 1 && from <= 28 && day >= 1 && day <= 28) return `${isoDate.slice(0, 8)}${day < 10 ? '0' : ''}${day}`;
  }
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A `YYYY-MM-DD` date as the milliseconds of its UTC midnight; NaN for any other text. */
const utcMidnight = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier), both `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): number {
  return (utcMidnight(to) - utcMidnight(from)) / DAY_MS;
}
