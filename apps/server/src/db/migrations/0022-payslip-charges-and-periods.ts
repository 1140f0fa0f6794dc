import { type Kysely, sql } from 'kysely';
import { columnTypesFor, isPostgres } from './column-types.ts';

/**
 * Decision 081: a payslip records the admin charges it deducted, one row per charge, written in the
 * transaction that generates it. Paying it marks exactly those Deducted (SPEC 4), and a charge on a
 * payslip is not changed or deleted until that payslip is deleted (ARCHITECTURE differs 9). A charge
 * is on at most one payslip (the primary key); deleting the payslip releases its charges (cascade);
 * a charge on a payslip cannot be deleted under it (the reference, no cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema
    .createTable('payslip_charges')
    .addColumn('charge_id', t.id, (col) => col.primaryKey().references('admin_charges.id'))
    .addColumn('payslip_id', t.id, (col) => col.notNull().references('payslips.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('payslip_charges_payslip_idx').on('payslip_charges').column('payslip_id').execute();

  // The payslips already there deducted, as far as the rows can tell, their worker's charges of the
  // period: a Paid one those it marked Deducted, the others every charge that paying them would
  // deduct. Where periods overlap a charge goes to one of them (a Paid one first).
  await sql`
    insert into payslip_charges (charge_id, payslip_id)
    select c.id, p.id
    from admin_charges c
    join payslips p on p.worker_id = c.worker_id
      and c.charge_date >= p.pay_period_start and c.charge_date <= p.pay_period_end
    where p.status <> 'Paid' or c.status = 'Deducted'
    order by case when p.status = 'Paid' then 0 else 1 end, p.generated_at, p.id
    on conflict (charge_id) do nothing`.execute(db);

  await refuseOverlappingPeriods(db);
}

/**
 * SPEC 9 (the same work is never paid twice): a worker's payslips never overlap, enforced by the
 * database too, so that two staff generating at once cannot both succeed. PostgreSQL: an exclusion
 * constraint on the inclusive date range (needs `btree_gist` for the worker's `=`), where the extension
 * is there or can be installed and the payslips already stored do not overlap; otherwise a trigger
 * that takes a per-worker transaction lock and then checks. SQLite: a trigger (its one connection
 * serialises the writes). Either refuses with `payslip_period_overlap` (PostgreSQL code 23P01).
 */
async function refuseOverlappingPeriods(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const [name, event] of [
      ['payslips_no_overlap_insert', 'insert'],
      ['payslips_no_overlap_update', 'update of worker_id, pay_period_start, pay_period_end'],
    ] as const) {
      await sql`
        create trigger ${sql.id(name)} before ${sql.raw(event)} on payslips
        when new.worker_id is not null and exists (
          select 1 from payslips p
          where p.worker_id = new.worker_id and p.id <> new.id
            and p.pay_period_start <= new.pay_period_end and p.pay_period_end >= new.pay_period_start
        )
        begin select raise(abort, 'payslip_period_overlap'); end`.execute(db);
    }
    return;
  }
  if ((await btreeGistAvailable(db)) && !(await overlapsStored(db))) {
    await sql`
      alter table payslips add constraint payslips_no_overlap
      exclude using gist (worker_id with =, daterange(pay_period_start, pay_period_end, '[]') with &&)`.execute(db);
    return;
  }
  await sql`
    create function payslips_no_overlap() returns trigger language plpgsql as $$
    begin
      if new.worker_id is null then return new; end if;
      perform pg_advisory_xact_lock(hashtextextended('payslips_no_overlap:' || new.worker_id::text, 0));
      if exists (
        select 1 from payslips p
        where p.worker_id = new.worker_id and p.id <> new.id
          and p.pay_period_start <= new.pay_period_end and p.pay_period_end >= new.pay_period_start
      ) then
        raise exception 'payslip_period_overlap' using errcode = '23P01';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger payslips_no_overlap before insert or update of worker_id, pay_period_start, pay_period_end
    on payslips for each row execute function payslips_no_overlap()`.execute(db);
}

/** Whether `btree_gist` is installed, or installed now (in `public`, as migration 0014 does pg_trgm). */
async function btreeGistAvailable(db: Kysely<unknown>): Promise<boolean> {
  const installed = async () =>
    (await sql`select 1 from pg_extension where extname = 'btree_gist'`.execute(db)).rows.length > 0;
  if (await installed()) return true;
  const { rows } = await sql<{ installable: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'btree_gist')
       and exists (select 1 from pg_namespace where nspname = 'public')
       and has_database_privilege(current_database(), 'create')
       and has_schema_privilege('public', 'create') as installable`.execute(db);
  if (!rows[0]?.installable) return false;
  await sql`create extension if not exists btree_gist schema public`.execute(db);
  return installed();
}

/** Payslips stored before this rule that overlap (the constraint could not be added over them). */
async function overlapsStored(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql`
    select 1 from payslips a join payslips b on a.worker_id = b.worker_id and a.id < b.id
      and a.pay_period_start <= b.pay_period_end and a.pay_period_end >= b.pay_period_start
    limit 1`.execute(db);
  return rows.length > 0;
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
