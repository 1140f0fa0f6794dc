import type { TrainingStatus } from '../options/training.ts';
import { addDays, dateInTimeZone, daysBetween } from './dates.ts';

/** SPEC 9: "Training Expiring Soon: expiry from now up to 30 days ahead". */
export const EXPIRING_SOON_DAYS = 30;

/**
 * The calendar dates a training record's status depends on, for one instant in the business time
 * zone. The rule below and the server's SQL (filters and tile counts) both take their boundaries from
 * here, so a record is never counted Expired on the tiles but shown Valid in the list.
 */
export interface TrainingDay {
  /** Today in the business time zone. An expiry date before it is Expired. */
  today: string;
  /** The last day of the Expiring Soon window: today + 30 days, both ends included. */
  expiringSoonUntil: string;
}

export function trainingDay(now: Date, timeZone: string): TrainingDay {
  const today = dateInTimeZone(now, timeZone);
  return { today, expiringSoonUntil: addDays(today, EXPIRING_SOON_DAYS) };
}

/**
 * SPEC 4: Expired if the expiry date is before today, Valid if set and not past, No Expiry if empty.
 * Dates are calendar dates: a certificate expiring today is still Valid today (and Expiring Soon).
 */
export function statusOnDay(expiryDate: string | null, day: TrainingDay): TrainingStatus {
  if (!expiryDate) return 'No Expiry';
  return expiryDate < day.today ? 'Expired' : 'Valid';
}

/** SPEC 9: the expiry date is from today up to 30 days ahead, both included. */
export function isExpiringSoonOnDay(expiryDate: string | null, day: TrainingDay): boolean {
  return expiryDate !== null && expiryDate !== '' && expiryDate >= day.today && expiryDate <= day.expiringSoonUntil;
}

/** The status of a record at the instant `now`, "today" being that of the business time zone. */
export function trainingStatus(expiryDate: string | null, now: Date, timeZone: string): TrainingStatus {
  return statusOnDay(expiryDate, trainingDay(now, timeZone));
}

export interface TrainingExpiry {
  status: TrainingStatus;
  expiring_soon: boolean;
  /** Calendar days from today to the expiry date (negative once past); null without one. */
  days_until_expiry: number | null;
}

/** Everything the screens show about a record's expiry on one day. */
export function trainingExpiryOnDay(expiryDate: string | null, day: TrainingDay): TrainingExpiry {
  return {
    status: statusOnDay(expiryDate, day),
    expiring_soon: isExpiringSoonOnDay(expiryDate, day),
    days_until_expiry: expiryDate ? daysBetween(day.today, expiryDate) : null,
  };
}

/** The same at the instant `now`, "today" being that of the business time zone. */
export function trainingExpiry(expiryDate: string | null, now: Date, timeZone: string): TrainingExpiry {
  return trainingExpiryOnDay(expiryDate, trainingDay(now, timeZone));
}
