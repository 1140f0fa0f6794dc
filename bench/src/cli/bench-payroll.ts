/**
 * `npm run bench:payroll`: the payroll screens on their own, without the rest of `npm run bench`. Fills
 * a store per database with the demo generator (BENCH_WORKERS, default 10,000; BENCH_MONTHS of history,
 * default 1), starts the built server on it and times, over HTTP: one worker's payslip preview, the
 * run screen's preview, the payroll run as the run screen sends it (decision 078's budget: 1.5 s), the
 * payslip list, search and tiles of the month, and marking 100 payslips paid. SQLite, then PostgreSQL
 * unless DATABASE_URL=skip.
 */

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { BUDGETS } from '../budgets.ts';
import { undoInterruptedRun } from '../interrupt.ts';
import { payrollRunAsTheScreen } from '../payroll-run.ts';
import {
  Client,
  currentMonth,
  fillWithDemo,
  postgresStore,
  ROOT,
  type Store,
  sqliteStore,
  startProduct,
} from '../stack.ts';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 10_000);
const MONTHS = Number(process.env.BENCH_MONTHS ?? 1);
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

async function bench(store: Store): Promise<void> {
  const password = `bench-${randomBytes(8).toString('hex')}`;
  const loaded = await fillWithDemo(store, { workers: WORKERS, months: MONTHS, password });
  await store.settle();
  const server = await startProduct(store);
  try {
    const client = new Client(server.origin);
    await client.signIn(loaded.email, password);
    const period = currentMonth();
    const input = { pay_period_start: period.start, pay_period_end: period.end };
    const times: Array<{ name: string; ms: number; bytes: number }> = [];
    const time = async (name: string, method: 'GET' | 'POST', url: string, body?: unknown, runs = 1) => {
      let ms = 0;
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const answer = await client.send(method, url, body);
        ms += answer.ms;
        bytes = answer.body.length;
      }
      times.push({ name, ms: ms / runs, bytes });
    };
    const workers = await client.json<{ items: Array<{ id: string }> }>('GET', '/api/workers?page=1&pageSize=1');
    const anyWorker = workers.body.items[0]?.id ?? '';
    await time('one worker preview', 'POST', '/api/payslips/preview', { worker_id: anyWorker, ...input }, 10);
    await time('run screen preview (all)', 'POST', '/api/payroll-runs/preview', input, 3);
    const run = await payrollRunAsTheScreen(client, period);
    times.push({ name: `pay run to Draft (${run.requests} requests)`, ms: run.runSeconds * 1000, bytes: 0 });
    console.log(
      `${store.database}: pay run to Draft ${run.runSeconds.toFixed(2)} s, ${run.requests} requests, ${run.progressSteps} progress step(s) seen between 0 and the whole`,
    );
    const month = period.start.slice(0, 7);
    await time('list page 1 (month)', 'GET', `/api/payslips?month=${month}&page=1&pageSize=25`, undefined, 10);
    await time('list search "ahmad"', 'GET', `/api/payslips?month=${month}&q=ahmad&pageSize=25`, undefined, 10);
    await time('summary tiles', 'GET', '/api/payslips/summary', undefined, 10);
    // Decision 082: a run's payslips are paid with the run; approving it is the next step the page takes.
    // Decision 092: a payslip over the EA s.32 cap stops the approval (409 naming them): said, not timed. The
    // demo's charges of the current month are small, so its run is within the cap.
    await time('approve the pay run', 'POST', `/api/pay-runs/${run.payRunId}/approve`).catch((error: unknown) =>
      console.log(`approval refused: ${error instanceof Error ? error.message.slice(0, 160) : String(error)}`),
    );

    console.log(`\n${store.database}: ${loaded.counts}; the run generated ${run.generated.toLocaleString('en')}`);
    console.log(`${'call'.padEnd(32)}${'ms'.padStart(10)}${'KB'.padStart(10)}`);
    for (const { name, ms, bytes } of times) {
      console.log(`${name.padEnd(32)}${ms.toFixed(1).padStart(10)}${(bytes / 1024).toFixed(0).padStart(10)}`);
    }
    const met = run.runSeconds <= BUDGETS.payrollRunSeconds ? 'met' : 'MISSED';
    console.log(`payroll run ${run.runSeconds.toFixed(2)} s: budget <= ${BUDGETS.payrollRunSeconds} s, ${met}`);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void undoInterruptedRun().finally(() => process.exit(130)));
  }
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const postgresUrl = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const stores: Array<() => Promise<Store>> = [
    async () => sqliteStore(),
    ...(postgresUrl === 'skip' ? [] : [() => postgresStore(postgresUrl)]),
  ];
  for (const open of stores) {
    const store = await open();
    try {
      await bench(store);
    } finally {
      await store.dispose();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
