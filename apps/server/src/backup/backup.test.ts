import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseUnderTest, ORIGIN } from '../../test/build-test-app.ts';
import { buildWorker, givenStoredFile, multipart, sampleFiles } from '../../test/factories.ts';
import { buildApp } from '../app.ts';
import { createUser } from '../auth/auth.service.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db, migrateToLatest } from '../db/database.ts';

/**
 * Decision 039 (docs/reliability.md, Backup and restore): `npm run backup` (the real CLI, in its own
 * process) copies the database and the stored files while the app goes on writing; `npm run restore`
 * puts the copy into a fresh installation, which must hold every write acknowledged before the backup
 * started, no half-write, every stored file its records point at, and serve them.
 */
const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../../../..');
const TSX = path.join(REPO, 'node_modules/.bin/tsx');
const postgresUrl = process.env.TEST_DATABASE_URL;

const cleanups: Array<() => Promise<void>> = [];
// Closing pools and dropping two databases can take more than the default 10 s on a busy machine.
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
}, 60_000);

async function adminQuery(text: string): Promise<void> {
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgresUrl, max: 1 }) }),
  });
  try {
    await sql.raw(text).execute(admin);
  } finally {
    await admin.destroy();
  }
}

/**
 * Drops a database once the pools that used it have gone. Not `with (force)`: terminating a connection
 * that a pool is still closing raises an error in this process after the test.
 */
async function dropDatabase(database: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(`drop database if exists ${database}`);
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface Installation {
  env: Record<string, string>;
  dataDir: string;
  /** Opens its database (not before a restore: a restore replaces the SQLite file). */
  open(): Db;
}

/** A data folder and database of its own: SQLite in the folder, or a PostgreSQL database made for it. */
async function installation(name: string): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `td-${name}-`));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (databaseUnderTest === 'postgres') {
    if (!postgresUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL suite');
    const database = `td_${name}16_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${database}`);
    cleanups.push(() => dropDatabase(database));
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const open = () => {
    const db = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    cleanups.push(() => db.destroy());
    return db;
  };
  return { env, dataDir, open };
}

/** Runs one of the npm scripts' CLIs the way `npm run backup` / `npm run restore` do. */
async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(TSX, [path.join(REPO, `apps/server/src/cli/${script}.ts`), ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', PORT: '1', LOG_LEVEL: 'warn', ...env },
  });
}

describe('npm run backup and npm run restore', () => {
  it('round trip while writes go on: the restored copy is one consistent moment, files included', async () => {
    const source = await installation('backup');
    const sourceDb = source.open();
    await migrateToLatest(sourceDb);
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: path.join(source.dataDir, 'none'), ...source.env });
    // The app keeps its own connection, so it goes on writing while the backup process reads.
    const app = await buildApp({
      config,
      db: createDatabase({ databaseUrl: source.env.DATABASE_URL, dataDir: source.dataDir }),
    });
    cleanups.push(() => app.close());
    await createUser(sourceDb, { name: 'Backup Test', email: 'b@example.com', password: 'backup test password' }, null);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'b@example.com', password: 'backup test password' },
    });
    const session = login.cookies.find((cookie) => cookie.name === 'td_session');
    const headers = { origin: ORIGIN, cookie: `td_session=${session?.value}` };

    // A write is an upload and the worker that links it: two requests, so a copy taken between them
    // holds an unlinked file (the sweeper's business), never a worker without its file.
    const acked: Array<{ id: string; url: string; at: number }> = [];
    let stop = false;
    let n = 0;
    const writer = (async () => {
      while (!stop) {
        n++;
        const pdf = Buffer.concat([sampleFiles.pdf(), Buffer.from(`% backup write ${n}\n`)]);
        const form = multipart({ kind: 'contract' }, { name: `contract-${n}.pdf`, data: pdf });
        const uploaded = await app.inject({
          method: 'POST',
          url: '/api/files',
          headers: { ...headers, ...form.headers },
          payload: form.payload,
        });
        expect(uploaded.statusCode).toBe(201);
        const url = uploaded.json().url as string;
        const created = await app.inject({
          method: 'POST',
          url: '/api/workers',
          headers,
          payload: buildWorker({ first_name: `Backup${n}`, contract_url: url }),
        });
        expect(created.statusCode).toBe(201);
        acked.push({ id: created.json().id, url, at: performance.now() });
        // Give the other process's reads a turn on a busy machine.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    while (acked.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const backupDir = path.join(source.dataDir, 'backups', 'one');
    const startedAt = performance.now();
    const ackedBefore = acked.length;
    const backup = await cli('backup', [backupDir], source.env);
    const finishedAt = performance.now();
    const duringBackup = acked.filter((write) => write.at > startedAt && write.at < finishedAt).length;
    // Writes go on a little after the backup, so the copy must be a moment, not "the latest".
    while (acked.filter((write) => write.at > finishedAt).length < 5) await new Promise((r) => setTimeout(r, 10));
    stop = true;
    await writer;
    expect(backup.stdout).toMatch(/^Backup written to .*: the (SQLite|PostgreSQL) database and \d+ stored files/);
    expect(duringBackup).toBeGreaterThan(0);
    expect(JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')).missingFiles).toEqual([]);
    // The figures docs/reliability.md quotes.
    console.info(
      `backup (${databaseUnderTest}): ${Math.round(finishedAt - startedAt)} ms for the CLI, ${duringBackup} writes acknowledged meanwhile; ${backup.stdout.trim()}`,
    );

    const target = await installation('restore');
    const restore = await cli('restore', [backupDir], target.env);
    expect(restore.stdout).toMatch(/Restored the backup of /);
    const db = target.open();
    await migrateToLatest(db);

    if (databaseUnderTest === 'sqlite') {
      const verdict = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(verdict.rows.map((row) => row.integrity_check)).toEqual(['ok']);
    }
    const workers = await db.selectFrom('workers').select(['id', 'contract_url']).execute();
    const restoredIds = new Set(workers.map((worker) => worker.id));
    // Every write acknowledged before the backup started is there; some made after it ended are not.
    for (const write of acked.slice(0, ackedBefore)) expect(restoredIds.has(write.id)).toBe(true);
    expect(acked.filter((write) => write.at > finishedAt).some((write) => !restoredIds.has(write.id))).toBe(true);
    // No half-write: each worker has its audit entry, its file record and the file itself, whole.
    const audits = await db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'worker')
      .where('action', '=', 'create')
      .execute();
    expect(new Set(audits.map((audit) => audit.entity_id))).toEqual(restoredIds);
    const files = await db.selectFrom('stored_files').select(['url', 'path', 'size_bytes']).execute();
    const filesByUrl = new Map(files.map((file) => [file.url, file]));
    for (const worker of workers) expect(filesByUrl.has(worker.contract_url ?? '')).toBe(true);
    for (const file of files) {
      expect(fs.statSync(path.join(target.dataDir, 'files', file.path)).size).toBe(file.size_bytes);
    }

    // The restored installation serves a restored file to a signed-in user.
    const restoredApp = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: path.join(target.dataDir, 'none'), ...target.env }),
      db: createDatabase({ databaseUrl: target.env.DATABASE_URL, dataDir: target.dataDir }),
    });
    cleanups.push(() => restoredApp.close());
    const again = await restoredApp.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'b@example.com', password: 'backup test password' },
    });
    const cookie = `td_session=${again.cookies.find((c) => c.name === 'td_session')?.value}`;
    const first = acked[0];
    const served = await restoredApp.inject({ method: 'GET', url: first?.url ?? '', headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('% backup write 1');
  }, 180_000);

  it('warns of a recorded file missing from the folder; refuses to restore while the server answers, and a backup of the other database kind', async () => {
    const source = await installation('refuse');
    const db = source.open();
    await migrateToLatest(db);
    // A record whose bytes are gone (removed by hand): the backup goes on, lists it and warns.
    const lost = await givenStoredFile(db, 'contract');
    // Decision 042, the store's trash: a file whose delete had not committed at the snapshot (its record
    // is in the copy, so its bytes belong in their place) and one whose delete had (left out).
    const beingDeleted = (await givenStoredFile(db, 'ipa')).replace('/api/files/', '');
    const deleted = `documents/ipa/${randomUUID()}.pdf`;
    for (const trashed of [beingDeleted, deleted]) {
      const file = path.join(source.dataDir, 'files', '.trash', trashed);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `% ${trashed}`);
    }
    const backupDir = path.join(source.dataDir, 'copy');
    const backup = await cli('backup', [backupDir], source.env);
    expect(backup.stderr).toContain('1 stored file(s) the database records were not in the files folder');
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 1,
      database: databaseUnderTest === 'sqlite' ? 'sqlite' : 'postgresql',
      storedFiles: 2,
      missingFiles: [lost.replace('/api/files/', '')],
      filesCopied: 1,
    });
    expect(fs.readFileSync(path.join(backupDir, 'files', beingDeleted), 'utf8')).toBe(`% ${beingDeleted}`);
    expect(fs.existsSync(path.join(backupDir, 'files', '.trash'))).toBe(false);
    expect(fs.existsSync(path.join(backupDir, 'files', deleted))).toBe(false);

    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: path.join(source.dataDir, 'none'), ...source.env }),
      db: createDatabase({ databaseUrl: source.env.DATABASE_URL, dataDir: source.dataDir }),
    });
    cleanups.push(() => app.close());
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = new URL(address).port;
    await expect(cli('restore', [backupDir], { ...source.env, PORT: port })).rejects.toMatchObject({
      stderr: expect.stringContaining('the server is running'),
    });

    manifest.database = databaseUnderTest === 'sqlite' ? 'postgresql' : 'sqlite';
    fs.writeFileSync(path.join(backupDir, 'manifest.json'), JSON.stringify(manifest));
    await expect(cli('restore', [backupDir], source.env)).rejects.toMatchObject({
      stderr: expect.stringContaining('the settings point at'),
    });
  }, 120_000);
});
