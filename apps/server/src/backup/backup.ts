import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { TRASH_FOLDER } from '../files/local-file-store.ts';

/**
 * `npm run backup` and `npm run restore` (decision 039): a consistent copy of the database
 * and the stored files, taken while the app runs, and the way back.
 *
 * The database copy is one snapshot: SQLite's online backup API (better-sqlite3 `backup()`, which
 * starts over if another connection writes during the copy, so what it writes is one committed state),
 * or `pg_dump` of an exported snapshot. The files are copied before and after the snapshot: an upload
 * writes its file before its record commits and files never change once written (random names), so
 * every file the snapshot points at is either in the first pass or still on disk in the second. The
 * backup then checks it: a `stored_files` row of the snapshot without its file in the copy is listed
 * in the manifest (`missingFiles`) and reported.
 */

const run = promisify(execFile);

export const MANIFEST_FILE = 'manifest.json';
const SQLITE_COPY = 'database.sqlite';
const POSTGRES_DUMP = 'database.pgdump';
const FILES_DIR = 'files';

export interface BackupSource {
  /** `postgres://...`, or undefined for the SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  filesDir: string;
  /**
   * Decision 087: the S3 store when `FILES_DRIVER=s3`. The files are then the bucket's objects the database
   * points at (read after the snapshot: objects never change once written), and a restore puts them back
   * into the bucket; `filesDir` is not used.
   */
  bucket?: FileStore | undefined;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgresql';
  /** Rows of `stored_files` in the database copy. */
  storedFiles: number;
  /** Paths of those rows whose file was in the files folder neither before nor after the snapshot. */
  missingFiles: string[];
  /** Files copied (orphans included: the sweeper removes them after a restore as it would have). */
  filesCopied: number;
  bytes: number;
  /** Last migration applied in the copy; a restore into a newer app migrates it forward at start. */
  migration: string | null;
  ms: number;
}

export class BackupError extends Error {}

/** Every file under `root`, as forward-slash paths relative to it. */
async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), relative);
      else if (entry.isFile()) found.push(relative);
    }
  }
  await walk(root, '');
  return found;
}

/** Copies `from` to `to`; answers its size, or null when `from` is gone. */
async function copyOne(from: string, to: string): Promise<number | null> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.copyFile(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return (await fs.stat(to)).size;
}

/**
 * Copies the files of `from` not yet in `to`; a file removed meanwhile is skipped (the check decides).
 * The store's trash is left out: what it holds is being deleted (decision 042).
 */
async function copyNewFiles(from: string, to: string, copied: Set<string>): Promise<number> {
  let bytes = 0;
  for (const relative of await listFiles(from)) {
    if (copied.has(relative) || relative.split('/')[0] === TRASH_FOLDER) continue;
    const size = await copyOne(path.join(from, relative), path.join(to, relative));
    if (size === null) continue;
    copied.add(relative);
    bytes += size;
  }
  return bytes;
}

/**
 * A file the snapshot records but the folder held neither before nor after it may be in the trash: its
 * delete had moved it there and had not committed when the snapshot was taken (decision 042). In the
 * copy it belongs in its place, since the copy's record stands. Answers the bytes copied.
 */
async function copyFromTrash(from: string, to: string, wanted: string[], copied: Set<string>): Promise<number> {
  let bytes = 0;
  for (const relative of wanted) {
    const size = await copyOne(path.join(from, TRASH_FOLDER, relative), path.join(to, relative));
    if (size === null) continue;
    copied.add(relative);
    bytes += size;
  }
  return bytes;
}

interface Snapshot {
  storedPaths: string[];
  migration: string | null;
}

async function snapshotSqlite(source: BackupSource, target: string): Promise<Snapshot> {
  const live = path.join(source.dataDir, SQLITE_FILE);
  const copy = path.join(target, SQLITE_COPY);
  try {
    await fs.access(live);
  } catch {
    throw new BackupError(`there is no database at ${live}: check DATA_DIR (or set DATABASE_URL)`);
  }
  const db = new SQLite(live, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Larger steps than the default 100 pages: fewer chances for a writer to force a restart.
    await db.backup(copy, { progress: ({ remainingPages }) => Math.max(1000, remainingPages) });
  } finally {
    db.close();
  }
  const check = new SQLite(copy, { fileMustExist: true });
  try {
    const verdict = check.pragma('integrity_check', { simple: true });
    if (verdict !== 'ok') throw new BackupError(`the database copy failed its integrity check: ${verdict}`);
    // A self-contained file: no -wal beside it, whatever the live database's journal mode.
    check.pragma('journal_mode = DELETE');
    const storedPaths = (check.prepare('select path from stored_files').all() as Array<{ path: string }>).map(
      (row) => row.path,
    );
    const last = check.prepare('select name from kysely_migration order by name desc limit 1').get() as
      | { name: string }
      | undefined;
    return { storedPaths, migration: last?.name ?? null };
  } finally {
    check.close();
  }
}

async function snapshotPostgres(databaseUrl: string, target: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // pg_dump reads the exported snapshot, so the dump and the list of stored files are one moment.
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id;
    if (!snapshot) throw new BackupError('PostgreSQL did not export a snapshot');
    const storedPaths = (await client.query<{ path: string }>('select path from stored_files')).rows.map(
      (row) => row.path,
    );
    const last = await client.query<{ name: string }>('select name from kysely_migration order by name desc limit 1');
    await pgTool('pg_dump', [
      '--format=custom',
      `--snapshot=${snapshot}`,
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(target, POSTGRES_DUMP)}`,
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('commit');
    return { storedPaths, migration: last.rows[0]?.name ?? null };
  } finally {
    await client.end();
  }
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as { code?: string | number; stderr?: string };
    if (code === 'ENOENT') {
      throw new BackupError(`${tool} was not found: install the PostgreSQL client (apt-get install postgresql-client)`);
    }
    throw new BackupError(`${tool} failed: ${(stderr ?? String(error)).trim()}`);
  }
}

/**
 * Writes a backup of the database and the stored files into `target` (a new or empty folder), while
 * the app goes on serving. Throws when the copy would not be complete.
 */
export async function createBackup(source: BackupSource, target: string, now = new Date()): Promise<BackupManifest> {
  const started = performance.now();
  await fs.mkdir(target, { recursive: true });
  if ((await fs.readdir(target)).length > 0) throw new BackupError(`${target} is not empty`);
  try {
    return await writeBackup(source, target, now, started);
  } catch (error) {
    // A failed backup leaves no folder that looks like one (it was empty before).
    await fs.rm(target, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The bucket's objects of the snapshot's records, one after the other, streamed to the backup. An
 * upload writes its object before its record commits, so every record of the snapshot has its object
 * unless it was removed since (then it is listed as missing).
 */
async function copyFromBucket(bucket: FileStore, storedPaths: string[], to: string, copied: Set<string>) {
  let bytes = 0;
  for (const relative of storedPaths) {
    const object = await bucket.get(relative);
    if (!object) continue;
    const file = path.join(to, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await pipeline(object.body, createWriteStream(file));
    copied.add(relative);
    bytes += (await fs.stat(file)).size;
  }
  return bytes;
}

async function writeBackup(source: BackupSource, target: string, now: Date, started: number): Promise<BackupManifest> {
  const filesTarget = path.join(target, FILES_DIR);
  await fs.mkdir(filesTarget, { recursive: true });

  const copied = new Set<string>();
  const bucket = source.bucket;
  let bytes = bucket ? 0 : await copyNewFiles(source.filesDir, filesTarget, copied);
  const snapshot = source.databaseUrl
    ? await snapshotPostgres(source.databaseUrl, target)
    : await snapshotSqlite(source, target);
  if (bucket) {
    bytes += await copyFromBucket(bucket, snapshot.storedPaths, filesTarget, copied);
  } else {
    bytes += await copyNewFiles(source.filesDir, filesTarget, copied);
    const notCopied = snapshot.storedPaths.filter((stored) => !copied.has(stored));
    bytes += await copyFromTrash(source.filesDir, filesTarget, notCopied, copied);
  }

  // Not a failure: a file missing from the live folder too (removed by hand, or by a crash between a
  // file's removal and its record's) would otherwise stop every backup from then on. The CLI warns.
  const missingFiles = snapshot.storedPaths.filter((stored) => !copied.has(stored));
  const manifest: BackupManifest = {
    format: 1,
    createdAt: now.toISOString(),
    database: source.databaseUrl ? 'postgresql' : 'sqlite',
    storedFiles: snapshot.storedPaths.length,
    missingFiles,
    filesCopied: copied.size,
    bytes,
    migration: snapshot.migration,
    ms: Math.round(performance.now() - started),
  };
  await fs.writeFile(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(backup: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(backup, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${backup} is not a backup (no ${MANIFEST_FILE})`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/**
 * Puts a backup back: the database (SQLite file replaced; PostgreSQL restored with `pg_restore
 * --clean` in one transaction) and the stored files folder. The server must be stopped. Migrations
 * newer than the backup run at the next start.
 */
export async function restoreBackup(backup: string, target: BackupSource): Promise<BackupManifest> {
  const manifest = await readManifest(backup);
  const wanted = target.databaseUrl ? 'postgresql' : 'sqlite';
  if (manifest.database !== wanted) {
    throw new BackupError(`this backup is of a ${manifest.database} database; the settings point at ${wanted}`);
  }

  if (target.databaseUrl) {
    await pgTool('pg_restore', [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      path.join(backup, POSTGRES_DUMP),
    ]);
  } else {
    await fs.mkdir(target.dataDir, { recursive: true });
    const live = path.join(target.dataDir, SQLITE_FILE);
    const incoming = `${live}.restoring`;
    await fs.copyFile(path.join(backup, SQLITE_COPY), incoming);
    // The old file's journal must not be replayed over the restored one.
    await fs.rm(`${live}-wal`, { force: true });
    await fs.rm(`${live}-shm`, { force: true });
    await fs.rename(incoming, live);
  }

  if (target.bucket) {
    // Decision 087: the backup's files go back into the bucket under their paths (objects the restored
    // database does not point at are left to the sweep, decision 036).
    for (const relative of await listFiles(path.join(backup, FILES_DIR))) {
      await target.bucket.put(relative, createReadStream(path.join(backup, FILES_DIR, relative)));
    }
    return manifest;
  }

  // Files: the backup's set replaces the folder's (a rename, so a failure leaves one whole folder).
  const incomingFiles = `${target.filesDir}.restoring`;
  await fs.rm(incomingFiles, { recursive: true, force: true });
  await fs.cp(path.join(backup, FILES_DIR), incomingFiles, { recursive: true });
  await fs.rm(target.filesDir, { recursive: true, force: true });
  await fs.rename(incomingFiles, target.filesDir);
  return manifest;
}
