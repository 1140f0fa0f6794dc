import fc from 'fast-check';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseUnderTest } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { timestamptzToIso } from './postgres-pool.ts';

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

/** Decision 065: Kysely's statements reach node-postgres through its callback form. */
describe.runIf(databaseUnderTest === 'postgres')('the callback-form client', () => {
  it("runs Kysely's statements through node-postgres' callback form, answering and failing as before", async () => {
    const db = await createTestDatabase();
    await insertWorkers(db, { status: 'Active' }, { status: 'Inactive' });
    const driverQuery = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const raw = await db.executeQuery<{ workers: number }>(
        CompiledQuery.raw('select count(*) as workers from workers where status = $1', ['Active']),
      );
      const built = await db.selectFrom('workers').select('status').orderBy('status').execute();
      expect(raw.rows).toEqual([{ workers: 1 }]);
      expect(built).toEqual([{ status: 'Active' }, { status: 'Inactive' }]);
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
});
