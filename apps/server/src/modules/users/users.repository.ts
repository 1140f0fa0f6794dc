import type { Role } from '@td/shared/rules/permissions';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/migrations/column-types.ts';

/** Decision 104: the staff accounts, with whether each is active and has two-factor sign-in. */
export async function listUsers(db: Db) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'deactivated_at', 'totp_enabled_at'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(staffAccountOf);
}

export function staffAccountOf(row: {
  id: string;
  name: string;
  email: string;
  role: Role;
  deactivated_at: string | null;
  totp_enabled_at: string | null;
}) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.deactivated_at === null,
    totp_enabled: row.totp_enabled_at !== null,
  };
}

export function findUser(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'deactivated_at', 'totp_enabled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The active admins, locked on PostgreSQL until the transaction ends: two admins demoting each other at
 * once cannot both see "another admin is left" (SQLite runs one writing transaction at a time).
 */
export async function lockActiveAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .$if(isPostgres(db), (query) => query.forUpdate())
    .execute();
  return rows.map((row) => row.id);
}

export async function updateUser(
  db: Db,
  id: string,
  changes: { role?: Role; deactivated_at?: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
