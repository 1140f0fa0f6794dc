import { type Kysely, type RawBuilder, sql } from 'kysely';
import { columnTypesFor, isPostgres } from './column-types.ts';

/**
 * Decision 109 (docs/performance.md): the figures of the tiles that counted their whole table on every
 * load, kept by the database on write, as `timesheet_month_totals` (migration 0010) and
 * `payslip_status_totals` (migration 0012) are. Each unfiltered tile then reads a few rows whose number
 * follows the calendar (days, months) or a fixed list (statuses), not the number of workers or records:
 *
 * - `worker_status_totals`: workers of each (non-null) status (the dashboard's status tiles);
 * - `worker_expiry_totals`: workers by permit expiry date, per kind (`wp`: the work pass; `coretrade`:
 *   WP holders' coretrade date) and whether terminated (the dashboard's expiring and expired counts);
 * - `timesheet_month_summaries`: a month's workers, timesheets, hours and overtime (the month summary),
 *   kept from `timesheet_month_totals`, whose rows are the month's workers;
 * - `admin_charge_status_totals`: charges and their amounts (cents) by status (the charge tiles);
 * - `training_totals` (one row: records and trained workers), `trained_workers` (records per worker,
 *   which says when a worker's first record comes and last one goes) and `training_expiry_totals`
 *   (records by expiry date): the training tiles.
 *
 * Triggers keep them, not the application, so every write counts whatever its path (screens, imports,
 * the payroll run, a worker's deletion through `on delete set null`, the demo's bulk loads, a statement
 * typed by hand). No check constraints on the keyed tables: an upsert checks them on the row it proposes
 * to insert, which for a decrease holds negative figures (decision 044). A key's row stays at zero when
 * its last row goes, except a worker's row of `trained_workers`, whose existence is the figure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema
    .createTable('worker_status_totals')
    .addColumn('status', 'text', (col) => col.primaryKey())
    .addColumn('workers', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('worker_expiry_totals')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('expiry_date', t.date, (col) => col.notNull())
    .addColumn('terminated', 'integer', (col) => col.notNull())
    .addColumn('workers', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('worker_expiry_totals_pk', ['kind', 'expiry_date', 'terminated'])
    .execute();
  await db.schema
    .createTable('timesheet_month_summaries')
    .addColumn('month', 'text', (col) => col.primaryKey())
    .addColumn('workers', 'integer', (col) => col.notNull())
    .addColumn('timesheets', 'bigint', (col) => col.notNull())
    .addColumn('hours_worked', 'bigint', (col) => col.notNull())
    .addColumn('overtime_hours', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('admin_charge_status_totals')
    .addColumn('status', 'text', (col) => col.primaryKey())
    .addColumn('charges', 'integer', (col) => col.notNull())
    // Cents; a sum of integer amounts outgrows a 32-bit integer at S$21.5 million.
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('training_totals')
    .addColumn('only_row', 'integer', (col) => col.primaryKey().check(sql`only_row = 1`))
    .addColumn('records', 'bigint', (col) => col.notNull())
    .addColumn('workers', 'bigint', (col) => col.notNull())
    .execute();
  // No foreign key: a deleted worker's row goes with its records' worker_id (set null).
  await db.schema
    .createTable('trained_workers')
    .addColumn('worker_id', t.id, (col) => col.primaryKey())
    .addColumn('records', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('training_expiry_totals')
    .addColumn('expiry_date', t.date, (col) => col.primaryKey())
    .addColumn('records', 'integer', (col) => col.notNull())
    .execute();

  const postgres = isPostgres(db);
  for (const totals of KEPT_TOTALS) await (postgres ? keepOnPostgres(db, totals) : keepOnSqlite(db, totals));
  await (postgres ? keepTrainingOnPostgres(db) : keepTrainingOnSqlite(db));

  // Filled once the triggers exist: creating them keeps writers of the counted tables out until the
  // migration commits, so no write falls between the count and the triggers.
  for (const totals of KEPT_TOTALS) {
    const columns = [...totals.keyColumns, ...totals.figureColumns].join(', ');
    await sql`insert into ${sql.raw(totals.table)} (${sql.raw(columns)})
      select ${sql.raw(totals.keyColumns.join(', '))}, ${sql.raw(totals.figureColumns.map((f) => `sum(${f})`).join(', '))}
      from (${sql.raw(projections(totals, totals.source, '', postgres) + everyKeyAtZero(totals))}) counted
      group by ${sql.raw(totals.keyColumns.join(', '))}`.execute(db);
  }
  await sql`insert into trained_workers (worker_id, records)
    select worker_id, count(*) from training_records where worker_id is not null group by worker_id`.execute(db);
  await sql`insert into training_totals (only_row, records, workers)
    values (1, (select count(*) from training_records), (select count(*) from trained_workers))`.execute(db);
}

/** An expression over a counted row, written `row.column`, per database. */
type RowExpression = (postgres: boolean) => string;
const same =
  (expression: string): RowExpression =>
  () =>
    expression;

/** A table of figures by key, summed from projections of each row of its counted table. */
interface KeptTotals {
  table: string;
  source: string;
  keyColumns: readonly string[];
  figureColumns: readonly string[];
  /** What a counted row adds (its old version takes it away again); several for a row counted twice. */
  rows: ReadonlyArray<{ keys: RowExpression[]; figures: RowExpression[]; where?: RowExpression }>;
  /** The columns whose update can move a row between keys or change its figures (SQLite's `update of`). */
  moves: readonly string[];
  /**
   * Every key the table can hold, when a check constraint lists them: their rows exist from the start,
   * and a PostgreSQL writer locks all of them in key order before changing any (decision 044), so
   * transactions that change them over several statements (a batch marked Deducted in chunks beside
   * an approval) never wait for each other in a circle.
   */
  everyKey?: readonly string[];
}

/** A terminated worker's expired permit needs nobody's attention (decision 024); null is not terminated. */
const terminated: RowExpression = (postgres) =>
  postgres ? `coalesce(row.status = 'Terminated', false)::int` : `coalesce(row.status = 'Terminated', 0)`;

const KEPT_TOTALS: readonly KeptTotals[] = [
  {
    table: 'worker_status_totals',
    source: 'workers',
    keyColumns: ['status'],
    figureColumns: ['workers'],
    rows: [{ keys: [same('row.status')], figures: [same('1')], where: same('row.status is not null') }],
    moves: ['status'],
  },
  {
    table: 'worker_expiry_totals',
    source: 'workers',
    keyColumns: ['kind', 'expiry_date', 'terminated'],
    figureColumns: ['workers'],
    rows: [
      {
        keys: [same(`'wp'`), same('row.wp_expiry_date'), terminated],
        figures: [same('1')],
        where: same('row.wp_expiry_date is not null'),
      },
      // SPEC 7: the coretrade date counts for WP holders only.
      {
        keys: [same(`'coretrade'`), same('row.coretrade_expiry_date'), terminated],
        figures: [same('1')],
        where: same(`row.coretrade_expiry_date is not null and row.type_of_pass = 'WP'`),
      },
    ],
    moves: ['wp_expiry_date', 'coretrade_expiry_date', 'type_of_pass', 'status'],
  },
  {
    table: 'timesheet_month_summaries',
    source: 'timesheet_month_totals',
    keyColumns: ['month'],
    figureColumns: ['workers', 'timesheets', 'hours_worked', 'overtime_hours'],
    // A totals row is one worker of the month, unless its worker_key is '' (timesheets of deleted workers).
    rows: [
      {
        keys: [same('row.month')],
        figures: [
          (postgres) => (postgres ? `(row.worker_key <> '')::int` : `(row.worker_key <> '')`),
          same('row.timesheets'),
          same('row.hours_worked'),
          same('row.overtime_hours'),
        ],
      },
    ],
    moves: ['month', 'worker_key', 'timesheets', 'hours_worked', 'overtime_hours'],
  },
  {
    table: 'admin_charge_status_totals',
    source: 'admin_charges',
    keyColumns: ['status'],
    figureColumns: ['charges', 'amount'],
    rows: [{ keys: [same('row.status')], figures: [same('1'), same('row.amount')] }],
    moves: ['status', 'amount'],
    // Migration 0005's check constraint.
    everyKey: ['Approved', 'Deducted', 'Pending', 'Rejected'],
  },
  {
    table: 'training_expiry_totals',
    source: 'training_records',
    keyColumns: ['expiry_date'],
    figureColumns: ['records'],
    rows: [{ keys: [same('row.expiry_date')], figures: [same('1')], where: same('row.expiry_date is not null') }],
    moves: ['expiry_date'],
  },
];

const ids = (names: readonly string[]) => sql.join(names.map((name) => sql.id(name)));

/** A zero row for each of `everyKey` (a single key column), to be summed with the counted rows. */
function everyKeyAtZero(totals: KeptTotals): string {
  const [key] = totals.keyColumns;
  return (totals.everyKey ?? [])
    .map(
      (value) => ` union all select '${value}' as ${key}, ${totals.figureColumns.map((f) => `0 as ${f}`).join(', ')}`,
    )
    .join('');
}

/** What the rows of `from` add to (sign '') or take from (sign '-') each key, one select per projection. */
function projections(totals: KeptTotals, from: string, sign: '' | '-', postgres: boolean): string {
  const columns = [...totals.keyColumns, ...totals.figureColumns];
  return totals.rows
    .map((row) => {
      const at = (e: RowExpression) => e(postgres).replaceAll('row.', 'counted_row.');
      const values = [...row.keys.map(at), ...row.figures.map((e) => `${sign}(${at(e)})`)];
      return `select ${values.map((value, i) => `${value} as ${columns[i]}`).join(', ')}
        from ${from} counted_row${row.where ? ` where ${at(row.where)}` : ''}`;
    })
    .join(' union all ');
}

/**
 * PostgreSQL: statement-level triggers with transition tables, so a bulk insert or a batch update
 * changes each key's row once: the statement's rows are summed per key (new rows added, old ones taken
 * away, keys whose figures did not move left out) and upserted in key order, so that concurrent writers
 * take the rows' locks in one order.
 */
async function keepOnPostgres(db: Kysely<unknown>, totals: KeptTotals): Promise<void> {
  const [keys, figures] = [totals.keyColumns.join(', '), totals.figureColumns];
  const upsert = (changes: string) => `
    insert into ${totals.table} as kept (${[...totals.keyColumns, ...figures].join(', ')})
    select ${keys}, ${figures.map((f) => `sum(${f})`).join(', ')}
    from (${changes}) changes
    group by ${keys}
    having ${figures.map((f) => `sum(${f}) <> 0`).join(' or ')}
    order by ${keys}
    on conflict (${keys}) do update set ${figures.map((f) => `${f} = kept.${f} + excluded.${f}`).join(', ')};`;
  const changed = (changes: string) =>
    totals.everyKey
      ? `if exists (select 1 from (${changes}) changes group by ${keys}
                    having ${figures.map((f) => `sum(${f}) <> 0`).join(' or ')}) then
           perform 1 from ${totals.table} order by ${keys} for update;
         end if;
         ${upsert(changes)}`
      : upsert(changes);
  const added = projections(totals, 'new_rows', '', true);
  const removed = projections(totals, 'old_rows', '-', true);
  const apply = sql.raw(`${totals.table}_apply`);
  await sql`
    create function ${apply}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(changed(added))}
      elsif tg_op = 'DELETE' then
        ${sql.raw(changed(removed))}
      else
        ${sql.raw(changed(`${added} union all ${removed}`))}
      end if;
      return null;
    end
    $$
  `.execute(db);
  await createStatementTriggers(db, totals.table, totals.source, apply);
}

async function createStatementTriggers(db: Kysely<unknown>, name: string, table: string, apply: RawBuilder<unknown>) {
  await sql`create trigger ${sql.id(`${name}_insert`)} after insert on ${sql.table(table)}
    referencing new table as new_rows for each statement execute function ${apply}()`.execute(db);
  await sql`create trigger ${sql.id(`${name}_update`)} after update on ${sql.table(table)}
    referencing old table as old_rows new table as new_rows for each statement execute function ${apply}()`.execute(db);
  await sql`create trigger ${sql.id(`${name}_delete`)} after delete on ${sql.table(table)}
    referencing old table as old_rows for each statement execute function ${apply}()`.execute(db);
}

/** SQLite has row triggers only: an upsert of one key's row per projection of the row written. */
async function keepOnSqlite(db: Kysely<unknown>, totals: KeptTotals): Promise<void> {
  const side = (row: 'new' | 'old', sign: '' | '-') =>
    totals.rows
      .map((projection) => {
        const at = (e: RowExpression) => e(false).replaceAll('row.', `${row}.`);
        // `where` also keeps SQLite's parser from reading `on conflict` as a join constraint.
        return `insert into ${totals.table} (${[...totals.keyColumns, ...totals.figureColumns].join(', ')})
          select ${[...projection.keys.map(at), ...projection.figures.map((e) => `${sign}(${at(e)})`)].join(', ')}
          where ${projection.where ? at(projection.where) : 'true'}
          on conflict (${totals.keyColumns.join(', ')}) do update
          set ${totals.figureColumns.map((f) => `${f} = ${f} + excluded.${f}`).join(', ')};`;
      })
      .join('\n');
  const name = (operation: string) => sql.id(`${totals.table}_${operation}`);
  const source = sql.table(totals.source);
  await sql`create trigger ${name('insert')} after insert on ${source}
    begin ${sql.raw(side('new', ''))} end`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${source}
    begin ${sql.raw(side('old', '-'))} end`.execute(db);
  await sql`create trigger ${name('update')} after update of ${ids(totals.moves)} on ${source}
    when ${sql.raw(totals.moves.map((column) => `old.${column} is not new.${column}`).join(' or '))}
    begin ${sql.raw(side('old', '-'))} ${sql.raw(side('new', ''))} end`.execute(db);
}

/**
 * The training records' count and trained workers on PostgreSQL, in one statement-level function: the
 * statement's records per worker are upserted into `trained_workers` in worker order (its primary key
 * makes two transactions adding a worker's first record wait for each other, so only one of them sees
 * the row inserted); a row that was inserted is a worker gained, a row that reached zero one lost (and
 * goes). The one row of `training_totals` is then changed once, after the workers' rows.
 */
async function keepTrainingOnPostgres(db: Kysely<unknown>): Promise<void> {
  const workers = (rows: string, sign: '' | '-') =>
    `select worker_id, ${sign}1 as change from ${rows} where worker_id is not null`;
  const apply = (changes: string, recordChange: string, removes: boolean) => `
    with changes as (
      select worker_id, sum(change) as change from (${changes}) sides group by worker_id having sum(change) <> 0
    ), upserted as (
      insert into trained_workers as kept (worker_id, records)
      select worker_id, change from changes order by worker_id
      on conflict (worker_id) do update set records = kept.records + excluded.records
      returning kept.worker_id, kept.records
    )
    -- A kept row never rests at zero, so a row now holding exactly the change was just inserted.
    select count(*) filter (where upserted.records = changes.change),
           count(*) filter (where upserted.records = 0)
    into gained_workers, lost_workers
    from upserted join changes using (worker_id);
    ${
      removes
        ? `if lost_workers > 0 then
      delete from trained_workers where records = 0 and worker_id in (select worker_id from old_rows);
    end if;`
        : ''
    }
    record_change := ${recordChange};`;
  await sql`
    create function training_totals_apply() returns trigger language plpgsql as $$
    declare
      gained_workers bigint;
      lost_workers bigint;
      record_change bigint;
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(apply(workers('new_rows', ''), '(select count(*) from new_rows)', false))}
      elsif tg_op = 'DELETE' then
        ${sql.raw(apply(workers('old_rows', '-'), '-(select count(*) from old_rows)', true))}
      else
        ${sql.raw(apply(`${workers('new_rows', '')} union all ${workers('old_rows', '-')}`, '0', true))}
      end if;
      if record_change <> 0 or gained_workers <> lost_workers then
        update training_totals
        set records = training_totals.records + record_change,
            workers = training_totals.workers + gained_workers - lost_workers;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await createStatementTriggers(db, 'training_totals', 'training_records', sql.raw('training_totals_apply'));
}

/** SQLite: one writer at a time, so a worker's row and the totals row change in the row trigger itself. */
async function keepTrainingOnSqlite(db: Kysely<unknown>): Promise<void> {
  const add = `
    insert into trained_workers (worker_id, records) select new.worker_id, 1 where new.worker_id is not null
    on conflict (worker_id) do update set records = records + 1;
    update training_totals set workers = workers + 1
    where (select records from trained_workers where worker_id = new.worker_id) = 1;`;
  const remove = `
    update trained_workers set records = records - 1 where worker_id = old.worker_id;
    update training_totals set workers = workers - 1
    where (select records from trained_workers where worker_id = old.worker_id) = 0;
    delete from trained_workers where worker_id = old.worker_id and records = 0;`;
  await sql`create trigger training_totals_insert after insert on training_records begin
    update training_totals set records = records + 1; ${sql.raw(add)} end`.execute(db);
  await sql`create trigger training_totals_delete after delete on training_records begin
    update training_totals set records = records - 1; ${sql.raw(remove)} end`.execute(db);
  await sql`create trigger training_totals_update after update of worker_id on training_records
    when old.worker_id is not new.worker_id begin ${sql.raw(remove)} ${sql.raw(add)} end`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
