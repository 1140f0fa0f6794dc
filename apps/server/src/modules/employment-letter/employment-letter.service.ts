import { dateInTimeZone } from '@td/shared/rules/dates';
import { employmentLetterFileName } from '@td/shared/rules/employment-letter';
import type { CompanyDetails } from '../../config.ts';
import type { Db } from '../../db/database.ts';
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
