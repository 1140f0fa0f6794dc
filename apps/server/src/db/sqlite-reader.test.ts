import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db, readerOf } from './database.ts';

/**
 * Decision 100: on a SQLite file the read-only second connection reads the last committed state while
 * a transaction holds the main connection, sees what commits at once, and writes nothing.
 */
const opened: Array<{ db: Db; dir: string }> = [];
afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function fileDatabase(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-reader-'));
  const db = createDatabase({ dataDir: dir });
  opened.push({ db, dir });
  return db;
}

const count = async (db: Db) =>
  Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]?.n);

describe('readerOf (SQLite file)', () => {
  it('reads committed rows while a transaction holds the main connection, and refuses to write', async () => {
    const db = fileDatabase();
    await sql`create table notes (id integer primary key, text text)`.execute(db);
    await sql`insert into notes (text) values ('committed')`.execute(db);
    const reader = readerOf(db);
    expect(reader).not.toBe(db);

    let readInside = -1;
    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('not yet')`.execute(trx);
      // Not waiting for the main connection (which the transaction holds), and not seeing its rows.
      readInside = await count(reader);
    });
    expect(readInside).toBe(1);
    expect(await count(reader)).toBe(2);
    await expect(sql`insert into notes (text) values ('no')`.execute(reader)).rejects.toThrow(/readonly|read-only/i);
  });

  it("logs to the main connection's query log (the benchmark's bare server runs the session check from it)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-reader-'));
    const logged: string[] = [];
    const db = createDatabase({
      dataDir: dir,
      log: (event) => {
        if (event.level === 'query') logged.push(event.query.sql);
      },
    });
    opened.push({ db, dir });
    await sql`create table notes (id integer primary key, text text)`.execute(db);
    await count(readerOf(db));
    expect(logged).toEqual([
      'create table notes (id integer primary key, text text)',
      'select count(*) as n from notes',
    ]);
  });

  it('is the main Db for an in-memory database and for a transaction', async () => {
    const memory = createDatabase({ dataDir: os.tmpdir(), sqliteFile: ':memory:' });
    expect(readerOf(memory)).toBe(memory);
    await memory.destroy();
    const db = fileDatabase();
    await db.transaction().execute(async (trx) => {
      expect(readerOf(trx)).toBe(trx);
    });
  });
});
