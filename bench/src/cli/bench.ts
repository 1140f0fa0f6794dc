/**
 * `npm run bench` (decision 078): on SQLite and, with DATABASE_URL (or the local test server), on
 * PostgreSQL, fills the large set (10,000 workers, a year of daily timesheets, charges, training
 * records, payslips) and a quarter-size set with the same months, drives the built server on each from
 * outside beside a bare node:http server running the same SQL, and prints every figure beside its
 * budget; bench/results.json keeps them.
 *
 * Lighthouse (mobile and desktop, /login and /worker-management) drives the system Chromium
 * (CHROME_PATH, default /usr/bin/chromium) against the built web app.
 *
 * BENCH_WORKERS, BENCH_SMALL_WORKERS (a quarter by default), BENCH_MONTHS, BENCH_SECONDS (per endpoint
 * and target, in BENCH_SLICES alternating turns), BENCH_LETTERS and BENCH_PDFS shrink it;
 * DATABASE_URL=skip leaves PostgreSQL out; BENCH_LIGHTHOUSE=skip leaves Lighthouse out.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCpuTimes, stealShare } from '../cpu-steal.ts';
import { type Figure, formatTable } from '../figures.ts';
import { undoInterruptedRun } from '../interrupt.ts';
import { lighthouseUnavailable } from '../lighthouse.ts';
import { runBench } from '../run-bench.ts';
import { ROOT } from '../stack.ts';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Ctrl-C or SIGTERM: the servers, browser and data sets of the run go too (at most 30 s to do so). */
function undoOnInterrupt(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers and removing the data sets...`);
      setTimeout(() => process.exit(130), 30_000).unref();
      void undoInterruptedRun().finally(() => process.exit(130));
    });
  }
}

async function main(): Promise<void> {
  undoOnInterrupt();
  const started = performance.now();
  const cpuAtStart = readCpuTimes();
  const postgresUrl = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const webDist = path.join(ROOT, 'apps/web/dist');
  const webBuilt = fs.existsSync(path.join(webDist, '.vite/manifest.json'));
  if (!webBuilt) console.error('(front-end figures and Lighthouse skipped: run `npm run build` first)');
  const lighthouse = webBuilt && process.env.BENCH_LIGHTHOUSE !== 'skip';
  const noBrowser = lighthouse ? lighthouseUnavailable() : null;
  if (noBrowser) {
    console.error(noBrowser);
    process.exit(1);
  }
  // The server as `npm start` runs it: its bundle, rebuilt so that it is this tree's (a second or so).
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const workers = number('BENCH_WORKERS', 10_000);
  const figures: Figure[] = await runBench({
    workers,
    smallWorkers: number('BENCH_SMALL_WORKERS', Math.round(workers / 4)),
    months: number('BENCH_MONTHS', 12),
    seconds: number('BENCH_SECONDS', 5),
    slices: number('BENCH_SLICES', 5),
    connections: 10,
    letters: number('BENCH_LETTERS', 200),
    pdfs: number('BENCH_PDFS', 200),
    databases: [
      { kind: 'sqlite' },
      ...(postgresUrl === 'skip' ? [] : [{ kind: 'postgres' as const, url: postgresUrl }]),
    ],
    webDist: webBuilt ? webDist : null,
    lighthouse,
    log: (line) => console.error(line),
  });
  console.log(`\n${formatTable(figures)}`);
  const missed = figures.filter((f) => f.met === false);
  const stolen = stealShare(cpuAtStart, readCpuTimes());
  console.log(
    `\n${figures.filter((f) => f.met === true).length} budgets met, ${missed.length} missed; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}` +
      (stolen === null ? '; ' : `, ${(stolen * 100).toFixed(0)}% of the CPU time taken by the hypervisor; `) +
      `finished in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  fs.writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('Written to bench/results.json');
  if (missed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
