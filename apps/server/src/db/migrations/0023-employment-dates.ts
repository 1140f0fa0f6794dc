import type { Kysely } from 'kysely';
import { columnTypesFor } from './column-types.ts';

/**
 * Decision 096: a worker's employment start and end dates, apart from the permit's dates. Pay for a part
 * month (EA s.20, Third Schedule) and the Key Employment Terms (issued within 14 days of the start) need
 * the day the employment began; a permit's issue date is not it. Both optional: workers added before
 * this have neither until staff record them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema.alterTable('workers').addColumn('employment_start_date', t.date).execute();
  await db.schema.alterTable('workers').addColumn('employment_end_date', t.date).execute();
}
