import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseUnderTest } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { buildTrainingRecordRow } from '../../test/training-record-factories.ts';
import {
  listTrainingRecords,
  summarizeTrainingRecords,
} from '../modules/training-records/training-records.repository.ts';
import { deleteWorker, listWorkers } from '../modules/workers/workers.repository.ts';
import type { Db } from './database.ts';
import { tableRowCount } from './table-row-counts.ts';

const DAY = { today: '2025-06-01', expiringSoonUntil: '2025-07-01' };

async function expectCountsExact(db: Db) {
  for (const table of ['workers', 'training_records'] as const) {
    const counted = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await tableRowCount(db, table), table).toBe(Number(counted.n));
  }
  const workers = await listWorkers(db, { page: 1, pageSize: 1 });
  expect(workers.total).toBe(await tableRowCount(db, 'workers'));
  const records = await listTrainingRecords(db, {}, { page: 1, pageSize: 1 }, DAY);
  const tiles = await summarizeTrainingRecords(db, {}, DAY);
  expect(records.total).toBe(await tableRowCount(db, 'training_records'));
  expect(tiles.total).toBe(records.total);
}

/** Decision 047: the unfiltered worker and training totals come from counts the database keeps. */
describe('table row counts (decision 047)', () => {
  it('follow inserts, single and bulk, deletes and a worker deleted with records', async () => {
    const db = await createTestDatabase();
    await expectCountsExact(db);
    const workers = await insertWorkers(db, ...Array.from({ length: 30 }, () => ({})));
    const [first, second] = workers;
    if (!first || !second) throw new Error('seed');
    await db
      .insertInto('training_records')
      .values([
        ...Array.from({ length: 20 }, () => buildTrainingRecordRow({ worker_id: first.id })),
        buildTrainingRecordRow({ worker_id: second.id }),
      ])
      .execute();
    await expectCountsExact(db);
    expect(await tableRowCount(db, 'workers')).toBe(30);
    expect(await tableRowCount(db, 'training_records')).toBe(21);

    // A deleted worker's records stay (worker_id becomes null): an update, which counts nothing.
    await deleteWorker(db, first.id);
    await db.deleteFrom('training_records').where('worker_id', '=', second.id).execute();
    await db
      .deleteFrom('workers')
      .where(
        'id',
        'in',
        workers.slice(10).map((w) => w.id),
      )
      .execute();
    await expectCountsExact(db);
    expect(await tableRowCount(db, 'workers')).toBe(9);
    expect(await tableRowCount(db, 'training_records')).toBe(20);

    // A statement that writes nothing changes nothing; a rolled-back one neither.
    await db.deleteFrom('workers').where('first_name', '=', 'Nobody').execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('training_records').execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await expectCountsExact(db);

    await db.deleteFrom('training_records').execute();
    if (databaseUnderTest === 'postgres') await sql`truncate workers cascade`.execute(db);
    else await db.deleteFrom('workers').execute();
    await expectCountsExact(db);
    expect(await tableRowCount(db, 'workers')).toBe(0);
    await db.destroy();
  });
});
