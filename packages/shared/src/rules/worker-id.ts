/**
 * SPEC 9, ARCHITECTURE differs 4: a worker ID is `TD-` and a random number, 4 digits (1000-9999)
 * while that space has room, 5 digits (10000-99999) once it is nearly used up. The caller checks the
 * candidate against the database and relies on the unique index for races; these rules only choose.
 */
export const WORKER_ID_PREFIX = 'TD-';

export interface WorkerIdRange {
  min: number;
  max: number;
}

export const FOUR_DIGIT_IDS: WorkerIdRange = { min: 1000, max: 9999 };
export const FIVE_DIGIT_IDS: WorkerIdRange = { min: 10_000, max: 99_999 };

/** Above this share of the 9,000 four-digit ids in use, random picks collide too often: use 5 digits. */
export const FOUR_DIGIT_FULL_SHARE = 0.9;
/** After this many colliding four-digit picks in one create, move on to five digits. */
export const FOUR_DIGIT_ATTEMPTS = 20;

const sizeOf = (range: WorkerIdRange) => range.max - range.min + 1;

/** The range to pick from, given how many four-digit ids are taken and how many picks already collided. */
export function workerIdRange(fourDigitTaken: number, failedAttempts = 0): WorkerIdRange {
  const nearlyFull = fourDigitTaken > sizeOf(FOUR_DIGIT_IDS) * FOUR_DIGIT_FULL_SHARE;
  return nearlyFull || failedAttempts >= FOUR_DIGIT_ATTEMPTS ? FIVE_DIGIT_IDS : FOUR_DIGIT_IDS;
}

/** A random id in the range; `random` returns a number in [0, 1) like Math.random. */
export function randomWorkerId(range: WorkerIdRange, random: () => number): string {
  // Clamped, so a random source that returns exactly 1 (or a tiny negative) still stays in range.
  const offset = Math.min(Math.max(Math.floor(random() * sizeOf(range)), 0), sizeOf(range) - 1);
  return `${WORKER_ID_PREFIX}${range.min + offset}`;
}

/** The candidate for the given attempt of one create (attempt 0 first). */
export function workerIdCandidate(fourDigitTaken: number, attempt: number, random: () => number): string {
  return randomWorkerId(workerIdRange(fourDigitTaken, attempt), random);
}

/** True for `TD-1000`..`TD-9999` and `TD-10000`..`TD-99999`. */
export function isWorkerId(value: string): boolean {
  return /^TD-(?:[1-9]\d{3}|[1-9]\d{4})$/.test(value);
}
