import { sql } from 'kysely';
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

/**
 * Every column that links a stored file (ARCHITECTURE differs 2). A module that links files lists its
 * columns here (training records: `certificate_url`), so that deleting a file clears every link to it
 * in the same transaction and none is left dangling (issue 7.12, decision 008).
 */
export const FILE_LINKS = [
  { table: 'workers', entity: 'worker', columns: ['photo_url', 'ipa_url', 'consent_letter_url', 'contract_url'] },
] as const;

export interface ClearedLink {
  entity: string;
  id: string;
  column: string;
}

/** Sets every link to `url` to null (touching `updated_at`), and answers which records changed. */
export async function clearFileLinks(db: Db, url: string, updatedAt: string): Promise<ClearedLink[]> {
  const cleared: ClearedLink[] = [];
  for (const link of FILE_LINKS) {
    for (const column of link.columns) {
      const { rows } = await sql<{ id: string }>`
        update ${sql.table(link.table)} set ${sql.ref(column)} = null, updated_at = ${updatedAt}
        where ${sql.ref(column)} = ${url} returning id`.execute(db);
      for (const row of rows) cleared.push({ entity: link.entity, id: row.id, column });
    }
  }
  return cleared;
}
