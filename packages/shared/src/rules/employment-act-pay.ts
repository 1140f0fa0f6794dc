import {
  NOT_DEDUCTED_REASONS,
  type RestDayRequester,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from '../options/pay-rules.ts';
import { actOvertime, DAY_LIMIT_MINUTES, overtimeOver72Warning } from './act-overtime.ts';
import { addDays, type DateRange, daysBetween } from './dates.ts';
import { formatSgd, fromCents } from './money.ts';

/**
 * Decision 092: a Part IV worker's pay under the Employment Act 1968, as a pure function of
 * everything it needs (the period's days, the holidays, the charges). Sources (../shared/PAYROLL-SG.md):
 *
 * - Third Schedule: hourly basic rate of a monthly-rated worker = 12 x monthly / (52 x 44); daily basic
 *   rate = 12 x monthly / (52 x working days a week). Daily-rated: daily rate / normal daily hours.
 * - s.38: normal hours at most 8 a day or 44 a week; overtime at 1.5 x the hourly basic rate; at most
 *   12 hours a day and 72 overtime hours a month (warned, still paid).
 * - s.37: rest-day work at the employer's request: one day's pay up to half the normal hours, two days'
 *   more; at the worker's request half of that; hours past the normal day are overtime.
 * - s.88: a public holiday worked earns one extra day's basic pay; a daily-rated worker is paid the
 *   holiday he could not work when it falls on a working day.
 * - s.20A: an incomplete month is paid monthly x working days employed / working days in the month.
 * - Work Passes Regulations: a WP holder is paid at least the salary declared in the IPA.
 * - s.27, s.28, s.32: only authorised deductions (see `deductCharges`).
 *
 * Money is integer cents and time integer minutes; every amount is an exact fraction until its line
 * is rounded once, half-up, to the cent; gross is the sum of the rounded lines.
 */

/** One day's timesheet: T = hours_worked + overtime_hours, in minutes. */
export interface PayDay {
  workDate: string;
  minutes: number;
  restDayRequestedBy: RestDayRequester;
}

/** A public holiday as observed (a holiday on a Sunday is observed on the Monday). */
export interface PayHoliday {
  date: string;
  name: string;
}

export interface PayCharge {
  id: string;
  chargeType: string;
  status: string;
  chargeDate: string;
  amountCents: number;
  consentDate: string | null;
  inquiryDate: string | null;
}

export interface EmploymentActInput {
  /** At most one calendar month long (EA s.20; the payslip schema refuses longer). */
  period: DateRange;
  rateType: string | null;
  salaryRateCents: number | null;
  restDay: Weekday;
  workingDaysPerWeek: number;
  normalMinutesPerDay: number;
  employmentStartDate: string | null;
  employmentEndDate: string | null;
  /** The IPA's declared monthly salary; pass it for a WP holder only (null otherwise). */
  declaredMonthlySalaryCents: number | null;
  publicHolidays: readonly PayHoliday[];
  /**
   * The worker's timesheets from the Monday of the week holding the period's first day to its last day:
   * a week belongs to the period that holds its Sunday, and its earlier days count toward its 44 hours.
   */
  days: readonly PayDay[];
  /** The period's admin charges, every status. */
  charges: readonly PayCharge[];
  otherDeductionsCents: number;
}

export type PayWarningCode =
  | 'DEDUCTIONS_OVER_HALF'
  | 'DAMAGE_OVER_QUARTER'
  | 'FINE_DEDUCTED'
  | 'DAY_OVER_12_HOURS'
  | 'OVERTIME_OVER_72'
  | 'CHARGES_NOT_APPROVED'
  | 'CONSENT_MISSING'
  | 'INQUIRY_MISSING'
  | 'NEGATIVE_NETT';

export interface PayWarning {
  code: PayWarningCode;
  message: string;
}

export interface PayLine {
  cents: number;
  /** What the line is made of, for the payslip, its PDF and the preview. */
  basis: string;
}

export interface NotDeducted {
  adminChargeId: string;
  amountCents: number;
  reason: string;
}

export interface EmploymentActPay {
  /** The rates rounded to the cent, for display only: the lines use the exact rates. */
  hourlyRateCents: number;
  overtimeRateCents: number;
  dailyRateCents: number;
  /** T summed over the period's days. */
  workedMinutes: number;
  /** Overtime hours by the Act: past the normal day, past 44 a week, past the normal day on a rest day or holiday. */
  overtimeMinutes: number;
  basic: PayLine;
  overtime: PayLine;
  restDay: PayLine;
  publicHoliday: PayLine;
  declaredTopup: PayLine;
  grossCents: number;
  adminChargesDeductionCents: number;
  /** The charges deducted (in full or, over the damage cap, in part): paying the payslip marks them Deducted. */
  deductedChargeIds: string[];
  notDeducted: NotDeducted[];
  otherDeductionsCents: number;
  nettCents: number;
  warnings: PayWarning[];
}

/** A non-negative exact fraction of cents. */
interface Fraction {
  n: bigint;
  d: bigint;
}
const ZERO: Fraction = { n: 0n, d: 1n };
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const times = (a: Fraction, k: bigint, per = 1n): Fraction => ({ n: a.n * k, d: a.d * per });
const rounded = (a: Fraction): number => Number((2n * a.n + a.d) / (2n * a.d));

/** Charges that are fines or other deductions needing the worker's prior written consent (EA s.27(1)(l)). */
export const CONSENT_CHARGE_TYPES: readonly string[] = ['Safety Violation', 'Misconduct', 'Other'];
/** EA s.27(1)(b), s.28: damage or loss, after the worker was heard, at most 25% of a month's salary. */
export const DAMAGE_CHARGE_TYPE = 'Equipment Damage';

const money = (cents: number) => formatSgd(fromCents(cents));
const hours = (minutes: number) => (minutes / 60).toFixed(2);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The hourly and daily basic rates in cents, exact (EA Third Schedule). */
export function basicRates(
  rateType: string | null,
  salaryRateCents: number | null,
  workingDaysPerWeek: number,
  normalMinutesPerDay: number,
): { hourly: Fraction; daily: Fraction } {
  const rate = salaryRateCents === null ? 0n : BigInt(salaryRateCents);
  const normal = BigInt(normalMinutesPerDay);
  const halfDays = BigInt(Math.round(workingDaysPerWeek * 2));
  switch (rateType) {
    case 'Monthly':
      // 12 x monthly / (52 x 44) an hour; 12 x monthly / (52 x days a week) a day (24 x monthly / (52 x half-days)).
      return { hourly: { n: 12n * rate, d: 52n * 44n }, daily: { n: 24n * rate, d: 52n * halfDays } };
    case 'Daily':
      return { hourly: { n: rate * 60n, d: normal }, daily: { n: rate, d: 1n } };
    case 'Hourly':
      return { hourly: { n: rate, d: 1n }, daily: { n: rate * normal, d: 60n } };
    default:
      // SPEC 9: an unknown rate type pays 0.
      return { hourly: ZERO, daily: ZERO };
  }
}

/** Every date from `start` to `end` inclusive. */
function* datesOf(start: string, end: string): Generator<string> {
  for (let date = start; date <= end; date = addDays(date, 1)) yield date;
}

const lastDayOfMonth = (date: string) => addDays(`${nextMonthStart(date)}`, -1);
function nextMonthStart(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The period cut at month ends: a period of at most one month covers one or two calendar months. */
function monthSegments(period: DateRange): Array<{ start: string; end: string; monthStart: string; monthEnd: string }> {
  const segments = [];
  for (let start = period.start; start <= period.end; start = nextMonthStart(start)) {
    const monthEnd = lastDayOfMonth(start);
    segments.push({
      start,
      end: monthEnd < period.end ? monthEnd : period.end,
      monthStart: `${start.slice(0, 7)}-01`,
      monthEnd,
    });
  }
  return segments;
}

export { mondayOf } from './act-overtime.ts';

/**
 * The Employment Act's pay for one worker and period (decision 092's rules; decision 092). Pure: the
 * caller passes the timesheets, the holidays and the charges.
 */
export function computeEmploymentActPay(input: EmploymentActInput): EmploymentActPay {
  const { period, restDay, normalMinutesPerDay: normal } = input;
  if (!Number.isSafeInteger(normal) || normal <= 0) throw new RangeError('normal minutes must be a whole number > 0');
  const { hourly, daily } = basicRates(input.rateType, input.salaryRateCents, input.workingDaysPerWeek, normal);
  const holidays = new Map(input.publicHolidays.map((holiday) => [holiday.date, holiday.name]));
  const employedFrom = input.employmentStartDate ?? '0000-01-01';
  const employedTo = input.employmentEndDate ?? '9999-12-31';
  const employed = (date: string) => date >= employedFrom && date <= employedTo;
  const isRestDay = (date: string) => weekdayOf(date) === restDay;
  // A holiday observed on the worker's rest day is a rest day here (the next working day in lieu is the
  // employer's to grant; decision 092).
  const isHoliday = (date: string) => holidays.has(date) && !isRestDay(date);
  const minutesOn = new Map<string, PayDay>();
  for (const day of input.days) {
    if (!Number.isSafeInteger(day.minutes) || day.minutes < 0) throw new RangeError('minutes must be whole and >= 0');
    const previous = minutesOn.get(day.workDate);
    minutesOn.set(day.workDate, previous ? { ...previous, minutes: previous.minutes + day.minutes } : day);
  }

  let workedMinutes = 0;
  let normalDayMinutes = 0; // min(T, normal) on normal working days (Daily/Hourly basic)
  let restDayHalfUnits = 0n; // rest-day pay in halves of a daily rate
  let restDaysByEmployer = 0;
  let restDaysByEmployee = 0;
  let holidaysWorked = 0;
  let holidaysPaid = 0; // Daily/Hourly: holidays on a working day of the employed part
  const longDays: string[] = [];

  for (const date of datesOf(period.start, period.end)) {
    const day = minutesOn.get(date);
    const worked = day?.minutes ?? 0;
    if (isHoliday(date) && employed(date)) holidaysPaid += 1;
    if (worked === 0) continue;
    workedMinutes += worked;
    if (worked > DAY_LIMIT_MINUTES) longDays.push(date);
    if (isRestDay(date)) {
      // EA s.37(2)/(3): up to half the normal hours one day's pay, more two; at the worker's request half.
      const units = worked * 2 <= normal ? 2n : 4n;
      if (day?.restDayRequestedBy === 'Employee') {
        restDayHalfUnits += units / 2n;
        restDaysByEmployee += 1;
      } else {
        restDayHalfUnits += units;
        restDaysByEmployer += 1;
      }
    } else if (isHoliday(date)) {
      holidaysWorked += 1;
    } else {
      normalDayMinutes += Math.min(worked, normal);
    }
  }

  // EA s.38: the one count of overtime (act-overtime.ts), shared with the timesheet's 72-hour warning.
  const {
    dailyMinutes: dailyOvertime,
    weeklyMinutes: weeklyOvertime,
    totalMinutes: overtimeMinutes,
  } = actOvertime({
    period,
    days: input.days,
    restDay,
    normalMinutesPerDay: normal,
    holidayDates: holidays.keys(),
  });

  // Working days: the days that are not the rest day (holidays count), per calendar month (EA s.20A).
  // Counted, not walked day by day (decision 111: twice a month for every worker of a run): the rest day
  // comes once in every seven days from its first.
  const restDayIndex = WEEKDAYS.indexOf(restDay);
  const workingDays = (start: string, end: string, onlyEmployed: boolean) => {
    const from = onlyEmployed && employedFrom > start ? employedFrom : start;
    const to = onlyEmployed && employedTo < end ? employedTo : end;
    if (from > to) return 0;
    const days = daysBetween(from, to) + 1;
    const firstRestDay = (restDayIndex - WEEKDAYS.indexOf(weekdayOf(from)) + 7) % 7;
    return days - (firstRestDay < days ? Math.floor((days - 1 - firstRestDay) / 7) + 1 : 0);
  };
  const proRated = (monthlyCents: number) => {
    let total = ZERO;
    const parts: string[] = [];
    for (const segment of monthSegments(period)) {
      const inMonth = workingDays(segment.monthStart, segment.monthEnd, false);
      const employedDays = workingDays(segment.start, segment.end, true);
      if (inMonth > 0) total = add(total, { n: BigInt(monthlyCents) * BigInt(employedDays), d: BigInt(inMonth) });
      parts.push(`${employedDays} of ${inMonth} working days of ${segment.monthStart.slice(0, 7)}`);
    }
    const whole = parts.length === 1 && total.n === BigInt(monthlyCents) * total.d;
    return { total, whole, parts: parts.join(' + ') };
  };

  let basic: PayLine;
  if (input.rateType === 'Monthly' && input.salaryRateCents !== null) {
    const { total, whole, parts } = proRated(input.salaryRateCents);
    basic = {
      cents: rounded(total),
      basis: whole
        ? `Monthly salary ${money(input.salaryRateCents)}`
        : `${money(input.salaryRateCents)} a month x ${parts} (EA s.20A)`,
    };
  } else {
    const amount = add(times(hourly, BigInt(normalDayMinutes), 60n), times(daily, BigInt(holidaysPaid)));
    const holidayPart =
      holidaysPaid > 0 ? ` + ${plural(holidaysPaid, 'public holiday')} at ${money(rounded(daily))} a day` : '';
    basic = {
      cents: rounded(amount),
      basis: `${hours(normalDayMinutes)} h at ${money(rounded(hourly))} an hour${holidayPart}`,
    };
  }

  const overtimeRate = times(hourly, 3n, 2n);
  const overtimeParts = [
    weeklyOvertime > 0 ? `${hours(weeklyOvertime)} h past 44 a week` : '',
    dailyOvertime > 0 ? `${hours(dailyOvertime)} h past ${hours(normal)} a day` : '',
  ].filter(Boolean);
  const overtime: PayLine = {
    cents: rounded(times(overtimeRate, BigInt(overtimeMinutes), 60n)),
    basis:
      overtimeMinutes > 0
        ? `${overtimeParts.join(', ')} at ${money(rounded(overtimeRate))} an hour (1.5 x the hourly basic rate)`
        : 'No overtime',
  };

  const restDayParts = [
    restDaysByEmployer > 0 ? `${plural(restDaysByEmployer, 'rest day')} at the employer's request` : '',
    restDaysByEmployee > 0 ? `${plural(restDaysByEmployee, 'rest day')} at the worker's request` : '',
  ].filter(Boolean);
  const restDayPay: PayLine = {
    cents: rounded(times(daily, restDayHalfUnits, 2n)),
    basis: restDayParts.length > 0 ? `${restDayParts.join(', ')} (EA s.37)` : 'No rest day worked',
  };
  const publicHoliday: PayLine = {
    cents: rounded(times(daily, BigInt(holidaysWorked))),
    basis:
      holidaysWorked > 0
        ? `${plural(holidaysWorked, 'public holiday')} worked at ${money(rounded(daily))} a day on top (EA s.88)`
        : 'No public holiday worked',
  };

  let declaredTopup: PayLine = { cents: 0, basis: 'No declared salary' };
  if (input.declaredMonthlySalaryCents !== null) {
    const floor = proRated(input.declaredMonthlySalaryCents);
    const shortfall = Math.max(0, rounded(floor.total) - basic.cents);
    declaredTopup = {
      cents: shortfall,
      basis:
        shortfall > 0
          ? `Declared salary ${money(input.declaredMonthlySalaryCents)} x ${floor.parts}, less the basic salary`
          : `Basic salary is at least the declared salary of ${money(input.declaredMonthlySalaryCents)}`,
    };
  }

  const grossCents = basic.cents + overtime.cents + restDayPay.cents + publicHoliday.cents + declaredTopup.cents;
  // EA s.28: 25% of one month's salary; a Monthly worker's month is his monthly rate, any other's this
  // period's basic salary (a period is at most a month, so never more lenient than the Act).
  const monthBasicCents =
    input.rateType === 'Monthly' && input.salaryRateCents !== null ? input.salaryRateCents : basic.cents;
  const deductions = deductCharges(input.charges, monthBasicCents);

  const warnings: PayWarning[] = [...deductions.warnings];
  if (longDays.length > 0) {
    warnings.push({
      code: 'DAY_OVER_12_HOURS',
      message:
        `More than 12 hours worked on ${longDays.join(', ')}. The Employment Act (s.38) allows at most 12 hours ` +
        'a day; the hours are paid.',
    });
  }
  const overtimeOver72 = overtimeOver72Warning(overtimeMinutes, period);
  if (overtimeOver72) warnings.push(overtimeOver72);
  const result: EmploymentActPay = {
    hourlyRateCents: rounded(hourly),
    overtimeRateCents: rounded(overtimeRate),
    dailyRateCents: rounded(daily),
    workedMinutes,
    overtimeMinutes,
    basic,
    overtime,
    restDay: restDayPay,
    publicHoliday,
    declaredTopup,
    grossCents,
    adminChargesDeductionCents: deductions.deductedCents,
    deductedChargeIds: deductions.deductedIds,
    notDeducted: deductions.notDeducted,
    otherDeductionsCents: input.otherDeductionsCents,
    nettCents: 0,
    warnings,
  };
  return withOtherDeductions(result, input.otherDeductionsCents);
}

/**
 * EA s.27, s.28: which of the period's charges are deducted, in date order. Only Approved charges;
 * Safety Violation, Misconduct and Other only with the worker's written consent dated on or before the
 * charge; Equipment Damage only once the worker was heard, and together at most 25% of a month's basic
 * salary (the excess is not deducted).
 */
export function deductCharges(
  charges: readonly PayCharge[],
  monthBasicCents: number,
): { deductedCents: number; deductedIds: string[]; notDeducted: NotDeducted[]; warnings: PayWarning[] } {
  const ordered = [...charges].sort((a, b) => a.chargeDate.localeCompare(b.chargeDate) || a.id.localeCompare(b.id));
  const damageCap = Math.floor(monthBasicCents / 4);
  let damageDeducted = 0;
  let deductedCents = 0;
  const deductedIds: string[] = [];
  const notDeducted: NotDeducted[] = [];
  const codes = new Set<PayWarningCode>();
  for (const charge of ordered) {
    const skip = (reason: string, code: PayWarningCode, amountCents = charge.amountCents) => {
      notDeducted.push({ adminChargeId: charge.id, amountCents, reason });
      codes.add(code);
    };
    if (charge.status !== 'Approved') {
      skip(NOT_DEDUCTED_REASONS.notApproved(charge.status), 'CHARGES_NOT_APPROVED');
    } else if (
      CONSENT_CHARGE_TYPES.includes(charge.chargeType) &&
      !(charge.consentDate !== null && charge.consentDate <= charge.chargeDate)
    ) {
      skip(NOT_DEDUCTED_REASONS.consentMissing, 'CONSENT_MISSING');
    } else if (charge.chargeType === DAMAGE_CHARGE_TYPE && charge.inquiryDate === null) {
      skip(NOT_DEDUCTED_REASONS.inquiryMissing, 'INQUIRY_MISSING');
    } else if (charge.chargeType === DAMAGE_CHARGE_TYPE) {
      const allowed = Math.max(0, Math.min(charge.amountCents, damageCap - damageDeducted));
      damageDeducted += allowed;
      deductedCents += allowed;
      if (allowed > 0) deductedIds.push(charge.id);
      if (allowed < charge.amountCents) {
        skip(NOT_DEDUCTED_REASONS.overQuarter, 'DAMAGE_OVER_QUARTER', charge.amountCents - allowed);
      }
    } else {
      deductedCents += charge.amountCents;
      deductedIds.push(charge.id);
    }
  }
  const total = (code: PayWarningCode) =>
    money(
      notDeducted.filter((item) => codeOfReason(item.reason) === code).reduce((sum, item) => sum + item.amountCents, 0),
    );
  const warnings: PayWarning[] = [];
  if (codes.has('CHARGES_NOT_APPROVED')) {
    warnings.push({
      code: 'CHARGES_NOT_APPROVED',
      message: `Admin charges of ${total('CHARGES_NOT_APPROVED')} are not Approved and are not deducted.`,
    });
  }
  if (codes.has('CONSENT_MISSING')) {
    warnings.push({
      code: 'CONSENT_MISSING',
      message:
        `Charges of ${total('CONSENT_MISSING')} are not deducted: a fine or other deduction needs the ` +
        "worker's prior written consent (Employment Act s.27). Record the consent date on the charge.",
    });
  }
  if (codes.has('INQUIRY_MISSING')) {
    warnings.push({
      code: 'INQUIRY_MISSING',
      message:
        `Equipment Damage charges of ${total('INQUIRY_MISSING')} are not deducted: the worker must be heard ` +
        'first (Employment Act s.28). Record the inquiry date on the charge.',
    });
  }
  if (codes.has('DAMAGE_OVER_QUARTER')) {
    warnings.push({
      code: 'DAMAGE_OVER_QUARTER',
      message:
        `Equipment Damage over 25% of one month's basic salary of ${money(monthBasicCents)}: ` +
        `${total('DAMAGE_OVER_QUARTER')} is not deducted (Employment Act s.28).`,
    });
  }
  return { deductedCents, deductedIds, notDeducted, warnings };
}

function codeOfReason(reason: string): PayWarningCode {
  if (reason === NOT_DEDUCTED_REASONS.consentMissing) return 'CONSENT_MISSING';
  if (reason === NOT_DEDUCTED_REASONS.inquiryMissing) return 'INQUIRY_MISSING';
  if (reason === NOT_DEDUCTED_REASONS.overQuarter) return 'DAMAGE_OVER_QUARTER';
  return 'CHARGES_NOT_APPROVED';
}

/** EA s.32: all deductions of a period together more than half the salary payable for it. */
export const deductionsOverHalf = (grossCents: number, deductionsCents: number) =>
  deductionsCents > 0 && deductionsCents * 2 > grossCents;

/**
 * The nett and the deduction-total warnings again for other deductions typed (the generate screen
 * recomputes as they are typed; nothing else depends on them).
 */
export function withOtherDeductions(pay: EmploymentActPay, otherDeductionsCents: number): EmploymentActPay {
  const deductions = pay.adminChargesDeductionCents + otherDeductionsCents;
  const nettCents = pay.grossCents - deductions;
  const warnings = pay.warnings.filter((w) => w.code !== 'DEDUCTIONS_OVER_HALF' && w.code !== 'NEGATIVE_NETT');
  if (deductionsOverHalf(pay.grossCents, deductions)) {
    warnings.unshift({
      code: 'DEDUCTIONS_OVER_HALF',
      message:
        `Deductions of ${money(deductions)} are more than 50% of this period's salary of ${money(pay.grossCents)}. ` +
        'The Employment Act (s.32) caps all deductions in one salary period at 50% of the salary payable: ' +
        'the payslip cannot be paid until they are within it.',
    });
  }
  if (nettCents < 0) {
    warnings.push({
      code: 'NEGATIVE_NETT',
      message: `Deductions of ${money(deductions)} exceed the salary of ${money(pay.grossCents)}: a payslip is never generated with a negative nett.`,
    });
  }
  return { ...pay, otherDeductionsCents, nettCents, warnings };
}
