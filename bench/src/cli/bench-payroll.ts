/**
 * `npm run bench:payroll`: seeds 10,000 workers with a month of daily timesheets (about 260,000 rows)
 * and admin charges into a temporary SQLite file (and a temporary PostgreSQL schema when DATABASE_URL is
 * set), then times the payroll run and the payslip screens' calls through the whole app. Issue 12's
 * budget: a payroll run for 10,000 workers in at most 1 s.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { createUser } from '../auth/auth.service.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db, migrateToLatest } from '../db/database.ts';
import type { AdminChargeRow, TimesheetRow } from '../db/schema.ts';
import { insertWorkerRows, type WorkerSeedRow } from '../modules/workers/workers.repository.ts';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 10_000);
const PERIOD = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };
const ORIGIN = 'http://localhost:80';

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertInChunks<T>(db: Db, table: 'timesheets' | 'admin_charges', rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

async function seed(db: Db): Promise<{ workers: number; timesheets: number; charges: number }> {
  const random = mulberry32(12);
  const stamp = new Date().toISOString();
  const rateTypes = ['Hourly', 'Daily', 'Monthly'] as const;
  const workers: WorkerSeedRow[] = Array.from({ length: WORKERS }, (_, i) => {
    const rateType = rateTypes[i % 3] ?? 'Daily';
    return {
      id: randomUUID(),
      worker_id: `TD-${10_000 + i}`,
      first_name: `Worker${i % 500}`,
      last_name: `Bench${i}`,
      date_of_birth: '1990-01-01',
      nationality: 'Indian',
      phone_number: null,
      email: `worker${i}@example.com`,
      passport_no: `P${i}`,
      type_of_pass: 'WP',
      fin_no: `G${String(i).padStart(7, '0')}X`,
      wp_no: `WP${i}`,
      date_of_application: null,
      date_of_issuance: null,
      wp_expiry_date: null,
      coretrade_expiry_date: null,
      levy: '$300',
      coretrade: 'R1',
      status: i % 20 === 0 ? 'Terminated' : 'Working',
      supplied_to_company: null,
      designation: null,
      rate_type: rateType,
      salary_rate: rateType === 'Monthly' ? 185_000 : rateType === 'Daily' ? 9_500 : 1_235,
      photo_url: null,
      ipa_url: null,
      consent_letter_url: null,
      contract_url: null,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  await insertWorkerRows(db, workers);

  const timesheets: TimesheetRow[] = [];
  const charges: AdminChargeRow[] = [];
  for (const worker of workers) {
    for (let day = 1; day <= 31; day++) {
      // Six working days a week (SPEC 9 contract terms): Sundays off.
      if (new Date(Date.UTC(2025, 2, day)).getUTCDay() === 0) continue;
      timesheets.push({
        id: randomUUID(),
        worker_id: worker.id,
        work_date: `2025-03-${String(day).padStart(2, '0')}`,
        time_in: '08:00',
        time_out: '18:00',
        hours_worked: 480,
        overtime_hours: 15 * Math.floor(random() * 9),
        notes: null,
        created_at: stamp,
        updated_at: stamp,
      });
    }
    if (random() < 0.3) {
      charges.push({
        id: randomUUID(),
        worker_id: worker.id,
        charge_date: `2025-03-${String(1 + Math.floor(random() * 31)).padStart(2, '0')}`,
        charge_type: 'Attendance',
        amount: 1_000 + Math.floor(random() * 10_000),
        description: null,
        status: 'Approved',
        approved_by: 'Bench',
        approved_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      });
    }
  }
  await insertInChunks(db, 'timesheets', timesheets, 2_000);
  await insertInChunks(db, 'admin_charges', charges, 2_000);
  return { workers: workers.length, timesheets: timesheets.length, charges: charges.length };
}

async function bench(label: string, db: Db): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-files-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
  const seedStart = performance.now();
  const seeded = await seed(db);
  const seedMs = performance.now() - seedStart;
  const app = await buildApp({ config, db });
  try {
    const password = randomBytes(12).toString('hex');
    await createUser(db, { name: 'Bench', email: 'bench@example.com', password }, null);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'bench@example.com', password },
    });
    const session = login.cookies.find((cookie) => cookie.name === 'td_session');
    if (!session) throw new Error(`sign-in failed: ${login.body}`);
    const headers = { cookie: `td_session=${session.value}`, origin: ORIGIN };

    const time = async (name: string, method: 'GET' | 'POST', url: string, payload?: object, runs = 1) => {
      let ms = 0;
      let body = '';
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        ms += performance.now() - start;
        if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        body = response.body;
      }
      return { name, ms: ms / runs, bytes: body.length, body };
    };

    const anyWorker = await db.selectFrom('workers').select('id').executeTakeFirstOrThrow();
    const results = [
      await time('one worker preview', 'POST', '/api/payslips/preview', { worker_id: anyWorker.id, ...PERIOD }, 10),
      await time('payroll run preview (all)', 'POST', '/api/payroll-runs/preview', PERIOD, 3),
    ];
    const run = await time('payroll run (all, 1 request)', 'POST', '/api/payroll-runs', PERIOD);
    results.push(run);
    const generated = (JSON.parse(run.body) as { generated: number }).generated;
    results.push(
      await time('list page 1 (month)', 'GET', '/api/payslips?month=2025-03&page=1&pageSize=25', undefined, 10),
      await time('list search "bench12"', 'GET', '/api/payslips?q=bench12&pageSize=25', undefined, 10),
      await time('summary tiles', 'GET', '/api/payslips/summary', undefined, 10),
    );
    const ids = (await db.selectFrom('payslips').select('id').limit(100).execute()).map((row) => row.id);
    results.push(await time('mark 100 paid (batch)', 'POST', '/api/payslips/mark-paid', { ids }));

    console.log(
      `\n${label}: ${seeded.workers.toLocaleString('en')} workers, ${seeded.timesheets.toLocaleString('en')} timesheets, ` +
        `${seeded.charges.toLocaleString('en')} charges seeded in ${(seedMs / 1000).toFixed(1)} s; run generated ${generated.toLocaleString('en')}`,
    );
    console.log(`${'call'.padEnd(32)}${'ms'.padStart(10)}${'KB'.padStart(10)}`);
    for (const { name, ms, bytes } of results) {
      console.log(`${name.padEnd(32)}${ms.toFixed(1).padStart(10)}${(bytes / 1024).toFixed(0).padStart(10)}`);
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-'));
  try {
    const db = createDatabase({ dataDir: dir, sqliteFile: 'bench.db' });
    await migrateToLatest(db);
    await bench('SQLite (temporary file)', db);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\n(PostgreSQL skipped: set DATABASE_URL=postgres://... to measure it too)');
    return;
  }
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
