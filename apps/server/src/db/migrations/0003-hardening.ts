import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/**
 * Decision 006: sign-in throttling that holds against parallel requests, and known devices.
 * - `login_throttle`: one counter per limit key (`email-at-address:...`, `address:...`, `email:...`,
 *   `device:...`) over a 15-minute window. An attempt is reserved by an atomic upsert that returns the
 *   new count before the password is checked; concurrent attempts on one key queue on its row, on
 *   SQLite and PostgreSQL alike. It replaces `login_attempts`, which was counted after the check.
 * - `login_devices`: browsers that signed in successfully (a long-lived `td_device` cookie; only its
 *   SHA-256 is kept). Their attempts are counted apart, so a stranger's failures cannot lock them out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);

  await db.schema
    .createTable('login_devices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', t.id, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('expires_at', t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_devices_user_id_idx').on('login_devices').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('attempts', 'integer', (col) => col.notNull().check(sql`attempts >= 0`))
    .addColumn('window_start', t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_window_idx').on('login_throttle').column('window_start').execute();

  await db.schema.dropTable('login_attempts').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
