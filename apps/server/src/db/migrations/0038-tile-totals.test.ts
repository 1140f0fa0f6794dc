import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertAdminCharges } from '../../../test/admin-charge-factories.ts';
import { createTestDatabase, databaseUnderTest, migrateAround } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { buildTimesheetRow, insertTimesheets } from '../../../test/timesheet-factories.ts';
import { buildTrainingRecordRow, insertTrainingRecords } from '../../../test/training-record-factories.ts';
import { summarizeAdminCharges } from '../../modules/admin-charges/admin-charges.repository.ts';
import { summarizeTimesheetMonth } from '../../modules/timesheets/timesheets.repository.ts';
import { summarizeTrainingRecords } from '../../modules/training-records/training-records.repository.ts';
import { countPermitExpiries, countWorkersByStatus } from '../../modules/workers/worker-expiry.repository.ts';
import { deleteWorker } from '../../modules/workers/workers.repository.ts';
import { bulkInsert } from '../bulk-insert.ts';
import type { Db } from '../database.ts';

const TODAY = '2026-03-10';
const DAY = { today: TODAY, expiringSoonUntil: '2026-04-09' };
const WINDOW = { from: TODAY, to: '2026-06-08' };
const MONTHS = ['2026-01', '2026-02', '2026-03'];

type Row = Record<string, unknown>;
/** Rows as comparable text, numbers as numbers (PostgreSQL answers bigint sums as strings), in key order. */
const normalized = (rows: Row[]) =>
  rows
    .map((row) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [key, typeof value === 'string' ? value : Number(value)]),
        ),
      ),
    )
    .sort();

/** Every kept figure (migration 0038) equals the same figure counted from the rows themselves. */
async function expectKeptTotalsExact(db: Db): Promise<void> {
  const kept = async (query: string) => normalized((await sql.raw<Row>(query).execute(db)).rows);
  expect(await kept('select status, workers from worker_status_totals where workers <> 0')).toEqual(
    await kept('select status, count(*) as workers from workers where status is not null group by status'),
  );
  const terminated = `case when status = 'Terminated' then 1 else 0 end`;
  expect(
    await kept('select kind, expiry_date, terminated, workers from worker_expiry_totals where workers <> 0'),
  ).toEqual(
    await kept(`
      select 'wp' as kind, wp_expiry_date as expiry_date, ${terminated} as terminated, count(*) as workers
      from workers where wp_expiry_date is not null group by 2, 3
      union all
      select 'coretrade', coretrade_expiry_date, ${terminated}, count(*)
      from workers where coretrade_expiry_date is not null and type_of_pass = 'WP' group by 2, 3`),
  );
  expect(await kept('select * from timesheet_month_summaries where timesheets <> 0')).toEqual(
    await kept(`
      select month, count(distinct worker_id) as workers, count(*) as timesheets,
             sum(hours_worked) as hours_worked, sum(overtime_hours) as overtime_hours
      from (select substr(cast(work_date as text), 1, 7) as month, worker_id, hours_worked, overtime_hours
            from timesheets) months
      group by month`),
  );
  expect(await kept('select status, charges, amount from admin_charge_status_totals where charges <> 0')).toEqual(
    await kept('select status, count(*) as charges, sum(amount) as amount from admin_charges group by status'),
  );
  expect(await kept('select records, workers from training_totals')).toEqual(
    await kept('select count(*) as records, count(distinct worker_id) as workers from training_records'),
  );
  expect(await kept('select worker_id, records from trained_workers')).toEqual(
    await kept(
      'select worker_id, count(*) as records from training_records where worker_id is not null group by worker_id',
    ),
  );
  expect(await kept('select expiry_date, records from training_expiry_totals where records <> 0')).toEqual(
    await kept(
      'select expiry_date, count(*) as records from training_records where expiry_date is not null group by expiry_date',
    ),
  );

  // And the tiles read from them say what the rows say.
  const live = async (query: string) =>
    Number((await sql.raw<{ n: number | string }>(query).execute(db)).rows[0]?.n ?? 0);
  expect(await summarizeTrainingRecords(db, {}, DAY)).toEqual({
    total: await live('select count(*) as n from training_records'),
    workers_trained: await live('select count(distinct worker_id) as n from training_records'),
    expiring_soon: await live(
      `select count(*) as n from training_records where expiry_date >= '${TODAY}' and expiry_date <= '${DAY.expiringSoonUntil}'`,
    ),
    expired: await live(`select count(*) as n from training_records where expiry_date < '${TODAY}'`),
  });
  const notTerminated = `(status is null or status <> 'Terminated')`;
  expect(await countPermitExpiries(db, WINDOW, TODAY)).toEqual({
    expiringWp: await live(
      `select count(*) as n from workers where wp_expiry_date between '${WINDOW.from}' and '${WINDOW.to}'`,
    ),
    expiringCoretrade: await live(`select count(*) as n from workers
      where coretrade_expiry_date between '${WINDOW.from}' and '${WINDOW.to}' and type_of_pass = 'WP'`),
    expiredWp: await live(`select count(*) as n from workers where wp_expiry_date < '${TODAY}' and ${notTerminated}`),
    expiredCoretrade: await live(`select count(*) as n from workers
      where coretrade_expiry_date < '${TODAY}' and type_of_pass = 'WP' and ${notTerminated}`),
  });
  const byStatus = Object.fromEntries((await countWorkersByStatus(db)).map((row) => [row.status, row.count]));
  for (const status of ['Working', 'Onboarding', 'Terminated']) {
    expect(byStatus[status] ?? 0, status).toBe(
      await live(`select count(*) as n from workers where status = '${status}'`),
    );
  }
  const noFilter = { q: undefined, worker_id: undefined, status: undefined, charge_type: undefined };
  const charges = await summarizeAdminCharges(db, noFilter);
  expect(charges.total).toBe(await live('select count(*) as n from admin_charges'));
  expect(charges.total_amount * 100).toBe(await live('select coalesce(sum(amount), 0) as n from admin_charges'));
  expect(charges.approved).toBe(await live(`select count(*) as n from admin_charges where status = 'Approved'`));
  expect((await summarizeAdminCharges(db, { ...noFilter, status: 'Pending' })).total).toBe(
    await live(`select count(*) as n from admin_charges where status = 'Pending'`),
  );
  for (const month of MONTHS) {
    expect((await summarizeTimesheetMonth(db, month)).timesheets, month).toBe(
      await live(`select count(*) as n from timesheets where substr(cast(work_date as text), 1, 7) = '${month}'`),
    );
  }
}

/** Workers of every status, pass and expiry kind, with records, timesheets and charges of their own. */
async function seed(db: Db) {
  const workers = await insertWorkers(
    db,
    { status: 'Working', wp_expiry_date: '2026-03-01', coretrade_expiry_date: '2026-04-01' },
    { status: 'Working', wp_expiry_date: '2026-03-20', coretrade_expiry_date: '2026-02-01' },
    { status: 'Terminated', wp_expiry_date: '2026-03-01', coretrade_expiry_date: '2026-03-01' },
    { status: null, wp_expiry_date: '2026-01-15', coretrade_expiry_date: null },
    { status: 'Onboarding', type_of_pass: 'S Pass', wp_expiry_date: '2026-05-01', coretrade_expiry_date: '2026-05-01' },
    { status: 'Onboarding', wp_expiry_date: null, coretrade_expiry_date: '2026-03-20' },
  );
  const [a, b, c, d] = workers;
  if (!a || !b || !c || !d) throw new Error('seed');
  await insertTrainingRecords(
    db,
    { worker_id: a.id, expiry_date: '2026-03-01' },
    { worker_id: a.id, expiry_date: '2026-03-20' },
    { worker_id: b.id, expiry_date: null },
    { worker_id: c.id, expiry_date: '2027-01-01' },
    { worker_id: null, expiry_date: '2026-03-20' },
  );
  await insertTimesheets(
    db,
    { worker_id: a.id, work_date: '2026-02-02', hours_worked: 480, overtime_hours: 60 },
    { worker_id: a.id, work_date: '2026-02-03', hours_worked: 300 },
    { worker_id: b.id, work_date: '2026-03-02', hours_worked: 420, overtime_hours: 30 },
    { worker_id: null, work_date: '2026-03-03', hours_worked: 100 },
  );
  await insertAdminCharges(
    db,
    { worker_id: a.id, status: 'Pending', amount: 1000 },
    { worker_id: b.id, status: 'Approved', amount: 2550 },
    { worker_id: null, status: 'Deducted', amount: 700 },
  );
  return workers;
}

describe('migration 0038: tile figures kept on write (decision 109)', () => {
  it('fills every kept figure from the rows already there', async () => {
    const db = await createTestDatabase(
      migrateAround('0037-compliance-items', async (database) => {
        await seed(database);
      }),
    );
    expect(Number((await db.selectFrom('training_totals').select('records').executeTakeFirstOrThrow()).records)).toBe(
      5,
    );
    await expectKeptTotalsExact(db);
    await db.destroy();
  });

  it('keeps every figure equal to a live count through writes of every kind', async () => {
    const db = await createTestDatabase();
    const [a, b, c, d, e] = await seed(db);
    if (!a || !b || !c || !d || !e) throw new Error('seed');
    await expectKeptTotalsExact(db);

    // Status changes and moved dates, one row and many rows a statement.
    await db.updateTable('workers').set({ status: 'Terminated' }).where('id', '=', a.id).execute();
    await db
      .updateTable('workers')
      .set({ wp_expiry_date: '2026-04-02', type_of_pass: 'WP' })
      .where('id', 'in', [b.id, e.id])
      .execute();
    await db.updateTable('workers').set({ status: null, coretrade_expiry_date: null }).where('id', '=', c.id).execute();
    await db.updateTable('workers').set({ designation: 'Rigger' }).execute();
    await db.updateTable('admin_charges').set({ status: 'Approved' }).where('status', '=', 'Pending').execute();
    await db.updateTable('admin_charges').set({ amount: 9999 }).where('worker_id', '=', b.id).execute();
    await db.updateTable('training_records').set({ expiry_date: '2026-03-12' }).where('worker_id', '=', a.id).execute();
    await db.updateTable('training_records').set({ worker_id: b.id }).where('worker_id', 'is', null).execute();
    await db
      .updateTable('timesheets')
      .set({ work_date: '2026-01-30', hours_worked: 10 })
      .where('worker_id', '=', a.id)
      .where('work_date', '=', '2026-02-03')
      .execute();
    await db.updateTable('timesheets').set({ worker_id: c.id }).where('worker_id', '=', b.id).execute();
    await expectKeptTotalsExact(db);

    // Imports: the bulk insert the timesheet and attendance imports and the demo use.
    await bulkInsert(db, 'timesheets', [
      buildTimesheetRow({ worker_id: d.id, work_date: '2026-03-05', hours_worked: 200 }),
      buildTimesheetRow({ worker_id: d.id, work_date: '2026-03-06', hours_worked: 200, overtime_hours: 15 }),
      buildTimesheetRow({ worker_id: e.id, work_date: '2026-03-06', hours_worked: 50 }),
    ]);
    // An attendance import leaves out a worker's date that already has a timesheet.
    await bulkInsert(
      db,
      'timesheets',
      [
        buildTimesheetRow({ worker_id: d.id, work_date: '2026-03-05', hours_worked: 999 }),
        buildTimesheetRow({ worker_id: d.id, work_date: '2026-03-07', hours_worked: 120 }),
      ],
      { onConflictDoNothing: ['worker_id', 'work_date'], returning: ['id'] },
    );
    await bulkInsert(db, 'training_records', [
      buildTrainingRecordRow({ worker_id: d.id, expiry_date: '2026-03-15' }),
      buildTrainingRecordRow({ worker_id: d.id, expiry_date: '2026-03-15' }),
      buildTrainingRecordRow({ worker_id: e.id, expiry_date: '2025-12-31' }),
    ]);
    await expectKeptTotalsExact(db);

    // Deletes: single rows, a whole month, and a worker (whose rows keep counting without a worker).
    await db.deleteFrom('training_records').where('worker_id', '=', a.id).execute();
    await db.deleteFrom('admin_charges').where('status', '=', 'Deducted').execute();
    await db
      .deleteFrom('timesheets')
      .where('work_date', '>=', '2026-01-01')
      .where('work_date', '<', '2026-02-01')
      .execute();
    await deleteWorker(db, d.id);
    await deleteWorker(db, b.id);
    await expectKeptTotalsExact(db);

    // Everything gone: the figures fall to zero, not below.
    await db.deleteFrom('training_records').execute();
    await db.deleteFrom('timesheets').execute();
    await db.deleteFrom('admin_charges').execute();
    await db.deleteFrom('workers').execute();
    await expectKeptTotalsExact(db);
    expect(await summarizeTrainingRecords(db, {}, DAY)).toEqual({
      total: 0,
      workers_trained: 0,
      expiring_soon: 0,
      expired: 0,
    });
    await db.destroy();
  });

  // SQLite has one writer at a time; PostgreSQL's trained_workers key makes the second writer wait.
  it.runIf(databaseUnderTest === 'postgres')(
    "counts a worker once when two transactions add the worker's first record at the same time",
    async () => {
      const db = await createTestDatabase();
      const [worker] = await insertWorkers(db, { status: 'Working' });
      if (!worker) throw new Error('seed');
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = () => {};
      const firstInserted = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const first = db.transaction().execute(async (trx) => {
        await trx
          .insertInto('training_records')
          .values(buildTrainingRecordRow({ worker_id: worker.id }))
          .execute();
        inserted();
        await held;
      });
      await firstInserted;
      const second = db.transaction().execute(async (trx) => {
        await trx
          .insertInto('training_records')
          .values(buildTrainingRecordRow({ worker_id: worker.id }))
          .execute();
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await Promise.all([first, second]);
      await expectKeptTotalsExact(db);
      expect(Number((await db.selectFrom('training_totals').select('workers').executeTakeFirstOrThrow()).workers)).toBe(
        1,
      );
      await db.destroy();
    },
  );
});
