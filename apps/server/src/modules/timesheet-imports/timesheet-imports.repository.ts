import type { Db } from '../../db/database.ts';

/** Every worker as the import matches them: FIN (its key), TD- id, name. */
export async function listWorkersForMatching(
  db: Db,
): Promise<Array<{ id: string; worker_id: string; fin_no_key: string | null; first_name: string; last_name: string }>> {
  return db.selectFrom('workers').select(['id', 'worker_id', 'fin_no_key', 'first_name', 'last_name']).execute();
}

export async function insertImport(
  db: Db,
  row: { id: string; file_name: string; headers: string; rows: string; created_by: string | null; created_at: string },
): Promise<void> {
  await db
    .insertInto('timesheet_imports')
    .values({ ...row, applied_at: null })
    .execute();
}

export async function findImport(db: Db, id: string) {
  return db.selectFrom('timesheet_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateImport(db: Db, id: string, values: { rows?: string; applied_at?: string }): Promise<void> {
  await db.updateTable('timesheet_imports').set(values).where('id', '=', id).execute();
}

export async function findMappingsFor(db: Db, headersKey: string) {
  return db
    .selectFrom('timesheet_import_mappings')
    .select(['id', 'name', 'mapping'])
    .where('headers_key', '=', headersKey)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertMapping(
  db: Db,
  row: { id: string; name: string; headers_key: string; mapping: string; created_at: string; updated_at: string },
): Promise<void> {
  await db.insertInto('timesheet_import_mappings').values(row).execute();
}
