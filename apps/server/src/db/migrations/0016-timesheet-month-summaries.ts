import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * Decision 049 (docs/performance.md): each month's timesheet figures in one row: the workers
 * with timesheets, the timesheets, hours and overtime. The month summary and the unfiltered month
 * list's total added up the month's rows of `timesheet_month_totals` (migration 0010: one per worker,
 * about 8,100 on the large set, 1 ms of PostgreSQL and 0.5 ms of SQLite on every load); now they read
 * one row.
 *
 * Kept by triggers on `timesheet_month_totals`, which triggers on `timesheets` keep (decision 034), so
 * every write to timesheets reaches it whatever its path. A totals row inserted adds its worker (unless
 * its worker_key is '': timesheets of deleted workers) and figures, an update adds the difference, a
 * delete takes its worker and figures away. No check constraints: an upsert checks them on the row it
 * proposes to insert, which for a decrease holds negative figures (decision 044).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('timesheet_month_summaries')
    .addColumn('month', 'text', (col) => col.primaryKey())
    .addColumn('workers', 'integer', (col) => col.notNull())
    .addColumn('timesheets', 'bigint', (col) => col.notNull())
    .addColumn('hours_worked', 'bigint', (col) => col.notNull())
    .addColumn('overtime_hours', 'bigint', (col) => col.notNull())
    .execute();

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  // Filled once the triggers exist: creating them keeps writers out until the migration commits.
  await sql`
    insert into timesheet_month_summaries (month, workers, timesheets, hours_worked, overtime_hours)
    select month, sum(case when worker_key <> '' then 1 else 0 end), sum(timesheets), sum(hours_worked),
           sum(overtime_hours)
    from timesheet_month_totals group by month
  `.execute(db);
}

/**
 * Statement-level triggers with transition tables: one upsert per month a statement touched, in month
 * order (so concurrent writers take the rows' locks in the same order), however many workers' totals
 * it changed. An `insert ... on conflict do update` on the totals fires both the insert and the update
 * trigger, each with its own rows.
 */
async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const upsert = (changes: string) =>
    sql.raw(`
      insert into timesheet_month_summaries as s (month, workers, timesheets, hours_worked, overtime_hours)
      select month, sum(workers), sum(timesheets), sum(hours_worked), sum(overtime_hours)
      from (${changes}) changes
      group by month
      order by month
      on conflict (month) do update
      set workers = s.workers + excluded.workers,
          timesheets = s.timesheets + excluded.timesheets,
          hours_worked = s.hours_worked + excluded.hours_worked,
          overtime_hours = s.overtime_hours + excluded.overtime_hours;`);
  const added = `select month, (worker_key <> '')::int as workers, timesheets, hours_worked, overtime_hours
    from new_rows`;
  const removed = `select month, -(worker_key <> '')::int as workers, -timesheets as timesheets,
    -hours_worked as hours_worked, -overtime_hours as overtime_hours
    from old_rows`;
  await sql`
    create function timesheet_month_summaries_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${upsert(added)}
      elsif tg_op = 'DELETE' then
        ${upsert(removed)}
      else
        ${upsert(`${added} union all ${removed}`)}
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`create trigger timesheet_month_summaries_insert after insert on timesheet_month_totals
    referencing new table as new_rows for each statement execute function timesheet_month_summaries_apply()`.execute(
    db,
  );
  await sql`create trigger timesheet_month_summaries_update after update on timesheet_month_totals
    referencing old table as old_rows new table as new_rows
    for each statement execute function timesheet_month_summaries_apply()`.execute(db);
  await sql`create trigger timesheet_month_summaries_delete after delete on timesheet_month_totals
    referencing old table as old_rows for each statement execute function timesheet_month_summaries_apply()`.execute(
    db,
  );
}

/** SQLite has row triggers only: one upsert of the month's row per totals row written. */
async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const upsert = (month: string, workers: string, timesheets: string, hours: string, overtime: string) =>
    sql.raw(`
      insert into timesheet_month_summaries (month, workers, timesheets, hours_worked, overtime_hours)
      values (${month}, ${workers}, ${timesheets}, ${hours}, ${overtime})
      on conflict (month) do update
      set workers = workers + excluded.workers,
          timesheets = timesheets + excluded.timesheets,
          hours_worked = hours_worked + excluded.hours_worked,
          overtime_hours = overtime_hours + excluded.overtime_hours;`);
  await sql`create trigger timesheet_month_summaries_insert after insert on timesheet_month_totals begin
    ${upsert('new.month', "new.worker_key <> ''", 'new.timesheets', 'new.hours_worked', 'new.overtime_hours')}
    end`.execute(db);
  await sql`create trigger timesheet_month_summaries_delete after delete on timesheet_month_totals begin
    ${upsert('old.month', "-(old.worker_key <> '')", '-old.timesheets', '-old.hours_worked', '-old.overtime_hours')}
    end`.execute(db);
  // The totals' keys never change (their triggers insert and delete rows instead), only the figures.
  await sql`create trigger timesheet_month_summaries_update after update on timesheet_month_totals begin
    ${upsert(
      'new.month',
      '0',
      'new.timesheets - old.timesheets',
      'new.hours_worked - old.hours_worked',
      'new.overtime_hours - old.overtime_hours',
    )}
    end`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
