import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { attendanceCsv, attendanceImportAsTheScreen, IMPORT_WORKERS } from './attendance-import.ts';
import type { BareServerSetup } from './bare-server.ts';
import { BUDGETS, ENDPOINTS, endpointFigures } from './budgets.ts';
import { captureSql } from './capture-sql.ts';
import { readCpuTimes, stealShare } from './cpu-steal.ts';
import { type Figure, figure, median } from './figures.ts';
import { frontEndFigures } from './front-end-size.ts';
import { undoIfInterrupted } from './interrupt.ts';
import { lighthouseScores, medianRun } from './lighthouse.ts';
import type { LoadRequest, LoadResult } from './load-worker.ts';
import { payrollRunAsTheScreen } from './payroll-run.ts';
import {
  Client,
  currentMonth,
  fillWithDemo,
  type ProductServer,
  postgresStore,
  type Store,
  sqliteStore,
  startProduct,
  stopChild,
} from './stack.ts';

/**
 * `npm run bench` (decision 078), per database: fills two stores with the demo generator, the large set
 * and a quarter of its workers with the same months; starts the built server on each and, beside the
 * large one, a bare node:http server running the same SQL (bare-server.ts); loads every list and tile
 * endpoint on the three in alternating turns from a separate process (load-worker.ts); then, through
 * the large set's server, runs the payroll as the run screen does, times the payslip PDFs and the
 * employment letters, and runs Lighthouse. Every figure comes back beside its budget.
 */

export interface BenchOptions {
  workers: number;
  /** The growth budget's smaller set: same months, this many workers. */
  smallWorkers: number;
  months: number;
  /** Seconds of load per endpoint and target, in `slices` alternating turns (after a warm-up turn each). */
  seconds: number;
  slices: number;
  connections: number;
  letters: number;
  pdfs: number;
  databases: Array<{ kind: 'sqlite' } | { kind: 'postgres'; url: string }>;
  /** The web app's build folder; null leaves the front-end figures and Lighthouse out. */
  webDist: string | null;
  lighthouse: boolean;
  log: (line: string) => void;
}

/** Lighthouse runs per page and form factor; the figure is the median run. */
const LIGHTHOUSE_RUNS = 3;
const TSX = ['--import', 'tsx'];

/** A child process that answers over IPC; `ask` sends one message and waits for the next answer. */
function ipcChild(file: string) {
  const child = fork(file, [], { execArgv: TSX, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: Array<{ resolve(message: unknown): void; reject(error: Error): void }> = [];
  // A message that cannot be sent (the child has died) fails the waiting request, never the process.
  child.on('error', (error) => {
    for (const waiter of waiting.splice(0)) waiter.reject(error);
  });
  child.on('message', (message) => waiting.shift()?.resolve(message));
  child.once('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`${path.basename(file)} exited with ${code}`));
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve: (message) => resolve(message as T), reject });
    });
  return {
    child,
    next,
    ask<T>(message: unknown): Promise<T> {
      const answer = next<T>();
      child.send(message as object);
      return answer;
    },
  };
}

/** `50 of 1,234 rows` for a list's answer, undefined for anything else. */
function rowsOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('items' in body) || !Array.isArray(body.items)) return undefined;
  const total = 'total' in body && typeof body.total === 'number' ? ` of ${body.total.toLocaleString('en')}` : '';
  return `${body.items.length}${total} rows`;
}

const storeOf = (database: BenchOptions['databases'][number]) =>
  database.kind === 'sqlite' ? Promise.resolve(sqliteStore()) : postgresStore(database.url);

async function benchDatabase(database: BenchOptions['databases'][number], options: BenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  const name = database.kind;
  const stores: Store[] = [];
  const servers: ProductServer[] = [];
  const children: ChildProcess[] = [];
  // Every server gone before its database goes: PostgreSQL drops no database in use.
  let released: Promise<void> | undefined;
  const release = () => {
    released ??= (async () => {
      await Promise.all([...servers.map((server) => server.stop()), ...children.map(stopChild)]);
      await Promise.all(stores.map((store) => store.dispose()));
    })();
    return released;
  };
  const finished = undoIfInterrupted(release);
  try {
    const large = await storeOf(database);
    stores.push(large);
    const small = await storeOf(database);
    stores.push(small);
    const password = `bench-${randomBytes(8).toString('hex')}`;
    const loaded = await fillWithDemo(large, { workers: options.workers, months: options.months, password });
    figures.push(figure('large set: bulk load (npm run demo)', name, loaded.seconds, 's', null, loaded.counts));
    options.log(`${name}: large set loaded in ${loaded.seconds.toFixed(1)} s: ${loaded.counts}`);
    const smallLoaded = await fillWithDemo(small, { workers: options.smallWorkers, months: options.months, password });
    options.log(`${name}: small set loaded in ${smallLoaded.seconds.toFixed(1)} s: ${smallLoaded.counts}`);
    await large.settle();
    await small.settle();

    const routes = await captureSql(
      large,
      { email: loaded.email, password },
      ENDPOINTS.map((endpoint) => endpoint.url),
    );
    const server = await startProduct(large, { webDist: options.webDist });
    servers.push(server);
    const smallServer = await startProduct(small);
    servers.push(smallServer);
    const client = new Client(server.origin);
    await client.signIn(loaded.email, password);
    const smallClient = new Client(smallServer.origin);
    await smallClient.signIn(smallLoaded.email, password);
    const bare = ipcChild(path.join(import.meta.dirname, 'bare-server.ts'));
    children.push(bare.child);
    const setup: BareServerSetup = { dataDir: large.dataDir, databaseUrl: large.databaseUrl, routes };
    const barePort = (await bare.ask<{ port: number }>(setup)).port;
    const load = ipcChild(path.join(import.meta.dirname, 'load-worker.ts'));
    children.push(load.child);
    await load.next<'ready'>();

    const cpuBeforeHttp = readCpuTimes();
    for (const endpoint of ENDPOINTS) {
      const [largeRows, smallRows] = [
        rowsOf((await client.json('GET', endpoint.url)).body),
        rowsOf((await smallClient.json('GET', endpoint.url)).body),
      ];
      const request: LoadRequest = {
        targets: [
          { url: `${server.origin}${endpoint.url}`, headers: { cookie: client.cookie } },
          { url: `http://127.0.0.1:${barePort}${endpoint.url}`, headers: {} },
          { url: `${smallServer.origin}${endpoint.url}`, headers: { cookie: smallClient.cookie } },
        ],
        connections: options.connections,
        seconds: options.seconds,
        slices: options.slices,
        warmUpSeconds: Math.min(1, options.seconds / 5),
      };
      const results = await load.ask<LoadResult[] | { error: string }>(request);
      if ('error' in results) throw new Error(`${endpoint.url}: ${results.error}`);
      const [product, limit, smallProduct] = results;
      if (!product || !limit || !smallProduct) throw new Error(`${endpoint.url}: ${results.length} load results`);
      for (const [target, result] of Object.entries({ product, 'bare server': limit, 'small set': smallProduct })) {
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${endpoint.url} (${target}): ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      figures.push(
        ...endpointFigures(
          endpoint,
          name,
          { product, bare: limit, small: smallProduct },
          {
            workers: options.workers,
            smallWorkers: options.smallWorkers,
            ...(largeRows && smallRows ? { rows: { large: largeRows, small: smallRows } } : {}),
          },
        ),
      );
      options.log(
        `${name}: ${endpoint.name}: ${Math.round(product.requestsPerSecond)} req/s p99 ${product.p99.toFixed(1)} ms; ` +
          `bare ${Math.round(limit.requestsPerSecond)} req/s p99 ${limit.p99.toFixed(1)} ms; ` +
          `small set p50 ${smallProduct.p50.toFixed(1)} ms against ${product.p50.toFixed(1)} ms`,
      );
    }
    const stolen = stealShare(cpuBeforeHttp, readCpuTimes());
    if (stolen !== null) {
      figures.push(
        figure(
          'machine: CPU time taken by the hypervisor during the HTTP runs (steal)',
          name,
          stolen * 100,
          '%',
          null,
          'time this machine waited for its host: every server loses it, and runs compare less well',
        ),
      );
    }
    // The small set's server only served the growth turns.
    await smallServer.stop();

    // Every active worker's payslip for the current month (the demo leaves it without payslips).
    const run = await payrollRunAsTheScreen(client, currentMonth());
    options.log(
      `${name}: pay run of ${run.generated} payslips, ${run.requests} requests with the polling: ${run.runSeconds.toFixed(2)} s`,
    );
    figures.push(
      figure(
        `pay run as the page starts it, until Draft: ${run.generated.toLocaleString('en')} payslips`,
        name,
        run.runSeconds,
        's',
        { limit: BUDGETS.payrollRunSeconds },
        `one POST and ${run.requests - 1} polls until Draft, end to end; the POST ${Math.round(run.previewMs)} ms; ` +
          `${((run.runSeconds * 1000) / Math.max(1, run.generated)).toFixed(3)} ms a payslip`,
      ),
    );

    // Decision 091: a 2,000-worker site's month of attendance (50,000 rows), in a month five years back
    // that the demo left without timesheets, previewed and imported as the import screen sends it.
    const codes: string[] = [];
    for (let page = 1; codes.length < IMPORT_WORKERS; page += 1) {
      const list = await client.json<{ items: Array<{ worker_id: string }> }>(
        'GET',
        `/api/workers?page=${page}&pageSize=100`,
      );
      if (list.body.items.length === 0) break;
      codes.push(...list.body.items.map((worker) => worker.worker_id));
    }
    const [year, month] = currentMonth().start.split('-');
    const imported = await attendanceImportAsTheScreen(
      client,
      attendanceCsv(codes.slice(0, IMPORT_WORKERS), `${Number(year) - 5}-${month}`),
    );
    options.log(
      `${name}: attendance import of ${imported.rows} rows: preview ${imported.previewSeconds.toFixed(2)} s, import ${imported.importSeconds.toFixed(2)} s`,
    );
    for (const [label, seconds] of [
      ['preview', imported.previewSeconds],
      ['import', imported.importSeconds],
    ] as const) {
      figures.push(
        figure(`attendance import ${label}: ${imported.rows.toLocaleString('en')} rows`, name, seconds, 's', {
          limit: BUDGETS.attendanceImportSeconds,
        }),
      );
    }

    /** Median time of whole requests over HTTP, one at a time, the first tenth (at most 10) left out as warm-up. */
    const medianOf = async (urls: string[]) => {
      const times: number[] = [];
      for (const [index, url] of urls.entries()) {
        const answer = await client.send('GET', url);
        if (answer.body.length === 0) throw new Error(`${url}: empty answer`);
        if (index >= Math.min(10, urls.length / 10)) times.push(answer.ms);
      }
      return { ms: median(times), count: times.length };
    };
    const pdfs = await medianOf(run.payslipIds.slice(0, options.pdfs).map((id) => `/api/payslips/${id}/pdf`));
    figures.push(
      figure(`payslip PDF over HTTP: median of ${pdfs.count}`, name, pdfs.ms, 'ms', { limit: BUDGETS.payslipPdfMs }),
    );
    const letters = await medianOf(
      run.workerIds.slice(0, options.letters).map((id) => `/api/workers/${id}/employment-letter`),
    );
    figures.push(
      figure(`employment letter PDF over HTTP: median of ${letters.count}`, name, letters.ms, 'ms', {
        limit: BUDGETS.letterMs,
      }),
    );

    // Lighthouse last: the browser and its trace processing take both cores for a while after each run,
    // which the payroll run measured after it had to share (1.7 s against 0.7 s alone).
    if (options.lighthouse && options.webDist) {
      options.log(`${name}: Lighthouse on /login and /worker-management`);
      // The sign-in screen without a session (with one it sends the user on); the worker list signed in.
      const pages = (['mobile', 'desktop'] as const).flatMap((formFactor) => [
        { path: '/login', formFactor },
        { path: '/worker-management', formFactor, cookie: client.cookie },
      ]);
      // Lighthouse's own advice for its variance: several runs, the median. The runs alternate pages.
      const runs = await lighthouseScores(server.origin, Array.from({ length: LIGHTHOUSE_RUNS }, () => pages).flat());
      for (const page of pages) {
        const ofPage = runs.filter((one) => one.path === page.path && one.formFactor === page.formFactor);
        const result = medianRun(ofPage);
        if (new URL(result.finalUrl).pathname !== result.path)
          throw new Error(`Lighthouse on ${result.path} ended on ${result.finalUrl}`);
        figures.push(
          figure(
            `front end: Lighthouse performance ${result.path} (${result.formFactor})`,
            name,
            result.score,
            'points',
            { limit: BUDGETS.lighthouse[result.formFactor], atMost: false },
            `median of ${ofPage.length} runs (${ofPage.map((one) => one.score).join(', ')}); ` +
              `FCP ${Math.round(result.fcpMs)} ms, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, ` +
              `CLS ${result.cls.toFixed(3)}` +
              (result.findings.length > 0 ? `; ${result.findings.join(', ')}` : ''),
          ),
        );
      }
    }
    figures.push(
      figure('server resident memory, large set (peak of the whole run)', name, server.peakRssMb(), 'MB', {
        limit: BUDGETS.rssMb,
      }),
    );
  } finally {
    finished();
    await release();
  }
  return figures;
}

export async function runBench(options: BenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const database of options.databases) figures.push(...(await benchDatabase(database, options)));
  if (options.webDist) figures.push(...frontEndFigures(options.webDist));
  return figures;
}
