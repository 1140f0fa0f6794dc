import { afterEach, describe, expect, it } from 'vitest';
import { insertAdminCharges } from '../../../test/admin-charge-factories.ts';
import { createTestDatabase } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import {
  listWorkerChargesInRange,
  markChargesDeducted,
  markWorkerChargesDeductedInRange,
  sumChargesByWorkerInRange,
} from './admin-charges.repository.ts';
import { deductAdminCharges } from './admin-charges.service.ts';

const open: Db[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.destroy();
});
async function testDb(): Promise<Db> {
  const db = await createTestDatabase();
  open.push(db);
  return db;
}

const MARCH = { from: '2025-03-01', to: '2025-03-31' };
const actor = { id: 'c0a80101-0000-4000-8000-000000000001', name: 'Payroll Staff' };

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
  it("lists a worker's charges of any status inside the inclusive charge_date range, oldest first", async () => {
    const db = await testDb();
    const { rahim } = await givenPayrollData(db);
    const charges = await listWorkerChargesInRange(db, rahim.id, MARCH);
    expect(charges.map((charge) => [charge.charge_date, charge.amount, charge.status])).toEqual([
      ['2025-03-01', 1, 'Pending'],
      ['2025-03-15', 2550, 'Approved'],
      ['2025-03-20', 999, 'Rejected'],
      ['2025-03-31', 9_999_999, 'Approved'],
    ]);
    expect(await listWorkerChargesInRange(db, rahim.id, { from: '2025-03-31', to: '2025-03-31' })).toHaveLength(1);
    expect(await listWorkerChargesInRange(db, 'not-an-id', MARCH)).toEqual([]);
  });

  it("sums every worker's charges in the range in one aggregate, in cents, by type too", async () => {
    const db = await testDb();
    const { rahim, siti } = await givenPayrollData(db);
    const totals = await sumChargesByWorkerInRange(db, MARCH);
    expect([...totals.keys()].sort()).toEqual([rahim.id, siti.id].sort());
    expect(totals.get(rahim.id)).toEqual({
      worker_id: rahim.id,
      count: 4,
      total: 1 + 2550 + 999 + 9_999_999,
      by_type: { Attendance: 1000, Misconduct: 2550, Other: 9_999_999 },
    });
    expect(totals.get(siti.id)).toEqual({
      worker_id: siti.id,
      count: 2,
      total: 35_100,
      by_type: { 'Equipment Damage': 35_100 },
    });
    const onlySiti = await sumChargesByWorkerInRange(db, MARCH, [siti.id]);
    expect([...onlySiti.keys()]).toEqual([siti.id]);
    expect((await sumChargesByWorkerInRange(db, MARCH, [])).size).toBe(0);
    expect((await sumChargesByWorkerInRange(db, { from: '2024-01-01', to: '2024-12-31' })).size).toBe(0);
  });
});

describe('payroll writes inside the caller\u2019s transaction', () => {
  it('marks charges Deducted by ids, skipping those already Deducted, and commits with the caller', async () => {
    const db = await testDb();
    const { charges } = await givenPayrollData(db);
    const [beforeMarch, firstOfMarch, , , , , sitiDeducted] = charges;
    const ids = [firstOfMarch?.id, sitiDeducted?.id, 'not-an-id'].filter((id): id is string => id !== undefined);
    const changed = await db.transaction().execute((trx) => markChargesDeducted(trx, ids, '2025-04-05T02:00:00.000Z'));
    expect(changed).toEqual([{ id: firstOfMarch?.id, previous_status: 'Pending' }]);
    const statuses = await statusesOf(db);
    expect(statuses[firstOfMarch?.id ?? '']).toBe('Deducted');
    expect(statuses[beforeMarch?.id ?? '']).toBe('Pending');
    const row = await db
      .selectFrom('admin_charges')
      .select('updated_at')
      .where('id', '=', firstOfMarch?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe('2025-04-05T02:00:00.000Z');
  });

  it('leaves everything as it was when the caller rolls back', async () => {
    const db = await testDb();
    const { rahim } = await givenPayrollData(db);
    const before = await statusesOf(db);
    await expect(
      db.transaction().execute(async (trx) => {
        const changed = await markWorkerChargesDeductedInRange(trx, rahim.id, MARCH);
        expect(changed).toHaveLength(4);
        throw new Error('the payslip write failed');
      }),
    ).rejects.toThrow('the payslip write failed');
    expect(await statusesOf(db)).toEqual(before);
  });

  it('deducts every charge of the worker inside the period whatever its status, and audits each (SPEC 4)', async () => {
    const db = await testDb();
    const { rahim, siti, charges } = await givenPayrollData(db);
    const count = await db
      .transaction()
      .execute((trx) => deductAdminCharges(trx, actor, { workerId: rahim.id, range: MARCH }));
    expect(count).toBe(4);
    const statuses = await statusesOf(db);
    const byDate = (date: string, workerId = rahim.id) =>
      statuses[charges.find((c) => c.charge_date === date && c.worker_id === workerId)?.id ?? ''];
    expect(['2025-03-01', '2025-03-15', '2025-03-20', '2025-03-31'].map((date) => byDate(date))).toEqual([
      'Deducted',
      'Deducted',
      'Deducted',
      'Deducted',
    ]);
    expect(byDate('2025-02-28')).toBe('Pending');
    expect(byDate('2025-04-01')).toBe('Approved');
    expect(byDate('2025-03-11', siti.id)).toBe('Pending');

    const rejected = charges.find((c) => c.charge_date === '2025-03-20');
    const audit = await listAuditEntries(db, 'admin_charge', rejected?.id ?? '');
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'update',
        user_name: 'Payroll Staff',
        changes: JSON.stringify({ status: ['Rejected', 'Deducted'] }),
      }),
    ]);

    // A second run finds nothing left to change.
    expect(
      await db.transaction().execute((trx) => deductAdminCharges(trx, actor, { workerId: rahim.id, range: MARCH })),
    ).toBe(0);
    const byIds = await db
      .transaction()
      .execute((trx) => deductAdminCharges(trx, actor, { ids: charges.map((charge) => charge.id) }));
    expect(byIds).toBe(4);
  });

  it('handles more ids than one statement can bind', async () => {
    const db = await testDb();
    const rows = await insertAdminCharges(
      db,
      ...Array.from({ length: 1200 }, (_, i) => ({ charge_date: `2025-03-${String((i % 28) + 1).padStart(2, '0')}` })),
    );
    const changed = await db.transaction().execute((trx) =>
      markChargesDeducted(
        trx,
        rows.map((row) => row.id),
      ),
    );
    expect(changed).toHaveLength(1200);
    const left = await db.selectFrom('admin_charges').select('id').where('status', '<>', 'Deducted').execute();
    expect(left).toEqual([]);
  });
});
