import { CPF_RATE_TABLES, type CpfAgeBand, type CpfRateTable, inForce } from './statutory-rates.ts';

/**
 * Decision 103: a month's CPF contributions for a Singapore Citizen or PR, as a pure function.
 * Sources: cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay (PAYROLL-SG 5).
 *
 * - Ordinary wages (OW: basic, overtime, rest-day and holiday pay, allowances) count up to the OW ceiling
 *   a month; additional wages (AW: bonuses) up to the AW ceiling, the annual ceiling less the year's OW
 *   subject to CPF (this month's included) less the AW already subject to CPF that year.
 * - The age band changes the month after the birthday month.
 * - Total wages up to $50: none; to $500: the employer's share only; to $750: the employee's share is
 *   3 x its rate on the wages above $500; above: the full rates.
 * - PRs pay graduated rates in the first and second years of PR status (G/G), unless full rates (F/F)
 *   were agreed with CPF.
 * - Rounding: the total to the nearest dollar (50 cents up); the employee's share with its cents dropped;
 *   the employer's share is the total less the employee's.
 */

export type CpfResidency = 'citizen' | 'pr';
export const PR_CPF_SCHEMES = ['G/G', 'F/F'] as const;
export type PrCpfScheme = (typeof PR_CPF_SCHEMES)[number];

export interface CpfInput {
  /** The wage month, `YYYY-MM`. */
  month: string;
  residency: CpfResidency;
  /** `YYYY-MM-DD`; CPF cannot be computed without it (the caller refuses). */
  dateOfBirth: string;
  /** A PR's date of PR status; null counts as beyond the second year. */
  prStartDate: string | null;
  prScheme: PrCpfScheme;
  ordinaryWagesCents: number;
  additionalWagesCents: number;
  /** The year's OW subject to CPF on earlier payslips (this month's earlier payslips included). */
  yearOrdinaryWagesBeforeCents: number;
  /** The year's AW subject to CPF on earlier payslips. */
  yearAdditionalWagesBeforeCents: number;
  /** The part of `yearOrdinaryWagesBeforeCents` on earlier payslips of this same month. */
  monthOrdinaryWagesBeforeCents: number;
}

export interface CpfContribution {
  /** OW and AW subject to CPF (after the ceilings). */
  ordinaryWagesCents: number;
  additionalWagesCents: number;
  employeeCents: number;
  employerCents: number;
  totalCents: number;
  /** The rates applied (for the payslip's line), in basis points. */
  employerBp: number;
  employeeBp: number;
  /** "55 and below", "above 55 to 60", ... */
  ageBand: string;
  /** 1 or 2 for a PR on graduated rates; null otherwise. */
  prYear: 1 | 2 | null;
}

export const NO_CPF: CpfContribution = {
  ordinaryWagesCents: 0,
  additionalWagesCents: 0,
  employeeCents: 0,
  employerCents: 0,
  totalCents: 0,
  employerBp: 0,
  employeeBp: 0,
  ageBand: '',
  prYear: null,
};

const monthIndex = (isoDateOrMonth: string) => {
  const [year, month] = isoDateOrMonth.split('-').map(Number) as [number, number];
  return year * 12 + (month - 1);
};

/** PAYROLL-SG 5: the band of the ages above `aboveAge` applies from the month after that birthday's month. */
export function ageBandOf(bands: readonly CpfAgeBand[], dateOfBirth: string, month: string): CpfAgeBand {
  const monthsSinceBirthMonth = monthIndex(month) - monthIndex(dateOfBirth);
  let chosen = bands[0];
  for (const band of bands) {
    if (band.aboveAge === 0 || monthsSinceBirthMonth > band.aboveAge * 12) {
      if (!chosen || band.aboveAge >= chosen.aboveAge) chosen = band;
    }
  }
  if (!chosen) throw new RangeError('No CPF age band');
  return chosen;
}

export function ageBandLabel(bands: readonly CpfAgeBand[], band: CpfAgeBand): string {
  const next = bands
    .map((other) => other.aboveAge)
    .filter((age) => age > band.aboveAge)
    .sort((a, b) => a - b)[0];
  if (band.aboveAge === 0) return `${next ?? 0} and below`;
  return next === undefined ? `above ${band.aboveAge}` : `above ${band.aboveAge} to ${next}`;
}

/**
 * A PR's year of PR status in the wage month, counted in calendar months from the month PR was
 * granted (that month is the first of year 1); 0 before it; 3 from the third year on.
 */
export function prYearOf(prStartDate: string, month: string): 0 | 1 | 2 | 3 {
  const months = monthIndex(month) - monthIndex(prStartDate);
  if (months < 0) return 0;
  if (months < 12) return 1;
  if (months < 24) return 2;
  return 3;
}

const floorDiv = (numerator: bigint, denominator: bigint) => numerator / denominator;
const roundHalfUpDiv = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);
/** Cents x basis points -> cents x 10,000; to whole dollars divide by 1,000,000. */
const PER_DOLLAR = 1_000_000n;

function whole(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number >= 0`);
  return BigInt(value);
}

/** The rates for the worker and month: full, or a PR's graduated year 1 or 2. */
function ratesFor(table: CpfRateTable, input: CpfInput): { bands: readonly CpfAgeBand[]; prYear: 1 | 2 | null } {
  if (input.residency === 'pr' && input.prScheme === 'G/G' && input.prStartDate) {
    const year = prYearOf(input.prStartDate, input.month);
    if (year === 1) return { bands: table.prGraduatedYear1, prYear: 1 };
    if (year === 2) return { bands: table.prGraduatedYear2, prYear: 2 };
  }
  return { bands: table.full, prYear: null };
}

/** The month's CPF contribution (see the module's comment for the rules and their source). */
export function computeCpf(input: CpfInput, tables: readonly CpfRateTable[] = CPF_RATE_TABLES): CpfContribution {
  // A PR is liable from the month PR status was granted; a WP holder turned PR pays none before it.
  if (input.residency === 'pr' && input.prStartDate && prYearOf(input.prStartDate, input.month) === 0) return NO_CPF;
  const table = inForce(tables, `${input.month}-01`);
  const ow = whole(input.ordinaryWagesCents, 'ordinary wages');
  const aw = whole(input.additionalWagesCents, 'additional wages');
  const yearOwBefore = whole(input.yearOrdinaryWagesBeforeCents, 'year ordinary wages');
  const yearAwBefore = whole(input.yearAdditionalWagesBeforeCents, 'year additional wages');
  const monthOwBefore = whole(input.monthOrdinaryWagesBeforeCents, 'month ordinary wages');

  // PAYROLL-SG 5: the OW ceiling a month (less this month's OW on earlier payslips).
  const owCeiling = BigInt(table.ordinaryWageCeilingCents) - monthOwBefore;
  const owSubject = ow < owCeiling ? ow : owCeiling > 0n ? owCeiling : 0n;
  // The AW ceiling: the annual ceiling less the year's OW subject to CPF (this month's included) and
  // the AW already subject to CPF that year.
  const awCeiling = BigInt(table.annualCeilingCents) - yearOwBefore - owSubject - yearAwBefore;
  const awSubject = aw < awCeiling ? aw : awCeiling > 0n ? awCeiling : 0n;

  const { bands, prYear } = ratesFor(table, input);
  const band = ageBandOf(bands, input.dateOfBirth, input.month);
  const er = BigInt(band.employerBp);
  const ee = BigInt(band.employeeBp);
  const [noCpfUpTo, employerOnlyUpTo, phaseInUpTo] = table.wageBandsCents.map(BigInt) as [bigint, bigint, bigint];
  const totalWages = ow + aw;

  let totalExact: bigint; // cents x 10,000
  let employeeExact: bigint;
  if (totalWages <= noCpfUpTo) {
    totalExact = 0n;
    employeeExact = 0n;
  } else if (totalWages <= employerOnlyUpTo) {
    totalExact = er * totalWages;
    employeeExact = 0n;
  } else if (totalWages <= phaseInUpTo) {
    employeeExact = BigInt(table.phaseInFactor) * ee * (totalWages - employerOnlyUpTo);
    totalExact = er * totalWages + employeeExact;
  } else {
    const subject = owSubject + awSubject;
    employeeExact = ee * subject;
    totalExact = (er + ee) * subject;
  }
  // Total to the nearest dollar, 50 cents up; the employee's share with its cents dropped.
  const totalCents = Number(roundHalfUpDiv(totalExact, PER_DOLLAR) * 100n);
  const employeeCents = Number(floorDiv(employeeExact, PER_DOLLAR) * 100n);
  return {
    ordinaryWagesCents: Number(owSubject),
    additionalWagesCents: Number(awSubject),
    employeeCents,
    employerCents: totalCents - employeeCents,
    totalCents,
    employerBp: band.employerBp,
    employeeBp: band.employeeBp,
    ageBand: ageBandLabel(bands, band),
    prYear,
  };
}

/** "17%" from 1700 basis points; "12.5%" from 1250. */
export const percentOf = (bp: number) => `${(bp / 100).toString()}%`;
