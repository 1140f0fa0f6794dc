import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertAdminCharges } from '../../../test/admin-charge-factories.ts';
import { createTestDatabase, databaseUnderTest, migrateAround } from '../../../test/build-test-app.ts';
import { insertWorkers, insertWorkersBefore0032 } from '../../../test/factories.ts';
import { insertTimesheets } from '../../../test/timesheet-factories.ts';
import { buildTrainingRecordRow } from '../../../test/training-record-factories.ts';
import { summarizeTimesheetMonth } from '../../modules/timesheets/timesheets.repository.ts';
import { summarizeTrainingRecords } from '../../modules/training-records/training-records.repository.ts';
import { countWorkersByStatus } from '../../modules/workers/worker-expiry.repository.ts';
import { deleteWorker, listWorkers } from '../../modules/workers/workers.repository.ts';
import type { Db } from '../database.ts';

const DAY = { today: '2025-06-01', expiringSoonUntil: '2025-07-01' };

/** The app's own tables and triggers (and, on PostgreSQL, functions) in its schema. */
async function catalog(db: Db) {
  if (databaseUnderTest === 'sqlite') {
    const rows = await sql<{ type: string; name: string }>`
      select type, name from sqlite_master where type in ('table', 'trigger') order by name`.execute(db);
    const of = (type: string) => rows.rows.filter((row) => row.type === type).map((row) => row.name);
    return { tables: of('table'), triggers: of('trigger'), functions: [] };
  }
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() order by 1`.execute(db);
  const triggers = await sql<{ name: string }>`
    select distinct tgname as name from pg_trigger join pg_class on pg_class.oid = tgrelid
    where not tgisinternal and relnamespace = current_schema()::regnamespace order by 1`.execute(db);
  const functions = await sql<{ name: string }>`
    select proname as name from pg_proc where pronamespace = current_schema()::regnamespace order by 1`.execute(db);
  return {
    tables: tables.rows.map((row) => row.name),
    triggers: triggers.rows.map((row) => row.name),
    functions: functions.rows.map((row) => row.name),
  };
}

/** Decision 074: the derived tables, their triggers and functions go; what users see stays. */
describe('migration 0021: derived tables removed (decision 074)', () => {
  // Up to 0021 only: migration 0038 keeps some of these figures again, in tables of its own (decision 109).
  it('drops the derived tables with every trigger that kept them, on a database that holds rows', async () => {
    const db = await createTestDatabase(
      migrateAround(
        '0020-redundant-indexes',
        async (database) => {
          const [first] = await insertWorkersBefore0032(database, { status: 'Working' }, { status: null });
          if (!first) throw new Error('seed');
          await database
            .insertInto('training_records')
            .values(buildTrainingRecordRow({ worker_id: first.id }))
            .execute();
          await insertTimesheets(database, { worker_id: first.id, work_date: '2025-03-03' });
          await insertAdminCharges(database, { worker_id: first.id });
        },
        '0021-derived-tables-removed',
      ),
    );
    const { tables, triggers, functions } = await catalog(db);
    for (const gone of [
      'table_row_counts',
      'worker_status_totals',
      'trained_workers',
      'admin_charge_status_totals',
      'timesheet_month_summaries',
      'worker_search',
      'worker_search_columns',
    ]) {
      expect(tables, gone).not.toContain(gone);
    }
    expect(tables.filter((name) => name.startsWith('worker_search'))).toEqual([]);
    expect(tables).toContain('timesheet_month_totals');
    expect(tables).toContain('payslip_status_totals');
    // Later migrations add triggers of their own (0022: two payslips of a worker never overlap, decision 081;
    // 0037: the compliance calendar's items and day counts, decision 107).
    const derived = (names: string[]) =>
      names.filter((name) => !name.startsWith('payslips_no_overlap') && !name.startsWith('compliance_'));
    expect(derived(triggers)).toEqual([
      'payslip_status_totals_delete',
      'payslip_status_totals_insert',
      'payslip_status_totals_update',
      'timesheet_month_totals_delete',
      'timesheet_month_totals_insert',
      'timesheet_month_totals_update',
    ]);
    if (databaseUnderTest === 'postgres') {
      expect(derived(functions)).toEqual(['payslip_status_totals_apply', 'timesheet_month_totals_apply']);
    }
    await db.destroy();
  });

  it('counts on read what the tables kept, through writes of every kind', async () => {
    const db = await createTestDatabase();
    const workers = await insertWorkers(
      db,
      ...Array.from({ length: 6 }, (_, i) => ({ status: i < 3 ? 'Working' : i < 5 ? 'Onboarding' : null })),
    );
    const [first, second, third] = workers;
    if (!first || !second || !third) throw new Error('seed');
    await db
      .insertInto('training_records')
      .values([first, first, second, third].map((w) => buildTrainingRecordRow({ worker_id: w.id })))
      .execute();
    await insertTimesheets(
      db,
      { worker_id: first.id, work_date: '2025-03-03', hours_worked: 480 },
      { worker_id: second.id, work_date: '2025-03-04', hours_worked: 300 },
    );
    expect(await countWorkersByStatus(db)).toEqual(
      expect.arrayContaining([
        { status: 'Working', count: 3 },
        { status: 'Onboarding', count: 2 },
      ]),
    );
    expect((await listWorkers(db, { page: 1, pageSize: 1 })).total).toBe(6);
    expect(await summarizeTrainingRecords(db, {}, DAY)).toMatchObject({ total: 4, workers_trained: 3 });

    // A deleted worker's records and timesheets stay, counted as records and hours, not as a worker.
    await deleteWorker(db, first.id);
    await db.updateTable('workers').set({ status: 'Terminated' }).where('id', '=', second.id).execute();
    expect(await countWorkersByStatus(db)).toEqual(
      expect.arrayContaining([
        { status: 'Working', count: 1 },
        { status: 'Onboarding', count: 2 },
        { status: 'Terminated', count: 1 },
      ]),
    );
    expect((await countWorkersByStatus(db)).map((row) => row.status)).not.toContain(null);
    expect((await listWorkers(db, { page: 1, pageSize: 1 })).total).toBe(5);
    expect(await summarizeTrainingRecords(db, {}, DAY)).toMatchObject({ total: 4, workers_trained: 2 });
    expect(await summarizeTimesheetMonth(db, '2025-03')).toEqual({
      workers: 1,
      timesheets: 2,
      hoursWorkedMinutes: 780,
      overtimeMinutes: 0,
    });
    expect(await summarizeTimesheetMonth(db, '2025-04')).toEqual({
      workers: 0,
      timesheets: 0,
      hoursWorkedMinutes: 0,
      overtimeMinutes: 0,
    });
    await db.destroy();
  });
});
