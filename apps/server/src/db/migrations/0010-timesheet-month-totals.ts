import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * Decision 034 (docs/performance.md): every worker's timesheet totals per month, kept by the
 * database itself. The month summary (distinct workers, timesheets, hours, overtime) and the month
 * list's total read every timesheet of the month otherwise (about 200,000 index entries on the large
 * set: SQLite 60-120 ms of CPU a request, most of it the distinct count's temporary B-tree); from this
 * table they read at most one row per worker.
 *
 * The totals are maintained by triggers on `timesheets`, not by the application, so that every write
 * keeps them right whatever path it takes: the timesheet screens, crew entry, a worker's deletion
 * (whose `on delete set null` rewrites the timesheets' worker_id), the demo generator's bulk loads and
 * any statement typed by hand. `worker_key` is the worker's id, or '' for timesheets whose worker was
 * deleted (they still count as timesheets and hours, never as a worker). A row whose count falls to zero
 * is deleted, so the month's workers are its rows with a worker_key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('timesheet_month_totals')
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('worker_key', 'text', (col) => col.notNull())
    .addColumn('timesheets', 'integer', (col) => col.notNull().check(sql`timesheets >= 0`))
    .addColumn('hours_worked', 'integer', (col) => col.notNull().check(sql`hours_worked >= 0`))
    .addColumn('overtime_hours', 'integer', (col) => col.notNull().check(sql`overtime_hours >= 0`))
    .addPrimaryKeyConstraint('timesheet_month_totals_pk', ['month', 'worker_key'])
    .execute();

  if (isPostgres(db)) {
    // Statement-level triggers with transition tables: one aggregate per statement, so a bulk insert of
    // a million timesheets updates each (month, worker) once, not once per row. Groups are upserted in
    // key order so that concurrent writers take the rows' locks in the same order.
    await sql`
      create function timesheet_month_totals_apply() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update timesheet_month_totals t
          set timesheets = t.timesheets - gone.n,
              hours_worked = t.hours_worked - gone.h,
              overtime_hours = t.overtime_hours - gone.o
          from (
            select to_char(work_date, 'YYYY-MM') as month, coalesce(worker_id::text, '') as worker_key,
                   count(*) as n, sum(hours_worked) as h, sum(overtime_hours) as o
            from old_rows group by 1, 2
          ) gone
          where t.month = gone.month and t.worker_key = gone.worker_key;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into timesheet_month_totals (month, worker_key, timesheets, hours_worked, overtime_hours)
          select to_char(work_date, 'YYYY-MM'), coalesce(worker_id::text, ''),
                 count(*), sum(hours_worked), sum(overtime_hours)
          from new_rows group by 1, 2 order by 1, 2
          on conflict (month, worker_key) do update
          set timesheets = timesheet_month_totals.timesheets + excluded.timesheets,
              hours_worked = timesheet_month_totals.hours_worked + excluded.hours_worked,
              overtime_hours = timesheet_month_totals.overtime_hours + excluded.overtime_hours;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          delete from timesheet_month_totals t
          using (select distinct to_char(work_date, 'YYYY-MM') as month, coalesce(worker_id::text, '') as worker_key
                 from old_rows) gone
          where t.month = gone.month and t.worker_key = gone.worker_key and t.timesheets = 0;
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`create trigger timesheet_month_totals_insert after insert on timesheets
      referencing new table as new_rows for each statement execute function timesheet_month_totals_apply()`.execute(db);
    await sql`create trigger timesheet_month_totals_update after update on timesheets
      referencing old table as old_rows new table as new_rows for each statement execute function timesheet_month_totals_apply()`.execute(
      db,
    );
    await sql`create trigger timesheet_month_totals_delete after delete on timesheets
      referencing old table as old_rows for each statement execute function timesheet_month_totals_apply()`.execute(db);
    await sql`
      insert into timesheet_month_totals (month, worker_key, timesheets, hours_worked, overtime_hours)
      select to_char(work_date, 'YYYY-MM'), coalesce(worker_id::text, ''), count(*), sum(hours_worked), sum(overtime_hours)
      from timesheets group by 1, 2
    `.execute(db);
    return;
  }

  // SQLite has row triggers only; each is one upsert or update of a single primary-key row.
  const add = (row: 'new') =>
    sql.raw(`
    insert into timesheet_month_totals (month, worker_key, timesheets, hours_worked, overtime_hours)
    values (substr(${row}.work_date, 1, 7), coalesce(${row}.worker_id, ''), 1, ${row}.hours_worked, ${row}.overtime_hours)
    on conflict (month, worker_key) do update
    set timesheets = timesheets + 1,
        hours_worked = hours_worked + excluded.hours_worked,
        overtime_hours = overtime_hours + excluded.overtime_hours;`);
  const remove = (row: 'old') =>
    sql.raw(`
    update timesheet_month_totals
    set timesheets = timesheets - 1,
        hours_worked = hours_worked - ${row}.hours_worked,
        overtime_hours = overtime_hours - ${row}.overtime_hours
    where month = substr(${row}.work_date, 1, 7) and worker_key = coalesce(${row}.worker_id, '');
    delete from timesheet_month_totals
    where month = substr(${row}.work_date, 1, 7) and worker_key = coalesce(${row}.worker_id, '') and timesheets = 0;`);
  await sql`create trigger timesheet_month_totals_insert after insert on timesheets begin ${add('new')} end`.execute(
    db,
  );
  await sql`create trigger timesheet_month_totals_delete after delete on timesheets begin ${remove('old')} end`.execute(
    db,
  );
  await sql`create trigger timesheet_month_totals_update
    after update of worker_id, work_date, hours_worked, overtime_hours on timesheets
    begin ${remove('old')} ${add('new')} end`.execute(db);
  await sql`
    insert into timesheet_month_totals (month, worker_key, timesheets, hours_worked, overtime_hours)
    select substr(work_date, 1, 7), coalesce(worker_id, ''), count(*), sum(hours_worked), sum(overtime_hours)
    from timesheets group by 1, 2
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
