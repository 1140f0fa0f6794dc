import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { compiledOnce, compiledPerShape } from './compiled-once.ts';

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
