import type { Migration } from 'kysely';
import * as platform from './0001-platform.ts';
import * as workers from './0002-workers.ts';

/** Listed here rather than read from disk, so the bundled server carries them. Append only. */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-workers': workers,
};
