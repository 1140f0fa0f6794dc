import type { Kysely } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * Decision 113: on SQLite the worker search (`like '%q%'` on the folded name, the TD- id, the
 * FIN and passport keys and the phone, decisions 046 and 102) reads the workers in the list's order
 * through `workers_created_at_idx` or, with a nationality, `workers_nationality_idx`, and with them
 * every searched worker's whole table row (about 70 columns) to test it, for the page and again for the
 * count. These two indexes replace those two (their prefixes, so every query they served they serve)
 * and also hold the searched columns: the count reads index entries only, and the page walks the index
 * in its order, testing each entry there, and reads the table row of the 50 it answers only.
 * PostgreSQL keeps its `pg_trgm` indexes (migration 0014), which find the matches themselves.
 */
const SEARCHED = ['search_name', 'worker_id', 'fin_no_key', 'passport_no_key', 'phone_number'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createIndex('workers_created_at_search_idx')
    .on('workers')
    .columns(['created_at', 'id', ...SEARCHED])
    .execute();
  await db.schema
    .createIndex('workers_nationality_search_idx')
    .on('workers')
    .columns(['nationality', 'created_at', 'id', ...SEARCHED])
    .execute();
  await db.schema.dropIndex('workers_created_at_idx').execute();
  await db.schema.dropIndex('workers_nationality_idx').execute();
}
