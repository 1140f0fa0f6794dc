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

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per time zone and options, made once: creating an Intl.DateTimeFormat costs about
 * 0.2 ms, more than the rest of a small request (issue 15, docs/performance.md); using one is cheap.
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

/** Each time zone's last answer: the requests of one second all ask for the same "today". */
const lastDateIn = new Map<string, { second: number; date: string }>();

/**
 * The calendar date of an instant in a time zone, as `YYYY-MM-DD`. Formatting to parts costs about
 * 10 us; under load it is paid once a second per time zone (every offset in the time zone database
 * is a whole number of seconds, so a date never changes within one).
 */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDateIn.get(timeZone);
  if (last?.second === second) return last.date;
  const date = formatDateInTimeZone(instant, timeZone);
  lastDateIn.set(timeZone, { second, date });
  return date;
}

function formatDateInTimeZone(instant: Date, timeZone: string): string {
  const parts = cachedDateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(instant)
    .reduce<Record<string, string>>((acc, part) => {
      acc[part.type] = part.value;
      return acc;
    }, {});
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

/** Adds calendar days (negative to go back): 2024-02-28 + 1 day = 2024-02-29. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier), both `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

const digitAt = (text: string, index: number) => text.charCodeAt(index) - 48;

/**
 * Days from 1970-01-01 to a `YYYY-MM-DD` date, in integer arithmetic (Howard Hinnant's
 * `days_from_civil`, proleptic Gregorian like `Date`). A page of 50 training records asks it for every
 * row (issue 15); two `Date.parse` of built strings took about ten times as long. Not a validator:
 * dates come from checked input or the database (`isIsoDate`); a text of another length gives NaN.
 */
function epochDay(isoDate: string): number {
  if (isoDate.length !== 10) return Number.NaN;
  const year = digitAt(isoDate, 0) * 1000 + digitAt(isoDate, 1) * 100 + digitAt(isoDate, 2) * 10 + digitAt(isoDate, 3);
  const month = digitAt(isoDate, 5) * 10 + digitAt(isoDate, 6);
  const day = digitAt(isoDate, 8) * 10 + digitAt(isoDate, 9);
  // Years counted from March, so that the leap day is the last of its year.
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
