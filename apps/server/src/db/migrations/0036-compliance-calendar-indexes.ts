import type { Kysely } from 'kysely';

/**
 * Decision 094's budget, decision 097: the calendar counts the SIP and KETs items of every worker whose
 * employment start date is in range (about 10,000 on the large set). With migration 0029's
 * `(employment_start_date, status)` index each of them was a table row read for the SIP columns or the
 * worker's id; this index holds what both counts read, so they are index-only. It replaces 0029's, its
 * prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('workers_start_compliance_idx')
    .on('workers')
    .columns([
      'employment_start_date',
      'status',
      'sip_attended_date',
      'sip_required',
      'type_of_pass',
      'nationality',
      'id',
    ])
    .execute();
  await db.schema.dropIndex('workers_employment_start_status_idx').execute();
}
