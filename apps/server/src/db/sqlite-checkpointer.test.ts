import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db, SQLITE_FILE } from './database.ts';
import { CHECKPOINT_INTERVAL_MS, checkpointInBackground } from './sqlite-checkpointer.ts';

/**
 * Rows in the database file itself, read from a copy of it alone: what no checkpoint moved is not there.
 * A copy taken while the background checkpoint is writing pages into the file can be torn ("database
 * disk image is malformed", or "not a database"): that counts as not there yet, and the caller looks again.
 */
function rowsInFileAlone(dir: string): number {
  const copy = path.join(dir, 'file-alone.db');
  fs.copyFileSync(path.join(dir, SQLITE_FILE), copy);
  const reader = new SQLite(copy, { readonly: true });
  try {
    const table = reader.prepare(`select 1 from sqlite_master where name = 'filler'`).get();
    return table ? (reader.prepare('select count(*) as n from filler').get() as { n: number }).n : 0;
  } catch (error) {
    const code = String((error as { code?: unknown }).code);
    if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return -1;
    throw error;
  } finally {
    reader.close();
    fs.rmSync(copy);
  }
}

async function eventually(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('SQLite checkpoints on a background connection (decision 060)', () => {
  let dir: string;
  let db: Db | undefined;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-checkpoint-'));
  });
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves checkpoints out of commits and moves committed pages into the file within the interval', async () => {
    db = createDatabase({ dataDir: dir });
    const [setting] = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows;
    expect(setting?.wal_autocheckpoint).toBe(0);

    // More than SQLite's 1,000-page threshold, in one commit: the app's connection used to checkpoint it.
    await sql`create table filler (id integer primary key, body text)`.execute(db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 5000)
      insert into filler (body) select printf('%.1000c', 'x') from n`.execute(db);

    expect(await eventually(() => rowsInFileAlone(dir) === 5000, CHECKPOINT_INTERVAL_MS * 5)).toBe(true);
  });

  it('closes its connection first, so that closing the database still removes the write-ahead log', async () => {
    db = createDatabase({ dataDir: dir });
    await sql`create table filler (id integer primary key, body text)`.execute(db);
    await sql`insert into filler (body) values ('kept')`.execute(db);
    await db.destroy();
    db = undefined;
    expect(fs.existsSync(path.join(dir, `${SQLITE_FILE}-wal`))).toBe(false);
    expect(rowsInFileAlone(dir)).toBe(1);
  });

  it('gives checkpoints back to the app connection when the background one cannot run', async () => {
    const sqlite = new SQLite(path.join(dir, 'app.db'));
    sqlite.pragma('journal_mode = WAL');
    // No such file: the worker's connection fails to open.
    const checkpointer = checkpointInBackground(sqlite, path.join(dir, 'missing', 'app.db'));
    try {
      expect(await eventually(() => sqlite.pragma('wal_autocheckpoint', { simple: true }) === 1000, 5000)).toBe(true);
    } finally {
      checkpointer.stop();
      sqlite.close();
    }
  });
});
