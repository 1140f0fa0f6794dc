/**
 * Worker data quality (ARCHITECTURE differs 11, decision 023): identity numbers, phone numbers and
 * ages that can be checked, checked the same way in the form and on the server.
 */

/**
 * FIN, passport and WP numbers are compared without spaces and case (decision 023): "g 1234567x"
 * and "G1234567X" are the same document. The database keeps this form in a unique column.
 */
export function identityKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const key = value.replace(/\s+/g, '').toUpperCase();
  return key === '' ? null : key;
}

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2] as const;
/**
 * The published NRIC/FIN check: the seven digits weighted 2 7 6 5 4 3 2, plus 4 for the T and G series
 * and 3 for the M series, modulo 11, pick the letter from the series' table.
 */
const SERIES: Record<string, { offset: number; letters: string }> = {
  S: { offset: 0, letters: 'JZIHGFEDCBA' },
  T: { offset: 4, letters: 'JZIHGFEDCBA' },
  F: { offset: 0, letters: 'XWUTRQPNMLK' },
  G: { offset: 4, letters: 'XWUTRQPNMLK' },
  M: { offset: 3, letters: 'XWUTRQPNJLK' },
};

export const NRIC_FIN_FORMAT = /^[STFGM]\d{7}[A-Z]$/;

/** The check letter of a series letter and seven digits, or null when they are not that. */
export function nricFinCheckLetter(series: string, digits: string): string | null {
  const table = SERIES[series.toUpperCase()];
  if (!table || !/^\d{7}$/.test(digits)) return null;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), table.offset);
  return table.letters[sum % 11] ?? null;
}

export type NricFinProblem = 'format' | 'check-letter';

/**
 * Null for a valid NRIC or FIN (S, T, F, G or M, seven digits, the right check letter; spaces and case
 * do not matter), else what is wrong with it.
 */
export function nricFinProblem(value: string): NricFinProblem | null {
  const key = identityKey(value) ?? '';
  if (!NRIC_FIN_FORMAT.test(key)) return 'format';
  return nricFinCheckLetter(key.charAt(0), key.slice(1, 8)) === key.charAt(8) ? null : 'check-letter';
}

/** Digits with an optional leading + and spaces, 6 to 15 digits (E.164 allows at most 15). */
export function isValidPhoneNumber(value: string): boolean {
  if (!/^\+?[\d ]+$/.test(value.trim())) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

export const MIN_WORKER_AGE = 15;
export const MAX_WORKER_AGE = 80;

/** Whole years from a date of birth to `today` (both `YYYY-MM-DD`); negative for a future birth date. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return ty - by - (beforeBirthday ? 1 : 0);
}

/** Decision 023: a date of birth must give an age between 15 and 80, both included. */
export function isPlausibleWorkerAge(dateOfBirth: string, today: string): boolean {
  const age = ageOn(dateOfBirth, today);
  return age >= MIN_WORKER_AGE && age <= MAX_WORKER_AGE;
}
