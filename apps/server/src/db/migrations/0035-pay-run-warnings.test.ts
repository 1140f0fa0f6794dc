import { describe, expect, it } from 'vitest';
import { createTestDatabase, migrateAround } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertPayslipRow } from '../../../test/payroll-factories.ts';

const RUN_ID = '0193c0de-0000-7000-8000-000000000001';
const detail = (...codes: string[]) =>
  JSON.stringify({ lines: {}, not_deducted: [], warnings: codes.map((code) => ({ code, message: code })) });

/** Decision 092: a pay run made before migration 0035 answers the warnings of the payslips it holds. */
describe('migration 0035: the pay runs warnings summary', () => {
  it("counts each run's payslips carrying each warning code, from their stored warnings", async () => {
    const db = await createTestDatabase(
      migrateAround('0034-staff-roles-and-two-factor', async (database) => {
        const [a, b, c] = await insertWorkers(database, {}, {}, {});
        const stamp = new Date().toISOString();
        await database
          .insertInto('pay_runs')
          .values({
            id: RUN_ID,
            pay_period_start: '2026-02-01',
            pay_period_end: '2026-02-28',
            status: 'Draft',
            worker_ids: null,
            progress_total: 3,
            generated: 3,
            skipped: '[]',
            gross: 0,
            deductions: 0,
            nett_salary: 0,
            pay_by_date: '2026-03-07',
            payment_date: null,
            error: null,
            created_by: 'Test Staff',
            created_by_user_id: null,
            approved_by: null,
            approved_by_user_id: null,
            approved_at: null,
            paid_by: null,
            paid_by_user_id: null,
            paid_at: null,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        const period = { pay_period_start: '2026-02-01', pay_period_end: '2026-02-28', pay_run_id: RUN_ID };
        await insertPayslipRow(database, {
          ...period,
          worker_id: a?.id ?? null,
          pay_detail: detail('OVERTIME_OVER_72', 'CHARGES_NOT_APPROVED', 'OVERTIME_OVER_72'),
        });
        await insertPayslipRow(database, {
          ...period,
          worker_id: b?.id ?? null,
          pay_detail: detail('CHARGES_NOT_APPROVED'),
        });
        await insertPayslipRow(database, { ...period, worker_id: c?.id ?? null, pay_detail: null });
      }),
    );
    const run = await db.selectFrom('pay_runs').select('warnings').where('id', '=', RUN_ID).executeTakeFirstOrThrow();
    expect(JSON.parse(run.warnings)).toEqual({ OVERTIME_OVER_72: 1, CHARGES_NOT_APPROVED: 2 });
    await db.destroy();
  });
});
