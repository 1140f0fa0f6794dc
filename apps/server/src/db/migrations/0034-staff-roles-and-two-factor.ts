import { type Kysely, sql } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/**
 * Decision 104: staff roles, two-factor sign-in, sessions one can see.
 *
 * - `users.role`: one of the roles of `packages/shared/src/rules/permissions.ts`. Every account that
 *   exists when this runs becomes `admin` (the column's default), so nobody loses what they could do.
 * - `users.deactivated_at`: a deactivated account cannot sign in and its sessions are ended.
 * - `users.must_change_password`: set by an admin's password reset; until the person changes it, the
 *   session may only change the password.
 * - `users.totp_secret` / `totp_enabled_at`: the RFC 6238 secret; enabled once a code was confirmed.
 * - `recovery_codes`: ten single-use codes per account, only their SHA-256 is stored.
 * - `login_challenges`: a password checked, the code not yet given (a short-lived, hashed token).
 * - `sessions.user_agent`, `ip`, `last_seen_at`: what the account's own sessions list shows.
 * - `app_settings`: settings an admin changes on screen (the roles that must use two-factor sign-in).
 * - `audit_log_created_at_idx`: the audit log screen pages the whole log newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) =>
      col.notNull().defaultTo('admin').check(sql`role in ('admin', 'hr', 'payroll', 'supervisor', 'viewer')`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('deactivated_at', t.timestamp).execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (col) =>
      col.notNull().defaultTo(0).check(sql`must_change_password in (0, 1)`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', t.timestamp).execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', t.id, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pkey', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', t.id, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('expires_at', t.timestamp, (col) => col.notNull())
    .execute();

  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', t.timestamp).execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').columns(['created_at', 'id']).execute();
}
