import { describe, expect, it } from 'vitest';
import { createTestDatabase, migrateAround } from '../../../test/build-test-app.ts';
import { insertWorkersBefore0032 } from '../../../test/factories.ts';
import { listWorkers } from '../../modules/workers/workers.repository.ts';

/** Decision 102: workers added before the folded name are found accents aside once it is migrated. */
describe('migration 0032: the folded name of every worker', () => {
  it('folds the names of the workers already there', async () => {
    const names = [
      { first_name: 'Văn Ánh Đức', last_name: 'Nguyễn' },
      { first_name: 'José', last_name: 'Müller' },
      { first_name: '伟强', last_name: '陈' },
    ];
    const db = await createTestDatabase(
      migrateAround('0027-sites', async (database) => {
        // More than one batch of the migration's 1,000.
        const others = Array.from({ length: 1_200 }, (_, i) => ({ first_name: `Worker${i}`, last_name: 'Tan' }));
        await insertWorkersBefore0032(database, ...names, ...others);
      }),
    );
    const rows = await db.selectFrom('workers').select(['first_name', 'search_name']).execute();
    expect(rows.filter((row) => row.search_name === '')).toEqual([]);
    const byName = new Map(rows.map((row) => [row.first_name, row.search_name]));
    expect(byName.get('Văn Ánh Đức')).toBe('van anh duc nguyen');
    expect(byName.get('José')).toBe('jose muller');
    expect(byName.get('伟强')).toBe('伟强 陈');
    expect(byName.get('Worker1199')).toBe('worker1199 tan');
    const found = await listWorkers(db, { q: 'duc nguyen', page: 1, pageSize: 10 });
    expect(found.items.map((worker) => worker.last_name)).toEqual(['Nguyễn']);
    await db.destroy();
  });
});
