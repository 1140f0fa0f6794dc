import type { DateRange } from '@td/shared/rules/dates';
import { isUuid } from '@td/shared/schemas/fields';
import type { PublicHolidayInput } from '@td/shared/schemas/public-holiday';
import type { Db } from '../../db/database.ts';
import type { PublicHolidayRow } from '../../db/schema.ts';

/** All SQL of the public holidays (decision 092, migration 0028). */

const COLUMNS = ['id', 'date', 'name', 'observed_date'] as const;

/** A year's holidays by date (every year's when none is given). */
export function listPublicHolidays(db: Db, year?: number) {
  return db
    .selectFrom('public_holidays')
    .select(COLUMNS)
    .$if(year !== undefined, (q) => q.where('date', '>=', `${year}-01-01`).where('date', '<=', `${year}-12-31`))
    .orderBy('date')
    .orderBy('id')
    .execute();
}

export async function findPublicHolidayRow(db: Db, id: string): Promise<PublicHolidayRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('public_holidays').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirst();
}

export async function insertPublicHoliday(
  db: Db,
  row: { id: string; created_at: string; updated_at: string } & PublicHolidayInput,
): Promise<void> {
  await db.insertInto('public_holidays').values(row).execute();
}

export async function updatePublicHoliday(
  db: Db,
  id: string,
  input: PublicHolidayInput,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('public_holidays')
    .set({ ...input, updated_at: updatedAt })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePublicHoliday(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('public_holidays').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The holidays observed in an inclusive range (payroll: EA s.88), by observed date. */
export function listObservedHolidays(db: Db, range: DateRange): Promise<Array<{ date: string; name: string }>> {
  return db
    .selectFrom('public_holidays')
    .select(['observed_date as date', 'name'])
    .where('observed_date', '>=', range.start)
    .where('observed_date', '<=', range.end)
    .orderBy('observed_date')
    .execute();
}
