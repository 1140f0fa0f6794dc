/**
 * The product as users run it, driven from outside (decision 078): a database of the bench's own (a
 * temporary SQLite folder, or a PostgreSQL database made for the run), filled by `npm run demo`'s own
 * command (decision 030), and the built server, `node apps/server/dist/main.js`, started on it as a
 * child process on a free port (as apps/server/test/reliability/harness.ts starts it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { undoIfInterrupted } from './interrupt.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const DEMO_CLI = path.join(ROOT, 'apps/server/src/cli/demo.ts');
/** The server's default business time zone (README, Settings): the demo's months and the run's month. */
export const TIME_ZONE = 'Asia/Singapore';

/** A database of the bench's own, empty until `fillWithDemo`. */
export interface Store {
  database: 'sqlite' | 'postgres';
  /** DATA_DIR: the SQLite file (on SQLite), stored files, the server's log. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** After the bulk load, before anything is measured: the database's own housekeeping of the load. */
  settle(): Promise<void>;
  dispose(): Promise<void>;
}

export function sqliteStore(): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-'));
  return {
    database: 'sqlite',
    dataDir,
    databaseUrl: undefined,
    // The demo command closes its connection at the end, which checkpoints SQLite's write-ahead log
    // (about 1 GB on the large set) into the file: the server's first write no longer copies it.
    settle: async () => undefined,
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

function adminOf(url: string): Kysely<unknown> {
  return new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
}

/** A database of its own, not a schema: the server migrates and searches the default schema. */
export async function postgresStore(baseUrl: string): Promise<Store> {
  const name = `td_bench_${randomBytes(5).toString('hex')}`;
  const admin = adminOf(baseUrl);
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-'));
  return {
    database: 'postgres',
    dataDir,
    databaseUrl: url.href,
    // The load wrote about 2.5 million rows: without a checkpoint now, PostgreSQL writes them out in the
    // background during the next minutes (checkpoint_completion_target), in the HTTP runs.
    settle: async () => {
      await sql`checkpoint`.execute(admin);
    },
    // Every server of the run is stopped first (run-bench.ts); `with (force)` ends a connection a
    // killed process may have left for PostgreSQL to notice.
    dispose: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Filled {
  seconds: number;
  email: string;
  /** The demo command's own account of what it wrote (`10,000 workers (60 files), ...`). */
  counts: string;
}

/** `npm run demo -- --workers N --months M` on the store, as a child process; its account signs in. */
export async function fillWithDemo(
  store: Store,
  options: { workers: number; months: number; password: string },
): Promise<Filled> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', DEMO_CLI, '--workers', String(options.workers), '--months', String(options.months)],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: store.dataDir,
        DEMO_PASSWORD: options.password,
        BUSINESS_TIME_ZONE: TIME_ZONE,
        ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const finished = undoIfInterrupted(() => void child.kill('SIGKILL'));
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  finished();
  if (code !== 0) throw new Error(`npm run demo ended with ${code}: ${out}`);
  const email = /sign in as (\S+) with the password/.exec(out)?.[1];
  if (!email) throw new Error(`npm run demo made no account: ${out}`);
  const counts = /in [\d.]+ s: (.*)\.\n/.exec(out)?.[1] ?? '';
  return { seconds: (performance.now() - started) / 1000, email, counts };
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resident memory of a process in MB (Linux /proc), 0 when unknown. */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Ends a child process and waits for it to be gone (SIGTERM, then SIGKILL after 10 s). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

export interface ProductServer {
  child: ChildProcess;
  origin: string;
  /** The highest resident memory seen since the start, sampled every 200 ms. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

/**
 * The built server as `npm start` runs it, on the store, with its log in the store's folder. Resolves
 * once `/api/health` answers.
 */
export async function startProduct(store: Store, options: { webDist?: string | null } = {}): Promise<ProductServer> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const logFile = path.join(store.dataDir, `server-${port}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      BUSINESS_TIME_ZONE: TIME_ZONE,
      ...(options.webDist ? { WEB_DIST_DIR: options.webDist } : {}),
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    },
  });
  fs.closeSync(log);
  const finished = undoIfInterrupted(() => void child.kill('SIGKILL'));
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = String(signal ?? code);
  });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(child.pid));
  }, 200);
  const origin = `http://127.0.0.1:${port}`;
  const server: ProductServer = {
    child,
    origin,
    peakRssMb: () => Math.max(peak, rssMb(child.pid)),
    stop: async () => {
      clearInterval(sampler);
      await stopChild(child);
      finished();
    },
  };
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    if (exited) {
      await server.stop();
      throw new Error(`the server exited (${exited}) during start: ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await server.stop();
  throw new Error(`the server did not answer within 60 s; see ${logFile}`);
}

/** An HTTP client signed in as staff, sending the app's own Origin like the browser. */
export class Client {
  cookie = '';

  constructor(readonly origin: string) {}

  async signIn(email: string, password: string): Promise<void> {
    const response = await fetch(`${this.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.origin },
      body: JSON.stringify({ email, password }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('td_session='));
    if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    this.cookie = cookie.split(';')[0] ?? '';
  }

  /** One request; answers the body read whole and the milliseconds until then. Fails on a non-2xx. */
  async send(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ body: Buffer; ms: number }> {
    const started = performance.now();
    const response = await fetch(`${this.origin}${url}`, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${bytes.toString().slice(0, 500)}`);
    return { body: bytes, ms };
  }

  async json<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ body: T; ms: number }> {
    const answer = await this.send(method, url, body);
    return { body: JSON.parse(answer.body.toString()) as T, ms: answer.ms };
  }
}

/** The current month in the business time zone, as the demo leaves it without payslips. */
export function currentMonth(now = new Date()): { start: string; end: string } {
  const parts = new Intl.DateTimeFormat('en', { timeZone: TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(
    now,
  );
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  const prefix = `${year}-${String(month).padStart(2, '0')}`;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${prefix}-01`, end: `${prefix}-${String(lastDay).padStart(2, '0')}` };
}
