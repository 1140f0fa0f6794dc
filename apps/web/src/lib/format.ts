export { formatSgd } from '@td/shared/rules/money';

/** SPEC 9: dates use the browser's local format; missing shows N/A. `YYYY-MM-DD` is read as a calendar date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString();
}

/** "March 2025" for a `YYYY-MM` month, in the browser's format like every date (SPEC 9). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(year, monthNumber - 1, 1).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A day of the browser's calendar as `YYYY-MM-DD`: today by default (a form's default date). */
export const localIsoDate = (date = new Date()): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The month of the browser's calendar as `YYYY-MM`: this month by default (a month filter's default). */
export const localMonth = (date = new Date()): string => localIsoDate(date).slice(0, 7);

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleString();
}

/**
 * A count with thousands separators ("10,000"), as `toLocaleString('en-SG')` writes a whole number,
 * without Intl: a page's first Intl number format loads ICU's data, 20-30 ms of the main thread in
 * Chromium here (80-120 ms on Lighthouse's slowed phone), and the worker list needs nothing else of it
 * (decision 032). Anything but a safe integer is left to Intl.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-SG');
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}

/** Missing values show N/A (SPEC 2). */
export const orNA = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? 'N/A' : String(value);
