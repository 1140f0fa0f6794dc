import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { compiledOnce } from './compiled-once.ts';

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
