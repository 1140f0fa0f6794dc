/** Calendar dates cross the API as `YYYY-MM-DD` (ARCHITECTURE, Data). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
