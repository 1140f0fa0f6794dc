import { randomUUID } from 'node:crypto';
import { CreateWorkerInput } from '@td/shared/schemas/worker';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/build-test-app.ts';
import { buildWorker, buildWorkerRow, givenStoredFile, insertWorkers } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { insertWorkerRows } from './workers.repository.ts';
import { createWorker, listExpiringWorkers, workerDashboard } from './workers.service.ts';

const SG = 'Asia/Singapore';
const actor = { id: randomUUID(), name: 'Service Test' };

async function workerInput(db: Db, overrides: Parameters<typeof buildWorker>[0] = {}) {
  return CreateWorkerInput.parse(buildWorker({ ipa_url: await givenStoredFile(db, 'ipa'), ...overrides }));
}

/** A random source that answers the given numbers in turn, then keeps answering the last one. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0;
};

describe('worker id generation (ARCHITECTURE differs 4)', () => {
  it('retries with a new id when two concurrent creates pick the same one', async () => {
    const db = await createTestDatabase();
    // Two different workers (their FIN, passport and WP numbers are unique, decision 023).
    const [first, second] = [await workerInput(db), await workerInput(db)];
    // Both creates first pick TD-5500 (0.5); each has its own second choice.
    const [a, b] = await Promise.all([
      createWorker(db, first, actor, { random: sequence(0.5, 0.1) }),
      createWorker(db, second, actor, { random: sequence(0.5, 0.9) }),
    ]);
    expect(a.worker_id).not.toBe(b.worker_id);
    expect([a.worker_id, b.worker_id]).toContain('TD-5500');
    const rows = await db.selectFrom('workers').select('worker_id').execute();
    expect(rows).toHaveLength(2);
    await db.destroy();
  });

  it('skips an id that is already taken', async () => {
    const db = await createTestDatabase();
    await insertWorkers(db, { worker_id: 'TD-1000' });
    const worker = await createWorker(db, await workerInput(db), actor, { random: sequence(0, 0.999999) });
    expect(worker.worker_id).toBe('TD-9999');
    await db.destroy();
  });

  it('moves to 5 digits once more than 90% of the 4-digit ids are taken', async () => {
    const db = await createTestDatabase();
    await insertWorkerRows(
      db,
      Array.from({ length: 8101 }, (_, i) => buildWorkerRow({ worker_id: `TD-${1000 + i}` })),
    );
    const worker = await createWorker(db, await workerInput(db), actor, { random: () => 0.5 });
    expect(worker.worker_id).toBe('TD-55000');
    await db.destroy();
    // 8,101 rows: on a busy shared PostgreSQL this takes more than the default 5 s.
  }, 30_000);
});

describe('workerDashboard with a fixed clock (SPEC 9)', () => {
  it('in January compares December with November of the year before', async () => {
    const db = await createTestDatabase();
    // Mid-January in Singapore.
    const now = new Date('2025-01-15T04:00:00Z');
    await insertWorkers(
      db,
      { created_at: '2025-01-01T00:00:00.000Z' }, // 1 Jan 08:00 SGT: this month
      { created_at: '2024-12-31T15:59:59.000Z' }, // 31 Dec 23:59 SGT: last month
      { created_at: '2024-12-01T00:00:00.000Z' },
      { created_at: '2024-11-30T16:00:00.000Z' }, // 1 Dec 00:00 SGT: last month
      { created_at: '2024-11-15T00:00:00.000Z' }, // November: month before last
      { created_at: '2024-11-01T00:00:00.000Z' },
      { created_at: '2024-10-31T16:00:00.000Z' }, // 1 Nov 00:00 SGT
      { created_at: '2024-10-31T15:59:59.000Z' }, // 31 Oct SGT: older
    );
    const figures = await workerDashboard(db, SG, now);
    expect(figures).toMatchObject({ new_this_month: 1, joined_last_month: 3, growth_trend: 0, total_workers: 8 });
    // Last month 3 against 3: 0%. One fewer in November gives +50%.
    await db.deleteFrom('workers').where('created_at', '=', '2024-11-15T00:00:00.000Z').execute();
    expect((await workerDashboard(db, SG, now)).growth_trend).toBe(50);
    await db.destroy();
  });

  it('answers 100% growth when the month before last is empty, 0% when both are', async () => {
    const db = await createTestDatabase();
    const now = new Date('2025-03-15T04:00:00Z');
    expect((await workerDashboard(db, SG, now)).growth_trend).toBe(0);
    await insertWorkers(db, { created_at: '2025-02-10T00:00:00.000Z' });
    expect((await workerDashboard(db, SG, now)).growth_trend).toBe(100);
    await db.destroy();
  });
});

describe('listExpiringWorkers with a fixed clock', () => {
  it('includes 29 February as the last day of a window that starts on 30 November 2023', async () => {
    const db = await createTestDatabase();
    await insertWorkers(
      db,
      { first_name: 'Leap', wp_expiry_date: '2024-02-29' },
      { first_name: 'March', wp_expiry_date: '2024-03-01' },
      { first_name: 'Yesterday', wp_expiry_date: '2023-11-29' },
    );
    // 30 November 2023, 00:30 in Singapore (still 29 November in UTC).
    const result = await listExpiringWorkers(db, 'wp', {}, SG, new Date('2023-11-29T16:30:00Z'));
    expect(result.items.map((w) => [w.first_name, w.days_until_expiry])).toEqual([['Leap', 91]]);
    await db.destroy();
  });
});
