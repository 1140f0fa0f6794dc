import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app.ts';
import { bulkInsert } from '../db/bulk-insert.ts';
import { newId } from '../lib/clock.ts';
import type { NewPayslipRow } from '../modules/payslips/payslips.repository.ts';
import { describeChanges, insertCreateAuditsOfStoredRows } from './audit.repository.ts';

const ACTOR = { id: newId(), name: 'Hui Min' };

/** A payslip row as the payroll run builds it, with the given texts and numbers. */
function payslipRow(overrides: Partial<NewPayslipRow>): NewPayslipRow {
  const stamp = '2026-11-28T01:00:00.000Z';
  return {
    id: newId(),
    worker_id: null,
    pay_period_start: '2026-11-01',
    pay_period_end: '2026-11-30',
    total_hours_worked: 12_000,
    total_overtime_hours: 0,
    hourly_rate: 1_235,
    overtime_rate: 1_853,
    basic_salary: 247_000,
    overtime_amount: 0,
    admin_charges_deduction: 5_000,
    other_deductions: 0,
    nett_salary: 242_000,
    status: 'Generated',
    generated_by: 'Hui Min',
    generated_by_user_id: ACTOR.id,
    generated_at: stamp,
    paid_at: null,
    email_requested: 0,
    rate_type: 'Hourly',
    salary_rate: 1_235,
    admin_charges_by_type: JSON.stringify([{ charge_type: 'Attendance', amount: 50 }]),
    worker_first_name: 'Ali',
    worker_last_name: 'Rahman',
    worker_code: 'TD-0001',
    worker_fin_no: null,
    worker_wp_no: null,
    worker_email: null,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

describe('insertCreateAuditsOfStoredRows', () => {
  it('writes for each stored row the very text describeChanges writes for it, and nothing for other ids', async () => {
    const db = await createTestDatabase();
    const rows = [
      payslipRow({
        // Every kind of character JSON escapes or leaves alone.
        worker_first_name: 'Ng "Ah" \\ Kow\nline\ttab\u0001\u001f\u007f\u2028 é 漢字 😀',
        worker_last_name: "O'Brien",
        worker_fin_no: 'G1234567X',
        worker_email: 'ali@example.com',
        nett_salary: -500,
        admin_charges_by_type: '[]',
      }),
      payslipRow({ worker_first_name: 'Siti', email_requested: 1, paid_at: '2026-11-28T02:00:00.000Z' }),
      payslipRow({ worker_first_name: 'Not audited' }),
    ];
    await bulkInsert(db, 'payslips', rows);
    const [first, second] = rows as [NewPayslipRow, NewPayslipRow, NewPayslipRow];

    await insertCreateAuditsOfStoredRows(
      db,
      ACTOR,
      { entity: 'payslip', table: 'payslips', columns: Object.keys(first), ids: [first.id, second.id, newId()] },
      '2026-11-28T01:00:01.000Z',
    );

    const audits = await db.selectFrom('audit_log').selectAll().orderBy('entity_id').execute();
    const expected = [first, second]
      .map((row) => ({
        user_id: ACTOR.id,
        user_name: 'Hui Min',
        action: 'create',
        entity: 'payslip',
        entity_id: row.id,
        changes: describeChanges(null, row),
        created_at: '2026-11-28T01:00:01.000Z',
      }))
      .sort((a, b) => a.entity_id.localeCompare(b.entity_id));
    expect(audits).toMatchObject(expected);
    expect(new Set(audits.map((audit) => audit.id)).size).toBe(2);
    await db.destroy();
  });

  it('writes nothing for no ids', async () => {
    const db = await createTestDatabase();
    await insertCreateAuditsOfStoredRows(db, null, { entity: 'payslip', table: 'payslips', columns: ['id'], ids: [] });
    expect(await db.selectFrom('audit_log').select('id').execute()).toEqual([]);
    await db.destroy();
  });
});
