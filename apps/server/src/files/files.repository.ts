import type { Db } from '../db/database.ts';
import type { StoredFile } from '../db/schema.ts';

export async function insertStoredFile(db: Db, file: StoredFile): Promise<void> {
  await db.insertInto('stored_files').values(file).execute();
}

export function findStoredFileByPath(db: Db, path: string) {
  return db.selectFrom('stored_files').selectAll().where('path', '=', path).executeTakeFirst();
}

/** The stored files among `urls` (kind and url only), for checking a worker's `*_url` fields. */
export function findStoredFilesByUrl(db: Db, urls: string[]) {
  if (urls.length === 0) return Promise.resolve([]);
  return db.selectFrom('stored_files').select(['url', 'kind']).where('url', 'in', urls).execute();
}

export async function deleteStoredFile(db: Db, id: string): Promise<void> {
  await db.deleteFrom('stored_files').where('id', '=', id).execute();
}
