import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, databaseUnderTest } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';
import type { Db } from '../../db/database.ts';

/**
 * Decision 038, durability: the payroll run is one transaction. A failure after all of its payslips are
 * written (the audit entries that follow them, made to fail by a trigger) must leave no payslip and no
 * audit entry behind. Batch mark-as-paid has the same test in payslips.routes.test.ts; the crash test
 * (`npm run test:crash`) interrupts both with SIGKILL at random moments.
 */
const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };
const WORKERS = 30;

/** Fails every payslip audit entry once the run's payslips are all in the table. */
async function failAuditOnceAllPayslipsAreWritten(db: Db): Promise<void> {
  const condition = `new.entity = 'payslip' and (select count(*) from payslips) = ${WORKERS}`;
  if (databaseUnderTest === 'sqlite') {
    await sql
      .raw(
        `create trigger fail_audit before insert on audit_log when ${condition} begin select raise(abort, 'simulated failure'); end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function fail_audit() returns trigger language plpgsql as $$ begin if ${condition} then raise exception 'simulated failure'; end if; return new; end $$`,
    )
    .execute(db);
  await sql
    .raw('create trigger fail_audit before insert on audit_log for each row execute function fail_audit()')
    .execute(db);
}

describe('POST /api/pay-runs failing mid-way (decision 082)', () => {
  it('leaves no payslip and no audit entry, marks the run Failed with the reason, and runs whole later', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const workers = await insertWorkers(
      t.db,
      ...Array.from({ length: WORKERS }, () => ({ status: 'Working', rate_type: 'Daily', salary_rate: 10_000 })),
    );
    const run = { ...MARCH, worker_ids: workers.map((worker) => worker.id) };
    await failAuditOnceAllPayslipsAreWritten(t.db);

    const started = await t.request({ method: 'POST', url: '/api/pay-runs', payload: run });
    expect(started.statusCode).toBe(202);
    const failed = await settled(t, started.json().id);
    expect(failed).toMatchObject({ status: 'Failed', generated: 0 });
    expect(failed.error).toContain('nothing of it was kept');
    expect(failed.error).toContain('simulated failure');
    expect(await t.db.selectFrom('payslips').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'payslip').execute()).toEqual([]);

    await sql.raw(`drop trigger fail_audit${databaseUnderTest === 'sqlite' ? '' : ' on audit_log'}`).execute(t.db);
    // A Failed run does not hold the period.
    const again = await t.request({ method: 'POST', url: '/api/pay-runs', payload: run });
    expect(again.statusCode).toBe(202);
    expect(await settled(t, again.json().id)).toMatchObject({ status: 'Draft', generated: WORKERS });
  });
});

async function settled(t: Awaited<ReturnType<typeof buildTestApp>>, id: string) {
  for (;;) {
    const run = (await t.request({ method: 'GET', url: `/api/pay-runs/${id}` })).json();
    if (run.status !== 'Generating') return run;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('POST /api/payroll-runs interrupted mid-way', () => {
  it('leaves no payslip and no audit entry when a write after the payslips fails, and runs whole later', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const workers = await insertWorkers(
      t.db,
      ...Array.from({ length: WORKERS }, () => ({ status: 'Working', rate_type: 'Daily', salary_rate: 10_000 })),
    );
    await insertCharges(t.db, ...workers.map((worker) => ({ worker_id: worker.id, charge_date: '2025-03-10' })));
    // A day's work each, above the charge: a negative nett is never generated (probe finding 17).
    await insertTimesheets(t.db, ...workers.map((worker) => ({ worker_id: worker.id, work_date: '2025-03-10' })));
    const run = { ...MARCH, worker_ids: workers.map((worker) => worker.id) };
    await failAuditOnceAllPayslipsAreWritten(t.db);

    const response = await t.request({ method: 'POST', url: '/api/payroll-runs', payload: run });
    expect(response.statusCode).toBe(500);
    expect(await t.db.selectFrom('payslips').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'payslip').execute()).toEqual([]);

    await sql.raw(`drop trigger fail_audit${databaseUnderTest === 'sqlite' ? '' : ' on audit_log'}`).execute(t.db);
    const again = await t.request({ method: 'POST', url: '/api/payroll-runs', payload: run });
    expect(again.statusCode).toBe(201);
    expect(again.json().generated).toBe(WORKERS);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'payslip').execute()).toHaveLength(
      WORKERS,
    );
  });
});
