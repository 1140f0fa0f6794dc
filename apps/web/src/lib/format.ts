export { formatSgd } from '@td/shared/rules/money';

/** SPEC 9: dates use the browser's local format; missing shows N/A. `YYYY-MM-DD` is read as a calendar date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString();
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleString();
}

/** Missing values show N/A (SPEC 2). */
export const orNA = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? 'N/A' : String(value);
