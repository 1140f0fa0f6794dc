import {
  PUBLIC_HOLIDAY_LABELS,
  PUBLIC_HOLIDAY_NOT_FOUND,
  type PublicHoliday,
  type PublicHolidayInput,
  type PublicHolidayList,
  publicHolidayExistsMessage,
} from '@td/shared/schemas/public-holiday';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './public-holidays.repository.ts';

export const AUDIT_ENTITY = 'public_holiday';

const toApi = (row: { id: string; date: string; name: string; observed_date: string }): PublicHoliday => ({
  id: row.id,
  date: row.date,
  name: row.name,
  observed_date: row.observed_date,
});

/** One holiday a day (the unique index settles a race with the same 409). */
const duplicate = (date: string) =>
  conflict(publicHolidayExistsMessage(date), { date: publicHolidayExistsMessage(date) });

export async function listPublicHolidays(db: Db, year: number | undefined): Promise<PublicHolidayList> {
  return { items: (await repo.listPublicHolidays(db, year)).map(toApi) };
}

export async function createPublicHoliday(db: Db, input: PublicHolidayInput, actor: Actor): Promise<PublicHoliday> {
  const timestamp = nowIso();
  const row = { id: newId(), created_at: timestamp, updated_at: timestamp, ...input };
  try {
    await db.transaction().execute(async (trx) => {
      await repo.insertPublicHoliday(trx, row);
      await recordAudit(trx, actor, { action: 'create', entity: AUDIT_ENTITY, entityId: row.id, after: row });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.date);
    throw error;
  }
  return toApi(row);
}

export async function updatePublicHoliday(
  db: Db,
  id: string,
  input: PublicHolidayInput,
  actor: Actor,
): Promise<PublicHoliday> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await repo.findPublicHolidayRow(trx, id);
      if (!before) throw notFound(PUBLIC_HOLIDAY_NOT_FOUND);
      const timestamp = nowIso();
      await repo.updatePublicHoliday(trx, before.id, input, timestamp);
      const after = { ...before, ...input, updated_at: timestamp };
      await recordAudit(trx, actor, { action: 'update', entity: AUDIT_ENTITY, entityId: before.id, before, after });
      return toApi(after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.date);
    throw error;
  }
}

export async function deletePublicHoliday(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findPublicHolidayRow(trx, id);
    if (!before || !(await repo.deletePublicHoliday(trx, before.id))) throw notFound(PUBLIC_HOLIDAY_NOT_FOUND);
    await recordAudit(trx, actor, { action: 'delete', entity: AUDIT_ENTITY, entityId: before.id, before });
  });
}

export { PUBLIC_HOLIDAY_LABELS };
