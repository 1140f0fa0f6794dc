import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseUnderTest } from '../../../test/build-test-app.ts';
import { buildWorkerRow } from '../../../test/factories.ts';
import { buildTimesheetRow } from '../../../test/payroll-factories.ts';
import {
  ApiClient,
  dropPostgresDatabase,
  freePort,
  freshPostgresDatabase,
  postgresBaseUrl,
} from '../../../test/reliability/harness.ts';
import { createDatabase, type Db, migrateToLatest } from '../../db/database.ts';
import { insertWorkerRows } from '../workers/workers.repository.ts';

/**
 * Decision 082, the run is all or nothing: a server killed (SIGKILL) while it generates a pay run
 * leaves none of the run's payslips or their audit entries, and the next start marks the run Failed,
 * so the period can be run again. A real server process on a real port, on SQLite and PostgreSQL.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WORKERS = 4_000;
const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
}, 60_000);

async function seed(db: Db): Promise<void> {
  const workers = Array.from({ length: WORKERS }, () => buildWorkerRow({ status: 'Working', rate_type: 'Daily' }));
  await insertWorkerRows(db, workers);
  const timesheets = workers.flatMap((worker) =>
    ['2025-03-03', '2025-03-04'].map((work_date) => buildTimesheetRow({ worker_id: worker.id, work_date })),
  );
  for (let i = 0; i < timesheets.length; i += 500) {
    await db
      .insertInto('timesheets')
      .values(timesheets.slice(i, i + 500))
      .execute();
  }
}

function startServer(port: number, dataDir: string, databaseUrl: string | undefined): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited ${child.exitCode}`));
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return resolve(child);
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(poll, 100);
    };
    void poll();
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('a pay run interrupted by SIGKILL', () => {
  it('leaves nothing of the run, and the next start marks it Failed; the run then goes through whole', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-payrun-kill-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (databaseUnderTest === 'postgres') {
      const base = postgresBaseUrl() ?? process.env.TEST_DATABASE_URL ?? '';
      const name = `td_payrun_kill_${randomBytes(4).toString('hex')}`;
      databaseUrl = await freshPostgresDatabase(base, name);
      cleanups.push(() => dropPostgresDatabase(base, name));
    }
    const db = createDatabase({ databaseUrl, dataDir });
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await seed(db);

    const port = await freePort();
    const server = await startServer(port, dataDir, databaseUrl);
    const client = new ApiClient(`http://127.0.0.1:${port}`);
    await client.setUp();
    const started = await client.request('POST', '/api/pay-runs', MARCH);
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    // Killed once the run has written payslips: the progress moves while it runs, on SQLite too (decision
    // 100: the poll is answered while the run's transaction holds the writing connection).
    let moved = false;
    for (;;) {
      const run = (await (await client.request('GET', `/api/pay-runs/${id}`)).json()) as {
        status: string;
        progress: { done: number; total: number };
      };
      expect(run.status).toBe('Generating');
      if (run.progress.done > 0) {
        moved = run.progress.done < run.progress.total && run.progress.total === WORKERS;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(moved).toBe(true);
    await killed(server);

    // With the server down: the run is still the Generating row, and nothing else of it is there.
    const stored = await db.selectFrom('pay_runs').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('Generating');
    expect(await db.selectFrom('payslips').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('audit_log').select('id').where('entity', '=', 'payslip').execute()).toEqual([]);

    await startServer(port, dataDir, databaseUrl);
    const after = (await (await client.request('GET', `/api/pay-runs/${id}`)).json()) as Record<string, unknown>;
    expect(after).toMatchObject({ status: 'Failed', generated: 0 });
    expect(String(after.error)).toContain('The server stopped while this run was being generated');

    const again = await client.request('POST', '/api/pay-runs', MARCH);
    expect(again.status).toBe(202);
    const againId = ((await again.json()) as { id: string }).id;
    for (;;) {
      const run = (await (await client.request('GET', `/api/pay-runs/${againId}`)).json()) as Record<string, unknown>;
      if (run.status !== 'Generating') {
        expect(run).toMatchObject({ status: 'Draft', generated: WORKERS });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 240_000);
});
