import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { compiledOnce, compiledPerShape, compiledWithValues } from './compiled-once.ts';

describe('compiledOnce', () => {
  it('runs the one compiled query with each call’s values', async () => {
    const db = await createTestDatabase();
    const [ravi, zaw] = await insertWorkers(db, { first_name: 'Ravi' }, { first_name: 'Zaw' });
    const firstNameOf = compiledOnce((d: typeof db, id: string) =>
      d.selectFrom('workers').select('first_name').where('id', '=', id),
    );
    expect(await firstNameOf(db, ravi?.id ?? '')).toEqual([{ first_name: 'Ravi' }]);
    expect(await firstNameOf(db, zaw?.id ?? '')).toEqual([{ first_name: 'Zaw' }]);
    expect(await firstNameOf(db, randomUUID())).toEqual([]);
    await db.destroy();
  });

  it('never reads the rows of a transaction still open, and reads them once it is committed', async () => {
    const db = await createTestDatabase();
    const names = compiledOnce((d: typeof db) => d.selectFrom('workers').select('first_name'));
    let commit = () => {};
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let inserted = () => {};
    const insertDone = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await insertWorkers(trx, { first_name: 'Uncommitted' });
      inserted();
      await committing;
    });
    await insertDone;
    // SQLite's one connection: the read waits for the transaction (Kysely's mutex); PostgreSQL's
    // pool: it reads on another connection, without the row. Neither may answer it while open.
    const read = names(db);
    const early = await Promise.race([read, new Promise<null>((resolve) => setTimeout(() => resolve(null), 100))]);
    if (early !== null) expect(early).toEqual([]);
    commit();
    await transaction;
    await read;
    expect(await names(db)).toEqual([{ first_name: 'Uncommitted' }]);
    await db.destroy();
  });

  it('refuses a query whose parameters are not the values given', async () => {
    const db = await createTestDatabase();
    const withOwnValue = compiledOnce((d: typeof db, name: string) =>
      d.selectFrom('workers').select('id').where('first_name', '=', name).where('status', '=', 'Working'),
    );
    await expect(withOwnValue(db, 'Ravi')).rejects.toThrow(/not the parameters/);
    await db.destroy();
  });
});

describe('compiledPerShape', () => {
  it('compiles each shape once and runs it with each call’s values', async () => {
    const db = await createTestDatabase();
    await insertWorkers(db, { first_name: 'Ravi' }, { first_name: 'Zaw' }, { first_name: 'Aung' });
    const namesIn = compiledPerShape((d: typeof db, order: 'asc' | 'desc', limit: number) =>
      d.selectFrom('workers').select('first_name').orderBy('first_name', order).limit(limit),
    );
    expect(await namesIn(db, 'asc', 2)).toEqual([{ first_name: 'Aung' }, { first_name: 'Ravi' }]);
    expect(await namesIn(db, 'desc', 2)).toEqual([{ first_name: 'Zaw' }, { first_name: 'Ravi' }]);
    expect(await namesIn(db, 'asc', 1)).toEqual([{ first_name: 'Aung' }]);
    await db.destroy();
  });

  it('refuses a shape whose query has parameters that are not the values given', async () => {
    const db = await createTestDatabase();
    const byStatus = compiledPerShape((d: typeof db, status: string) =>
      d.selectFrom('workers').select('id').where('status', '=', status),
    );
    await expect(byStatus(db, 'Working')).rejects.toThrow(/not the parameters/);
    await db.destroy();
  });
});

describe('compiledWithValues', () => {
  it('puts each call’s named values where the builder placed them, whatever their order', async () => {
    const db = await createTestDatabase();
    await insertWorkers(
      db,
      { first_name: 'Ravi', nationality: 'Indian' },
      { first_name: 'Rahul', nationality: 'Indian' },
      { first_name: 'Raju', nationality: 'Bangladeshi' },
      { first_name: 'Zaw', nationality: 'Myanmar' },
    );
    let builds = 0;
    const names = compiledWithValues(
      (
        d: typeof db,
        shape: { byNationality: boolean },
        values: { prefix: string; nationality?: string; limit: number },
      ) => {
        builds += 1;
        // The limit is written first and the prefix last: the values go where Kysely puts them.
        let query = d.selectFrom('workers').select('first_name').orderBy('first_name').limit(values.limit);
        if (shape.byNationality) query = query.where('nationality', '=', values.nationality ?? '');
        return query.where('first_name', 'like', values.prefix);
      },
    );
    expect(await names(db, { byNationality: true }, { prefix: 'Ra%', nationality: 'Indian', limit: 5 })).toEqual([
      { first_name: 'Rahul' },
      { first_name: 'Ravi' },
    ]);
    expect(await names(db, { byNationality: true }, { prefix: 'R%', nationality: 'Bangladeshi', limit: 5 })).toEqual([
      { first_name: 'Raju' },
    ]);
    expect(await names(db, { byNationality: false }, { prefix: '%a%', limit: 2 })).toEqual([
      { first_name: 'Rahul' },
      { first_name: 'Raju' },
    ]);
    expect(builds).toBe(2);
    await expect(names(db, { byNationality: true }, { prefix: 'R%', limit: 5 })).rejects.toThrow(
      /no value "nationality"/,
    );
    await db.destroy();
  });

  it('refuses a builder that changes a value or writes it into the SQL', async () => {
    const db = await createTestDatabase();
    const changed = compiledWithValues((d: typeof db, _shape: null, values: { name: string }) =>
      d.selectFrom('workers').select('id').where('first_name', 'like', `%${values.name}%`),
    );
    await expect(changed(db, null, { name: 'Ravi' })).rejects.toThrow(/changed, not passed/);
    const written = compiledWithValues((d: typeof db, _shape: null, values: { name: string }) =>
      d.selectFrom('workers').select('id').where('first_name', '=', sql.lit(values.name)),
    );
    await expect(written(db, null, { name: 'Ravi' })).rejects.toThrow(/written into the SQL/);
    await db.destroy();
  });
});
