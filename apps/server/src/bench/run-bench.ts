import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dateInTimeZone } from '@td/shared/rules/dates';
import { monthRange } from '@td/shared/rules/months';
import { Kysely, type LogConfig, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db, migrateToLatest } from '../db/database.ts';
import { generateDemoData, prepareDemo } from '../demo/demo-data.ts';
import { createLocalFileStore } from '../files/local-file-store.ts';
import type { BareServerSetup, CapturedQuery } from './bare-server.ts';
import { readCpuTimes, stealShare } from './cpu-steal.ts';
import { type Figure, figure, median } from './figures.ts';
import { routeSizes } from './front-end-size.ts';
import { undoIfInterrupted } from './interrupt.ts';
import { lighthouseScores, medianRun } from './lighthouse.ts';
import type { LoadRequest, LoadResult } from './load-worker.ts';
import { readManifest } from './vite-manifest.ts';

/**
 * `npm run bench` (issue 15): builds the large set on each database, starts the real server on a port
 * and, beside it, a bare node:http server running the same SQL (bare-server.ts), loads both from a
 * separate process (load-worker.ts, autocannon), then times the payroll run and the PDFs through the
 * real server, and reads the front end's sizes from the Vite build. Every figure is returned beside its
 * budget; the short form (tiny data, a fraction of a second per endpoint) runs in the test suite.
 */

export interface BenchOptions {
  workers: number;
  months: number;
  /** Seconds of load per endpoint and server (after a warm-up of a fifth of it, at most 1 s). */
  seconds: number;
  /**
   * The seconds of each endpoint cut into this many turns, alternating between the product and the
   * bare server (decision 055); 1 measures each in one window, one after the other.
   */
  slices?: number;
  /** Instead of seconds, this many requests per endpoint and server without warm-up (the short form). */
  requests?: number;
  connections: number;
  databases: Array<{ kind: 'sqlite' } | { kind: 'postgres'; url: string }>;
  letters: number;
  /** The web app's build folder (its `.vite/manifest.json`); null leaves the front-end figures out. */
  webDist: string | null;
  /**
   * Lighthouse performance of /login and /worker-management (mobile and desktop) on each database's
   * large set, served by the real server from `webDist`: the full run only (about 15 s a page).
   */
  lighthouse?: boolean;
  /**
   * Node arguments that start the real server: by default its TypeScript source through tsx; the CLI
   * passes the bundle `npm start` runs (`apps/server/dist/main.js`), about 90 MB smaller in memory.
   */
  server?: string[];
  log: (line: string) => void;
}

const TIME_ZONE = 'Asia/Singapore';
const SERVER_MAIN = path.resolve(import.meta.dirname, '../main.ts');
const TSX = ['--import', 'tsx'];

/** The endpoints: lists p99 <= 20 ms, summaries and tiles p99 <= 50 ms, at 10 connections. */
export const ENDPOINTS: Array<{ name: string; url: string; kind: 'list' | 'summary' }> = [
  {
    name: 'workers: search + nationality, 50',
    url: '/api/workers?q=ahmad&nationality=Malaysian&page=1&pageSize=50',
    kind: 'list',
  },
  { name: 'workers: first page of 50', url: '/api/workers?page=1&pageSize=50', kind: 'list' },
  { name: 'workers: dashboard', url: '/api/workers/dashboard', kind: 'summary' },
  { name: 'timesheets: month list, 50', url: '/api/timesheets?page=1&pageSize=50', kind: 'list' },
  { name: 'timesheets: month summary', url: '/api/timesheets/summary', kind: 'summary' },
  { name: 'admin charges: list, 50', url: '/api/admin-charges?page=1&pageSize=50', kind: 'list' },
  { name: 'admin charges: tiles', url: '/api/admin-charges/summary', kind: 'summary' },
  { name: 'training: list, 50', url: '/api/training-records?page=1&pageSize=50', kind: 'list' },
  { name: 'training: tiles', url: '/api/training-records/summary', kind: 'summary' },
  { name: 'payslips: list, 50', url: '/api/payslips?page=1&pageSize=50', kind: 'list' },
  { name: 'payslips: tiles', url: '/api/payslips/summary', kind: 'summary' },
];

const BUDGET = {
  listP99: 20,
  summaryP99: 50,
  bareRatio: 0.5,
  payrollSeconds: 1,
  letterMs: 25,
  rssMb: 300,
  loginKb: 120,
  lighthouse: 95,
};

/** Lighthouse runs per page, form factor and database; the figure is the median run. */
const LIGHTHOUSE_RUNS = 3;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Ends a child process and waits for it to be gone (SIGTERM, then SIGKILL after 10 s). */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

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

async function startServer(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running at')) {
        child.stdout?.off('data', onData);
        // Keep draining its request log so the server never blocks on a full pipe.
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
  return { child, port };
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('td_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0] ?? '';
}

/** The SQL the product runs for each URL (session check included), from Kysely's log, in-process. */
async function captureSql(
  open: (log: (query: CapturedQuery) => void) => Db,
  dataDir: string,
  email: string,
  password: string,
): Promise<Record<string, CapturedQuery[]>> {
  let capturing: CapturedQuery[] | null = null;
  const db = open((query) => capturing?.push(query));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
  const app = await buildApp({ config, db });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:80' },
      payload: { email, password },
    });
    const session = login.cookies.find((c) => c.name === 'td_session');
    if (!session) throw new Error(`sign-in failed: ${login.body}`);
    const routes: Record<string, CapturedQuery[]> = {};
    for (const { url } of ENDPOINTS) {
      capturing = [];
      const response = await app.inject({ method: 'GET', url, headers: { cookie: `td_session=${session.value}` } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      routes[url] = capturing;
      capturing = null;
    }
    return routes;
  } finally {
    await app.close();
  }
}

const queryLogger =
  (log: (query: CapturedQuery) => void): LogConfig =>
  (event) => {
    if (event.level === 'query') log({ sql: event.query.sql, parameters: [...event.query.parameters] });
  };

interface Target {
  name: string;
  /** An empty database, migrated; `open` gives a connection to it (with an optional query log). */
  open: (log?: (query: CapturedQuery) => void) => Db;
  serverEnv: Record<string, string | undefined>;
  bare: Omit<BareServerSetup, 'routes'>;
  /** After the bulk load, before anything is measured: the database's own housekeeping of the load. */
  settle: (log: (line: string) => void) => Promise<void>;
  dispose: () => Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-'));
  const open = (log?: (query: CapturedQuery) => void) =>
    createDatabase({
      dataDir,
      sqliteFile: 'app.db',
      ...(log ? { log: queryLogger(log) } : {}),
    });
  return {
    name: 'sqlite',
    open,
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: undefined },
    bare: { sqliteFile: path.join(dataDir, 'app.db') },
    // Closing the loading connection checkpoints SQLite's write-ahead log (benchDatabase).
    settle: async () => undefined,
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Drops a database once every connection to it has closed (as backup.test.ts does): `with (force)`
 * terminates connections whose pool may not have finished closing, which raises an error in the
 * process that holds it. After 10 s the drop is forced.
 */
async function dropWhenUnused(admin: Kysely<unknown>, name: string): Promise<void> {
  for (let attempt = 1; attempt <= 100; attempt++) {
    try {
      await sql`drop database if exists ${sql.id(name)}`.execute(admin);
      return;
    } catch (error) {
      if (!/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
}

/** A database of its own (not a schema): the real server migrates and searches the default schema. */
async function postgresTarget(url: string): Promise<Target> {
  const name = `td_bench_${randomBytes(5).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-'));
  const open = (log?: (query: CapturedQuery) => void) =>
    createDatabase({
      databaseUrl: databaseUrl.href,
      dataDir,
      ...(log ? { log: queryLogger(log) } : {}),
    });
  return {
    name: 'postgres',
    open,
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl.href },
    bare: { postgresUrl: databaseUrl.href },
    // The load wrote about 2.5 million rows: without a checkpoint now, PostgreSQL writes them out in
    // the background during the next minutes (checkpoint_completion_target), in the HTTP runs.
    settle: async (log) => {
      await sql`checkpoint`.execute(admin).catch((error: unknown) => {
        log(`postgres: no checkpoint after the load (${error instanceof Error ? error.message : String(error)})`);
      });
    },
    dispose: async () => {
      await dropWhenUnused(admin, name);
      await admin.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchDatabase(target: Target, options: BenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  let db = target.open();
  const children: ChildProcess[] = [];
  // Every child gone before the database goes: a connection terminated while its pool is still
  // open raises an error in that process, and dropping a database in use needs `with (force)`.
  let released: Promise<void> | undefined;
  const release = () => {
    released ??= (async () => {
      await Promise.all(children.map(stopChild));
      await db.destroy();
      await target.dispose();
    })();
    return released;
  };
  const finished = undoIfInterrupted(release);
  try {
    await migrateToLatest(db);
    const password = `bench-${randomBytes(8).toString('hex')}`;
    const account = await prepareDemo(db, { force: false, password });
    const email = account.created?.email ?? '';
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: target.serverEnv.DATA_DIR ?? os.tmpdir() });
    const loadStart = performance.now();
    const counts = await generateDemoData(db, {
      workers: options.workers,
      months: options.months,
      timeZone: TIME_ZONE,
      company: config.company,
      store: createLocalFileStore(config.filesDir),
      actor: account.actor,
      workersWithFiles: Math.min(options.workers, 60),
    });
    // Closed and opened again, as `npm run demo` ends: SQLite checkpoints the load's write-ahead log
    // (about 1 GB) into the database file when its last connection closes. Held open, the log stayed
    // whole beside the server, and the server's first write (the payroll run) paid for copying all of
    // it: 1.8 s instead of 0.7 s.
    await db.destroy();
    await target.settle(options.log);
    db = target.open();
    const loadSeconds = (performance.now() - loadStart) / 1000;
    figures.push(
      figure(
        'large set: bulk load',
        target.name,
        loadSeconds,
        's',
        null,
        `${counts.workers.toLocaleString('en')} workers, ${counts.timesheets.toLocaleString('en')} timesheets, ` +
          `${counts.adminCharges.toLocaleString('en')} charges, ${counts.trainingRecords.toLocaleString('en')} training, ` +
          `${counts.payslips.toLocaleString('en')} payslips`,
      ),
    );
    options.log(
      `${target.name}: large set loaded in ${loadSeconds.toFixed(1)} s (${counts.timesheets.toLocaleString('en')} timesheets)`,
    );

    const routes = await captureSql(
      (log) => target.open(log),
      target.serverEnv.DATA_DIR ?? os.tmpdir(),
      email,
      password,
    );
    const server = await startServer(options.server ?? [...TSX, SERVER_MAIN], target.serverEnv);
    children.push(server.child);
    const base = `http://127.0.0.1:${server.port}`;
    const cookie = await signIn(base, email, password);
    const bare = ipcChild(path.join(import.meta.dirname, 'bare-server.ts'));
    children.push(bare.child);
    const barePort = (await bare.ask<{ port: number }>({ ...target.bare, routes })).port;
    const load = ipcChild(path.join(import.meta.dirname, 'load-worker.ts'));
    children.push(load.child);
    await load.next<'ready'>();

    let peakRss = rssMb(server.child.pid);
    const cpuBeforeHttp = readCpuTimes();
    /** The product's URL and the bare server's, loaded in alternating slices (decision 055). */
    const measure = async (path: string): Promise<[LoadResult, LoadResult]> => {
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.child.pid))), 200);
      try {
        const request: LoadRequest = {
          urls: [`${base}${path}`, `http://127.0.0.1:${barePort}${path}`],
          headers: { cookie },
          connections: options.connections,
          ...(options.requests
            ? { amount: options.requests }
            : {
                seconds: options.seconds,
                slices: options.slices ?? 1,
                warmUpSeconds: Math.min(1, options.seconds / 5),
              }),
        };
        const results = await load.ask<LoadResult[] | { error: string }>(request);
        if ('error' in results) throw new Error(`${path}: ${results.error}`);
        const [product, limit] = results;
        if (!product || !limit) throw new Error(`${path}: the load generator answered ${results.length} results`);
        for (const [name, result] of [
          ['product', product],
          ['bare server', limit],
        ] as const) {
          if (result.non2xx > 0 || result.errors > 0)
            throw new Error(`${path} (${name}): ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        }
        return [product, limit];
      } finally {
        clearInterval(sampler);
      }
    };
    for (const endpoint of ENDPOINTS) {
      const [product, limit] = await measure(endpoint.url);
      const ratio = product.requestsPerSecond / Math.max(1, limit.requestsPerSecond);
      const p99Budget = endpoint.kind === 'list' ? BUDGET.listP99 : BUDGET.summaryP99;
      figures.push(
        figure(
          `${endpoint.name}: p99`,
          target.name,
          product.p99,
          'ms',
          { limit: p99Budget },
          `p50 ${product.p50.toFixed(1)} ms; bare node:http p99 ${limit.p99.toFixed(1)} ms, p50 ${limit.p50.toFixed(1)} ms`,
        ),
        figure(
          `${endpoint.name}: throughput`,
          target.name,
          product.requestsPerSecond,
          'req/s',
          { limit: Math.round(limit.requestsPerSecond * BUDGET.bareRatio), atMost: false, words: `>= 0.5 x bare` },
          `bare node:http ${Math.round(limit.requestsPerSecond)} req/s: ${ratio.toFixed(2)} of it`,
        ),
      );
      options.log(
        `${target.name}: ${endpoint.name}: ${Math.round(product.requestsPerSecond)} req/s p99 ${product.p99.toFixed(1)} ms; bare ${Math.round(limit.requestsPerSecond)} req/s p99 ${limit.p99.toFixed(1)} ms`,
      );
    }
    figures.push(
      figure('server resident memory during the HTTP runs (peak)', target.name, peakRss, 'MB', { limit: BUDGET.rssMb }),
    );
    const stolen = stealShare(cpuBeforeHttp, readCpuTimes());
    if (stolen !== null) {
      figures.push(
        figure(
          'machine: CPU time taken by the hypervisor during the HTTP runs (steal)',
          target.name,
          stolen * 100,
          '%',
          null,
          'time this machine waited for its host: both servers lose it, and runs compare less well',
        ),
      );
    }

    // Payroll run: every active worker for the current month, through the product's own route.
    const month = monthRange(dateInTimeZone(new Date(), TIME_ZONE).slice(0, 7));
    const runStart = performance.now();
    const run = await fetch(`${base}/api/payroll-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ pay_period_start: month.from, pay_period_end: month.to }),
    });
    const runBody = (await run.json()) as { generated?: number };
    const runSeconds = (performance.now() - runStart) / 1000;
    if (!run.ok || !runBody.generated) throw new Error(`payroll run failed: ${run.status} ${JSON.stringify(runBody)}`);
    options.log(`${target.name}: payroll run of ${runBody.generated} payslips in ${runSeconds.toFixed(2)} s`);
    figures.push(
      figure(
        `payroll run: ${runBody.generated.toLocaleString('en')} payslips, one month, saved with audit`,
        target.name,
        runSeconds,
        's',
        { limit: BUDGET.payrollSeconds },
        `${((runSeconds * 1000) / runBody.generated).toFixed(3)} ms a payslip (Frappe HR's published run: 92 ms a payslip)`,
      ),
    );

    // Employment letter: whole request through the real server, one at a time, different workers.
    const workers = await db.selectFrom('workers').select('id').orderBy('worker_id').limit(options.letters).execute();
    const letterTimes: number[] = [];
    for (const [index, { id }] of workers.entries()) {
      const start = performance.now();
      const response = await fetch(`${base}/api/workers/${id}/employment-letter`, { headers: { cookie } });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok || bytes === 0) throw new Error(`employment letter ${id}: ${response.status}`);
      if (index >= Math.min(10, workers.length / 10)) letterTimes.push(performance.now() - start);
    }
    figures.push(
      figure(
        `employment letter PDF over HTTP: median of ${letterTimes.length}`,
        target.name,
        median(letterTimes),
        'ms',
        { limit: BUDGET.letterMs },
      ),
    );

    // Lighthouse last: the browser and its trace processing take both cores for a while after each run,
    // which the payroll run measured after it had to share (1.7 s against 0.7 s alone).
    if (options.lighthouse && options.webDist) {
      options.log(`${target.name}: Lighthouse on /login and /worker-management`);
      // The sign-in screen without a session (with one it sends the user on); the worker list signed in.
      const pages = (['mobile', 'desktop'] as const).flatMap((formFactor) => [
        { path: '/login', formFactor },
        { path: '/worker-management', formFactor, cookie },
      ]);
      // Lighthouse's own advice for its variance: several runs, the median. The runs alternate pages.
      const runs = await lighthouseScores(base, Array.from({ length: LIGHTHOUSE_RUNS }, () => pages).flat());
      for (const page of pages) {
        const ofPage = runs.filter((run) => run.path === page.path && run.formFactor === page.formFactor);
        const result = medianRun(ofPage);
        if (new URL(result.finalUrl).pathname !== result.path)
          throw new Error(`Lighthouse on ${result.path} ended on ${result.finalUrl}`);
        figures.push(
          figure(
            `front end: Lighthouse performance ${result.path} (${result.formFactor})`,
            target.name,
            result.score,
            'points',
            { limit: BUDGET.lighthouse, atMost: false },
            `median of ${ofPage.length} runs (${ofPage.map((run) => run.score).join(', ')}); ` +
              `FCP ${Math.round(result.fcpMs)} ms, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, ` +
              `CLS ${result.cls.toFixed(3)}` +
              (result.findings.length > 0 ? `; ${result.findings.join(', ')}` : ''),
          ),
        );
      }
    }
  } finally {
    finished();
    await release();
  }
  return figures;
}

export function frontEndFigures(webDist: string): Figure[] {
  const manifest = readManifest(webDist);
  if (!manifest) return [];
  const sizes = routeSizes(webDist, manifest);
  const login = sizes[0]?.gzipBytes ?? 0;
  return sizes.map((size) =>
    size.route === '/login'
      ? figure(
          'front end: /login JS+CSS gzipped',
          '-',
          size.gzipBytes / 1024,
          'KB',
          { limit: BUDGET.loginKb },
          `${size.files} files; brotli ${(size.brotliBytes / 1024).toFixed(1)} KB`,
        )
      : figure(
          `front end: ${size.route} JS+CSS gzipped`,
          '-',
          size.gzipBytes / 1024,
          'KB',
          null,
          `/login + ${((size.gzipBytes - login) / 1024).toFixed(1)} KB loaded lazily; brotli ${(size.brotliBytes / 1024).toFixed(1)} KB`,
        ),
  );
}

export async function runBench(options: BenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const database of options.databases) {
    const target = database.kind === 'sqlite' ? await sqliteTarget() : await postgresTarget(database.url);
    figures.push(...(await benchDatabase(target, options)));
  }
  if (options.webDist) figures.push(...frontEndFigures(options.webDist));
  return figures;
}
