import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers, multipart } from '../../../test/factories.ts';

/**
 * Decision 091's budget: a month of a 2,000-worker site (50,000 rows) previews in <= 5 s and imports in
 * <= 5 s. Heavy (about 20 s a database), so it runs only when asked: IMPORT_BUDGET=1 npx vitest run
 * <this file>. `npm run bench` measures the same through the built server.
 */
const upload = (t: TestApp, csv: string, fields: Record<string, string>) => {
  const body = multipart(fields, { name: 'month.csv', data: Buffer.from(csv) });
  return t.request({ method: 'POST', url: '/api/timesheet-imports', payload: body.payload, headers: body.headers });
};

describe.runIf(process.env.IMPORT_BUDGET === '1')('attendance import budget (decision 091)', () => {
  it('previews and imports a month of a 2,000-worker site (50,000 rows) within 5 s each', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const workers = await insertWorkers(
      t.db,
      ...Array.from({ length: 2000 }, (_, i) => ({
        first_name: `W${i}`,
        last_name: 'Bench',
        worker_id: `TD-${String(10000 + i)}`,
        fin_no: `G${String(1000000 + i)}K`,
      })),
    );
    const lines = ['FIN,Date,In,Out'];
    for (let day = 1; day <= 25; day += 1) {
      for (const worker of workers) lines.push(`${worker.fin_no},${String(day).padStart(2, '0')}/11/2026,08:00,17:30`);
    }
    const csv = lines.join('\n');
    const mapping = JSON.stringify({
      worker: 'FIN',
      date: 'Date',
      date_format: 'DD/MM/YYYY',
      time_in: 'In',
      time_out: 'Out',
    });
    let started = performance.now();
    const preview = await upload(t, csv, { mapping });
    const previewMs = performance.now() - started;
    expect(preview.json().counts).toEqual({ new: 50_000, duplicate: 0, conflict: 0, error: 0 });
    started = performance.now();
    const applied = await t.request({ method: 'POST', url: `/api/timesheet-imports/${preview.json().id}/apply` });
    const applyMs = performance.now() - started;
    expect(applied.json()).toEqual({ created: 50_000 });
    // Written a batch at a time (decision 112): every timesheet and its create audit, in the one transaction.
    const audits = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('entity', '=', 'timesheet')
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(Number(audits.count)).toBe(50_000);
    console.log(
      `import of 50,000 rows (${process.env.TEST_DB ?? 'sqlite'}): preview ${Math.round(previewMs)} ms, import ${Math.round(applyMs)} ms`,
    );
    expect(previewMs).toBeLessThan(5000);
    expect(applyMs).toBeLessThan(5000);
  }, 120_000);
});
