import { afterEach, describe, expect, it } from 'vitest';
import { insertAdminCharges } from '../../../test/admin-charge-factories.ts';
import { createTestDatabase } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertPayslipRow } from '../../../test/payroll-factories.ts';
import type { Db } from '../../db/database.ts';
import {
  chargeIdsToDeduct,
  chargesByWorker,
  linkChargesToPayslips,
  listChargesOfPayslip,
  listPayrollCharges,
  markChargesDeducted,
  totalsByType,
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

/** A payslip of March for the worker that recorded these charges (decision 081). */
async function payslipDeducting(db: Db, workerId: string, chargeIds: string[]) {
  const payslip = await insertPayslipRow(db, {
    worker_id: workerId,
    pay_period_start: MARCH.start,
    pay_period_end: MARCH.end,
  });
  await linkChargesToPayslips(
    db,
    chargeIds.map((charge_id) => ({ payslip_id: payslip.id, charge_id })),
  );
  return payslip;
}

describe('payroll reads', () => {
  it('itemises the charges a payslip recorded, of any status, by date, type and id', async () => {
    const db = await testDb();
    const { rahim, charges } = await givenPayrollData(db);
    const inMarch = charges.filter((c) => c.worker_id === rahim.id && c.charge_date.startsWith('2025-03'));
    const payslip = await payslipDeducting(
      db,
      rahim.id,
      inMarch.map((c) => c.id),
    );
    const lines = await listChargesOfPayslip(db, payslip.id);
    expect(lines.map((line) => [line.charge_date, line.charge_type, line.amount])).toEqual([
      ['2025-03-01', 'Attendance', 1],
      ['2025-03-15', 'Misconduct', 2550],
      ['2025-03-20', 'Attendance', 999],
      ['2025-03-31', 'Other', 9_999_999],
    ]);
  });

  it("lists one worker's and every worker's charges of the period and sums them by type, in cents, in type order", async () => {
    const db = await testDb();
    const { rahim, siti } = await givenPayrollData(db);
    const rahimTotals = [
      { charge_type: 'Attendance', amount: 1000, count: 2 },
      { charge_type: 'Misconduct', amount: 2550, count: 1 },
      { charge_type: 'Other', amount: 9_999_999, count: 1 },
    ];
    expect(totalsByType(await listPayrollCharges(db, MARCH, [rahim.id]))).toEqual(rahimTotals);

    const byWorker = chargesByWorker(await listPayrollCharges(db, MARCH));
    // The charge of a deleted worker (no worker) is nobody's to deduct.
    expect([...byWorker.keys()].sort()).toEqual([rahim.id, siti.id].sort());
    expect(totalsByType(byWorker.get(rahim.id) ?? [])).toEqual(rahimTotals);
    expect(totalsByType(byWorker.get(siti.id) ?? [])).toEqual([
      { charge_type: 'Equipment Damage', amount: 35_100, count: 2 },
    ]);
    expect(await listPayrollCharges(db, MARCH, [])).toEqual([]);
    expect(await listPayrollCharges(db, { start: '2024-01-01', end: '2024-12-31' })).toEqual([]);
    // Locked on PostgreSQL inside a transaction; the same rows either way.
    await db.transaction().execute(async (trx) => {
      expect(await listPayrollCharges(trx, MARCH, [siti.id], { lock: true })).toHaveLength(2);
    });
  });

  it('finds the charges to deduct for paid payslips: those each recorded, not Deducted yet', async () => {
    const db = await testDb();
    const { rahim, siti, charges } = await givenPayrollData(db);
    const idsOf = (worker: string, dates: string[]) =>
      charges.filter((c) => c.worker_id === worker && dates.includes(c.charge_date)).map((c) => c.id);
    const rahims = await payslipDeducting(db, rahim.id, idsOf(rahim.id, ['2025-03-01', '2025-03-15']));
    const sitis = await payslipDeducting(db, siti.id, idsOf(siti.id, ['2025-03-10', '2025-03-11']));
    // The same payslip twice names each charge once; the other charges of the period are not the payslip's.
    const found = await chargeIdsToDeduct(db, [rahims.id, rahims.id, sitis.id]);
    expect(found).toEqual([...idsOf(rahim.id, ['2025-03-01', '2025-03-15']), ...idsOf(siti.id, ['2025-03-11'])].sort());
    expect(await chargeIdsToDeduct(db, [])).toEqual([]);
  });

  it('records a charge on one payslip at most', async () => {
    const db = await testDb();
    const { rahim, charges } = await givenPayrollData(db);
    const first = charges.find((c) => c.worker_id === rahim.id && c.charge_date === '2025-03-01');
    await payslipDeducting(db, rahim.id, [first?.id ?? '']);
    await expect(payslipDeducting(db, rahim.id, [first?.id ?? ''])).rejects.toThrow();
  });
});

describe('payroll writes inside the caller\u2019s transaction', () => {
  it('marks charges Deducted whatever their status, answers each row before and after, and commits with the caller', async () => {
    const db = await testDb();
    const { rahim, charges } = await givenPayrollData(db);
    const inMarch = charges.filter((c) => c.worker_id === rahim.id && c.charge_date.startsWith('2025-03'));
    const payslip = await payslipDeducting(
      db,
      rahim.id,
      inMarch.map((c) => c.id),
    );
    const ids = await chargeIdsToDeduct(db, [payslip.id]);
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
    // A second payment finds nothing left to change.
    expect(await chargeIdsToDeduct(db, [payslip.id])).toEqual([]);
  });

  it('leaves everything as it was when the caller rolls back', async () => {
    const db = await testDb();
    const { rahim, charges } = await givenPayrollData(db);
    const payslip = await payslipDeducting(
      db,
      rahim.id,
      charges.filter((c) => c.worker_id === rahim.id && c.charge_date.startsWith('2025-03')).map((c) => c.id),
    );
    const before = await statusesOf(db);
    await expect(
      db.transaction().execute(async (trx) => {
        const ids = await chargeIdsToDeduct(trx, [payslip.id]);
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
    const byWorker = chargesByWorker(await listPayrollCharges(db, MARCH));
    const payslips = [];
    for (const worker of workers) {
      payslips.push(
        await payslipDeducting(
          db,
          worker.id,
          (byWorker.get(worker.id) ?? []).map((c) => c.id),
        ),
      );
    }
    const ids = await chargeIdsToDeduct(
      db,
      payslips.map((payslip) => payslip.id),
    );
    expect(ids).toHaveLength(1400);
    const changed = await db.transaction().execute((trx) => markChargesDeducted(trx, ids, NOW));
    expect(changed).toHaveLength(1400);
    const left = await db.selectFrom('admin_charges').select('id').where('status', '<>', 'Deducted').execute();
    expect(left).toEqual([]);
  });
});
