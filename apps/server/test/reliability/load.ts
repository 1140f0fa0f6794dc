/**
 * `npm run test:load` (issue 16, Load): a mixed read/write load from autocannon against the production
 * server, a real process on a real port, on a large data set: 60 s at 50 connections. It must answer
 * every request without an error (no connection error, no timeout, no status outside 2xx), and the
 * server's resident memory must stay flat from the 10th to the 60th second. Prints p50/p90/p99
 * latency, requests per second and the memory series.
 *
 * Flat is judged on the floor of the memory curve: V8 lets its heap grow between major collections,
 * so RSS climbs for tens of seconds and drops (the first full runs went 173 -> 311 -> 159 MB on
 * PostgreSQL). A leak is what survives collection: the lowest RSS of the last 20 s against the lowest
 * of seconds 10 to 29.
 *
 * `--short` (CI, part of `npm test`): a few seconds on a small data set, memory reported, not judged.
 * SQLite, then PostgreSQL in a database of its own (`td_load16`), unless TEST_DATABASE_URL=skip.
 * LOAD_SECONDS, LOAD_CONNECTIONS, LOAD_WORKERS and LOAD_DAYS change the sizes.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bulkInsert } from '../../src/db/bulk-insert.ts';
import { createDatabase, type Db, migrateToLatest } from '../../src/db/database.ts';
import type { TimesheetRow } from '../../src/db/schema.ts';
import { insertWorkerRows } from '../../src/modules/workers/workers.repository.ts';
import { buildWorkerRow } from '../factories.ts';
import { buildChargeRow } from '../payroll-factories.ts';
import {
  ApiClient,
  buildServer,
  dropPostgresDatabase,
  formatMs,
  freePort,
  freshPostgresDatabase,
  postgresBaseUrl,
  ServerProcess,
  sleep,
} from './harness.ts';

const SHORT = process.argv.includes('--short');
const SECONDS = Number(process.env.LOAD_SECONDS ?? (SHORT ? 5 : 60));
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? (SHORT ? 20 : 50));
const WORKERS = Number(process.env.LOAD_WORKERS ?? (SHORT ? 500 : 10_000));
/** Days of daily timesheets for every worker, ending yesterday. */
const DAYS = Number(process.env.LOAD_DAYS ?? (SHORT ? 10 : 62));
/** Memory is judged from this second on (start-up, JIT and caches settle first). */
const SETTLED_AT = 10;
/** Flat: the floor of the last 20 s at most this much above the floor of seconds 10 to 29. */
const MAX_GROWTH = 0.1;
const PG_DATABASE = 'td_load16';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function seed(db: Db): Promise<{ workerIds: string[]; timesheets: number }> {
  const old = '2024-01-01T00:00:00.000Z';
  const statuses = ['Working', 'Working', 'Working', 'On Leave', 'Terminated'] as const;
  const workers = Array.from({ length: WORKERS }, (_, i) =>
    buildWorkerRow({
      created_at: old,
      updated_at: old,
      status: statuses[i % statuses.length],
      rate_type: 'Daily',
      salary_rate: 12_000,
      wp_expiry_date: isoDay(Date.now() + ((i % 400) - 60) * 86_400_000),
    }),
  );
  await insertWorkerRows(db, workers);
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  let timesheets = 0;
  for (let day = 1; day <= DAYS; day++) {
    const workDate = isoDay(today - day * 86_400_000);
    const rows: TimesheetRow[] = workers.map((worker) => ({
      id: randomUUID(),
      worker_id: worker.id,
      work_date: workDate,
      time_in: '08:00',
      time_out: '17:00',
      hours_worked: 480,
      overtime_hours: day % 3 === 0 ? 60 : 0,
      notes: null,
      created_at: old,
      updated_at: old,
    }));
    await bulkInsert(db, 'timesheets', rows);
    timesheets += rows.length;
  }
  const charges = workers.flatMap((worker, i) =>
    i % 2 === 0 ? [buildChargeRow({ worker_id: worker.id, charge_date: isoDay(today - (i % DAYS) * 86_400_000) })] : [],
  );
  await bulkInsert(db, 'admin_charges', charges);
  return { workerIds: workers.map((worker) => worker.id), timesheets };
}

interface LoadResult {
  label: string;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  rps: number;
  rssMb: number[];
  growth: number | null;
  seedMs: number;
  timesheets: number;
}

async function loadRun(label: string, databaseUrl: string | undefined): Promise<LoadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-load-'));
  const db = createDatabase({ databaseUrl, dataDir });
  await migrateToLatest(db);
  const seedStarted = performance.now();
  const { workerIds, timesheets } = await seed(db);
  const seedMs = performance.now() - seedStarted;
  await db.destroy();

  const server = new ServerProcess({
    port: await freePort(),
    dataDir,
    databaseUrl,
    logFile: path.join(dataDir, 'server.log'),
  });
  try {
    await server.start();
    const client = new ApiClient(server.origin);
    await client.setUp();
    // Last month's payslips for everyone, as after a payroll run: the payslip screens have rows to read.
    const month = new Date();
    const lastMonthEnd = isoDay(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 0));
    const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
    const run = await client.request('POST', '/api/payroll-runs', {
      pay_period_start: lastMonthStart,
      pay_period_end: lastMonthEnd,
    });
    if (run.status !== 201) throw new Error(`payroll run: ${run.status} ${await run.text()}`);

    // Writes never collide: each new timesheet takes the next (worker, day) after the seeded days.
    let next = 0;
    const pick = () => workerIds[Math.floor(Math.random() * workerIds.length)] ?? '';
    const page = (pages: number) => 1 + Math.floor(Math.random() * pages);
    const json = { 'content-type': 'application/json' };
    const get = (make: () => string): autocannon.Request => ({
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: make() }),
    });
    // Seven reads to three writes, the screens staff use most.
    const requests: autocannon.Request[] = [
      get(() => `/api/workers?page=${page(WORKERS / 25)}&pageSize=25`),
      get(() => `/api/workers?q=${['ahmad', 'first1', 'last2', 'td-10'][next % 4]}&pageSize=25`),
      get(() => '/api/workers/dashboard'),
      get(() => `/api/timesheets?page=${page(20)}&pageSize=25`),
      get(() => `/api/workers/${pick()}`),
      get(() => `/api/payslips?page=${page(WORKERS / 25)}&pageSize=25`),
      get(() => '/api/admin-charges/summary'),
      {
        method: 'POST',
        headers: json,
        setupRequest: (request) => {
          const n = next++;
          const workDate = isoDay(Date.UTC(2030, 0, 1) + Math.floor(n / workerIds.length) * 86_400_000);
          const body = {
            worker_id: workerIds[n % workerIds.length],
            work_date: workDate,
            time_in: '08:00',
            time_out: '17:30',
          };
          return { ...request, path: '/api/timesheets', body: JSON.stringify({ ...body, notes: 'load' }) };
        },
      },
      {
        method: 'POST',
        headers: json,
        setupRequest: (request) => ({
          ...request,
          path: '/api/admin-charges',
          body: JSON.stringify({
            worker_id: pick(),
            charge_date: isoDay(Date.now()),
            charge_type: 'Attendance',
            amount: '12.50',
            description: 'load test',
          }),
        }),
      },
      {
        method: 'PUT',
        headers: json,
        setupRequest: (request) => ({ ...request, path: '/api/timesheets/__last__' }),
      },
    ];
    // The last write edits a timesheet this run made (its id comes back from the POST above).
    const made: string[] = [];
    const last = requests[requests.length - 1];
    if (last) {
      last.setupRequest = (request) => {
        const id = made[Math.floor(Math.random() * made.length)];
        if (!id) return { ...request, method: 'GET', path: '/api/timesheets/summary' };
        const n = next++;
        const body = {
          worker_id: '',
          work_date: '',
          time_in: '07:00',
          time_out: `${16 + (n % 3)}:00`,
          notes: `edit ${n}`,
        };
        return { ...request, path: `/api/timesheets/${id}`, body: JSON.stringify({ ...body, ...editTarget.get(id) }) };
      };
    }
    const editTarget = new Map<string, { worker_id: string; work_date: string }>();
    const timesheetPost = requests[requests.length - 3];
    if (timesheetPost) {
      timesheetPost.onResponse = (status, body) => {
        if (status !== 201) return;
        const created = JSON.parse(body) as { id: string; worker_id: string; work_date: string };
        made.push(created.id);
        editTarget.set(created.id, { worker_id: created.worker_id, work_date: created.work_date });
      };
    }

    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(server.rssBytes() / 1024 / 1024), 1000);
    const result = await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: client.headers(),
      requests,
      timeout: 10,
    });
    clearInterval(sampler);
    if (server.unexpectedExit) throw new Error(`the server stopped during the load (${server.unexpectedExit})`);
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stats]) => `${code}x${stats.count ?? 0}`);
    if (codes.length > 0)
      console.log(`  statuses outside 2xx: ${codes.join(', ')}; server log:\n${server.logTail(10)}`);

    const settled = Math.min(...rss.slice(SETTLED_AT - 1, SETTLED_AT + 19));
    const end = Math.min(...rss.slice(-20));
    const growth = SECONDS >= SETTLED_AT + 40 ? end / settled - 1 : null;
    return {
      label,
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      rps: result.requests.average,
      rssMb: rss,
      growth,
      seedMs,
      timesheets,
    };
  } finally {
    await server.stop();
    await sleep(50);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(result: LoadResult): string[] {
  const problems: string[] = [];
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) {
    problems.push(`${result.label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  if (result.growth !== null && result.growth > MAX_GROWTH) {
    problems.push(
      `${result.label}: resident memory grew ${(result.growth * 100).toFixed(1)}% from second ${SETTLED_AT} on`,
    );
  }
  const series = result.rssMb.map((mb) => mb.toFixed(0)).join(' ');
  console.log(
    [
      `${result.label}: ${WORKERS.toLocaleString('en')} workers, ${result.timesheets.toLocaleString('en')} timesheets seeded in ${formatMs(result.seedMs)}`,
      `  ${SECONDS} s at ${CONNECTIONS} connections: ${result.requests.toLocaleString('en')} requests (${result.rps.toFixed(0)}/s), ` +
        `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
      `  latency p50 ${result.p50} ms, p90 ${result.p90} ms, p99 ${result.p99} ms, max ${result.max} ms`,
      `  server RSS MB per second: ${series}`,
      result.growth === null
        ? '  (too short to judge memory)'
        : `  RSS floor, last 20 s vs seconds ${SETTLED_AT}-${SETTLED_AT + 19}: ${(result.growth * 100).toFixed(1)}% (limit ${MAX_GROWTH * 100}%); peak ${Math.max(...result.rssMb).toFixed(0)} MB`,
    ].join('\n'),
  );
  return problems;
}

async function main(): Promise<void> {
  console.log(
    `Load test${SHORT ? ' (short)' : ''}: mixed reads and writes, ${SECONDS} s at ${CONNECTIONS} connections`,
  );
  await buildServer();
  const problems = report(await loadRun('SQLite', undefined));
  const baseUrl = postgresBaseUrl();
  if (baseUrl) {
    const url = await freshPostgresDatabase(baseUrl, PG_DATABASE);
    try {
      problems.push(...report(await loadRun(`PostgreSQL (database ${PG_DATABASE})`, url)));
    } finally {
      await dropPostgresDatabase(baseUrl, PG_DATABASE);
    }
  } else {
    console.log('PostgreSQL skipped (TEST_DATABASE_URL=skip)');
  }
  if (problems.length > 0) {
    console.error(`Load test FAILED:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Load test passed');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
