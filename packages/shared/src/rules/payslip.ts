import { minutesToHours } from './timesheet-hours.ts';

/**
 * SPEC 9 payslip maths, the one function the generate screen's preview, the server's generation and
 * the payroll run all use (ARCHITECTURE, Data; docs/decisions/017).
 *
 * Everything is exact: money is integer cents, hours are integer minutes, and every amount is an exact
 * fraction of them until it is rounded once, half-up, to the cent. The hourly rate of a Monthly worker
 * (salary / 26 / 8) is never rounded before it is multiplied ("unrounded intermediates"); the nett is the
 * sum of the rounded lines, so a payslip always adds up as printed.
 */

/** SPEC 9: how many hours one unit of the salary rate pays for; unknown rate types pay 0. */
export const HOURS_PER_RATE_UNIT: Readonly<Record<string, number>> = {
  Hourly: 1,
  Daily: 8,
  Monthly: 26 * 8,
};

/** SPEC 9: overtime is paid at 1.5 times the hourly rate (as the fraction 3/2). */
const OVERTIME_NUMERATOR = 3n;
const OVERTIME_DENOMINATOR = 2n;
const MINUTES_PER_HOUR = 60n;

export interface PayslipInput {
  /** The worker's rate type (SPEC 3 Rate Type); anything but Hourly, Daily or Monthly pays 0. */
  rateType: string | null;
  /** The worker's salary rate in integer cents; null pays 0. */
  salaryRateCents: number | null;
  /** Sum of the period's timesheets' hours_worked, in minutes. */
  workedMinutes: number;
  /** Sum of the period's timesheets' overtime_hours, in minutes. */
  overtimeMinutes: number;
  /** Sum of the amounts of every admin charge of the period (any status), in cents. */
  adminChargesCents: number;
  /** The other deductions entered, in cents (see {@link otherDeductionsToCents}). */
  otherDeductionsCents: number;
}

export interface PayslipFigures {
  /** Hours to 2 decimals (SPEC 9 "hours shown to 2 decimals"). */
  totalHoursWorked: number;
  totalOvertimeHours: number;
  /** The rates rounded to the cent, for display only: the amounts use the exact rates. */
  hourlyRateCents: number;
  overtimeRateCents: number;
  basicSalaryCents: number;
  overtimeAmountCents: number;
  adminChargesDeductionCents: number;
  otherDeductionsCents: number;
  /** basic + overtime - admin charges - other deductions, of the rounded lines (may be negative). */
  nettSalaryCents: number;
  /** basic + overtime: the period's salary the deduction limits are measured against. */
  grossSalaryCents: number;
}

/** numerator / denominator rounded half-up (both non-negative). */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** A whole, non-negative number of minutes or cents; anything else is a programming error. */
function wholeNonNegative(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number >= 0`);
  return BigInt(value);
}

/** SPEC 9 payslip figures from the period's totals; the amounts in cents, the hours to 2 decimals. */
export function calculatePayslip(input: PayslipInput): PayslipFigures {
  const perUnit = input.rateType === null ? undefined : HOURS_PER_RATE_UNIT[input.rateType];
  // SPEC 9: "0 if unknown" rate type; a missing salary rate pays nothing either.
  const rateCents =
    perUnit === undefined || input.salaryRateCents === null ? 0n : wholeNonNegative(input.salaryRateCents, 'salary');
  const hoursPerUnit = BigInt(perUnit ?? 1);
  const worked = wholeNonNegative(input.workedMinutes, 'worked minutes');
  const overtime = wholeNonNegative(input.overtimeMinutes, 'overtime minutes');
  const adminChargesCents = Number(wholeNonNegative(input.adminChargesCents, 'admin charges'));
  const otherDeductionsCents = Number(wholeNonNegative(input.otherDeductionsCents, 'other deductions'));

  // hourly rate = rate / hoursPerUnit (exact); basic = minutes / 60 x hourly rate.
  const hourlyRateCents = roundHalfUp(rateCents, hoursPerUnit);
  const overtimeRateCents = roundHalfUp(rateCents * OVERTIME_NUMERATOR, hoursPerUnit * OVERTIME_DENOMINATOR);
  const basicSalaryCents = roundHalfUp(rateCents * worked, hoursPerUnit * MINUTES_PER_HOUR);
  const overtimeAmountCents = roundHalfUp(
    rateCents * overtime * OVERTIME_NUMERATOR,
    hoursPerUnit * MINUTES_PER_HOUR * OVERTIME_DENOMINATOR,
  );
  const grossSalaryCents = basicSalaryCents + overtimeAmountCents;

  return {
    // The timesheet rule's hours (450 minutes -> 7.5; 7 -> 0.12): whole minutes never round a tie.
    totalHoursWorked: minutesToHours(input.workedMinutes),
    totalOvertimeHours: minutesToHours(input.overtimeMinutes),
    hourlyRateCents,
    overtimeRateCents,
    basicSalaryCents,
    overtimeAmountCents,
    adminChargesDeductionCents: adminChargesCents,
    otherDeductionsCents,
    nettSalaryCents: grossSalaryCents - adminChargesCents - otherDeductionsCents,
    grossSalaryCents,
  };
}

/** The largest other deduction taken as valid, in dollars (larger values are typing mistakes). */
export const MAX_OTHER_DEDUCTIONS = 10_000_000;

/**
 * SPEC 5: other deductions is a number, min 0, step 0.01, and an invalid value counts as 0. Accepts
 * what a form or a JSON body may hold (a number or the text typed) and answers cents, rounded half-up.
 */
export function otherDeductionsToCents(value: unknown): number {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  // Plain non-negative decimals only (no sign, exponent or hex); anything else is invalid and counts as 0.
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || !/\d/.test(text)) return 0;
  const [, whole = '', decimals = ''] = match;
  const dollars = Number(whole || '0');
  if (dollars > MAX_OTHER_DEDUCTIONS) return 0;
  // Half-up to the cent on the decimal digits themselves, never on a binary float (1.005 -> 1.01).
  const cents = dollars * 100 + Number(decimals.slice(0, 2).padEnd(2, '0')) + (Number(decimals[2] ?? '0') >= 5 ? 1 : 0);
  return cents > MAX_OTHER_DEDUCTIONS * 100 ? 0 : cents;
}
