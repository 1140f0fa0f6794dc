import { dateInTimeZone } from '@td/shared/rules/dates';
import { employmentLetterFileName } from '@td/shared/rules/employment-letter';
import type { EmploymentLetterRecord } from '@td/shared/schemas/compliance';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { CompanyDetails } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { renderEmploymentLetter } from '../../pdf/employment-letter.template.ts';
import { getWorker } from '../workers/public.ts';

export interface EmploymentLetterSettings {
  company: CompanyDetails;
  /** SPEC 2: the letter is dated today, in the business time zone (BUSINESS_TIME_ZONE). */
  timeZone: string;
}

export interface EmploymentLetter {
  pdf: Buffer;
  /** SPEC 2: `Employment_Letter_{first}_{last}.pdf`. */
  fileName: string;
}

/**
 * SPEC 2 employment letter for one worker, built from the stored record (never from client data).
 * An unknown or malformed id answers 404 Worker not found, as `GET /api/workers/{id}` does.
 */
export async function generateEmploymentLetter(
  db: Db,
  id: string,
  settings: EmploymentLetterSettings,
  now: Date = new Date(),
): Promise<EmploymentLetter> {
  const worker = await getWorker(db, id);
  const pdf = await renderEmploymentLetter({
    worker,
    company: settings.company,
    letterDate: dateInTimeZone(now, settings.timeZone),
  });
  return { pdf, fileName: employmentLetterFileName(worker.first_name, worker.last_name) };
}

/**
 * KETs in writing within 14 days of starting (decision 095): issuing the letter records who generated
 * it and when, with its audit entry, in one transaction; the compliance calendar's "employment letter"
 * item of the worker ends with it.
 */
export async function issueEmploymentLetter(
  db: Db,
  id: string,
  settings: EmploymentLetterSettings,
  actor: Actor,
  now: Date = new Date(),
): Promise<EmploymentLetter> {
  const letter = await generateEmploymentLetter(db, id, settings, now);
  await db.transaction().execute(async (trx) => {
    const record = {
      id: newId(),
      worker_id: id,
      generated_by: actor.name,
      generated_by_user_id: actor.id,
      generated_at: nowIso(now),
    };
    await trx.insertInto('employment_letters').values(record).execute();
    await recordAudit(trx, actor, {
      action: 'create',
      entity: 'employment_letter',
      entityId: record.id,
      after: record,
    });
  });
  return letter;
}

/** The letters issued to a worker, newest first (the worker view). */
export async function listEmploymentLetters(db: Db, id: string): Promise<{ items: EmploymentLetterRecord[] }> {
  await getWorker(db, id);
  const items = await db
    .selectFrom('employment_letters')
    .select(['id', 'generated_by', 'generated_at'])
    .where('worker_id', '=', id)
    .orderBy('generated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { items };
}
