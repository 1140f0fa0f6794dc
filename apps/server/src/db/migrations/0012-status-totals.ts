import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/** Every status the tables' check constraints allow (migrations 0005 and 0007), in key order. */
const PAYSLIP_STATUSES = ['Draft', 'Generated', 'Paid', 'Sent'];
const CHARGE_STATUSES = ['Approved', 'Deducted', 'Pending', 'Rejected'];

/**
 * Decision 044 (docs/performance.md): payslips by status, and admin charges by status with
 * their amounts, kept by the database itself. The payslip and charge tiles and the unfiltered lists'
 * totals counted every payslip (about 114,000 entries of payslips_status_idx on the large set, 9-14 ms
 * of SQLite a request) or every charge on each page load; from these tables they read four rows.
 *
 * As with timesheet_month_totals (migration 0010, decision 034) triggers keep them, not the
 * application, so that every write counts whatever its path: the screens, the payroll run, mark-paid,
 * e-mail, the demo generator's bulk loads, a statement typed by hand. Each table holds one row per
 * status from the start (zero when there is none), so a trigger only ever updates a row by its key;
 * a status added to the check constraints later needs its row added in the same migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payslip_status_totals')
    .addColumn('status', 'text', (col) => col.primaryKey())
    .addColumn('payslips', 'integer', (col) => col.notNull().check(sql`payslips >= 0`))
    .execute();
  await db.schema
    .createTable('admin_charge_status_totals')
    .addColumn('status', 'text', (col) => col.primaryKey())
    .addColumn('charges', 'integer', (col) => col.notNull().check(sql`charges >= 0`))
    // Cents; the sum of a table's integer amounts outgrows a 32-bit integer at S$21.5 million.
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount >= 0`))
    .execute();

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  // Filled once the triggers exist: creating them keeps writers of payslips and admin_charges out until
  // the migration commits, so no write falls between the count and the triggers.
  await sql`
    insert into payslip_status_totals (status, payslips)
    select status, (select count(*) from payslips where payslips.status = statuses.status)
    from (${sql.join(
      PAYSLIP_STATUSES.map((status) => sql`select ${sql.lit(status)} as status`),
      sql` union all `,
    )}) statuses
  `.execute(db);
  await sql`
    insert into admin_charge_status_totals (status, charges, amount)
    select status,
           (select count(*) from admin_charges where admin_charges.status = statuses.status),
           (select coalesce(sum(amount), 0) from admin_charges where admin_charges.status = statuses.status)
    from (${sql.join(
      CHARGE_STATUSES.map((status) => sql`select ${sql.lit(status)} as status`),
      sql` union all `,
    )}) statuses
  `.execute(db);
}

/**
 * Statement-level triggers with transition tables: one aggregate per statement, so the payroll run's
 * insert of 10,000 payslips or a batch mark-as-paid updates each status row once, not once per payslip.
 * An update that moves no status (or amount) between rows writes nothing: a worker's deletion, which
 * sets worker_id to null on every payslip and charge of the worker, or an e-mail flag.
 *
 * Every change first locks all of the table's rows, in key order, for the rest of the transaction:
 * nearly every status change touches 'Generated' or 'Paid' anyway, so writers of statuses already wait
 * for each other; taking the rows together means a transaction never waits while holding one of them
 * (a batch mark-as-paid in several statements beside an e-mail would otherwise lock Paid and Sent, then
 * Generated, against the e-mail's Generated then Sent). A row lock, not a table lock: readers of the
 * tiles never wait, and neither does autovacuum.
 */
async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function payslip_status_totals_apply() returns trigger language plpgsql as $$
    declare
      moved refcursor;
      change record;
      locked boolean := false;
    begin
      if tg_op = 'INSERT' then
        open moved for select status, count(*) as payslips from new_rows group by status;
      elsif tg_op = 'DELETE' then
        open moved for select status, -count(*) as payslips from old_rows group by status;
      else
        open moved for
          select status, sum(payslips) as payslips
          from (select status, count(*) as payslips from new_rows group by status
                union all
                select status, -count(*) from old_rows group by status) sides
          group by status
          having sum(payslips) <> 0;
      end if;
      loop
        fetch moved into change;
        exit when not found;
        if not locked then
          perform 1 from payslip_status_totals order by status for update;
          locked := true;
        end if;
        update payslip_status_totals set payslips = payslips + change.payslips where status = change.status;
      end loop;
      close moved;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function admin_charge_status_totals_apply() returns trigger language plpgsql as $$
    declare
      moved refcursor;
      change record;
      locked boolean := false;
    begin
      if tg_op = 'INSERT' then
        open moved for select status, count(*) as charges, sum(amount) as amount from new_rows group by status;
      elsif tg_op = 'DELETE' then
        open moved for select status, -count(*) as charges, -sum(amount) as amount from old_rows group by status;
      else
        open moved for
          select status, sum(charges) as charges, sum(amount) as amount
          from (select status, count(*) as charges, sum(amount) as amount from new_rows group by status
                union all
                select status, -count(*), -sum(amount) from old_rows group by status) sides
          group by status
          having sum(charges) <> 0 or sum(amount) <> 0;
      end if;
      loop
        fetch moved into change;
        exit when not found;
        if not locked then
          perform 1 from admin_charge_status_totals order by status for update;
          locked := true;
        end if;
        update admin_charge_status_totals
        set charges = charges + change.charges, amount = amount + change.amount
        where status = change.status;
      end loop;
      close moved;
      return null;
    end
    $$
  `.execute(db);
  for (const [table, totals] of [
    ['payslips', 'payslip_status_totals'],
    ['admin_charges', 'admin_charge_status_totals'],
  ] as const) {
    const apply = sql.raw(`${totals}_apply()`);
    await sql`create trigger ${sql.id(`${totals}_insert`)} after insert on ${sql.id(table)}
      referencing new table as new_rows for each statement execute function ${apply}`.execute(db);
    await sql`create trigger ${sql.id(`${totals}_update`)} after update on ${sql.id(table)}
      referencing old table as old_rows new table as new_rows for each statement execute function ${apply}`.execute(db);
    await sql`create trigger ${sql.id(`${totals}_delete`)} after delete on ${sql.id(table)}
      referencing old table as old_rows for each statement execute function ${apply}`.execute(db);
  }
}

/**
 * SQLite has row triggers only: one update of a primary-key row per payslip or charge written, and for
 * an update only when the status (or the amount) changed. SQLite has one writer at a time, so there is
 * no lock order to keep.
 */
async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const payslips = (row: 'new' | 'old', sign: '+' | '-') =>
    sql.raw(`update payslip_status_totals set payslips = payslips ${sign} 1 where status = ${row}.status;`);
  await sql`create trigger payslip_status_totals_insert after insert on payslips
    begin ${payslips('new', '+')} end`.execute(db);
  await sql`create trigger payslip_status_totals_delete after delete on payslips
    begin ${payslips('old', '-')} end`.execute(db);
  await sql`create trigger payslip_status_totals_update after update of status on payslips
    when old.status <> new.status
    begin ${payslips('old', '-')} ${payslips('new', '+')} end`.execute(db);

  const charges = (row: 'new' | 'old', sign: '+' | '-') =>
    sql.raw(`update admin_charge_status_totals
      set charges = charges ${sign} 1, amount = amount ${sign} ${row}.amount
      where status = ${row}.status;`);
  await sql`create trigger admin_charge_status_totals_insert after insert on admin_charges
    begin ${charges('new', '+')} end`.execute(db);
  await sql`create trigger admin_charge_status_totals_delete after delete on admin_charges
    begin ${charges('old', '-')} end`.execute(db);
  await sql`create trigger admin_charge_status_totals_update after update of status, amount on admin_charges
    when old.status <> new.status or old.amount <> new.amount
    begin ${charges('old', '-')} ${charges('new', '+')} end`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
