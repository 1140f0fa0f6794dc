import type { Kysely } from 'kysely';

/**
 * Two indexes that only cost writes (docs/performance.md). `training_records_expiry_idx` (0011) is the same index
 * as `training_records_expiry_date_idx` (0006): one column, expiry_date; the tiles' and filters' ranges
 * use the one that stays. `admin_charges_status_idx` (0005) is the first column of
 * `admin_charges_status_amount_idx` (0009), which answers every `status = ?` it answered. On a copy of
 * the SQLite large set, 5,000 training records and 5,000 charges inserted in one transaction each,
 * three alternated rounds: 139-219 ms and 95-119 ms with them, 130-190 ms and 86-105 ms without.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('training_records_expiry_idx').execute();
  await db.schema.dropIndex('admin_charges_status_idx').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
