import { v7 as uuidv7 } from 'uuid';

/** The current instant as ISO-8601 UTC, the form every timestamp column holds. */
export const nowIso = (now: Date = new Date()): string => now.toISOString();

/**
 * A new record id: a UUID v7, whose first 48 bits are the creation time in milliseconds (decision
 * 048), so rows written together get neighbouring ids and inserts append to the primary-key index.
 * Plain `uuid` (decision 076): drawing the random bytes in a pool saved about 50 ms on the 20,000 ids
 * of a whole 10,000-worker payroll run, about 1 ms on each 250-worker chunk the run page sends.
 */
export const newId = (): string => uuidv7();
