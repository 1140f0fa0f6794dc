import fc from 'fast-check';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseUnderTest } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { compiledOnce } from './compiled-once.ts';
import {
  MAX_PREPARED_STATEMENTS,
  preparedStatementName,
  prepareOnEachConnection,
  timestamptzToIso,
} from './postgres-pool.ts';

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A timestamp as PostgreSQL writes it in UTC: fractions of 0 to 6 digits, trailing zeros dropped. */
const postgresUtcText = fc
  .record({
    time: fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59) }),
    microseconds: fc.integer({ min: 0, max: 999_999 }),
  })
  .map(({ time, microseconds }) => {
    const date = new Date(Math.floor(time / 1000) * 1000);
    const fraction = microseconds === 0 ? '' : `.${pad(microseconds, 6)}`.replace(/0+$/, '');
    return (
      `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
      `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${fraction}+00`
    );
  });

/** Decision 058: PostgreSQL's timestamps read without Date's slow parse, to the same ISO text. */
describe('timestamptzToIso', () => {
  it('writes what Date#toISOString writes for any UTC timestamp PostgreSQL sends', () => {
    fc.assert(
      fc.property(postgresUtcText, (text) => {
        expect(timestamptzToIso(text)).toBe(new Date(text).toISOString());
      }),
      { numRuns: 2000 },
    );
    expect(timestamptzToIso('2026-11-26 06:10:39.1239+00')).toBe('2026-11-26T06:10:39.123Z');
    expect(timestamptzToIso('2026-11-26 06:10:39+00')).toBe('2026-11-26T06:10:39.000Z');
  });

  it('leaves other offsets to Date, and refuses what is not a time as Date does', () => {
    expect(timestamptzToIso('2026-11-26 14:10:39.5+08')).toBe('2026-11-26T06:10:39.500Z');
    expect(timestamptzToIso('2026-11-26 06:10:39+05:30')).toBe('2026-11-26T00:40:39.000Z');
    expect(() => timestamptzToIso('infinity')).toThrow(RangeError);
  });
});

/** Decision 059: statements of fixed shape are parsed once per PostgreSQL connection. */
describe.runIf(databaseUnderTest === 'postgres')('prepared statements', () => {
  const preparedTexts = (db: Awaited<ReturnType<typeof createTestDatabase>>) =>
    db
      .executeQuery<{ statement: string }>(CompiledQuery.raw('select statement from pg_prepared_statements'))
      .then(({ rows }) => rows.map((row) => row.statement));

  it('runs a registered text by its name and answers as before; other texts stay unnamed', async () => {
    const db = await createTestDatabase();
    await insertWorkers(db, { status: 'Active' }, { status: 'Active' }, { status: 'Inactive' });
    const registered = 'select count(*) as workers from workers where status = $1';
    const unregistered = 'select count(*) as workers from workers where status <> $1';
    prepareOnEachConnection(registered);
    expect(preparedStatementName(registered)).toMatch(/^td_\d+$/);
    // One transaction, so one connection: the one whose prepared statements are listed.
    await db.transaction().execute(async (trx) => {
      const counts = [];
      for (const status of ['Active', 'Inactive', 'Active']) {
        const { rows } = await trx.executeQuery<{ workers: number }>(CompiledQuery.raw(registered, [status]));
        counts.push(rows[0]?.workers);
      }
      expect(counts).toEqual([2, 1, 2]);
      const { rows } = await trx.executeQuery<{ workers: number }>(CompiledQuery.raw(unregistered, ['Active']));
      expect(rows[0]?.workers).toBe(1);
      const texts = await preparedTexts(trx as never);
      expect(texts).toContain(registered);
      expect(texts).not.toContain(unregistered);
    });
    await db.destroy();
  });

  it("answers a prepared statement whose table another server's migration changed, and retires it", async () => {
    const db = await createTestDatabase();
    await insertWorkers(db, { status: 'Active' });
    const everyColumn = 'select * from workers where status = $1';
    prepareOnEachConnection(everyColumn);
    await db.transaction().execute(async (trx) => {
      const before = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(everyColumn, ['Active']));
      expect(before.rows[0]).not.toHaveProperty('added_later');
    });
    await db.schema.alterTable('workers').addColumn('added_later', 'text').execute();
    const after = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(everyColumn, ['Active']));
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]).toHaveProperty('added_later', null);
    expect(preparedStatementName(everyColumn)).toBeUndefined();
    await db.destroy();
  });

  it("runs Kysely's statements through node-postgres' callback form, answering and failing as before", async () => {
    const db = await createTestDatabase();
    await insertWorkers(db, { status: 'Active' }, { status: 'Inactive' });
    const registered = 'select count(*) as workers from workers where status = $1';
    prepareOnEachConnection(registered);
    const driverQuery = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const named = await db.executeQuery<{ workers: number }>(CompiledQuery.raw(registered, ['Active']));
      const unnamed = await db.selectFrom('workers').select('status').orderBy('status').execute();
      expect(named.rows).toEqual([{ workers: 1 }]);
      expect(unnamed).toEqual([{ status: 'Active' }, { status: 'Inactive' }]);
      // Decision 065: every statement reached node-postgres with a callback, none through its promise form.
      expect(driverQuery.mock.calls.length).toBeGreaterThanOrEqual(2);
      for (const call of driverQuery.mock.calls) expect(call[2]).toBeTypeOf('function');
      const failure = db.executeQuery(CompiledQuery.raw('select * from no_such_table'));
      await expect(failure).rejects.toMatchObject({ code: '42P01' });
      // The stack leads back to this test, as node-postgres' own promise's does.
      await failure.catch((error: Error) => expect(error.stack).toContain('postgres-pool.test.ts'));
    } finally {
      driverQuery.mockRestore();
      await db.destroy();
    }
  });

  it('registers what compiledOnce compiles', async () => {
    const db = await createTestDatabase();
    const build = (database: typeof db, status: string) =>
      database.selectFrom('workers').select('id').where('status', '=', status);
    const workersOf = compiledOnce(build);
    const text = build(db, 'Active').compile().sql;
    expect(preparedStatementName(text)).toBeUndefined();
    await workersOf(db, 'Active');
    expect(preparedStatementName(text)).toBeDefined();
    await db.destroy();
  });

  it('prepares no more than its bound of texts, and a lower limit leaves the rest for others', () => {
    const half = MAX_PREPARED_STATEMENTS / 2;
    for (let i = 0; i < MAX_PREPARED_STATEMENTS; i++) prepareOnEachConnection(`select ${i} as limited`, half);
    expect(preparedStatementName(`select ${MAX_PREPARED_STATEMENTS - 1} as limited`)).toBeUndefined();
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 5; i++) prepareOnEachConnection(`select ${i} as bound_check`);
    expect(preparedStatementName('select 0 as bound_check')).toBeDefined();
    expect(preparedStatementName(`select ${MAX_PREPARED_STATEMENTS + 4} as bound_check`)).toBeUndefined();
    expect(preparedStatementName('select never registered')).toBeUndefined();
  });
});
