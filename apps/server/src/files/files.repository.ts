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
 * in the same transaction and none is left dangling (decision 008).
 */
export const FILE_LINKS = [
  { table: 'workers', entity: 'worker', columns: ['photo_url', 'ipa_url', 'consent_letter_url', 'contract_url'] },
  // Decision 036: was missing, so deleting a certificate left its training record's link dangling, and the
  // sweep of unlinked files would have taken certificates still in use.
  { table: 'training_records', entity: 'training_record', columns: ['certificate_url'] },
  // Decision 092: an admin charge's signed consent (EA s.27).
  { table: 'admin_charges', entity: 'admin_charge', columns: ['consent_url'] },
] as const;

/** `exists (...)`: some record links the stored file `url` (any column of FILE_LINKS). */
function isLinked(url: ReturnType<typeof sql.ref>) {
  const checks = FILE_LINKS.flatMap((link) =>
    link.columns.map(
      (column) => sql`exists (select 1 from ${sql.table(link.table)} where ${sql.ref(column)} = ${url})`,
    ),
  );
  return sql.join(checks, sql` or `);
}

/** Stored files created before `createdBefore` that no record links (decision 036, the sweep). */
export async function findUnlinkedStoredFiles(db: Db, createdBefore: string, limit: number) {
  const { rows } = await sql<StoredFile>`
    select * from stored_files
    where created_at < ${createdBefore} and not (${isLinked(sql.ref('stored_files.url'))})
    order by created_at limit ${limit}`.execute(db);
  return rows;
}

/**
 * Deletes the record only if still no record links it: the check and the delete are one statement, so
 * a link saved after the search above keeps its file. Answers whether it was deleted.
 */
export async function deleteStoredFileIfUnlinked(db: Db, id: string): Promise<boolean> {
  const result = await sql`
    delete from stored_files where id = ${id} and not (${isLinked(sql.ref('stored_files.url'))})`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** The store paths among `paths` that have a record (the rest are bytes no record knows). */
export async function findRecordedPaths(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.selectFrom('stored_files').select('path').where('path', 'in', paths).execute();
  return new Set(rows.map((row) => row.path));
}

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
