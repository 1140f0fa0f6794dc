/**
 * `npm run bench`: seeds 10,000 workers into a temporary SQLite database (and into a temporary schema
 * of PostgreSQL when DATABASE_URL is set), then times the worker screens' API calls through the whole
 * app (routing, session, SQL, serialisation) and prints ms per call and ratios measured in one run
 * (ARCHITECTURE, Quality bars: "every screen stays fast with 10,000 workers").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NATIONALITIES, PASS_TYPES, WORKER_STATUSES } from '@td/shared/options/workers';
import { addMonths, dateInTimeZone } from '@td/shared/rules/dates';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { createUser } from '../auth/auth.service.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db, migrateToLatest } from '../db/database.ts';
import type { WorkerRow } from '../db/schema.ts';
import { insertWorkerRows } from '../modules/workers/workers.repository.ts';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const TIME_ZONE = 'Asia/Singapore';

const FIRST_NAMES = ['Ahmad', 'Rahim', 'Li', 'Wei', 'Ravi', 'Kumar', 'Aung', 'Zaw', 'Nguyen', 'Somchai', 'Tan', 'Mohd'];
const LAST_NAMES = ['Karim', 'Uddin', 'Chen', 'Singh', 'Min', 'Thu', 'Van', 'Lim', 'Rahman', 'Das', 'Hossain', 'Lee'];

/** A small seeded generator, so every run measures the same data. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedRows(count: number, now: Date): WorkerRow[] {
  const random = mulberry32(42);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const today = dateInTimeZone(now, TIME_ZONE);
  const dateWithin = (fromMonths: number, toMonths: number) => {
    const from = Date.parse(`${addMonths(today, fromMonths)}T00:00:00Z`);
    const to = Date.parse(`${addMonths(today, toMonths)}T00:00:00Z`);
    return new Date(from + random() * (to - from)).toISOString().slice(0, 10);
  };
  return Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(now.getTime() - random() * 3 * 365 * 86_400_000).toISOString();
    const pass = random() < 0.8 ? 'WP' : pick(PASS_TYPES);
    return {
      id: randomUUID(),
      // Unique, spread over both id sizes as a long-lived installation would have them.
      worker_id: `TD-${i < 8000 ? 1000 + i : 10_000 + i}`,
      first_name: pick(FIRST_NAMES),
      last_name: `${pick(LAST_NAMES)}${i % 97}`,
      date_of_birth: dateWithin(-600, -240),
      nationality: pick(NATIONALITIES),
      phone_number: `+65 8${String(i).padStart(7, '0')}`,
      email: `worker${i}@example.com`,
      passport_no: `P${i}`,
      type_of_pass: pass,
      fin_no: `G${String(i).padStart(7, '0')}X`,
      wp_no: `WP${i}`,
      date_of_application: dateWithin(-40, -1),
      date_of_issuance: dateWithin(-36, 0),
      wp_expiry_date: random() < 0.9 ? dateWithin(-12, 24) : null,
      coretrade_expiry_date: pass === 'WP' ? dateWithin(-12, 24) : null,
      levy: '$300',
      coretrade: pass === 'WP' ? 'R1' : null,
      status: pick(WORKER_STATUSES),
      supplied_to_company: 'Acme Builders Pte Ltd',
      designation: null,
      rate_type: 'Daily',
      salary_rate: 12_000,
      photo_url: null,
      ipa_url: null,
      consent_letter_url: null,
      contract_url: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}

const CASES: Array<[string, string]> = [
  ['list page 1', '/api/workers?page=1&pageSize=25'],
  ['list page 200', '/api/workers?page=200&pageSize=25'],
  ['search "ahmad"', '/api/workers?q=ahmad&pageSize=25'],
  ['search "zz" (no match)', '/api/workers?q=zz&pageSize=25'],
  ['filter status+nationality', '/api/workers?status=Working&nationality=Indian&pageSize=25'],
  ['dashboard', '/api/workers/dashboard'],
  ['expiring WP (whole window)', '/api/workers/expiring-wp'],
  ['expiring WP page 1', '/api/workers/expiring-wp?page=1&pageSize=25'],
  ['expiring coretrade', '/api/workers/expiring-coretrade'],
  ['lookup (all, picker)', '/api/workers/lookup'],
];

async function bench(label: string, db: Db): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-files-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
  const seedStart = performance.now();
  await insertWorkerRows(db, seedRows(WORKERS, new Date()));
  const seedMs = performance.now() - seedStart;

  const app = await buildApp({ config, db });
  try {
    const password = randomBytes(12).toString('hex');
    await createUser(db, { name: 'Bench', email: 'bench@example.com', password }, null);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:80' },
      payload: { email: 'bench@example.com', password },
    });
    const session = login.cookies.find((cookie) => cookie.name === 'td_session');
    if (!session) throw new Error(`sign-in failed: ${login.body}`);
    const cookie = `td_session=${session.value}`;

    const results: Array<{ name: string; ms: number; rows: string }> = [];
    for (const [name, url] of CASES) {
      const call = async () => {
        const response = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        return response;
      };
      for (let i = 0; i < 3; i++) await call();
      const start = performance.now();
      let last = await call();
      for (let i = 1; i < CALLS; i++) last = await call();
      const ms = (performance.now() - start) / CALLS;
      const body = last.json() as { items?: unknown[]; total?: number };
      const rows = body.items ? `${body.items.length}${body.total !== undefined ? ` of ${body.total}` : ''}` : '-';
      results.push({ name, ms, rows });
    }

    const base = results[0]?.ms ?? 1;
    console.log(`\n${label}: ${WORKERS.toLocaleString('en')} workers seeded in ${(seedMs / 1000).toFixed(1)} s`);
    console.log(`${'call'.padEnd(30)}${'ms/call'.padStart(10)}${'x list p1'.padStart(11)}   rows`);
    for (const { name, ms, rows } of results) {
      console.log(`${name.padEnd(30)}${ms.toFixed(2).padStart(10)}${(ms / base).toFixed(2).padStart(11)}   ${rows}`);
    }
  } finally {
    await app.close(); // closes db too
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function sqliteRun(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-'));
  try {
    const db = createDatabase({ dataDir: dir, sqliteFile: 'bench.db' });
    await migrateToLatest(db);
    await bench('SQLite (temporary file)', db);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRun(databaseUrl: string): Promise<void> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
  });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  try {
    const db = createDatabase({ databaseUrl, dataDir: os.tmpdir(), postgresSchema: schema });
    await migrateToLatest(db, schema);
    await bench(`PostgreSQL (temporary schema ${schema})`, db);
  } finally {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
    await admin.destroy();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  await sqliteRun();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) await postgresRun(databaseUrl);
  else console.log('\n(PostgreSQL skipped: set DATABASE_URL=postgres://... to measure it too)');
  console.log(`\nBench finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
