import type { Db } from '../../db/database.ts';

export function listUsers(db: Db) {
  return db.selectFrom('users').select(['id', 'name', 'email']).orderBy('name').execute();
}
