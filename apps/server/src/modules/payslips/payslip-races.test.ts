import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { daysOf, insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';

/**
 * Races behind a barrier: both requests of a round go out at once (`app.inject` calls run concurrently;
 * on PostgreSQL each takes its own pooled connection), many rounds, and exactly one side may win.
 */
const ROUNDS = 40;

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

describe('mark-paid and delete of the same payslip at the same moment', () => {
  it(`lets exactly one side win in each of ${ROUNDS} rounds, and the charge follows the winner`, async () => {
    const t = await signedInApp();
    const [worker] = await insertWorkers(t.db, { rate_type: 'Daily', salary_rate: 10_000 });
    if (!worker) throw new Error('no worker');
    const days = daysOf('2025-01-01', '2025-03-31').slice(0, ROUNDS);
    const charges = await insertCharges(t.db, ...days.map((charge_date) => ({ worker_id: worker.id, charge_date })));
    // A day's work each day, above its charge: a negative nett is never generated (probe finding 17).
    await insertTimesheets(t.db, ...days.map((work_date) => ({ worker_id: worker.id, work_date })));
    const outcomes = { paid: 0, deleted: 0 };
    for (const [round, day] of days.entries()) {
      const generated = await t.request({
        method: 'POST',
        url: '/api/payslips',
        payload: { worker_id: worker.id, pay_period_start: day, pay_period_end: day, other_deductions: 0 },
      });
      expect(generated.statusCode, generated.body).toBe(201);
      const id: string = generated.json().id;
      const [paid, deleted] = await Promise.all([
        t.request({ method: 'POST', url: '/api/payslips/mark-paid', payload: { ids: [id] } }),
        t.request({ method: 'DELETE', url: `/api/payslips/${id}` }),
      ]);
      const stored = await t.db.selectFrom('payslips').select('status').where('id', '=', id).executeTakeFirst();
      const charge = await t.db
        .selectFrom('admin_charges')
        .select('status')
        .where('id', '=', charges[round]?.id ?? '')
        .executeTakeFirstOrThrow();
      if (deleted.statusCode === 204) {
        // The delete went first: mark-paid finds no such payslip.
        expect(paid.statusCode, paid.body).toBe(404);
        expect(stored).toBeUndefined();
        expect(charge.status).toBe('Pending');
        outcomes.deleted++;
      } else {
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json()).toMatchObject({ payslips: 1, admin_charges: 1 });
        expect(stored?.status).toBe('Paid');
        expect(charge.status).toBe('Deducted');
        outcomes.paid++;
      }
    }
    expect(outcomes.paid + outcomes.deleted).toBe(ROUNDS);
  }, 60_000);
});
