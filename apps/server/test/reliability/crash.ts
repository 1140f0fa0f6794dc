/**
 * `npm run test:crash` (decision 038; docs/reliability.md, Durability): clients write through the API of
 * the production server, a real process on a real port, while the process is killed with SIGKILL at
 * random moments. After every kill, with the server down, the database is checked: every acknowledged
 * write is there, no write is half there (each record has its audit entry and each audit entry its
 * record; a payroll run or a batch mark-as-paid is there whole or not at all), every stored file a
 * record points at is on disk, and the database itself is sound (SQLite `PRAGMA integrity_check` and
 * `foreign_key_check`; PostgreSQL `amcheck` over every B-tree index). Then the server starts again and
 * the clients go on.
 *
 * Half of the kills are aimed: they wait until a payroll run or a batch mark-as-paid is in flight and
 * land at a random moment within its usual duration, so "interrupted mid-way" is tried, not hoped for.
 *
 * `--short` (CI, part of `npm test`): fewer kills on a smaller data set. SQLite, then PostgreSQL in a
 * database of its own (`td_crash16`), unless TEST_DATABASE_URL=skip (never in CI).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHARGE_TYPES } from '@td/shared/options/admin-charges';
import { type Kysely, sql } from 'kysely';
import { createDatabase, type Db, migrateToLatest } from '../../src/db/database.ts';
import { insertWorkerRows } from '../../src/modules/workers/workers.repository.ts';
import { buildWorker, buildWorkerRow, sampleFiles } from '../factories.ts';
import { buildChargeRow } from '../payroll-factories.ts';
import { buildTimesheetRow } from '../timesheet-factories.ts';
import {
  ApiClient,
  buildServer,
  dropPostgresDatabase,
  formatMs,
  freePort,
  freshPostgresDatabase,
  percentile,
  postgresBaseUrl,
  ServerProcess,
  sleep,
} from './harness.ts';

const SHORT = process.argv.includes('--short');
const KILLS = Number(process.env.CRASH_KILLS ?? (SHORT ? 6 : 25));
/** Workers of every payroll run: the run writes this many payslips and audit entries in one transaction. */
const RUN_WORKERS = Number(process.env.CRASH_RUN_WORKERS ?? (SHORT ? 300 : 2000));
const SINGLE_WRITERS = SHORT ? 3 : 5;
/** Admin charges seeded on each run's day, moved to Deducted by the batch mark-as-paid. */
const CHARGES_PER_SLOT = 40;
/** Pause between batch iterations: bounds how many run slots a fast machine uses up. */
const BATCH_PAUSE_MS = 100;
const PG_DATABASE = 'td_crash16';

/** A write whose answer the client got (acked) or lost to the kill (unknown). */
type Outcome = 'acked' | 'unknown';
type SingleKind = 'worker' | 'timesheet' | 'admin_charge' | 'stored_file';

interface SingleWrite {
  kind: SingleKind;
  id: string;
  /** What must read back: a field of the record (FIN, date, amount, file size). */
  expect: string;
}

interface RunSlot {
  /** The run's one-day pay period; each slot has its own, so runs never overlap. */
  day: string;
  workerIds: string[];
  run?: { outcome: Outcome; ids?: string[]; ms?: number };
  markPaid?: { outcome: Outcome; ms?: number };
}

interface KillRecord {
  aimed: boolean;
  /** The batch request in flight when the process died. */
  inFlight: 'payroll run' | 'mark-paid' | null;
  /** PostgreSQL: the server's transactions that had already written (backend_xid set) at the kill. */
  writingTransactions: number | null;
  restartMs: number;
  checkMs: number;
}

class FailedCheck extends Error {}

const dayOf = (index: number) => new Date(Date.UTC(2021, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);

/** A gate the writers pass while the server is up; closed just before a kill. */
class Gate {
  private opened: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;
  isOpen = true;

  close(): void {
    this.isOpen = false;
    this.opened = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  open(): void {
    this.isOpen = true;
    this.release?.();
  }

  wait(): Promise<void> {
    return this.opened;
  }
}

async function seed(db: Db, slots: number): Promise<{ workerIds: string[]; startedAt: string }> {
  // Seeded rows are dated long before the run: the half-write checks look only at rows made by the API.
  const old = '2020-01-01T00:00:00.000Z';
  const workers = Array.from({ length: RUN_WORKERS }, () =>
    buildWorkerRow({ created_at: old, updated_at: old, rate_type: 'Daily', salary_rate: 12_000 }),
  );
  await insertWorkerRows(db, workers);
  const charges = [];
  for (let slot = 0; slot < slots; slot++) {
    for (let c = 0; c < CHARGES_PER_SLOT; c++) {
      const worker = workers[(slot * 7 + c * 13) % workers.length];
      if (!worker) continue;
      charges.push(
        buildChargeRow({
          worker_id: worker.id,
          charge_date: dayOf(slot),
          amount: 500 + c,
          status: 'Approved',
          created_at: old,
          updated_at: old,
        }),
      );
    }
  }
  for (let i = 0; i < charges.length; i += 500) {
    await db
      .insertInto('admin_charges')
      .values(charges.slice(i, i + 500))
      .execute();
  }
  // A charged worker worked that day (8 h at 120.00 a day): a payslip with a negative nett is never
  // generated (probe finding 17), so every worker of a run is paid and the counts below hold.
  const timesheets = charges.map((charge) =>
    buildTimesheetRow({
      worker_id: charge.worker_id,
      work_date: charge.charge_date,
      created_at: old,
      updated_at: old,
    }),
  );
  for (let i = 0; i < timesheets.length; i += 500) {
    await db
      .insertInto('timesheets')
      .values(timesheets.slice(i, i + 500))
      .execute();
  }
  return { workerIds: workers.map((worker) => worker.id), startedAt: new Date().toISOString() };
}

/** True for the errors a request meets when the server dies under it or is not there. */
function isConnectionError(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed|terminated|other side closed/i.test(error.message);
}

async function crashRun(label: string, databaseUrl: string | undefined): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-crash-'));
  const port = await freePort();
  const server = new ServerProcess({ port, dataDir, databaseUrl, logFile: path.join(dataDir, 'server.log') });
  const openDb = () => createDatabase({ databaseUrl, dataDir });
  // A run slot (a day) per batch iteration; the writer pauses BATCH_PAUSE_MS between iterations, so a
  // kill's window (traffic, the aimed wait, the restart) holds at most about 20 however fast the machine.
  const slotsNeeded = KILLS * 24 + 40;

  const setupDb = openDb();
  await migrateToLatest(setupDb);
  const { workerIds, startedAt } = await seed(setupDb, slotsNeeded);
  await setupDb.destroy();

  const client = new ApiClient(server.origin);
  const gate = new Gate();
  const singles: SingleWrite[] = [];
  /** Stored files deleted through the API (after their upload was acknowledged). */
  const fileDeletes: Array<{ url: string; outcome: Outcome }> = [];
  /** Kills after which an interrupted delete had left a file in the trash: [record kept, record gone]. */
  const trashAtKills = { restored: 0, removed: 0 };
  const slots: RunSlot[] = [];
  const kills: KillRecord[] = [];
  let unknownSingles = 0;
  let counter = 0;
  let stopping = false;
  let batchInFlight: 'payroll run' | 'mark-paid' | null = null;
  /** Counts batch requests sent, so an aimed kill can wait for the start of the next one. */
  let batchesStarted = 0;
  let failure: Error | undefined;

  /** Sends one write; 'unknown' when the kill took the answer, an error for any other failure. */
  async function send(make: () => Promise<Response>, expected: number): Promise<{ outcome: Outcome; body?: unknown }> {
    try {
      const response = await make();
      const text = await response.text();
      if (response.status !== expected) {
        throw new FailedCheck(`expected ${expected}, got ${response.status}: ${text.slice(0, 300)}`);
      }
      return { outcome: 'acked', body: text ? JSON.parse(text) : undefined };
    } catch (error) {
      if ((!gate.isOpen || server.unexpectedExit) && isConnectionError(error)) return { outcome: 'unknown' };
      throw error;
    }
  }

  async function singleWriter(writer: number): Promise<void> {
    while (!stopping) {
      await gate.wait();
      if (stopping) return;
      const n = counter++;
      const kind =
        (['worker', 'timesheet', 'admin_charge', 'stored_file', 'file_delete'] as const)[(n + writer) % 5] ?? 'worker';
      const workerId = workerIds[n % workerIds.length] ?? '';
      if (kind === 'worker') {
        // SPEC 5: a new worker needs an employment document, uploaded first as the form does.
        const contract = await upload(n);
        if (!contract) continue;
        const worker = buildWorker({ first_name: `Crash${n}`, contract_url: contract });
        const result = await send(() => client.request('POST', '/api/workers', worker), 201);
        if (result.outcome === 'acked')
          singles.push({ kind, id: (result.body as { id: string }).id, expect: worker.fin_no ?? '' });
        else unknownSingles++;
      } else if (kind === 'timesheet') {
        // One (worker, date) per write: the counter walks the workers, then the days of 2024.
        const workDate = new Date(Date.UTC(2024, 0, 1) + Math.floor(n / workerIds.length) * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const body = { worker_id: workerId, work_date: workDate, time_in: '08:00', time_out: '17:00', notes: '' };
        const result = await send(() => client.request('POST', '/api/timesheets', body), 201);
        if (result.outcome === 'acked')
          singles.push({ kind, id: (result.body as { id: string }).id, expect: workDate });
        else unknownSingles++;
      } else if (kind === 'admin_charge') {
        const amount = `${10 + (n % 90)}.25`;
        const body = {
          worker_id: workerId,
          charge_date: '2024-06-15',
          charge_type: CHARGE_TYPES[n % CHARGE_TYPES.length],
          amount,
          description: `crash ${n}`,
        };
        const result = await send(() => client.request('POST', '/api/admin-charges', body), 201);
        if (result.outcome === 'acked') singles.push({ kind, id: (result.body as { id: string }).id, expect: amount });
        else unknownSingles++;
      } else if (kind === 'file_delete') {
        // Decision 042: the bytes go to the trash inside the delete's transaction, out after its commit.
        const url = await upload(n);
        if (!url) continue;
        const result = await send(() => client.request('DELETE', `/api/files?url=${encodeURIComponent(url)}`), 204);
        fileDeletes.push({ url, outcome: result.outcome });
        // Deleted, or maybe deleted: no longer an upload that must read back.
        const uploaded = singles.findIndex((write) => write.id === url);
        if (uploaded >= 0) singles.splice(uploaded, 1);
        if (result.outcome === 'unknown') unknownSingles++;
      } else {
        await upload(n);
      }
    }
  }

  /** Uploads a contract PDF; answers its URL when acknowledged. */
  async function upload(n: number): Promise<string | undefined> {
    const pdf = Buffer.concat([sampleFiles.pdf(), Buffer.from(`% crash write ${n}\n`)]);
    const result = await send(() => {
      const form = new FormData();
      form.set('kind', 'contract');
      form.set('file', new Blob([pdf], { type: 'application/pdf' }), `contract-${n}.pdf`);
      return fetch(`${server.origin}/api/files`, { method: 'POST', headers: client.headers(), body: form });
    }, 201);
    if (result.outcome === 'unknown') {
      unknownSingles++;
      return undefined;
    }
    const url = (result.body as { url: string }).url;
    singles.push({ kind: 'stored_file', id: url, expect: String(pdf.byteLength) });
    return url;
  }

  async function batchWriter(): Promise<void> {
    while (!stopping) {
      await gate.wait();
      if (stopping) return;
      const slot: RunSlot = { day: dayOf(slots.length), workerIds };
      if (slots.length >= slotsNeeded) throw new Error('out of seeded run slots');
      slots.push(slot);
      batchInFlight = 'payroll run';
      batchesStarted++;
      let started = performance.now();
      const run = await send(
        () =>
          client.request('POST', '/api/payroll-runs', {
            pay_period_start: slot.day,
            pay_period_end: slot.day,
            worker_ids: workerIds,
          }),
        201,
      );
      batchInFlight = null;
      slot.run = { outcome: run.outcome };
      if (run.outcome === 'unknown') continue;
      const result = run.body as { generated: number; payslip_ids: string[] };
      slot.run = { outcome: 'acked', ids: result.payslip_ids, ms: performance.now() - started };
      if (result.generated !== workerIds.length) {
        throw new FailedCheck(`payroll run of ${slot.day} generated ${result.generated} of ${workerIds.length}`);
      }
      await gate.wait();
      if (stopping) return;
      batchInFlight = 'mark-paid';
      batchesStarted++;
      started = performance.now();
      const paid = await send(
        () => client.request('POST', '/api/payslips/mark-paid', { ids: result.payslip_ids }),
        200,
      );
      batchInFlight = null;
      slot.markPaid = {
        outcome: paid.outcome,
        ...(paid.outcome === 'acked' ? { ms: performance.now() - started } : {}),
      };
      await sleep(BATCH_PAUSE_MS);
    }
  }

  /**
   * An id compared with audit_log.entity_id (text): PostgreSQL's uuid needs the cast; SQLite's ids are
   * text already, and a cast there would keep SQLite from using the primary key.
   */
  const idText = (alias: string) => sql.raw(databaseUrl ? `cast(${alias}.id as text)` : `${alias}.id`);

  /** Every check that must hold after a crash; answers the problems found (none is a pass). */
  async function check(db: Db): Promise<string[]> {
    const problems: string[] = [];
    if (databaseUrl) {
      // amcheck verifies every B-tree index against its table's ordering rules (PostgreSQL's nearest to
      // SQLite's integrity_check); a torn index page or a wrong tuple order raises an error.
      await sql`create extension if not exists amcheck`.execute(db);
      const indexes = await sql<{ name: string }>`
        select c.relname as name from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_am a on a.oid = c.relam
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and a.amname = 'btree'`.execute(db);
      for (const { name } of indexes.rows) {
        try {
          await sql`select bt_index_check(${sql.lit(name)}::regclass, true)`.execute(db);
        } catch (error) {
          problems.push(`amcheck ${name}: ${error instanceof Error ? error.message : error}`);
        }
      }
    } else {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      const verdict = integrity.rows.map((row) => row.integrity_check).join('; ');
      if (verdict !== 'ok') problems.push(`integrity_check: ${verdict}`);
      const keys = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
      if (keys.rows.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(keys.rows.slice(0, 3))}`);
    }

    // No half-write: a record made through the API and its audit entry land together or not at all.
    const tables = [
      ['workers', 'worker'],
      ['timesheets', 'timesheet'],
      ['admin_charges', 'admin_charge'],
      ['stored_files', 'stored_file'],
      ['payslips', 'payslip'],
    ] as const;
    for (const [table, entity] of tables) {
      const orphanRows = await sql<{ n: number }>`
        select count(*) as n from ${sql.table(table)} t where t.created_at >= ${startedAt}
        and not exists (select 1 from audit_log a where a.entity = ${entity} and a.action = 'create' and a.entity_id = ${idText('t')})`.execute(
        db,
      );
      // A record deleted through the API (stored files) has a delete entry instead, and is gone.
      const orphanAudits = await sql<{ n: number }>`
        select count(*) as n from audit_log a where a.entity = ${entity} and a.action = 'create'
        and not exists (select 1 from ${sql.table(table)} t where ${idText('t')} = a.entity_id)
        and not exists (select 1 from audit_log d where d.entity = a.entity and d.action = 'delete' and d.entity_id = a.entity_id)`.execute(
        db,
      );
      const deletedRows = await sql<{ n: number }>`
        select count(*) as n from ${sql.table(table)} t where exists (
          select 1 from audit_log d where d.entity = ${entity} and d.action = 'delete' and d.entity_id = ${idText('t')})`.execute(
        db,
      );
      const rows = Number(orphanRows.rows[0]?.n ?? 0);
      const audits = Number(orphanAudits.rows[0]?.n ?? 0);
      const undeleted = Number(deletedRows.rows[0]?.n ?? 0);
      if (rows > 0) problems.push(`${rows} ${table} row(s) without their audit entry`);
      if (audits > 0) problems.push(`${audits} ${entity} audit entr(ies) without their record`);
      if (undeleted > 0) problems.push(`${undeleted} ${table} row(s) still there after their delete entry`);
    }

    // Every acknowledged single write reads back as it was sent.
    const byKind = (kind: SingleKind) => singles.filter((write) => write.kind === kind);
    const missing = async (
      kind: SingleKind,
      query: (ids: string[]) => Promise<Array<{ key: string; value: string | number }>>,
    ) => {
      const writes = byKind(kind);
      const found = new Map<string, string>();
      for (let i = 0; i < writes.length; i += 500) {
        for (const row of await query(writes.slice(i, i + 500).map((write) => write.id)))
          found.set(row.key, String(row.value));
      }
      const lost = writes.filter((write) => found.get(write.id) !== write.expect);
      if (lost.length > 0) problems.push(`${lost.length} acknowledged ${kind} write(s) missing or changed`);
    };
    await missing('worker', async (ids) =>
      (await db.selectFrom('workers').select(['id', 'fin_no']).where('id', 'in', ids).execute()).map((row) => ({
        key: row.id,
        value: row.fin_no ?? '',
      })),
    );
    await missing('timesheet', async (ids) =>
      (await db.selectFrom('timesheets').select(['id', 'work_date']).where('id', 'in', ids).execute()).map((row) => ({
        key: row.id,
        value: row.work_date,
      })),
    );
    await missing('admin_charge', async (ids) =>
      (await db.selectFrom('admin_charges').select(['id', 'amount']).where('id', 'in', ids).execute()).map((row) => ({
        key: row.id,
        value: (row.amount / 100).toFixed(2),
      })),
    );
    await missing('stored_file', async (urls) =>
      (await db.selectFrom('stored_files').select(['url', 'size_bytes']).where('url', 'in', urls).execute()).map(
        (row) => ({ key: row.url, value: row.size_bytes }),
      ),
    );
    // Every stored file a record points at is on disk, whole: in its place, or in the trash where a
    // delete the kill cut off before its commit moved it (the next start puts it back, checked below).
    const files = await db.selectFrom('stored_files').select(['path', 'size_bytes']).execute();
    const sizeOf = (file: string) => {
      try {
        return fs.statSync(file).size;
      } catch {
        return null;
      }
    };
    const trashed = new Set(listTrash());
    const badFiles = files.filter((file) => {
      const size = sizeOf(path.join(dataDir, 'files', file.path));
      if (size === null && trashed.has(file.path)) return sizeOf(path.join(trashDir, file.path)) !== file.size_bytes;
      return size !== file.size_bytes;
    });
    if (badFiles.length > 0) problems.push(`${badFiles.length} stored file(s) missing or cut short on disk`);
    const recordedPaths = new Set(files.map((file) => file.path));
    for (const file of trashed) {
      if (recordedPaths.has(file)) trashAtKills.restored++;
      else trashAtKills.removed++;
    }

    // An acknowledged delete is gone, record and bytes.
    const deletedUrls = fileDeletes.filter((del) => del.outcome === 'acked').map((del) => del.url);
    let undeleted = 0;
    for (let i = 0; i < deletedUrls.length; i += 500) {
      const urls = deletedUrls.slice(i, i + 500);
      undeleted += (await db.selectFrom('stored_files').select('url').where('url', 'in', urls).execute()).length;
    }
    const leftBytes = deletedUrls.filter((url) =>
      fs.existsSync(path.join(dataDir, 'files', url.replace('/api/files/', ''))),
    ).length;
    if (undeleted > 0) problems.push(`${undeleted} acknowledged file delete(s) still recorded`);
    if (leftBytes > 0) problems.push(`${leftBytes} acknowledged file delete(s) still on disk`);

    // A record's document link points at a stored file that exists (the upload came first).
    const dangling = await sql<{ n: number }>`
      select count(*) as n from workers w where w.contract_url is not null
      and not exists (select 1 from stored_files f where f.url = w.contract_url)`.execute(db);
    if (Number(dangling.rows[0]?.n ?? 0) > 0) problems.push(`${dangling.rows[0]?.n} worker(s) linking a missing file`);

    // A payroll run and a batch mark-as-paid are there whole or not at all (one query per table, grouped
    // by the run's day, so the checks stay quick as runs pile up).
    const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((row) => [row.day, row]));
    const payslipDays = byDay(
      (
        await sql<{ day: string; n: number; paid: number }>`
          select pay_period_start as day, count(*) as n, sum(case when status = 'Paid' then 1 else 0 end) as paid
          from payslips group by pay_period_start`.execute(db)
      ).rows,
    );
    const chargeDays = byDay(
      (
        await sql<{ day: string; n: number; deducted: number }>`
          select charge_date as day, count(*) as n, sum(case when status = 'Deducted' then 1 else 0 end) as deducted
          from admin_charges where charge_date <= ${dayOf(slotsNeeded)} group by charge_date`.execute(db)
      ).rows,
    );
    const paidAuditDays = byDay(
      (
        await sql<{ day: string; n: number }>`
          select p.pay_period_start as day, count(*) as n from audit_log a
          join payslips p on ${idText('p')} = a.entity_id
          where a.entity = 'payslip' and a.action = 'update' group by p.pay_period_start`.execute(db)
      ).rows,
    );
    for (const slot of slots) {
      if (!slot.run) continue;
      const count = Number(payslipDays.get(slot.day)?.n ?? 0);
      const paid = Number(payslipDays.get(slot.day)?.paid ?? 0);
      const expected = slot.workerIds.length;
      if (slot.run.outcome === 'acked' ? count !== expected : count !== 0 && count !== expected) {
        problems.push(`payroll run ${slot.day} (${slot.run.outcome}): ${count} of ${expected} payslips`);
        continue;
      }
      const mark = slot.markPaid?.outcome;
      const paidOk = mark === 'acked' ? paid === count : mark === 'unknown' ? paid === 0 || paid === count : paid === 0;
      if (!paidOk) problems.push(`mark-paid ${slot.day} (${mark ?? 'not sent'}): ${paid} of ${count} payslips Paid`);
      const charges = Number(chargeDays.get(slot.day)?.n ?? 0);
      const deducted = Number(chargeDays.get(slot.day)?.deducted ?? 0);
      const allPaid = count > 0 && paid === count;
      if (deducted !== (allPaid ? charges : 0)) {
        problems.push(`mark-paid ${slot.day}: ${deducted} of ${charges} charges Deducted, ${paid} payslips Paid`);
      }
      const audits = Number(paidAuditDays.get(slot.day)?.n ?? 0);
      if (audits !== paid) problems.push(`mark-paid ${slot.day}: ${audits} audit entries for ${paid} Paid payslips`);
    }
    return problems;
  }

  const trashDir = path.join(dataDir, 'files', '.trash');
  /** The files in the store's trash, as store paths. */
  function listTrash(): string[] {
    if (!fs.existsSync(trashDir)) return [];
    return (fs.readdirSync(trashDir, { recursive: true }) as string[])
      .filter((entry) => fs.statSync(path.join(trashDir, entry)).isFile())
      .map((entry) => entry.split(path.sep).join('/'));
  }

  /**
   * After a restart, before the writers go on: the start has settled the trash (decision 042), so every
   * stored file is in its place and the trash is empty.
   */
  async function checkAfterRestart(): Promise<string[]> {
    const db = openDb();
    try {
      const files = await db.selectFrom('stored_files').select(['path', 'size_bytes']).execute();
      const problems: string[] = [];
      const missing = files.filter((file) => {
        try {
          return fs.statSync(path.join(dataDir, 'files', file.path)).size !== file.size_bytes;
        } catch {
          return true;
        }
      });
      if (missing.length > 0) problems.push(`after the restart, ${missing.length} stored file(s) not in their place`);
      // Decision 087: on PostgreSQL the trash is settled by the background job of the lock's holder, which
      // runs just after the server is ready, not before it: give it a few seconds before calling it left.
      let left = listTrash();
      for (let waited = 0; left.length > 0 && waited < 10_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        left = listTrash();
      }
      if (left.length > 0) problems.push(`after the restart, ${left.length} file(s) still in the trash`);
      return problems;
    } finally {
      await db.destroy();
    }
  }

  /** Transactions of the server that had written something when it died (PostgreSQL only). */
  async function writingTransactions(db: Kysely<unknown> | undefined): Promise<number | null> {
    if (!db) return null;
    const result = await sql<{ n: number }>`
      select count(*) as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  }

  const observer = databaseUrl ? (openDb() as unknown as Kysely<unknown>) : undefined;
  const outsideStops: string[] = [];
  let stopMs = Number.NaN;
  const writers: Array<Promise<void>> = [];
  const problemsSeen: string[] = [];
  const runStarted = performance.now();
  try {
    await server.start();
    await client.setUp();
    for (let w = 0; w < SINGLE_WRITERS; w++) writers.push(singleWriter(w));
    writers.push(batchWriter());
    for (const writer of writers) writer.catch((error: Error) => (failure ??= error));

    for (let k = 1; k <= KILLS && !failure; k++) {
      const outside = () => server.unexpectedExit !== undefined;
      // Some traffic first, so every kind of write is under way, then the moment of death.
      const traffic = performance.now() + 300 + Math.random() * 1500;
      while (performance.now() < traffic && !outside() && !failure) await sleep(5);
      const aimed = k % 2 === 0;
      if (aimed) {
        // At the start of the next payroll run (or, every other time, mark-as-paid), die at a random
        // point within the usual duration of that request.
        const target = k % 4 === 2 ? 'payroll run' : 'mark-paid';
        const seen = batchesStarted;
        while (!failure && !outside() && !(batchesStarted > seen && batchInFlight === target)) await sleep(1);
        const durations = slots.flatMap((slot) =>
          target === 'mark-paid' ? (slot.markPaid?.ms ?? []) : (slot.run?.ms ?? []),
        );
        await sleep(Math.random() * (durations.length > 0 ? percentile(durations, 50) : 100));
      }
      const inFlight = batchInFlight;
      const writing = await writingTransactions(observer);
      gate.close();
      // Another program on the machine stopped the server: checked like a kill, but not counted as one.
      const stoppedOutside = server.unexpectedExit;
      await server.kill();
      // Let every request the kill cut off settle before the database is read.
      await sleep(100);

      const checkStarted = performance.now();
      const db = openDb();
      const problems = await check(db).finally(() => db.destroy());
      const checkMs = performance.now() - checkStarted;
      const what = stoppedOutside ? `outside stop (${stoppedOutside})` : `kill ${k}`;
      if (problems.length > 0) {
        problemsSeen.push(...problems.map((problem) => `after ${what}: ${problem}`));
        break;
      }
      const restartMs = await server.start();
      const afterRestart = await checkAfterRestart();
      if (afterRestart.length > 0) {
        problemsSeen.push(...afterRestart.map((problem) => `after ${what}: ${problem}`));
        break;
      }
      gate.open();
      if (stoppedOutside) {
        outsideStops.push(stoppedOutside);
        k--;
      } else {
        kills.push({ aimed, inFlight, writingTransactions: writing, restartMs, checkMs });
      }
      process.stdout.write(
        `  ${what.padEnd(7)}${aimed ? ' aimed' : '      '} ${(inFlight ?? '-').padEnd(11)}` +
          `${writing === null ? '' : ` writing tx ${writing}`}  checks passed in ${formatMs(checkMs)}, restart ${formatMs(restartMs)}\n`,
      );
    }
    stopping = true;
    gate.open();
    await Promise.allSettled(writers);

    // The restarted server serves what was acknowledged (through the API, session and all).
    if (!failure && problemsSeen.length === 0) {
      const sample = singles.filter((write) => write.kind !== 'stored_file').slice(-40);
      const urls: Record<string, string> = {
        worker: 'workers',
        timesheet: 'timesheets',
        admin_charge: 'admin-charges',
      };
      for (const write of sample) {
        const response = await client.request('GET', `/api/${urls[write.kind]}/${write.id}`);
        if (response.status !== 200) problemsSeen.push(`GET ${write.kind} ${write.id}: ${response.status}`);
      }
      const file = singles.find((write) => write.kind === 'stored_file');
      if (file) {
        const response = await fetch(`${server.origin}${file.id}`, { headers: client.headers() });
        if (response.status !== 200 || (await response.arrayBuffer()).byteLength !== Number(file.expect))
          problemsSeen.push(`GET ${file.id}: ${response.status}`);
      }
    }
    // A graceful stop (SIGTERM) is bounded even with the client's keep-alive connections open, the
    // last of which has just downloaded a stored file.
    const stopStarted = performance.now();
    await server.stop();
    stopMs = performance.now() - stopStarted;
    if (stopMs > 15_000) problemsSeen.push(`graceful stop took ${formatMs(stopMs)}`);
  } finally {
    stopping = true;
    gate.open();
    await server.stop().catch(() => undefined);
    await observer?.destroy();
  }
  if (failure) {
    console.error(server.logTail());
    throw failure;
  }

  const acked = singles.length;
  const runs = slots.filter((slot) => slot.run?.outcome === 'acked').length;
  const paid = slots.filter((slot) => slot.markPaid?.outcome === 'acked').length;
  const cutRuns = slots.filter((slot) => slot.run?.outcome === 'unknown').length;
  const cutPaid = slots.filter((slot) => slot.markPaid?.outcome === 'unknown').length;
  const runMs = slots.flatMap((slot) => slot.run?.ms ?? []);
  const restartTimes = kills.map((kill) => kill.restartMs);
  const pgWriting = kills.filter((kill) => (kill.writingTransactions ?? 0) > 0).length;
  const summary = [
    `${label}: ${kills.length} SIGKILLs (${kills.filter((kill) => kill.aimed).length} aimed at a batch request) in ${formatMs(performance.now() - runStarted)}`,
    `  acknowledged single writes: ${acked} (workers, timesheets, admin charges, file uploads); cut off by a kill: ${unknownSingles}`,
    `  file deletes: ${fileDeletes.filter((del) => del.outcome === 'acked').length} acknowledged, ${fileDeletes.filter((del) => del.outcome === 'unknown').length} cut off; ` +
      `files a kill left in the trash: ${trashAtKills.restored} with their record (put back at the restart), ${trashAtKills.removed} without (removed)`,
    `  payroll runs of ${RUN_WORKERS} payslips: ${runs} acknowledged, ${cutRuns} cut off mid-way; batch mark-as-paid: ${paid} acknowledged, ${cutPaid} cut off`,
    `  kills with a batch request in flight: ${kills.filter((kill) => kill.inFlight).length}` +
      (databaseUrl ? `; with a server transaction that had already written rows: ${pgWriting}` : ''),
    `  graceful stop (SIGTERM) at the end: ${formatMs(stopMs)}; payroll run p50 ${formatMs(percentile(runMs, 50))}; restart (start to first answer) p50 ${formatMs(percentile(restartTimes, 50))}, max ${formatMs(Math.max(0, ...restartTimes))}`,
    ...(outsideStops.length > 0
      ? [
          `  stopped by another program on the machine ${outsideStops.length} time(s) (${outsideStops.join(', ')}): checked the same way`,
        ]
      : []),
    problemsSeen.length === 0
      ? `  after every kill: all acknowledged writes present, no half-write, ${databaseUrl ? 'amcheck of every index' : 'integrity_check ok, foreign_key_check empty'}`
      : `  FAILED:\n${problemsSeen.map((problem) => `    ${problem}`).join('\n')}`,
  ];
  console.log(summary.join('\n'));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return problemsSeen;
}

async function main(): Promise<void> {
  console.log(
    `Crash test${SHORT ? ' (short)' : ''}: ${KILLS} kills per database, payroll runs of ${RUN_WORKERS} workers`,
  );
  await buildServer();
  const problems = await crashRun('SQLite', undefined);
  const baseUrl = postgresBaseUrl();
  if (baseUrl) {
    const url = await freshPostgresDatabase(baseUrl, PG_DATABASE);
    try {
      problems.push(...(await crashRun(`PostgreSQL (database ${PG_DATABASE})`, url)));
    } finally {
      await dropPostgresDatabase(baseUrl, PG_DATABASE);
    }
  } else {
    console.log('PostgreSQL skipped (TEST_DATABASE_URL=skip)');
  }
  if (problems.length > 0) {
    console.error(`Crash test FAILED: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('Crash test passed');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
