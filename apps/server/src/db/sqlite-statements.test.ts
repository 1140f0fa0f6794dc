import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statements.ts';

describe('the SQLite statement cache (decision 073)', () => {
  let sqlite: SQLite.Database;

  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec(`
      create table people (id integer primary key, name text, "odd ""name""" text, photo blob, score real);
      insert into people values (1, 'Ahmad', 'x', x'00ff', 1.5), (2, 'Wei', null, null, null);
      create table notes (person_id integer, body text);
      insert into notes values (1, 'first'), (2, 'second');
    `);
  });
  afterEach(() => sqlite.close());

  it('binds the parameters given as one array, as Kysely gives them', () => {
    const statements = withStatementCache(sqlite);
    const select = statements.prepare('select name from people where id = ? or name = ?');
    expect(select.reader).toBe(true);
    expect(select.all([2, 'nobody'])).toEqual([{ name: 'Wei' }]);
    const insert = statements.prepare('insert into people (id, name) values (?, ?)');
    expect(insert.reader).toBe(false);
    expect(insert.run([3, 'Siti']).changes).toBe(1);
    expect(statements.prepare('select count(*) as n from people').all([])).toEqual([{ n: 3 }]);
  });

  it('prepares a statement once and drops the least recently used beyond its size', () => {
    const statements = withStatementCache(sqlite, 2);
    const first = statements.prepare('select 1 as a');
    expect(statements.prepare('select 1 as a')).toBe(first);
    const two = statements.prepare('select 2 as a');
    statements.prepare('select 1 as a'); // now the most recent
    statements.prepare('select 3 as a'); // drops `select 2`
    expect(statements.prepare('select 1 as a')).toBe(first);
    const twoAgain = statements.prepare('select 2 as a');
    expect(twoAgain).not.toBe(two);
    expect(twoAgain.all([])).toEqual([{ a: 2 }]);
  });
});
