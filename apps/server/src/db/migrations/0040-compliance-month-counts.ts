import { type Kysely, sql } from 'kysely';
import { columnTypesFor, isPostgres } from './column-types.ts';

/**
 * Decision 110: the compliance items per kind and due month, beside 0037's per kind and due day. The
 * calendar's counts summed the window's day counts (2,949 rows on the large set, most of them the
 * overdue backlog of three years): they now sum the months wholly inside the window (about 100 rows)
 * and the day counts of the few months it cuts (about 250), a fifth of the rows.
 *
 * `month` is the month's first day. Kept from `compliance_items` by triggers like the day counts
 * (0037): SQLite row triggers, PostgreSQL statement triggers with transition tables upserting in key
 * order; a month's row goes when its last item goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  const postgres = isPostgres(db);
  await db.schema
    .createTable('compliance_month_counts')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('month', t.date, (col) => col.notNull())
    .addColumn('items', 'integer', (col) => col.notNull().check(sql`items >= 0`))
    .addPrimaryKeyConstraint('compliance_month_counts_pk', ['month', 'kind'])
    // SQLite: the rows in key order, so the window's sum reads one range and no table row beside it.
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  const monthOf = (date: string) => (postgres ? `date_trunc('month', ${date})::date` : `substr(${date}, 1, 8) || '01'`);
  await sql`insert into compliance_month_counts (kind, month, items)
    select kind, ${sql.raw(monthOf('due_date'))}, count(*) from compliance_items group by 1, 2`.execute(db);

  const run = (statement: string) => sql.raw(statement).execute(db);
  if (postgres) {
    await run(`create function compliance_month_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update compliance_month_counts c set items = c.items - gone.n
          from (select ${monthOf('due_date')} as month, kind, count(*) as n from old_rows group by 1, 2) gone
          where c.month = gone.month and c.kind = gone.kind;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into compliance_month_counts (kind, month, items)
          select kind, ${monthOf('due_date')}, count(*) from new_rows group by 2, 1 order by 2, 1
          on conflict (month, kind) do update set items = compliance_month_counts.items + excluded.items;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          delete from compliance_month_counts c
          using (select distinct ${monthOf('due_date')} as month, kind from old_rows) gone
          where c.month = gone.month and c.kind = gone.kind and c.items = 0;
        end if;
        return null;
      end $$`);
    await run(`create trigger compliance_month_counts_insert after insert on compliance_items
      referencing new table as new_rows for each statement execute function compliance_month_counts_apply()`);
    await run(`create trigger compliance_month_counts_update after update on compliance_items
      referencing old table as old_rows new table as new_rows for each statement execute function compliance_month_counts_apply()`);
    await run(`create trigger compliance_month_counts_delete after delete on compliance_items
      referencing old table as old_rows for each statement execute function compliance_month_counts_apply()`);
    // Fresh statistics: the calendar's reads are planned from them (decision 110).
    await run('analyze compliance_month_counts');
    return;
  }
  const add = (row: string) => `insert into compliance_month_counts (kind, month, items)
    values (${row}.kind, ${monthOf(`${row}.due_date`)}, 1)
    on conflict (month, kind) do update set items = items + 1;`;
  const remove = (row: string) => `update compliance_month_counts set items = items - 1
    where month = ${monthOf(`${row}.due_date`)} and kind = ${row}.kind;
    delete from compliance_month_counts where month = ${monthOf(`${row}.due_date`)} and kind = ${row}.kind and items = 0;`;
  await run(`create trigger compliance_month_counts_insert after insert on compliance_items begin ${add('new')} end`);
  await run(
    `create trigger compliance_month_counts_delete after delete on compliance_items begin ${remove('old')} end`,
  );
  await run(`create trigger compliance_month_counts_update after update on compliance_items
    begin ${remove('old')} ${add('new')} end`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
