import { afterEach, describe, expect, it } from 'vitest';
import { insertAdminCharges } from '../../../test/admin-charge-factories.ts';
import { createTestDatabase } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import {
  chargeIdsToDeduct,
  listChargesForWorker,
  markChargesDeducted,
  sumChargesByWorker,
  sumChargesForWorker,
} from './public.ts';

const open: Db[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.destroy();
});
async function testDb(): Promise<Db> {
  const db = await createTestDatabase();
  open.push(db);
  return db;
}

/**
 * SPEC 4 and 9 "deduct admin charges": the reads and the write the payslips module calls through
 * public.ts (decision 075). Every status counts; both ends of the period are inside it.
 */

const MARCH = { start: '2025-03-01', end: '2025-03-31' };
const NOW = '2025-04-05T02:00:00.000Z';

/** Two workers with charges on, just inside and just outside March's edges, in every status. */
async function givenPayrollData(db: Db) {
  const [rahim, siti] = await insertWorkers(db, { first_name: 'Rahim' }, { first_name: 'Siti' });
  if (!rahim || !siti) throw new Error('no workers');
  const charges = await insertAdminCharges(
    db,
    { worker_id: rahim.id, charge_date: '2025-02-28', amount: 100_000, status: 'Pending' },
    { worker_id: rahim.id, charge_date: '2025-03-01', amount: 1, status: 'Pending', charge_type: 'Attendance' },
    { worker_id: rahim.id, charge_date: '2025-03-15', amount: 2550, status: 'Approved', charge_type: 'Misconduct' },
    { worker_id: rahim.id, charge_date: '2025-03-20', amount: 999, status: 'Rejected', charge_type: 'Attendance' },
    { worker_id: rahim.id, charge_date: '2025-03-31', amount: 9_999_999, status: 'Approved', charge_type: 'Other' },
    { worker_id: rahim.id, charge_date: '2025-04-01', amount: 100_000, status: 'Approved' },
    {
      worker_id: siti.id,
      charge_date: '2025-03-10',
      amount: 35_075,
      status: 'Deducted',
      charge_type: 'Equipment Damage',
    },
    { worker_id: siti.id, charge_date: '2025-03-11', amount: 25, status: 'Pending', charge_type: 'Equipment Damage' },
    { worker_id: null, charge_date: '2025-03-12', amount: 777, status: 'Pending' },
  );
  return { rahim, siti, charges };
}

const statusesOf = async (db: Db) =>
  Object.fromEntries(
    (await db.selectFrom('admin_charges').select(['id', 'status']).execute()).map((row) => [row.id, row.status]),
  );

describe('payroll reads', () => {
  it("itemises a worker's charges of any status inside the inclusive period, by date, type and id", async () => {
    const db = await testDb();
    const { rahim } = await givenPayrollData(db);
    const lines = await listChargesForWorker(db, rahim.id, MARCH);
    expect(lines.map((line) => [line.charge_date, line.charge_type, line.amount])).toEqual([
      ['2025-03-01', 'Attendance', 1],
      ['2025-03-15', 'Misconduct', 2550],
      ['2025-03-20', 'Attendance', 999],
      ['2025-03-31', 'Other', 9_999_999],
    ]);
    expect(await listChargesForWorker(db, rahim.id, { start: '2025-03-31', end: '2025-03-31' })).toHaveLength(1);
  });

  it("sums one worker's and every worker's charges of the period by type, in cents, in type order", async () => {
    const db = await testDb();
    const { rahim, siti } = await givenPayrollData(db);
    const rahimTotals = [
      { charge_type: 'Attendance', amount: 1000, count: 2 },
      { charge_type: 'Misconduct', amount: 2550, count: 1 },
      { charge_type: 'Other', amount: 9_999_999, count: 1 },
    ];
    expect(await sumChargesForWorker(db, rahim.id, MARCH)).toEqual(rahimTotals);

    const totals = await sumChargesByWorker(db, MARCH);
    // The charge of a deleted worker (no worker) is nobody's to deduct.
    expect([...totals.keys()].sort()).toEqual([rahim.id, siti.id].sort());
    expect(totals.get(rahim.id)).toEqual(rahimTotals);
    expect(totals.get(siti.id)).toEqual([{ charge_type: 'Equipment Damage', amount: 35_100, count: 2 }]);
    expect([...(await sumChargesByWorker(db, MARCH, [siti.id])).keys()]).toEqual([siti.id]);
    expect((await sumChargesByWorker(db, MARCH, [])).size).toBe(0);
    expect((await sumChargesByWorker(db, { start: '2024-01-01', end: '2024-12-31' })).size).toBe(0);
  });

  it('finds the charges to deduct for paid periods: inside each worker\u2019s period, not Deducted yet', async () => {
    const db = await testDb();
    const { rahim, siti, charges } = await givenPayrollData(db);
    const idsOf = (worker: string, dates: string[]) =>
      charges.filter((c) => c.worker_id === worker && dates.includes(c.charge_date)).map((c) => c.id);
    const found = await chargeIdsToDeduct(db, [
      { workerId: rahim.id, period: MARCH },
      // The same period twice names each charge once.
      { workerId: rahim.id, period: MARCH },
      { workerId: siti.id, period: MARCH },
    ]);
    expect(found.sort()).toEqual(
      [
        ...idsOf(rahim.id, ['2025-03-01', '2025-03-15', '2025-03-20', '2025-03-31']),
        ...idsOf(siti.id, ['2025-03-11']),
      ].sort(),
    );
    expect(await chargeIdsToDeduct(db, [])).toEqual([]);
  });
});

describe('payroll writes inside the caller\u2019s transaction', () => {
  it('marks charges Deducted whatever their status, answers each row before and after, and commits with the caller', async () => {
    const db = await testDb();
    const { rahim, charges } = await givenPayrollData(db);
    const ids = await chargeIdsToDeduct(db, [{ workerId: rahim.id, period: MARCH }]);
    const changed = await db.transaction().execute((trx) => markChargesDeducted(trx, ids, NOW));
    expect(changed).toHaveLength(4);
    for (const change of changed) {
      const stored = charges.find((charge) => charge.id === change.before.id);
      expect(change.before).toMatchObject({ id: stored?.id, status: stored?.status, amount: stored?.amount });
      expect(change.after).toEqual({ ...change.before, status: 'Deducted', updated_at: NOW });
    }
    const statuses = await statusesOf(db);
    for (const id of ids) expect(statuses[id]).toBe('Deducted');
    const outside = charges.filter((c) => c.worker_id === rahim.id && !ids.includes(c.id));
    expect(outside.map((c) => statuses[c.id])).toEqual(['Pending', 'Approved']);
    // A second payment of the period finds nothing left to change.
    expect(await chargeIdsToDeduct(db, [{ workerId: rahim.id, period: MARCH }])).toEqual([]);
  });

  it('leaves everything as it was when the caller rolls back', async () => {
    const db = await testDb();
    const { rahim } = await givenPayrollData(db);
    const before = await statusesOf(db);
    await expect(
      db.transaction().execute(async (trx) => {
        const ids = await chargeIdsToDeduct(trx, [{ workerId: rahim.id, period: MARCH }]);
        expect(await markChargesDeducted(trx, ids, NOW)).toHaveLength(4);
        throw new Error('the payslip write failed');
      }),
    ).rejects.toThrow('the payslip write failed');
    expect(await statusesOf(db)).toEqual(before);
  });

  it('handles more ids and periods than one statement can bind', async () => {
    const db = await testDb();
    const workers = await insertWorkers(db, ...Array.from({ length: 700 }, () => ({})));
    await insertAdminCharges(
      db,
      ...Array.from({ length: 1400 }, (_, i) => ({
        worker_id: workers[i % workers.length]?.id ?? null,
        charge_date: `2025-03-${String((i % 28) + 1).padStart(2, '0')}`,
      })),
    );
    const ids = await chargeIdsToDeduct(
      db,
      workers.map((worker) => ({ workerId: worker.id, period: MARCH })),
    );
    expect(ids).toHaveLength(1400);
    const changed = await db.transaction().execute((trx) => markChargesDeducted(trx, ids, NOW));
    expect(changed).toHaveLength(1400);
    const left = await db.selectFrom('admin_charges').select('id').where('status', '<>', 'Deducted').execute();
    expect(left).toEqual([]);
  });
});
