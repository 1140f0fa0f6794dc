// Decision 092: the pay rules a payslip is computed by, and the worker and timesheet options they read
// (no zod, so light pages can import them). Sources: ../shared/PAYROLL-SG.md; decision 092.
import { dayOfWeek } from '../rules/dates.ts';

/**
 * `employment-act` (the default): Part IV of the Employment Act (overtime, rest days, public holidays,
 * incomplete months) and only lawful deductions. `seed`: SPEC 9's formulas exactly, charges of any
 * status deducted, for a supplier whose contracts are outside Part IV.
 */
export const PAY_RULES = ['employment-act', 'seed'] as const;
export type PayRules = (typeof PAY_RULES)[number];
export const DEFAULT_PAY_RULES: PayRules = 'employment-act';
export const isPayRules = (value: string): value is PayRules => (PAY_RULES as readonly string[]).includes(value);

/** Monday first, as a Monday-to-Sunday week is counted (EA s.38: 44 hours a week). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** EA s.36: one rest day a week; the contract's is Sunday. */
export const DEFAULT_REST_DAY: Weekday = 'Sunday';

/** EA Third Schedule: the daily basic rate divides by the working days of the week. */
export const WORKING_DAYS_PER_WEEK = [5, 5.5, 6] as const;
export const DEFAULT_WORKING_DAYS_PER_WEEK = 6;
/** EA s.38(1): at most 8 normal hours a day (9 for a 5-day week within 44 a week). */
export const DEFAULT_NORMAL_HOURS_PER_DAY = 8;
export const MAX_NORMAL_HOURS_PER_DAY = 9;

/** EA s.37: rest-day work at the employer's request earns full rest-day pay, at the worker's half. */
export const REST_DAY_REQUESTERS = ['Employer', 'Employee'] as const;
export type RestDayRequester = (typeof REST_DAY_REQUESTERS)[number];
export const DEFAULT_REST_DAY_REQUESTER: RestDayRequester = 'Employer';

/** The weekday of a `YYYY-MM-DD` date. */
export function weekdayOf(isoDate: string): Weekday {
  const day = dayOfWeek(isoDate); // 0 = Sunday (counted without a Date: docs/performance.md)
  return WEEKDAYS[(day + 6) % 7] as Weekday;
}

/** Why a charge of the period was not deducted (decision 092; EA s.27 and s.28). */
export const NOT_DEDUCTED_REASONS = {
  notApproved: (status: string) => `The charge is ${status}: only Approved charges are deducted`,
  consentMissing: "No written consent of the worker's recorded on or before the charge date (EA s.27)",
  inquiryMissing: 'The worker was not heard on the damage before the deduction (EA s.28)',
  overQuarter: "Over 25% of one month's basic salary for damage or loss (EA s.28)",
} as const;
