import { describe, expect, it } from 'vitest';
import { createTestDatabase, migrateAround } from '../../../test/build-test-app.ts';
import { dayCounts, expectedItems, keptItems, monthCounts } from '../../../test/compliance-oracle.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { buildTrainingRecordRow } from '../../../test/training-record-factories.ts';

/** Decision 110: migration 0040 fills the month counts from the kept items already there. */
describe('migration 0040: the compliance items per kind and due month', () => {
  it('fills them from the kept items, and the triggers keep them after', async () => {
    let workerId = '';
    const db = await createTestDatabase(
      migrateAround('0039-totp-last-step', async (database) => {
        const [ali] = await insertWorkers(
          database,
          {
            nationality: 'Bangladeshi',
            type_of_pass: 'WP',
            wp_expiry_date: '2026-03-01',
            passport_expiry_date: '2026-03-31',
            security_bond_expiry_date: '2026-02-01',
            medical_insurance_expiry_date: '2026-02-28',
            employment_start_date: '2026-01-05',
          },
          {
            nationality: 'Indian',
            type_of_pass: 'WP',
            wp_expiry_date: '2026-03-15',
            coretrade_expiry_date: '2027-01-01',
          },
          { status: 'Terminated', wp_expiry_date: '2026-03-01' },
        );
        workerId = ali?.id ?? '';
        await database
          .insertInto('training_records')
          .values([
            buildTrainingRecordRow({ worker_id: workerId, training_name: 'CSOC', expiry_date: '2026-02-10' }),
            buildTrainingRecordRow({ worker_id: workerId, training_name: 'WAH', expiry_date: '2026-03-20' }),
          ])
          .execute();
      }),
    );
    const expected = await expectedItems(db);
    const kept = await keptItems(db);
    expect(kept.items).toEqual(expected);
    expect(kept.counts).toEqual(dayCounts(expected));
    expect(kept.monthCounts).toEqual(monthCounts(expected));
    expect(kept.monthCounts).toMatchObject({ 'work_permit 2026-03-01': 2, 'training 2026-02-01': 1 });

    // A write after the migration moves an item from one month to another, and empties a month.
    await db.updateTable('workers').set({ wp_expiry_date: '2026-04-02' }).where('id', '=', workerId).execute();
    await db.deleteFrom('training_records').where('training_name', '=', 'CSOC').execute();
    const after = await keptItems(db);
    expect(after.monthCounts).toEqual(monthCounts(await expectedItems(db)));
    expect(after.monthCounts).toMatchObject({ 'work_permit 2026-03-01': 1, 'work_permit 2026-04-01': 1 });
    expect(after.monthCounts['training 2026-02-01']).toBeUndefined();
  });
});
