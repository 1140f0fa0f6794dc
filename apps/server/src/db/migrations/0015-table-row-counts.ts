import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/** The tables whose unfiltered lists and tiles ask for their number of rows, in key order. */
export const COUNTED_TABLES = ['training_records', 'workers'] as const;

/**
 * Decision 047 (docs/performance.md): the number of workers and of training records, kept
 * by the database itself. The worker list, the training list and the training tiles show it on every
 * unfiltered load, and PostgreSQL has no shortcut for `count(*)`: it read every entry of an index,
 * 0.9 ms for 10,000 workers and 2.2 ms for 30,000 training records a request on the large set. SQLite
 * counts a table from its B-tree's pages quickly, but reads the same row here, so both databases
 * answer alike.
 *
 * As the status totals (migration 0012, decision 044): triggers keep the rows, one per table from the
 * start, so every write counts whatever its path (the screens, the demo's bulk loads, a statement typed
 * by hand). An update changes no count and has no trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('table_row_counts')
    .addColumn('table_name', 'text', (col) => col.primaryKey())
    .addColumn('row_count', 'bigint', (col) => col.notNull().check(sql`row_count >= 0`))
    .execute();

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  // Filled once the triggers exist: creating them keeps writers of the tables out until the migration
  // commits, so no write falls between the count and the triggers.
  for (const table of COUNTED_TABLES) {
    await sql`insert into table_row_counts (table_name, row_count)
      select ${sql.lit(table)}, count(*) from ${sql.id(table)}`.execute(db);
  }
}

/**
 * Statement-level triggers with transition tables: one update per statement, however many rows it
 * wrote. Each change first locks every count row, in key order, for the rest of the transaction, so
 * that a transaction writing both tables never waits while holding one of them (one adding a worker
 * then a record beside one adding a record then a worker would otherwise deadlock). A row lock:
 * readers of the counts never wait.
 */
async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function table_row_counts_apply() returns trigger language plpgsql as $$
    declare
      change bigint;
    begin
      if tg_op = 'INSERT' then
        select count(*) into change from new_rows;
      elsif tg_op = 'DELETE' then
        select -count(*) into change from old_rows;
      end if;
      if change = 0 then
        return null;
      end if;
      perform 1 from table_row_counts order by table_name for update;
      if tg_op = 'TRUNCATE' then
        update table_row_counts set row_count = 0 where table_name = tg_table_name;
      else
        update table_row_counts set row_count = row_count + change where table_name = tg_table_name;
      end if;
      return null;
    end
    $$
  `.execute(db);
  for (const table of COUNTED_TABLES) {
    await sql`create trigger ${sql.id(`${table}_row_count_insert`)} after insert on ${sql.id(table)}
      referencing new table as new_rows for each statement execute function table_row_counts_apply()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_row_count_delete`)} after delete on ${sql.id(table)}
      referencing old table as old_rows for each statement execute function table_row_counts_apply()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_row_count_truncate`)} after truncate on ${sql.id(table)}
      for each statement execute function table_row_counts_apply()`.execute(db);
  }
}

/** SQLite has row triggers only (and no TRUNCATE: a delete of every row fires them for each row). */
async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of COUNTED_TABLES) {
    const count = (sign: '+' | '-') =>
      sql.raw(`update table_row_counts set row_count = row_count ${sign} 1 where table_name = '${table}';`);
    await sql`create trigger ${sql.id(`${table}_row_count_insert`)} after insert on ${sql.id(table)}
      begin ${count('+')} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_row_count_delete`)} after delete on ${sql.id(table)}
      begin ${count('-')} end`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
