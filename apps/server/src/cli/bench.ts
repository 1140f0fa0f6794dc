/**
 * `npm run bench` (issue 15): builds the large set (10,000 workers, a year of daily timesheets, charges,
 * training records, payslips) on SQLite and, with DATABASE_URL (or the local test server), on
 * PostgreSQL; measures every list and tile endpoint through the real server beside a bare node:http
 * server running the same SQL, the payroll run, the PDFs, the front end's route sizes and the server's
 * memory; prints every figure beside its budget and writes them to bench/results.json.
 *
 * Lighthouse (mobile and desktop, /login and /worker-management) drives the system Chromium
 * (CHROME_PATH, default /usr/bin/chromium) against the built web app.
 *
 * BENCH_WORKERS, BENCH_MONTHS, BENCH_SECONDS (per endpoint and server, in BENCH_SLICES alternating turns), BENCH_LETTERS, BENCH_PDFS
 * shrink it; DATABASE_URL=skip leaves PostgreSQL out.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCpuTimes, stealShare } from '../bench/cpu-steal.ts';
import { type Figure, figure, formatTable } from '../bench/figures.ts';
import { undoInterruptedRun } from '../bench/interrupt.ts';
import { lighthouseUnavailable } from '../bench/lighthouse.ts';
import { runBench } from '../bench/run-bench.ts';
import { benchPayslipPdf } from './bench-payslip-pdf.ts';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Ctrl-C or SIGTERM: the servers, browser and large set of the run go too (at most 30 s to do so). */
function undoOnInterrupt(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers and removing the large set...`);
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
  if (!fs.existsSync(path.join(webDist, '.vite/manifest.json'))) {
    console.error('(front-end figures skipped: run `npm run build -w apps/web` first to measure the route sizes)');
  }
  const lighthouse = fs.existsSync(path.join(webDist, 'index.html'));
  const noBrowser = lighthouse ? lighthouseUnavailable() : null;
  if (noBrowser) {
    console.error(noBrowser);
    process.exit(1);
  }
  // The server as `npm start` runs it: the esbuild bundle (a second or so to build).
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const figures: Figure[] = await runBench({
    server: [path.join(ROOT, 'apps/server/dist/main.js')],
    workers: number('BENCH_WORKERS', 10_000),
    months: number('BENCH_MONTHS', 12),
    seconds: number('BENCH_SECONDS', 5),
    slices: number('BENCH_SLICES', 5),
    connections: 10,
    letters: number('BENCH_LETTERS', 200),
    databases: [
      { kind: 'sqlite' },
      ...(postgresUrl === 'skip' ? [] : [{ kind: 'postgres' as const, url: postgresUrl }]),
    ],
    webDist,
    lighthouse,
    log: (line) => console.error(line),
  });
  const pdf = await benchPayslipPdf(number('BENCH_PDFS', 200));
  figures.push(
    figure(
      `payslip PDF render: median of ${pdf.payslips}`,
      '-',
      pdf.medianMs,
      'ms',
      { limit: 10 },
      `p95 ${pdf.p95Ms.toFixed(2)} ms, CPU median ${pdf.cpuMedianMs.toFixed(2)} ms, ${pdf.meanKb.toFixed(1)} KB each`,
    ),
  );
  console.log(`\n${formatTable(figures)}`);
  const missed = figures.filter((f) => f.met === false);
  const stolen = stealShare(cpuAtStart, readCpuTimes());
  console.log(
    `\n${figures.filter((f) => f.met === true).length} budgets met, ${missed.length} missed; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}` +
      (stolen === null ? '; ' : `, ${(stolen * 100).toFixed(0)}% of the CPU time taken by the hypervisor; `) +
      `finished in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('Written to bench/results.json');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
