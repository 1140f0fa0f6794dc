import { PAYSLIP_MESSAGES as M, negativeNettMessage } from '@td/shared/options/payslips';
import { SKIP_REASONS } from '@td/shared/schemas/payslip';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { daysOf, insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';
import type { AdminChargeRow, TimesheetRow, WorkerRow } from '../../db/schema.ts';
import { previewPayrollRun } from './payroll-run.service.ts';

const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

const post = (t: TestApp, url: string, payload: unknown) =>
  t.request({ method: 'POST', url, payload: payload as object });

/** A small seeded generator, so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Workers of every rate type with awkward rates, random timesheets and charges in and around March. */
async function givenRandomPayroll(t: TestApp, seed: number, count: number) {
  const random = mulberry32(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const workers = await insertWorkers(
    t.db,
    ...Array.from({ length: count }, (): Partial<WorkerRow> => {
      const rateType = pick(['Hourly', 'Daily', 'Monthly', 'Monthly', null] as const);
      const salary =
        rateType === 'Monthly'
          ? 120_000 + Math.floor(random() * 300_000)
          : rateType === 'Daily'
            ? 6_000 + Math.floor(random() * 10_000)
            : 800 + Math.floor(random() * 2_000);
      return { rate_type: rateType, salary_rate: random() < 0.1 ? null : salary, status: 'Working' };
    }),
  );
  const timesheets: Array<Partial<TimesheetRow> & { worker_id: string }> = [];
  const charges: Array<Partial<AdminChargeRow> & { worker_id: string }> = [];
  for (const worker of workers) {
    for (const day of daysOf('2025-02-25', '2025-04-05')) {
      if (random() < 0.35) continue;
      timesheets.push({
        worker_id: worker.id,
        work_date: day,
        // Mostly quarter hours as the timesheet rule gives them, now and then an odd minute.
        hours_worked: random() < 0.9 ? 15 * Math.floor(random() * 33) : Math.floor(random() * 600),
        overtime_hours: random() < 0.5 ? 0 : 15 * Math.floor(random() * 17),
      });
    }
    const chargeCount = Math.floor(random() * 4);
    for (let i = 0; i < chargeCount; i++) {
      charges.push({
        worker_id: worker.id,
        charge_date: pick(['2025-02-28', '2025-03-01', '2025-03-14', '2025-03-31', '2025-04-01']),
        charge_type: pick(['Safety Violation', 'Attendance', 'Equipment Damage', 'Misconduct', 'Other']),
        amount: Math.floor(random() * 40_000),
        status: pick(['Pending', 'Approved', 'Rejected', 'Deducted'] as const),
      });
    }
  }
  await insertTimesheets(t.db, ...timesheets);
  await insertCharges(t.db, ...charges);
  return workers;
}

const FIGURES = [
  'total_hours_worked',
  'total_overtime_hours',
  'hourly_rate',
  'overtime_rate',
  'basic_salary',
  'overtime_amount',
  'admin_charges_deduction',
  'other_deductions',
  'nett_salary',
  'warnings',
] as const;
const figuresOf = (value: Record<string, unknown>) => Object.fromEntries(FIGURES.map((key) => [key, value[key]]));

describe('POST /api/payroll-runs/preview', () => {
  it("answers every active worker's figures, marking those who already have a payslip for the period", async () => {
    const t = await signedInApp();
    const [ann, bala] = await insertWorkers(
      t.db,
      { first_name: 'Ann', last_name: 'Tan', rate_type: 'Hourly', salary_rate: 1_235, status: 'Working' },
      { first_name: 'Bala', last_name: 'Krishnan', rate_type: 'Daily', salary_rate: 9_500, status: null },
      { first_name: 'Zed', last_name: 'Gone', status: 'Terminated' },
    );
    if (!ann || !bala) throw new Error('no workers');
    await insertTimesheets(t.db, {
      worker_id: ann.id,
      work_date: '2025-03-03',
      hours_worked: 9_630,
      overtime_hours: 60,
    });
    await insertCharges(t.db, {
      worker_id: ann.id,
      charge_date: '2025-03-31',
      charge_type: 'Misconduct',
      amount: 2_000,
    });
    const existing = await post(t, '/api/payslips', { worker_id: bala.id, ...MARCH });

    const response = await post(t, '/api/payroll-runs/preview', MARCH);
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.items.map((item: { worker: { first_name: string } }) => item.worker.first_name)).toEqual([
      'Ann',
      'Bala',
    ]);
    expect(preview.items[0]).toMatchObject({
      worker_id: ann.id,
      total_hours_worked: 160.5,
      total_overtime_hours: 1,
      hourly_rate: 12.35,
      overtime_rate: 18.53,
      basic_salary: 1982.18,
      overtime_amount: 18.53,
      admin_charges_deduction: 20,
      nett_salary: 1980.71,
      timesheet_count: 1,
      existing_payslip: null,
    });
    expect(preview.items[0].warnings.map((w: { code: string }) => w.code)).toEqual(['FINE_DEDUCTED']);
    expect(preview.items[1].existing_payslip).toEqual({ id: existing.json().id, status: 'Generated' });
    expect(preview.totals).toEqual({
      workers: 2,
      to_generate: 1,
      existing: 1,
      basic_salary: 1982.18,
      overtime_amount: 18.53,
      admin_charges_deduction: 20,
      nett_salary: 1980.71,
      with_warnings: 1,
    });
  });

  it('answers the SPEC 5 period messages', async () => {
    const t = await signedInApp();
    const cases = [
      [{}, M.selectBothDates],
      [{ pay_period_start: '2025-03-01', pay_period_end: '2025-02-30' }, M.invalidDates],
      [{ pay_period_start: '2025-03-31', pay_period_end: '2025-03-01' }, M.startAfterEnd],
      [{ pay_period_start: '9999-12-01', pay_period_end: '9999-12-31' }, M.periodOutOfRange],
    ] as const;
    for (const [payload, message] of cases) {
      for (const url of ['/api/payroll-runs/preview', '/api/payroll-runs']) {
        const response = await post(t, url, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toBe(message);
      }
    }
  });

  it('reads with the same few queries for 3 workers as for 40 (never one round trip per worker)', async () => {
    const t = await signedInApp();
    const counter = new QueryCounter();
    const db = t.db.withPlugin(counter);
    await givenRandomPayroll(t, 7, 3);
    await previewPayrollRun(db, MARCH);
    const few = counter.count;
    await givenRandomPayroll(t, 8, 37);
    counter.count = 0;
    const preview = await previewPayrollRun(db, MARCH);
    expect(preview.items).toHaveLength(40);
    expect(counter.count).toBe(few);
    expect(few).toBeLessThanOrEqual(4);
  });
});

describe('POST /api/payroll-runs', () => {
  it('generates the payslips of every worker without one and reports the skipped with the reason', async () => {
    const t = await signedInApp();
    const workers = await givenRandomPayroll(t, 11, 6);
    const [first] = workers;
    if (!first) throw new Error('no worker');
    const single = (await post(t, '/api/payslips', { worker_id: first.id, ...MARCH })).json();

    const response = await post(t, '/api/payroll-runs', MARCH);
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.generated).toBe(5);
    expect(result.payslip_ids).toHaveLength(5);
    expect(result.skipped).toEqual([
      {
        worker_id: first.id,
        worker_name: `${first.first_name} ${first.last_name}`,
        reason: SKIP_REASONS.exists,
        payslip_id: single.id,
        status: 'Generated',
      },
    ]);
    const rows = await t.db.selectFrom('payslips').select(['generated_by', 'status']).execute();
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => `${row.generated_by} ${row.status}`))).toEqual(new Set(['Hui Min Generated']));
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'user_name', 'action', 'changes'])
      .where('entity', '=', 'payslip')
      .execute();
    expect(audits).toHaveLength(6);
    // Each payslip of the run is audited as created, with its whole row (the database describes it, decision 069).
    const runAudits = audits.filter((audit) => result.payslip_ids.includes(audit.entity_id));
    expect(runAudits.map((audit) => audit.entity_id).sort()).toEqual([...result.payslip_ids].sort());
    for (const audit of runAudits) {
      expect(audit).toMatchObject({ user_name: 'Hui Min', action: 'create' });
      const changes = JSON.parse(audit.changes ?? '{}');
      expect(changes).toMatchObject({ id: [null, audit.entity_id], status: [null, 'Generated'] });
      expect(changes).not.toHaveProperty('updated_at');
      expect(changes).not.toHaveProperty('paid_at');
    }

    // A second run finds everyone done.
    const again = (await post(t, '/api/payroll-runs', MARCH)).json();
    expect(again.generated).toBe(0);
    expect(again.skipped).toHaveLength(6);
  });

  it('gives exactly the figures of the one-by-one generate path, on random data', async () => {
    const t = await signedInApp();
    const workers = await givenRandomPayroll(t, 2025, 25);
    const answers = await Promise.all(
      workers.map(async (worker) => {
        const response = await post(t, '/api/payslips/preview', { worker_id: worker.id, ...MARCH });
        return [worker.id, response] as const;
      }),
    );
    // Probe finding 17: a negative nett is refused one by one (409) and skipped by the run, with one reason.
    const one = answers.flatMap(([workerId, response]) => {
      if (response.statusCode === 409) return [];
      expect(response.statusCode).toBe(200);
      return [[workerId, figuresOf(response.json())] as const];
    });
    const refused = new Map(
      answers
        .filter(([, response]) => response.statusCode === 409)
        .map(([id, response]) => [id, response.json().error.message]),
    );
    expect(refused.size).toBeGreaterThan(0);
    const preview = (await post(t, '/api/payroll-runs/preview', MARCH)).json();
    const run = (await post(t, '/api/payroll-runs', MARCH)).json();
    expect(run.generated).toBe(25 - refused.size);
    expect(preview.totals.to_generate).toBe(25 - refused.size);
    for (const [workerId, message] of refused) {
      expect(run.skipped).toContainEqual(expect.objectContaining({ worker_id: workerId, reason: message }));
      const previewRow = preview.items.find((item: { worker_id: string }) => item.worker_id === workerId);
      expect(message).toBe(negativeNettMessage(Math.round(previewRow.nett_salary * 100)));
    }
    const stored = (await t.request({ method: 'GET', url: '/api/payslips?pageSize=100' })).json();

    for (const [workerId, expected] of one) {
      const previewRow = preview.items.find((item: { worker_id: string }) => item.worker_id === workerId);
      const storedRow = stored.items.find((item: { worker_id: string }) => item.worker_id === workerId);
      expect(figuresOf(previewRow)).toEqual(expected);
      expect(figuresOf(storedRow)).toEqual(expected);
    }
    // The sums add up from the rounded payslips.
    const nett = one.reduce((sum, [, figures]) => sum + Math.round(Number(figures.nett_salary) * 100), 0);
    expect(Math.round(run.nett_salary * 100)).toBe(nett);
  });

  it('reads a whole month from the kept month totals and any other period from the timesheets, with the same figures', async () => {
    const t = await signedInApp();
    const workers = await givenRandomPayroll(t, 2026, 12);
    // A deleted worker's timesheets stay (worker_id null) and count for nobody.
    const [gone] = workers;
    if (!gone) throw new Error('no workers');
    await t.db.deleteFrom('workers').where('id', '=', gone.id).execute();
    const kept = workers.slice(1);
    for (const period of [MARCH, { pay_period_start: '2025-03-05', pay_period_end: '2025-04-02' }]) {
      const preview = (await post(t, '/api/payroll-runs/preview', period)).json();
      const chosen = (
        await post(t, '/api/payroll-runs/preview', { ...period, worker_ids: kept.slice(0, 3).map((w) => w.id) })
      ).json();
      expect(preview.items).toHaveLength(kept.length);
      for (const worker of kept) {
        const one = await post(t, '/api/payslips/preview', { worker_id: worker.id, ...period });
        const row = preview.items.find((item: { worker_id: string }) => item.worker_id === worker.id);
        if (row.nett_salary < 0) {
          // Probe finding 17: refused one by one, with the run preview's own figure.
          expect(one.statusCode).toBe(409);
          expect(one.json().error.message).toBe(negativeNettMessage(Math.round(row.nett_salary * 100)));
        } else expect(figuresOf(row)).toEqual(figuresOf(one.json()));
        expect(row.timesheet_count).toBeGreaterThan(0);
      }
      for (const row of chosen.items) {
        const all = preview.items.find((item: { worker_id: string }) => item.worker_id === row.worker_id);
        expect(figuresOf(row)).toEqual(figuresOf(all));
      }
    }
  });

  it('only the chosen workers when worker_ids is given, Terminated included; unknown ids are skipped', async () => {
    const t = await signedInApp();
    const [ann, , zed] = await insertWorkers(
      t.db,
      { status: 'Working' },
      { status: 'Working' },
      { status: 'Terminated' },
    );
    if (!ann || !zed) throw new Error('no workers');
    const unknown = '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55';
    const result = (
      await post(t, '/api/payroll-runs', { ...MARCH, worker_ids: [ann.id, zed.id, unknown, ann.id] })
    ).json();
    expect(result.generated).toBe(2);
    expect(result.skipped).toEqual([
      { worker_id: unknown, worker_name: null, reason: SKIP_REASONS.workerNotFound, payslip_id: null, status: null },
    ]);
    const workerIds = (await t.db.selectFrom('payslips').select('worker_id').execute()).map((row) => row.worker_id);
    expect(workerIds.sort()).toEqual([ann.id, zed.id].sort());
  });
});

/** Counts the statements a Kysely instance sends. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
