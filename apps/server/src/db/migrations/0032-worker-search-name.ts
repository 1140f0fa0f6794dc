import { workerSearchName } from '@td/shared/rules/search-text';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * Probe finding 20, decision 102: every search box finds "Nguyễn" by "nguyen". The folded name
 * (`searchFold` in packages/shared: accents dropped, lower case) is kept on the worker, written with the
 * name by the workers repository; the searches compare it with the folded query. Neither database can
 * fold the same way itself (SQLite has no unaccent; PostgreSQL's `unaccent` is an extension and not
 * immutable, so no index could use it).
 *
 * PostgreSQL: the trigram index of the name (migration 0014) moves to the folded name, so the search
 * stays an index scan. Existing workers are folded here, in batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workers')
    .addColumn('search_name', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  const workers = db as unknown as Kysely<{
    workers: { id: string; first_name: string; last_name: string; search_name: string };
  }>;
  let after: string | undefined;
  for (;;) {
    const rows = await workers
      .selectFrom('workers')
      .select(['id', 'first_name', 'last_name'])
      .$if(after !== undefined, (query) => query.where('id', '>', after ?? ''))
      .orderBy('id')
      .limit(1000)
      .execute();
    const last = rows.at(-1);
    if (!last) break;
    for (const row of rows) {
      await workers
        .updateTable('workers')
        .set({ search_name: workerSearchName(row) })
        .where('id', '=', row.id)
        .execute();
    }
    after = last.id;
  }
  if (isPostgres(db)) await moveTrigramIndex(db);
}

async function moveTrigramIndex(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`
    select nspname as schema from pg_extension join pg_namespace on pg_namespace.oid = extnamespace
    where extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) return;
  await sql`drop index if exists workers_name_trgm_idx`.execute(db);
  await sql`create index workers_search_name_trgm_idx
    on workers using gin (search_name ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}
