import { type Kysely, sql } from 'kysely';
import { columnTypesFor, isPostgres } from './column-types.ts';

/**
 * Decision 054 (docs/performance.md): the worker dashboard and the training tiles, which
 * every load of their screens asks for, without counting thousands of rows.
 *
 * - `worker_status_totals`: workers of each (non-null) status, kept by triggers. The dashboard's
 *   status tiles grouped 10,000 index entries by status on every load (0.45 ms of SQLite, more on
 *   PostgreSQL). A null or unknown status counts on no tile (`statusTotals`), so only set statuses
 *   are kept; a row may stay at zero.
 * - `trained_workers`: each worker with training records, with how many, kept by triggers; its row
 *   count in `table_row_counts` (decision 047) is the "Workers Trained" tile. The distinct count of
 *   30,000 records' workers took 1.5 ms of SQLite and 4.5 ms of PostgreSQL a request.
 * - The expired-permit counts (status not Terminated) checked each expired worker's status in the
 *   table: the expiry indexes now carry the status, so the counts read the index alone. They replace
 *   the indexes of migration 0002, whose queries all start with the same columns.
 *
 * As with the status totals (migration 0012) and the row counts (migration 0015), the database keeps
 * them, so that every write counts whatever its path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema
    .createIndex('workers_wp_expiry_status_idx')
    .on('workers')
    .columns(['wp_expiry_date', 'status'])
    .execute();
  await db.schema.dropIndex('workers_wp_expiry_date_idx').execute();
  await db.schema
    .createIndex('workers_coretrade_expiry_status_idx')
    .on('workers')
    .columns(['coretrade_expiry_date', 'type_of_pass', 'status'])
    .execute();
  await db.schema.dropIndex('workers_coretrade_expiry_date_idx').execute();

  await db.schema
    .createTable('worker_status_totals')
    .addColumn('status', 'text', (col) => col.primaryKey())
    .addColumn('workers', 'bigint', (col) => col.notNull().check(sql`workers >= 0`))
    .execute();
  // No foreign key: a deleted worker's row goes with the last of its records (or stays at zero).
  await db.schema
    .createTable('trained_workers')
    .addColumn('worker_id', t.id, (col) => col.primaryKey())
    .addColumn('records', 'bigint', (col) => col.notNull().check(sql`records >= 0`))
    .execute();
  await sql`insert into table_row_counts (table_name, row_count) values ('trained_workers', 0)`.execute(db);

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  // Filled once the triggers exist (creating them keeps writers out until the migration commits); the
  // trained workers' row count follows through its own triggers.
  await sql`insert into worker_status_totals (status, workers)
    select status, count(*) from workers where status is not null group by status`.execute(db);
  await sql`insert into trained_workers (worker_id, records)
    select worker_id, count(*) from training_records where worker_id is not null group by worker_id`.execute(db);
}

/** A count kept per key: `kept (key, count)` for the rows of `table` with that key (not null). */
interface KeptCount {
  /** The counted table. */
  table: 'workers' | 'training_records';
  /** The table that keeps the counts, and the function its triggers run (`<kept>_apply`). */
  kept: 'worker_status_totals' | 'trained_workers';
  /** The key column, in the counted table and in `kept`. */
  key: 'status' | 'worker_id';
  keyType: 'text' | 'uuid';
  count: 'workers' | 'records';
  /** Whether a key's row goes when its count reaches zero (else it stays at zero). */
  dropsEmptyRows: boolean;
}

const KEPT_COUNTS: readonly KeptCount[] = [
  {
    table: 'workers',
    kept: 'worker_status_totals',
    key: 'status',
    keyType: 'text',
    count: 'workers',
    dropsEmptyRows: false,
  },
  {
    table: 'training_records',
    kept: 'trained_workers',
    key: 'worker_id',
    keyType: 'uuid',
    count: 'records',
    dropsEmptyRows: true,
  },
];

/** A kept count's triggers on its counted table are named `<table>_<kept>_<operation>`. */
const triggerName = ({ table, kept }: KeptCount, operation: string) => sql.id(`${table}_${kept}_${operation}`);

/**
 * The trigger function of a kept count: statement-level with transition tables, so the changes of a
 * statement are summed per key once (as JSON, since each operation sees only its own transition
 * tables), then increases are upserted and decreases subtracted, each in key order. Every change first
 * locks the row counts in key order, as their own trigger does (migration 0015): a worker's insert
 * takes those first, so every writer of these tables takes the locks in one order and none waits while
 * holding another's. Names come from the constants below, never from data.
 */
function keptCountFunction({ kept, key, keyType, count, dropsEmptyRows }: KeptCount) {
  const [table, column, amount] = [sql.raw(kept), sql.raw(key), sql.raw(count)];
  const keyValue = sql.raw(keyType === 'uuid' ? 'key::uuid' : 'key');
  const sums = (rows: string) =>
    sql.raw(`select ${key}, count(*) as change from ${rows} where ${key} is not null group by ${key}`);
  return sql`
    create function ${sql.raw(`${kept}_apply`)}() returns trigger language plpgsql as $$
    declare
      changes jsonb;
    begin
      if tg_op = 'TRUNCATE' then
        ${dropsEmptyRows ? sql`delete from ${table};` : sql`update ${table} set ${amount} = 0 where ${amount} <> 0;`}
        return null;
      elsif tg_op = 'INSERT' then
        select jsonb_object_agg(${column}, change) into changes from (${sums('new_rows')}) sums;
      elsif tg_op = 'DELETE' then
        select jsonb_object_agg(${column}, -change) into changes from (${sums('old_rows')}) sums;
      else
        select jsonb_object_agg(${column}, change) into changes
        from (select ${column}, sum(change) as change
              from (${sums('new_rows')} union all select ${column}, -change from (${sums('old_rows')}) old_sums) sides
              group by ${column}
              having sum(change) <> 0) sums;
      end if;
      if changes is null then
        return null;
      end if;
      perform 1 from table_row_counts order by table_name for update;
      insert into ${table} (${column}, ${amount})
        select ${keyValue}, value::bigint from jsonb_each_text(changes) where value::bigint > 0 order by key
        on conflict (${column}) do update set ${amount} = ${table}.${amount} + excluded.${amount};
      update ${table} kept set ${amount} = kept.${amount} + decrease.value::bigint
        from jsonb_each_text(changes) decrease
        where kept.${column} = decrease.${keyValue} and decrease.value::bigint < 0;
      ${
        dropsEmptyRows
          ? sql`delete from ${table} kept using jsonb_each_text(changes) decrease
                where kept.${column} = decrease.${keyValue} and decrease.value::bigint < 0 and kept.${amount} = 0;`
          : sql``
      }
      return null;
    end
    $$
  `;
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const keptCount of KEPT_COUNTS) {
    await keptCountFunction(keptCount).execute(db);
    const [table, fn] = [sql.id(keptCount.table), sql.raw(`${keptCount.kept}_apply()`)];
    await sql`create trigger ${triggerName(keptCount, 'insert')} after insert on ${table}
      referencing new table as new_rows for each statement execute function ${fn}`.execute(db);
    await sql`create trigger ${triggerName(keptCount, 'update')} after update on ${table}
      referencing old table as old_rows new table as new_rows for each statement execute function ${fn}`.execute(db);
    await sql`create trigger ${triggerName(keptCount, 'delete')} after delete on ${table}
      referencing old table as old_rows for each statement execute function ${fn}`.execute(db);
    await sql`create trigger ${triggerName(keptCount, 'truncate')} after truncate on ${table}
      for each statement execute function ${fn}`.execute(db);
  }
  // The trained workers' row count, by migration 0015's function.
  await sql`create trigger trained_workers_row_count_insert after insert on trained_workers
    referencing new table as new_rows for each statement execute function table_row_counts_apply()`.execute(db);
  await sql`create trigger trained_workers_row_count_delete after delete on trained_workers
    referencing old table as old_rows for each statement execute function table_row_counts_apply()`.execute(db);
  await sql`create trigger trained_workers_row_count_truncate after truncate on trained_workers
    for each statement execute function table_row_counts_apply()`.execute(db);
}

/** SQLite: row triggers (one writer at a time, no lock order to keep); FK `set null` fires the update ones. */
async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const keptCount of KEPT_COUNTS) {
    const { table, kept, key, count, dropsEmptyRows } = keptCount;
    const add = sql.raw(`insert into ${kept} (${key}, ${count})
      select new.${key}, 1 where new.${key} is not null
      on conflict (${key}) do update set ${count} = ${count} + 1;`);
    const remove = sql.raw(`update ${kept} set ${count} = ${count} - 1 where ${key} = old.${key};
      ${dropsEmptyRows ? `delete from ${kept} where ${key} = old.${key} and ${count} = 0;` : ''}`);
    await sql`create trigger ${triggerName(keptCount, 'insert')} after insert on ${sql.id(table)}
      begin ${add} end`.execute(db);
    await sql`create trigger ${triggerName(keptCount, 'delete')} after delete on ${sql.id(table)}
      begin ${remove} end`.execute(db);
    await sql`create trigger ${triggerName(keptCount, 'update')} after update of ${sql.id(key)} on ${sql.id(table)}
      when old.${sql.raw(key)} is not new.${sql.raw(key)}
      begin ${remove} ${add} end`.execute(db);
  }

  const count = (sign: '+' | '-') =>
    sql.raw(`update table_row_counts set row_count = row_count ${sign} 1 where table_name = 'trained_workers';`);
  await sql`create trigger trained_workers_row_count_insert after insert on trained_workers
    begin ${count('+')} end`.execute(db);
  await sql`create trigger trained_workers_row_count_delete after delete on trained_workers
    begin ${count('-')} end`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
