import { randomUUID } from 'node:crypto';

/** The current instant as ISO-8601 UTC, the form every timestamp column holds. */
export const nowIso = (now: Date = new Date()): string => now.toISOString();

export const newId = (): string => randomUUID();
