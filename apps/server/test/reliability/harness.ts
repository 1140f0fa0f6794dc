/**
 * What the reliability runs (crash, load) share: the production server as a real process on a real
 * port, a database of their own (a temporary SQLite folder, or a PostgreSQL database made for the run),
 * and an HTTP client that signs in as staff and sends the app's own Origin like the browser does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
const SERVER_ENTRY = path.join(SERVER_DIR, 'dist/main.js');
const GC_REPORT_PRELOAD = path.join(import.meta.dirname, 'gc-report.cjs');

/** The PostgreSQL server the tests use (`TEST_DATABASE_URL`), or undefined when told to skip it. */
export function postgresBaseUrl(): string | undefined {
  const requested = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (requested === 'skip') {
    if (process.env.CI === 'true') throw new Error('CI=true: TEST_DATABASE_URL=skip is not allowed in CI.');
    return undefined;
  }
  return requested;
}

/** The same server, another database. */
export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(baseUrl: string, run: (admin: Kysely<unknown>) => Promise<T>): Promise<T> {
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: baseUrl, max: 1 }) }),
  });
  try {
    return await run(admin);
  } finally {
    await admin.destroy();
  }
}

/**
 * A PostgreSQL database of the run's own name (`td_crash16`...), made empty: other suites use schemas
 * of the shared `test` database, and Kysely's migrator looks at every schema of a database.
 */
export async function freshPostgresDatabase(baseUrl: string, name: string): Promise<string> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  await withAdmin(baseUrl, async (admin) => {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    await sql`create database ${sql.id(name)}`.execute(admin);
  });
  return databaseUrlFor(baseUrl, name);
}

export async function dropPostgresDatabase(baseUrl: string, name: string): Promise<void> {
  await withAdmin(baseUrl, (admin) => sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin));
}

/**
 * Bundles the server exactly as `npm run build` does (apps/server/build.ts), so the runs exercise the
 * production artefact and a restart costs node's start, not a TypeScript compile.
 */
export async function buildServer(): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'build.ts'], SERVER_DIR);
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`build did not produce ${SERVER_ENTRY}`);
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${code}`))));
  });
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Server output is appended here (it is shown when something fails). */
  logFile: string;
  env?: Record<string, string>;
  /**
   * Preloads `gc-report.cjs` with `--expose-gc`, so `collectGarbage()` can measure the memory left
   * after a full collection (the load run; the server's own code is unchanged).
   */
  gcReport?: boolean;
}

/** Memory of the server right after a full garbage collection, in MB. */
export interface RetainedMemory {
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
}

/** Servers started here, stopped when the run itself is interrupted (Ctrl-C, timeout). */
const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

/** The server as users run it (`npm start`): `node` with its flags, `apps/server/dist/main.js`, settings in the environment. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  readonly origin: string;
  /**
   * How the server ended when nobody here asked it to (`SIGTERM`, `exit code 1`): on a shared machine
   * another program may signal it, and the runs must tell that apart from what they test.
   */
  unexpectedExit: string | undefined;

  constructor(private readonly options: ServerOptions) {
    this.origin = `http://127.0.0.1:${options.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server and resolves once `/api/health` answers; returns the milliseconds it took. */
  async start(timeoutMs = 60_000): Promise<number> {
    const started = performance.now();
    const log = fs.openSync(this.options.logFile, 'a');
    const gcArgs = this.options.gcReport ? ['--expose-gc', '--require', GC_REPORT_PRELOAD] : [];
    const child = spawn(process.execPath, [...gcArgs, SERVER_ENTRY], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.options.dataDir,
        WEB_DIST_DIR: path.join(this.options.dataDir, 'no-web-app'),
        LOG_LEVEL: 'warn',
        ...(this.options.databaseUrl ? { DATABASE_URL: this.options.databaseUrl } : {}),
        ...(this.options.gcReport ? { GC_REPORT_FILE: this.gcReportFile } : {}),
        ...this.options.env,
      },
    });
    fs.closeSync(log);
    this.child = child;
    running.add(child);
    this.stopping = false;
    this.unexpectedExit = undefined;
    let exited: string | undefined;
    child.once('exit', (code, signal) => {
      running.delete(child);
      exited = `exited (${signal ?? code})`;
      if (!this.stopping) this.unexpectedExit = signal ?? `exit code ${code}`;
    });
    while (performance.now() - started < timeoutMs) {
      if (exited) throw new Error(`server ${exited} during start; see ${this.options.logFile}`);
      try {
        const response = await fetch(`${this.origin}/api/health`);
        if (response.ok) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(25);
    }
    throw new Error(`server did not answer within ${timeoutMs} ms; see ${this.options.logFile}`);
  }

  /** SIGKILL: no shutdown hook runs, open transactions die with the process. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.stopping = true;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  /** SIGTERM and wait: the graceful stop of main.ts. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.stopping = true;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  }

  private get gcReportFile(): string {
    return `${this.options.logFile}.gc.jsonl`;
  }

  /** Makes the server (started with `gcReport`) collect all garbage, and answers what memory is left. */
  async collectGarbage(timeoutMs = 15_000): Promise<RetainedMemory> {
    if (!this.options.gcReport || !this.child?.pid) throw new Error('the server was not started with gcReport');
    const reports = () => (fs.existsSync(this.gcReportFile) ? fs.readFileSync(this.gcReportFile, 'utf8') : '');
    const before = reports().split('\n').filter(Boolean).length;
    this.child.kill('SIGUSR2');
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      const lines = reports().split('\n').filter(Boolean);
      if (lines.length > before) {
        const { rss, heapUsed, external } = JSON.parse(lines[lines.length - 1] ?? '{}') as Record<string, number>;
        const mb = (bytes: number | undefined) => (bytes ?? Number.NaN) / 1024 / 1024;
        return { rssMb: mb(rss), heapUsedMb: mb(heapUsed), externalMb: mb(external) };
      }
      await sleep(20);
    }
    throw new Error('the server did not report its memory after a garbage collection');
  }

  /** Resident memory of the server process in bytes (Linux /proc). */
  rssBytes(): number {
    const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (!kib) throw new Error('VmRSS not found');
    return Number(kib) * 1024;
  }

  logTail(lines = 30): string {
    try {
      return fs.readFileSync(this.options.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A staff member's browser: the session cookie and the app's own Origin on every request. */
export class ApiClient {
  cookie = '';

  constructor(readonly origin: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { origin: this.origin, ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    return fetch(`${this.origin}${url}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** Signs in to an existing account and keeps its session cookie. */
  async signIn(email: string, password: string): Promise<void> {
    const response = await this.request('POST', '/api/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
    this.keepSession(response);
  }

  private keepSession(response: Response): void {
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('td_session='));
    if (!cookie) throw new Error('no session cookie');
    this.cookie = cookie.split(';')[0] ?? '';
  }

  /** Creates the first account (an empty installation) and keeps its session cookie. */
  async setUp(email = 'reliability@example.com', password = 'reliability test password'): Promise<void> {
    const response = await this.request('POST', '/api/auth/setup', { name: 'Reliability Run', email, password });
    if (response.status !== 201) throw new Error(`first account: ${response.status} ${await response.text()}`);
    this.keepSession(response);
  }
}

/** `12.3 s`, `850 ms`. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
