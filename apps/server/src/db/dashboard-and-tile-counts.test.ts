import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseUnderTest, migrateAround } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { buildTrainingRecordRow } from '../../test/training-record-factories.ts';
import { summarizeTrainingRecords } from '../modules/training-records/training-records.repository.ts';
import { countWorkersByStatus, deleteWorker } from '../modules/workers/workers.repository.ts';
import type { Db } from './database.ts';
import { tableRowCount } from './table-row-counts.ts';

const DAY = { today: '2025-06-01', expiringSoonUntil: '2025-07-01' };

/** The kept figures (migration 0018) against the same figures counted from the rows themselves. */
async function expectKeptFiguresExact(db: Db) {
  const byStatus = await db
    .selectFrom('workers')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('status', 'is not', null)
    .groupBy('status')
    .execute();
  const counted = Object.fromEntries(byStatus.map((row) => [row.status, Number(row.count)]));
  const kept = Object.fromEntries(
    (await countWorkersByStatus(db)).filter((row) => row.count !== 0).map((row) => [row.status, row.count]),
  );
  expect(kept).toEqual(counted);

  const perWorker = await db
    .selectFrom('training_records')
    .select((eb) => ['worker_id', eb.fn.countAll<number>().as('count')])
    .where('worker_id', 'is not', null)
    .groupBy('worker_id')
    .execute();
  const trained = await db.selectFrom('trained_workers').select(['worker_id', 'records']).execute();
  expect(Object.fromEntries(trained.map((row) => [row.worker_id, Number(row.records)]))).toEqual(
    Object.fromEntries(perWorker.map((row) => [row.worker_id, Number(row.count)])),
  );
  expect(await tableRowCount(db, 'trained_workers')).toBe(perWorker.length);
  // The tile unfiltered (kept) and filtered by a name every record has (counted) agree.
  const tiles = await summarizeTrainingRecords(db, {}, DAY);
  expect(tiles.workers_trained).toBe(perWorker.length);
  const byName = await summarizeTrainingRecords(db, { training_name: 'Kept count course' }, DAY);
  expect(byName.workers_trained).toBe(perWorker.length);
}

/** Decision 054: the dashboard's status tiles and the Workers Trained tile come from figures the database keeps. */
describe('worker status totals and trained workers (decision 054)', () => {
  it('follow inserts, status changes, record moves, deletes, a deleted worker and a rollback', async () => {
    const db = await createTestDatabase();
    await expectKeptFiguresExact(db);
    const workers = await insertWorkers(
      db,
      ...Array.from({ length: 12 }, (_, i) => ({ status: i < 6 ? 'Working' : i < 9 ? 'Onboarding' : null })),
    );
    const [first, second, third] = workers;
    if (!first || !second || !third) throw new Error('seed');
    const record = (workerId: string | null) =>
      buildTrainingRecordRow({ worker_id: workerId, training_name: 'Kept count course' });
    await db
      .insertInto('training_records')
      .values([...Array.from({ length: 5 }, () => record(first.id)), record(second.id), record(second.id)])
      .execute();
    await db.insertInto('training_records').values(record(third.id)).execute();
    await expectKeptFiguresExact(db);
    expect(await tableRowCount(db, 'trained_workers')).toBe(3);

    // Status changes: to another status, to none, from none; and an edit that keeps the status.
    await db.updateTable('workers').set({ status: 'Terminated' }).where('id', '=', first.id).execute();
    await db.updateTable('workers').set({ status: null }).where('id', '=', second.id).execute();
    await db
      .updateTable('workers')
      .set({ status: 'WP Issued' })
      .where(
        'id',
        'in',
        workers.slice(9).map((w) => w.id),
      )
      .execute();
    await db.updateTable('workers').set({ first_name: 'Renamed' }).where('id', '=', third.id).execute();
    await expectKeptFiguresExact(db);

    // A record moved to another worker, one to none; the last record of a worker deleted.
    const [moved] = await db.selectFrom('training_records').select('id').where('worker_id', '=', first.id).execute();
    if (!moved) throw new Error('seed');
    await db.updateTable('training_records').set({ worker_id: third.id }).where('id', '=', moved.id).execute();
    await db.deleteFrom('training_records').where('worker_id', '=', second.id).execute();
    await expectKeptFiguresExact(db);
    expect(await tableRowCount(db, 'trained_workers')).toBe(2);

    // A deleted worker's records stay, without a worker (foreign key: set null).
    await deleteWorker(db, first.id);
    await expectKeptFiguresExact(db);
    expect(await tableRowCount(db, 'trained_workers')).toBe(1);

    // A rolled-back write changes nothing.
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('training_records').execute();
        await trx.updateTable('workers').set({ status: 'Working' }).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await expectKeptFiguresExact(db);

    await db.deleteFrom('training_records').execute();
    if (databaseUnderTest === 'postgres') await sql`truncate workers cascade`.execute(db);
    else await db.deleteFrom('workers').execute();
    await expectKeptFiguresExact(db);
    expect(await tableRowCount(db, 'trained_workers')).toBe(0);
    await db.destroy();
  });

  it('fills the figures from the rows already there when the migration runs', async () => {
    const db = await createTestDatabase(
      migrateAround('0017-list-order-indexes', async (database) => {
        const workers = await insertWorkers(database, { status: 'Working' }, { status: 'Working' }, { status: null });
        await database
          .insertInto('training_records')
          .values(workers.map((w) => buildTrainingRecordRow({ worker_id: w.id, training_name: 'Kept count course' })))
          .execute();
      }),
    );
    await expectKeptFiguresExact(db);
    expect(await countWorkersByStatus(db)).toEqual([{ status: 'Working', count: 2 }]);
    expect(await tableRowCount(db, 'trained_workers')).toBe(3);
    await db.destroy();
  });
});
