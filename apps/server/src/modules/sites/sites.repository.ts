import { isUuid } from '@td/shared/schemas/fields';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { likeContains, offsetOf } from '../../db/paging.ts';
import type { Database, SiteRow } from '../../db/schema.ts';

/** What a save writes; `name_key` is derived here. */
export interface SiteValues {
  name: string;
  client_company: string;
  project_reference: string | null;
  address: string | null;
  active: boolean;
}

/** Decision 090: a name is unique whatever its case and surrounding spaces. */
export const siteNameKey = (name: string) => name.trim().toLowerCase();

const columnsOf = (values: SiteValues) => ({
  name: values.name,
  name_key: siteNameKey(values.name),
  client_company: values.client_company,
  project_reference: values.project_reference,
  address: values.address,
  active: values.active ? 1 : 0,
});

export interface SiteFilters {
  q?: string | undefined;
  active?: boolean | undefined;
}

export async function listSites(
  db: Db,
  filters: SiteFilters,
  page: { page: number; pageSize: number },
): Promise<{ rows: SiteRow[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, 'sites'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.active !== undefined) conditions.push(eb('active', '=', filters.active ? 1 : 0));
    if (filters.q) {
      const pattern = likeContains(filters.q);
      conditions.push(
        sql<SqlBool>`(lower(name) like ${pattern} escape '\\' or lower(client_company) like ${pattern} escape '\\' or lower(coalesce(project_reference, '')) like ${pattern} escape '\\')`,
      );
    }
    return eb.and(conditions);
  };
  const [rows, count] = await Promise.all([
    db
      .selectFrom('sites')
      .selectAll()
      .where(where)
      .orderBy('name')
      .orderBy('id')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findSiteById(db: Db, id: string): Promise<SiteRow | undefined> {
  // Not a UUID is no site (PostgreSQL's uuid column would refuse the comparison with an error).
  if (!isUuid(id)) return undefined;
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every site, for an import's site column (matched by name, any case) and the web's pickers. */
export async function listSiteNames(db: Db): Promise<Array<{ id: string; name: string; name_key: string }>> {
  return db.selectFrom('sites').select(['id', 'name', 'name_key']).orderBy('name').orderBy('id').execute();
}

export async function findSiteIdByName(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('sites').select('id').where('name_key', '=', siteNameKey(name)).executeTakeFirst();
  return row?.id;
}

export async function insertSite(
  db: Db,
  row: SiteValues & { id: string; created_at: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('sites')
    .values({ id: row.id, ...columnsOf(row), created_at: row.created_at, updated_at: row.updated_at })
    .execute();
}

export async function updateSite(db: Db, id: string, values: SiteValues, updatedAt: string): Promise<void> {
  await db
    .updateTable('sites')
    .set({ ...columnsOf(values), updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteSite(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sites').where('id', '=', id).execute();
}
