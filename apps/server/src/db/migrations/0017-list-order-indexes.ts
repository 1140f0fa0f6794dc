import type { Kysely } from 'kysely';

/**
 * docs/performance.md, What was kept: the admin-charge and training lists' whole order (newest date, then
 * creation, then id) as indexes, as migration 0009 gave the payslip list its own. With only (date, id)
 * both databases read past the page's last date to sort the rest of its keys: PostgreSQL joined 94
 * charges (63 records) to their workers for a page of 50, 0.57 ms against 0.18 ms with the index on the
 * large set; SQLite sorted the last two keys in a temporary B-tree. They replace the (date, id) indexes:
 * every query that used those (a date range) has the same first column here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('admin_charges_list_order_idx')
    .on('admin_charges')
    .columns(['charge_date', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('admin_charges_charge_date_idx').execute();
  await db.schema
    .createIndex('training_records_list_order_idx')
    .on('training_records')
    .columns(['training_date', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('training_records_training_date_idx').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
