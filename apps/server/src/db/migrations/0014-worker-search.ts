import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * Decision 046: the worker search box finds a part of a name, TD- id, FIN, passport or
 * phone number (`like '%q%'`), which no B-tree index serves: every search read all the workers (10,000
 * on the large set, 3.4 ms of SQLite for the count alone). Trigram indexes serve substring searches on
 * both databases; the exact `like` conditions stay in the query, so the index only narrows the rows
 * they are checked on and the answers are the same with or without it.
 *
 * PostgreSQL: `pg_trgm` GIN indexes on the very expressions the search compares, which the planner
 * combines for the search's `or`. Where the extension is neither installed nor installable by the
 * app's user, the indexes are left out and the search reads every worker as before.
 *
 * SQLite: an FTS5 table with the trigram tokenizer over one text per worker (name, TD- id, FIN and
 * passport keys, phone number without spaces), kept by triggers. FTS5 rows are keyed by integers; a
 * worker's rowid would not do (VACUUM may renumber the rowids of a table without an integer primary
 * key), so `worker_search_rows` gives each worker a stable one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createPostgresIndexes(db);
  else await createSqliteSearch(db);
}

/** The texts the search compares (workers.repository.ts `searchOf`), as the indexes must spell them. */
const POSTGRES_SEARCHED = [
  ['name', sql`lower(first_name || ' ' || last_name)`],
  ['worker_id', sql`lower(worker_id)`],
  ['fin_no_key', sql`lower(fin_no_key)`],
  ['passport_no_key', sql`lower(passport_no_key)`],
  ['phone_number', sql`lower(replace(phone_number, ' ', ''))`],
] as const;

async function createPostgresIndexes(db: Kysely<unknown>): Promise<void> {
  const schema = await trigramExtensionSchema(db);
  if (!schema) return;
  for (const [name, expression] of POSTGRES_SEARCHED) {
    await sql`create index ${sql.id(`workers_${name}_trgm_idx`)}
      on workers using gin ((${expression}) ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
  }
}

/**
 * The schema `pg_trgm` is installed in, installing it in `public` if need be (an extension belongs to
 * the whole database, so not to this installation's schema, which may be one of several); none when it
 * is neither installed nor installable by this user.
 */
async function trigramExtensionSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select nspname as schema from pg_extension join pg_namespace on pg_namespace.oid = extnamespace
        where extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const schema = await installed();
  if (schema) return schema;
  const { rows } = await sql<{ installable: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
       and exists (select 1 from pg_namespace where nspname = 'public')
       and has_database_privilege(current_database(), 'create')
       and has_schema_privilege('public', 'create') as installable`.execute(db);
  if (!rows[0]?.installable) return undefined;
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  return installed();
}

/** One worker's searchable text: every field the search looks in, a line each (migration 0019 too). */
export const sqliteSearchText = (worker: 'new' | 'workers') => {
  const column = (name: string) => sql.ref(`${worker}.${name}`);
  return sql`${column('first_name')} || ' ' || ${column('last_name')} || char(10) || ${column('worker_id')}
    || char(10) || coalesce(${column('fin_no_key')}, '') || char(10) || coalesce(${column('passport_no_key')}, '')
    || char(10) || replace(coalesce(${column('phone_number')}, ''), ' ', '')`;
};

async function createSqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table worker_search_rows (
      row_id integer primary key,
      worker_id text not null unique
    )`.execute(db);
  // Contentless: the text is in workers already; the index alone is what the search needs.
  await sql`
    create virtual table worker_search using fts5(
      text, tokenize = 'trigram', content = '', contentless_delete = 1
    )`.execute(db);
  await sql`
    create trigger workers_search_insert after insert on workers begin
      insert into worker_search_rows (worker_id) values (new.id);
      insert into worker_search (rowid, text)
        select row_id, ${sqliteSearchText('new')} from worker_search_rows where worker_id = new.id;
    end`.execute(db);
  await sql`
    create trigger workers_search_update
    after update of first_name, last_name, worker_id, fin_no_key, passport_no_key, phone_number on workers begin
      delete from worker_search where rowid = (select row_id from worker_search_rows where worker_id = old.id);
      insert into worker_search (rowid, text)
        select row_id, ${sqliteSearchText('new')} from worker_search_rows where worker_id = new.id;
    end`.execute(db);
  await sql`
    create trigger workers_search_delete after delete on workers begin
      delete from worker_search where rowid = (select row_id from worker_search_rows where worker_id = old.id);
      delete from worker_search_rows where worker_id = old.id;
    end`.execute(db);
  await sql`insert into worker_search_rows (worker_id) select id from workers`.execute(db);
  await sql`
    insert into worker_search (rowid, text)
    select worker_search_rows.row_id, ${sqliteSearchText('workers')}
    from worker_search_rows join workers on workers.id = worker_search_rows.worker_id`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
