import { type Kysely, sql } from 'kysely';
import { sqliteSearchText } from './0014-worker-search.ts';
import { isPostgres } from './column-types.ts';

/**
 * Decision 066, SQLite only: the searched worker page's ids statement found its candidates
 * in the FTS5 index (migration 0014), then looked each one up in `worker_search_rows` (its row id to
 * the worker's id) and in `workers` (the unique index on `id`, then the wide row) to check the exact
 * `like` conditions and the filters and to sort: three B-tree searches for each of the 152 candidates
 * of the benchmark's search. `worker_search_columns` replaces `worker_search_rows` and carries, under
 * the workers' own column names, every column the search's conditions, filters and sort orders read,
 * so the candidates are found by their FTS row ids alone (the `row_id` is the table's integer key).
 * Kept by the same triggers as the index, in the same statements as each write to `workers`.
 * PostgreSQL searches `workers` through its trigram indexes and has no such table.
 */
const COPIED = [
  'id',
  'worker_id',
  'first_name',
  'last_name',
  'nationality',
  'status',
  'type_of_pass',
  'supplied_to_company',
  'fin_no_key',
  'passport_no_key',
  'phone_number',
  'created_at',
] as const;

/** The copied columns of one worker (`new` in a trigger, `workers` in a select), in COPIED's order. */
const copiedOf = (worker: 'new' | 'workers') => sql.join(COPIED.map((name) => sql.ref(`${worker}.${name}`)));

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`
    create table worker_search_columns (
      row_id integer primary key,
      id text not null unique,
      worker_id text not null,
      first_name text not null,
      last_name text not null,
      nationality text,
      status text,
      type_of_pass text,
      supplied_to_company text,
      fin_no_key text,
      passport_no_key text,
      phone_number text,
      created_at text not null
    )`.execute(db);
  const columns = sql.join(COPIED.map((name) => sql.id(name)));
  // The FTS rows keep their row ids: the index is not rebuilt.
  await sql`
    insert into worker_search_columns (row_id, ${columns})
    select worker_search_rows.row_id, ${copiedOf('workers')}
    from worker_search_rows join workers on workers.id = worker_search_rows.worker_id`.execute(db);
  for (const trigger of ['workers_search_insert', 'workers_search_update', 'workers_search_delete']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table worker_search_rows`.execute(db);

  const reindex = sql`
      insert into worker_search (rowid, text)
        select row_id, ${sqliteSearchText('new')} from worker_search_columns where id = new.id;`;
  await sql`
    create trigger workers_search_insert after insert on workers begin
      insert into worker_search_columns (${columns}) values (${copiedOf('new')});
      ${reindex}
    end`.execute(db);
  // Any copied column: the copy follows it; the index is written again with it (edits are rare).
  await sql`
    create trigger workers_search_update after update of ${columns} on workers begin
      update worker_search_columns set (${columns}) = (${copiedOf('new')}) where id = old.id;
      delete from worker_search where rowid = (select row_id from worker_search_columns where id = new.id);
      ${reindex}
    end`.execute(db);
  await sql`
    create trigger workers_search_delete after delete on workers begin
      delete from worker_search where rowid = (select row_id from worker_search_columns where id = old.id);
      delete from worker_search_columns where id = old.id;
    end`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
