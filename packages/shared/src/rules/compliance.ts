/**
 * Decision 094: the rules that follow from a worker's dated items. Pure functions; today and the clock
 * are passed in (CONVENTIONS 4).
 */
import type { ComplianceState } from '../options/compliance.ts';
import { addDays, addMonths, cachedDateTimeFormat, dateInTimeZone } from './dates.ts';

/** A flag shown on the worker (`compliance_flags`). */
export interface ComplianceFlag {
  code: 'PERMIT_BEYOND_PASSPORT' | 'PERMIT_BEYOND_BOND';
  message: string;
}

/** The fields the flags read. */
export interface FlaggedWorker {
  type_of_pass: string | null;
  wp_expiry_date: string | null;
  passport_expiry_date: string | null;
  security_bond_expiry_date: string | null;
}

/**
 * MOM, Work Permit conditions (mom.gov.sg/passes-and-permits/work-permit-for-foreign-worker/
 * sector-specific-rules/work-permit-conditions): "The Work Permit duration is generally 2 years,
 * subject to the validity of the worker's passport, the security bond and the worker's employment
 * period, whichever is shorter." MOM issues or renews a permit only to one month before the passport
 * expires, so a permit recorded beyond that (or beyond the bond) means a date is wrong or a renewal of
 * the passport or bond is missing.
 */
export function complianceFlags(worker: FlaggedWorker): ComplianceFlag[] {
  const flags: ComplianceFlag[] = [];
  const permit = worker.wp_expiry_date;
  if (!permit) return flags;
  if (worker.passport_expiry_date) {
    const latest = addMonths(worker.passport_expiry_date, -1);
    if (permit > latest) {
      flags.push({
        code: 'PERMIT_BEYOND_PASSPORT',
        message: `The work permit expires on ${permit}, later than one month before the passport expires (${worker.passport_expiry_date}): renew the passport or check the dates.`,
      });
    }
  }
  if (worker.security_bond_expiry_date && permit > worker.security_bond_expiry_date) {
    flags.push({
      code: 'PERMIT_BEYOND_BOND',
      message: `The work permit expires on ${permit}, after the security bond (${worker.security_bond_expiry_date}): extend the bond or check the dates.`,
    });
  }
  return flags;
}

/**
 * MOM, Settling-in Programme (mom.gov.sg/.../sector-specific-rules/settling-in-programme): "All
 * first-time non-Malaysian Work Permit holders in the construction, manufacturing, marine shipyard and
 * process sectors must attend the SIP", "within 14 days of foreign worker's arrival". This business
 * supplies construction labour, so a Work Permit holder who is not Malaysian needs it unless staff say
 * otherwise (not a first-timer): `sip_required` overrides what is derived here.
 */
export function sipRequiredDerived(typeOfPass: string | null, nationality: string | null): boolean {
  return typeOfPass === 'WP' && nationality !== 'Malaysian';
}

export function sipRequired(override: boolean | null, typeOfPass: string | null, nationality: string | null): boolean {
  return override ?? sipRequiredDerived(typeOfPass, nationality);
}

/** SIP: within 14 days of arrival; the employment start date stands for the arrival (decision 094). */
export const SIP_WITHIN_DAYS = 14;
/**
 * Tripartite Guidelines on Issuance of Key Employment Terms in Writing, and the Employment Act as
 * amended in 2016: KETs in writing no later than 14 days after employment begins.
 */
export const KETS_WITHIN_DAYS = 14;

export const sipDueDate = (employmentStart: string) => addDays(employmentStart, SIP_WITHIN_DAYS);
export const employmentLetterDueDate = (employmentStart: string) => addDays(employmentStart, KETS_WITHIN_DAYS);

/** An item due before today is overdue; on or after today it is due. */
export const itemState = (dueDate: string, today: string): ComplianceState => (dueDate < today ? 'overdue' : 'due');

/** The Monday of the week a date falls in (weeks run Monday to Sunday, as the calendar groups them). */
export function weekStart(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return addDays(isoDate, -((day + 6) % 7));
}

/** The weekly digest goes out on Monday at 07:00 in the business time zone. */
export const DIGEST_HOUR = 7;

/**
 * The digest week `now` is in: the Monday (`YYYY-MM-DD`) of the latest Monday 07:00 at or before `now`
 * in `timeZone`. A person whose last digest is for an earlier week is owed this one, so a week missed
 * while the server was down is sent when it comes back (decision 094).
 */
export function digestWeek(now: Date, timeZone: string): string {
  const today = dateInTimeZone(now, timeZone);
  const hour = Number(
    cachedDateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .find((part) => part.type === 'hour')?.value,
  );
  const monday = weekStart(today);
  return monday === today && hour < DIGEST_HOUR ? addDays(monday, -7) : monday;
}
