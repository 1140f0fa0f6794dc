import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildWorker, givenStoredFile, insertWorkers } from '../../../test/factories.ts';
import { insertTimesheets } from '../../../test/payroll-factories.ts';

/**
 * Probe finding 4: a worker deleted while another write about them runs. Both requests of a round go
 * out at once (`app.inject` calls run concurrently; on PostgreSQL each takes its own pooled connection),
 * many rounds; each side answers what it did or 404/409 with a message, never a 500 or a deadlock.
 */
const ROUNDS = 20;
const PERIOD = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

/** A Monthly worker with one day's work in March (a positive nett, whatever the rules). */
async function givenWorker(t: TestApp) {
  const [worker] = await insertWorkers(t.db, { rate_type: 'Monthly', salary_rate: 200_000 });
  if (!worker) throw new Error('no worker');
  await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-03-03' });
  return worker;
}

/** The answer is one of `allowed`, and a refusal carries the API's error shape with a message. */
function expectClearAnswer(response: LightMyRequestResponse, allowed: number[]) {
  expect(allowed, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
  if (response.statusCode >= 400) expect(response.json().error.message).toMatch(/\w/);
}

async function raceWithDelete(
  t: TestApp,
  workerId: string,
  other: () => Promise<LightMyRequestResponse>,
): Promise<{ deleted: LightMyRequestResponse; other: LightMyRequestResponse }> {
  const [deleted, answer] = await Promise.all([
    t.request({ method: 'DELETE', url: `/api/workers/${workerId}` }),
    other(),
  ]);
  expectClearAnswer(deleted, [204, 404]);
  return { deleted, other: answer };
}

describe('a worker deleted during another write about them', () => {
  it(`generating their payslip answers 201 or 404 in each of ${ROUNDS} rounds`, async () => {
    const t = await signedInApp();
    const outcomes = { generated: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const worker = await givenWorker(t);
      const { deleted, other } = await raceWithDelete(t, worker.id, () =>
        t.request({
          method: 'POST',
          url: '/api/payslips',
          payload: { worker_id: worker.id, ...PERIOD, other_deductions: 0 },
        }),
      );
      expect(deleted.statusCode).toBe(204);
      expectClearAnswer(other, [201, 404]);
      outcomes[other.statusCode === 201 ? 'generated' : 'refused']++;
    }
    expect(outcomes.generated + outcomes.refused).toBe(ROUNDS);
  }, 120_000);

  it(`a payroll run naming them skips them or pays them, never fails whole, in each of ${ROUNDS} rounds`, async () => {
    const t = await signedInApp();
    for (let round = 0; round < ROUNDS; round++) {
      const [worker, bystander] = [await givenWorker(t), await givenWorker(t)];
      const { other } = await raceWithDelete(t, worker.id, () =>
        t.request({
          method: 'POST',
          url: '/api/payroll-runs',
          payload: { ...PERIOD, worker_ids: [worker.id, bystander.id] },
        }),
      );
      expectClearAnswer(other, [200, 201]);
      const result = other.json();
      // The bystander is always paid; the deleted worker is either paid first or skipped with the reason.
      const skipped = result.skipped.map((row: { worker_id: string }) => row.worker_id);
      expect(result.generated + skipped.length).toBe(2);
      expect(skipped).not.toContain(bystander.id);
      for (const row of result.skipped) expect(row.reason).toMatch(/\w/);
    }
  }, 120_000);

  it(`a PUT of the worker answers 200 or 404 in each of ${ROUNDS} rounds`, async () => {
    const t = await signedInApp();
    const outcomes = { saved: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const ipa_url = await givenStoredFile(t.db, 'ipa');
      const created = await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url }) });
      expect(created.statusCode, created.body).toBe(201);
      const worker = created.json();
      const { other } = await raceWithDelete(t, worker.id, () =>
        t.request({
          method: 'PUT',
          url: `/api/workers/${worker.id}`,
          payload: buildWorker({
            first_name: 'Renamed',
            ipa_url,
            fin_no: worker.fin_no,
            passport_no: worker.passport_no,
            wp_no: worker.wp_no,
          }),
        }),
      );
      expectClearAnswer(other, [200, 404]);
      outcomes[other.statusCode === 200 ? 'saved' : 'refused']++;
    }
    expect(outcomes.saved + outcomes.refused).toBe(ROUNDS);
  }, 120_000);

  it(`marking their payslip paid answers 200 in each of ${ROUNDS} rounds, with no deadlock`, async () => {
    const t = await signedInApp();
    for (let round = 0; round < ROUNDS; round++) {
      const worker = await givenWorker(t);
      const generated = await t.request({
        method: 'POST',
        url: '/api/payslips',
        payload: { worker_id: worker.id, ...PERIOD, other_deductions: 0 },
      });
      expect(generated.statusCode, generated.body).toBe(201);
      const id: string = generated.json().id;
      const { deleted, other } = await raceWithDelete(t, worker.id, () =>
        t.request({ method: 'POST', url: '/api/payslips/mark-paid', payload: { ids: [id] } }),
      );
      expect(deleted.statusCode).toBe(204);
      // The payslip stays whatever became of the worker (ARCHITECTURE Data), so paying it succeeds.
      expectClearAnswer(other, [200]);
      const stored = await t.db.selectFrom('payslips').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.status).toBe('Paid');
    }
  }, 120_000);
});
