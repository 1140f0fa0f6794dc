import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, migrateAround } from '../../../test/build-test-app.ts';
import { dayCounts, expectedItems, keptItems } from '../../../test/compliance-oracle.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { buildTrainingRecordRow } from '../../../test/training-record-factories.ts';

/** Decision 107: migration 0037 fills the kept items and day counts from the data already there. */
describe('migration 0037: the compliance items kept on write', () => {
  it('fills them from the workers, training records and letters as the calendar counted them', async () => {
    const db = await createTestDatabase(
      migrateAround('0036-compliance-calendar-indexes', async (database) => {
        const [ali, ravi, gone, kumar] = await insertWorkers(
          database,
          {
            nationality: 'Bangladeshi',
            type_of_pass: 'WP',
            wp_expiry_date: '2026-03-01',
            passport_expiry_date: '2027-01-01',
            security_bond_expiry_date: '2026-02-01',
            medical_insurance_expiry_date: '2026-02-01',
            employment_start_date: '2026-01-05',
          },
          { nationality: 'Malaysian', type_of_pass: 'WP', employment_start_date: '2026-01-05', sip_required: 1 },
          { status: 'Terminated', wp_expiry_date: '2026-03-01', employment_start_date: '2026-01-05' },
          { nationality: 'Indian', coretrade_expiry_date: '2026-05-01', sip_attended_date: '2026-01-10' },
        );
        const record = (workerId: string | undefined, name: string, expiry: string | null) =>
          buildTrainingRecordRow({
            worker_id: workerId ?? null,
            training_name: name,
            training_date: '2025-01-01',
            expiry_date: expiry,
          });
        await database
          .insertInto('training_records')
          .values([
            record(ali?.id, 'CSOC', '2026-02-01'),
            record(ali?.id, 'CSOC', '2027-02-01'),
            record(ali?.id, 'WAH', '2026-04-01'),
            record(ravi?.id, 'CSOC', '2026-02-01'),
            record(ravi?.id, 'CSOC', null),
            record(gone?.id, 'CSOC', '2026-02-01'),
            record(undefined, 'CSOC', '2026-02-01'),
          ])
          .execute();
        await database
          .insertInto('employment_letters')
          .values({
            id: randomUUID(),
            worker_id: ravi?.id ?? null,
            generated_by: 'Test',
            generated_by_user_id: null,
            generated_at: new Date().toISOString(),
          })
          .execute();
        void kumar;
      }),
    );
    const expected = await expectedItems(db);
    expect(expected.map((item) => `${item.kind} ${item.ref} ${item.due_date}`).sort()).toEqual([
      'coretrade  2026-05-01',
      'employment_letter  2026-01-19',
      'medical_insurance  2026-02-01',
      'passport  2027-01-01',
      'security_bond  2026-02-01',
      'sip  2026-01-19',
      'sip  2026-01-19',
      'training CSOC 2027-02-01',
      'training WAH 2026-04-01',
      'work_permit  2026-03-01',
    ]);
    const kept = await keptItems(db);
    expect(kept.items).toEqual(expected);
    expect(kept.counts).toEqual(dayCounts(expected));
  });
});
