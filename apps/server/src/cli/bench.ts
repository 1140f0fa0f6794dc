/**
 * `npm run bench`: seeds 10,000 workers and two months of their daily timesheets (BENCH_TIMESHEET_DAYS)
 * into a temporary SQLite database (and into a temporary schema of PostgreSQL when DATABASE_URL is
 * set), then times the worker and timesheet screens' API calls through the whole
 * app (routing, session, SQL, serialisation) and prints ms per call and ratios measured in one run
 * (ARCHITECTURE, Quality bars: "every screen stays fast with 10,000 workers").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRAINING_NAMES, TRAINING_PROVIDERS } from '@td/shared/options/training';
import { NATIONALITIES, PASS_TYPES, WORKER_STATUSES } from '@td/shared/options/workers';
import { addMonths, dateInTimeZone } from '@td/shared/rules/dates';
import { monthRange } from '@td/shared/rules/months';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { createUser } from '../auth/auth.service.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db, migrateToLatest } from '../db/database.ts';
import type { TimesheetRow, TrainingRecordRow } from '../db/schema.ts';
import { timesheetTotalsByWorker } from '../modules/timesheets/timesheets.repository.ts';
import { insertTrainingRecordRows } from '../modules/training-records/training-records.repository.ts';
import { insertWorkerRows, type WorkerSeedRow } from '../modules/workers/workers.repository.ts';
import { benchEmploymentLetters, printLetterBench } from './bench-employment-letter.ts';
import { benchPayslipPdf } from './bench-payslip-pdf.ts';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 10_000);
/** Days of timesheets for every worker, ending today (Sundays off, a few absences). */
const TIMESHEET_DAYS = Number(process.env.BENCH_TIMESHEET_DAYS ?? 62);
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

function seedRows(count: number, now: Date): WorkerSeedRow[] {
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

/** Timesheets of every worker for the last `days` days: day and night shifts, some overtime. */
async function seedTimesheets(db: Db, workers: WorkerSeedRow[], days: number, now: Date): Promise<number> {
  const random = mulberry32(7);
  const today = dateInTimeZone(now, TIME_ZONE);
  const shifts = [
    ['08:00', '17:00', 480, 0],
    ['07:30', '19:00', 480, 150],
    ['20:00', '06:00', 480, 60],
    ['08:00', '14:00', 360, 0],
  ] as const;
  const timestamp = now.toISOString();
  let batch: TimesheetRow[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.insertInto('timesheets').values(batch).execute();
    count += batch.length;
    batch = [];
  };
  for (let day = 0; day < days; day++) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) - day * 86_400_000);
    if (date.getUTCDay() === 0) continue;
    const workDate = date.toISOString().slice(0, 10);
    for (const worker of workers) {
      if (random() < 0.1) continue;
      const [time_in, time_out, hours_worked, overtime_hours] =
        shifts[Math.floor(random() * shifts.length)] ?? shifts[0];
      batch.push({
        id: randomUUID(),
        worker_id: worker.id,
        work_date: workDate,
        time_in,
        time_out,
        hours_worked,
        overtime_hours,
        notes: null,
        created_at: timestamp,
        updated_at: timestamp,
      });
      if (batch.length === 500) await flush();
    }
  }
  await flush();
  return count;
}

/** Three training records per worker, expiring from two years ago to three years ahead (or never). */
function seedTrainingRows(workers: WorkerSeedRow[], now: Date): TrainingRecordRow[] {
  const random = mulberry32(7);
  const today = Date.parse(`${dateInTimeZone(now, TIME_ZONE)}T00:00:00Z`);
  const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
  return workers.flatMap((worker, w) =>
    [0, 1, 2].map((k) => {
      const expiresIn = Math.floor(random() * 1825) - 730;
      const timestamp = new Date(now.getTime() - random() * 3 * 365 * 86_400_000).toISOString();
      return {
        id: randomUUID(),
        worker_id: worker.id,
        training_name: TRAINING_NAMES[(w + k * 7) % TRAINING_NAMES.length] ?? 'CSOC',
        training_date: day(expiresIn - 730),
        expiry_date: random() < 0.85 ? day(expiresIn) : null,
        certificate_number: `CERT-${w}-${k}`,
        training_provider: TRAINING_PROVIDERS[(w + k) % TRAINING_PROVIDERS.length] ?? null,
        notes: null,
        certificate_url: null,
        created_at: timestamp,
        updated_at: timestamp,
      };
    }),
  );
}

const CASES: Array<[string, string]> = [
  ['list page 1', '/api/workers?page=1&pageSize=25'],
  ['list page 200', '/api/workers?page=200&pageSize=25'],
  ['search "ahmad"', '/api/workers?q=ahmad&pageSize=25'],
  ['search "zz" (no match)', '/api/workers?q=zz&pageSize=25'],
  ['filter status+nationality', '/api/workers?status=Working&nationality=Indian&pageSize=25'],
  // Issue 8 item 8: the one search box also matches TD- id, FIN, passport and phone; columns sort.
  ['search FIN "g0004321"', '/api/workers?q=g0004321&pageSize=25'],
  ['search phone "80004321"', '/api/workers?q=80004321&pageSize=25'],
  ['sort by name, page 10', '/api/workers?sort=name&order=asc&page=10&pageSize=25'],
  [
    'filter pass+company',
    '/api/workers?type_of_pass=SPass&supplied_to_company=Acme%20Builders%20Pte%20Ltd&pageSize=25',
  ],
  // Issue 8 item 10: the whole list as CSV.
  ['export CSV (all workers)', '/api/workers/export'],
  ['dashboard', '/api/workers/dashboard'],
  ['expiring WP (whole window)', '/api/workers/expiring-wp'],
  ['expiring WP page 1', '/api/workers/expiring-wp?page=1&pageSize=25'],
  ['expiring coretrade', '/api/workers/expiring-coretrade'],
  ['lookup page 1 (picker, empty)', '/api/workers/lookup?pageSize=20'],
  ['lookup "ahm" (picker typing)', '/api/workers/lookup?q=ahm&pageSize=20'],
  ['lookup "TD-12" (picker by id)', '/api/workers/lookup?q=TD-12&pageSize=20'],
  ['timesheets month p1', '/api/timesheets?pageSize=25'],
  ['timesheets month p200', '/api/timesheets?page=200&pageSize=25'],
  ['timesheets name search', '/api/timesheets?q=ravi&pageSize=25'],
  ['timesheets summary (month)', '/api/timesheets/summary'],
  ['training list page 1', '/api/training-records?page=1&pageSize=25'],
  ['training search "cert-77"', '/api/training-records?q=cert-77&pageSize=25'],
  ['training Expiring Soon', '/api/training-records?status=Expiring%20Soon&pageSize=25'],
  ['training tiles (summary)', '/api/training-records/summary'],
  ['training tiles, search "ahmad"', '/api/training-records/summary?q=ahmad'],
];

async function bench(label: string, db: Db): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-files-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
  const seedStart = performance.now();
  const workers = seedRows(WORKERS, new Date());
  await insertWorkerRows(db, workers);
  await insertTrainingRecordRows(db, seedTrainingRows(workers, new Date()));
  const seedMs = performance.now() - seedStart;
  const timesheetStart = performance.now();
  const timesheets = await seedTimesheets(db, workers, TIMESHEET_DAYS, new Date());
  const timesheetMs = performance.now() - timesheetStart;
  // Filters that need a real id: one worker's month.
  const oneWorker = workers[0]?.id ?? '';
  const cases: Array<[string, string]> = [
    ...CASES,
    ['timesheets worker filter', `/api/timesheets?worker_id=${oneWorker}&pageSize=25`],
  ];

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
    for (const [name, url] of cases) {
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
      const isCsv = String(last.headers['content-type'] ?? '').startsWith('text/csv');
      const body = (isCsv ? {} : last.json()) as { items?: unknown[]; total?: number };
      const rows = isCsv
        ? `${last.body.split('\r\n').length - 2} lines, ${(last.body.length / 1024).toFixed(0)} KiB`
        : body.items
          ? `${body.items.length}${body.total !== undefined ? ` of ${body.total}` : ''}`
          : '-';
      results.push({ name, ms, rows });
    }

    // Payroll's read for a run over every worker: one GROUP BY over a month.
    const range = monthRange(dateInTimeZone(new Date(), TIME_ZONE).slice(0, 7));
    await timesheetTotalsByWorker(db, range);
    const totalsStart = performance.now();
    const totals = await timesheetTotalsByWorker(db, range);
    const totalsMs = performance.now() - totalsStart;

    const base = results[0]?.ms ?? 1;
    console.log(
      `\n${label}: ${WORKERS.toLocaleString('en')} workers (and 3 training records each) seeded in ${(seedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `${timesheets.toLocaleString('en')} timesheets (${TIMESHEET_DAYS} days) seeded in ${(timesheetMs / 1000).toFixed(1)} s`,
    );
    console.log(`${'call'.padEnd(30)}${'ms/call'.padStart(10)}${'x list p1'.padStart(11)}   rows`);
    for (const { name, ms, rows } of results) {
      console.log(`${name.padEnd(30)}${ms.toFixed(2).padStart(10)}${(ms / base).toFixed(2).padStart(11)}   ${rows}`);
    }
    console.log(
      `${'payroll totals, every worker'.padEnd(30)}${totalsMs.toFixed(2).padStart(10)}${(totalsMs / base).toFixed(2).padStart(11)}   ${totals.length} workers (repository call, once)`,
    );
    printLetterBench(await benchEmploymentLetters(app, db, cookie));
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
  await benchPayslipPdf();
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
