import { addMonths, daysBetween } from './dates.ts';

/**
 * SPEC 9: work permits and coretrade certificates are "expiring" from today up to 3 months ahead,
 * both ends included. Dates are calendar dates (`YYYY-MM-DD`) in the business time zone; the caller
 * passes today, so the rules never read the clock.
 */
export const EXPIRY_WINDOW_MONTHS = 3;
/** SPEC 9: 30 days or fewer are shown red and bold. */
export const URGENT_EXPIRY_DAYS = 30;

export interface DateWindow {
  /** First date in the window (today). */
  from: string;
  /** Last date in the window (today + 3 months, clamped to the month's end). */
  to: string;
}

export function expiryWindow(today: string): DateWindow {
  return { from: today, to: addMonths(today, EXPIRY_WINDOW_MONTHS) };
}

export function isInExpiryWindow(expiryDate: string | null, today: string): boolean {
  if (!expiryDate) return false;
  const { from, to } = expiryWindow(today);
  return expiryDate >= from && expiryDate <= to;
}

/** Calendar days from today to the expiry date: today is 0, tomorrow 1, yesterday -1. */
export function daysUntilExpiry(expiryDate: string, today: string): number {
  return daysBetween(today, expiryDate);
}

export function isUrgentExpiry(days: number): boolean {
  return days <= URGENT_EXPIRY_DAYS;
}
