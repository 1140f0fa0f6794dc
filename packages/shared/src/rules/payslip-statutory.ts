import { type CpfContribution, computeCpf, NO_CPF, type PrCpfScheme, percentOf } from './cpf.ts';
import type { DateRange } from './dates.ts';
import { type LevyValidity, levyForPeriod } from './levy.ts';
import { formatSgd, fromCents } from './money.ts';
import type { RuledPayslip } from './payslip-rules.ts';
import { computeSdl } from './sdl.ts';
import type { LevyTier } from './statutory-rates.ts';

/**
 * Decision 103: what the law adds to a payslip on top of its pay (PAYROLL-SG 5 and 6), the one
 * step every payslip takes after `computeRuledPayslip` (the preview, single generation, the payroll run
 * and the pay runs):
 *
 * - additions: allowances (ordinary wages) and bonuses (additional wages), in gross;
 * - CPF for a Singapore Citizen or PR (cpf.ts): the employee's share a deduction, so the nett is
 *   gross - deductions - the employee's share; the employer's share shown, never deducted;
 * - SDL on everyone's total wages (sdl.ts) and a WP holder's levy (levy.ts): the employer's costs, shown
 *   and never deducted (PAYROLL-SG 4: the levy may never be taken from pay).
 */

export const ADDITION_KINDS = ['allowance', 'bonus'] as const;
export type AdditionKind = (typeof ADDITION_KINDS)[number];

export interface PayslipAddition {
  label: string;
  amountCents: number;
  kind: AdditionKind;
}

export interface StatutoryWorker {
  typeOfPass: string | null;
  dateOfBirth: string | null;
  prStartDate: string | null;
  prScheme: PrCpfScheme;
  /** Null for anyone but a WP holder whose tier is known. */
  levyTier: LevyTier | null;
  permit: LevyValidity;
}

/** The worker's CPF wages on earlier payslips of the year (integer cents). */
export interface CpfYearToDate {
  ordinaryWagesCents: number;
  additionalWagesCents: number;
  /** The part of `ordinaryWagesCents` on earlier payslips of the same month. */
  monthOrdinaryWagesCents: number;
}

export const NO_YEAR_TO_DATE: CpfYearToDate = {
  ordinaryWagesCents: 0,
  additionalWagesCents: 0,
  monthOrdinaryWagesCents: 0,
};

export interface PayslipStatutory {
  additions: PayslipAddition[];
  allowancesCents: number;
  bonusesCents: number;
  cpf: CpfContribution;
  sdlCents: number;
  levyCents: number;
  /** Why the payslip cannot be computed (a Citizen's or PR's missing date of birth); null when it can. */
  refusal: string | null;
}

export type StatutoryPayslip = RuledPayslip & { statutory: PayslipStatutory };

export const cpfResidencyOf = (typeOfPass: string | null) =>
  typeOfPass === 'Singapore Citizen' ? 'citizen' : typeOfPass === 'PR' ? 'pr' : null;

/** CPF needs the age: a Citizen's or PR's payslip is refused without the date of birth. */
export const dateOfBirthMissingMessage = (name: string) =>
  `${name}'s date of birth is missing: CPF needs the worker's age. Add it to the worker before generating the payslip`;

/**
 * The payslip with its additions, CPF, SDL and levy. `workerName` names the worker in a refusal.
 */
export function withStatutory(
  payslip: RuledPayslip,
  {
    additions,
    worker,
    workerName,
    period,
    yearToDate,
  }: {
    additions: readonly PayslipAddition[];
    worker: StatutoryWorker;
    workerName: string;
    period: DateRange;
    yearToDate: CpfYearToDate;
  },
): StatutoryPayslip {
  const allowancesCents = sumOf(additions, 'allowance');
  const bonusesCents = sumOf(additions, 'bonus');
  const earningsCents = payslip.figures.grossSalaryCents;
  const grossCents = earningsCents + allowancesCents + bonusesCents;
  const residency = cpfResidencyOf(worker.typeOfPass);
  const refusal = residency !== null && !worker.dateOfBirth ? dateOfBirthMissingMessage(workerName) : null;
  // The wage month is the month the period ends in (a period is at most one month, EA s.20).
  const month = period.end.slice(0, 7);
  const cpf =
    residency === null || refusal !== null || !worker.dateOfBirth
      ? NO_CPF
      : computeCpf({
          month,
          residency,
          dateOfBirth: worker.dateOfBirth,
          prStartDate: worker.prStartDate,
          prScheme: worker.prScheme,
          // PAYROLL-SG 5: basic, overtime, rest-day and holiday pay and allowances are ordinary wages.
          ordinaryWagesCents: earningsCents + allowancesCents,
          additionalWagesCents: bonusesCents,
          yearOrdinaryWagesBeforeCents: yearToDate.ordinaryWagesCents,
          yearAdditionalWagesBeforeCents: yearToDate.additionalWagesCents,
          monthOrdinaryWagesBeforeCents: yearToDate.monthOrdinaryWagesCents,
        });
  const sdlCents = computeSdl(grossCents, period.end);
  const levyCents =
    worker.typeOfPass === 'WP' && worker.levyTier ? levyForPeriod(worker.levyTier, worker.permit, period) : 0;
  const { figures } = payslip;
  return {
    ...payslip,
    figures: {
      ...figures,
      grossSalaryCents: grossCents,
      nettSalaryCents:
        grossCents - figures.adminChargesDeductionCents - figures.otherDeductionsCents - cpf.employeeCents,
    },
    statutory: {
      additions: additions.map((addition) => ({ ...addition })),
      allowancesCents,
      bonusesCents,
      cpf,
      sdlCents,
      levyCents,
      refusal,
    },
  };
}

function sumOf(additions: readonly PayslipAddition[], kind: AdditionKind): number {
  return additions
    .filter((addition) => addition.kind === kind)
    .reduce((sum, addition) => sum + addition.amountCents, 0);
}

/** The statutory figures as the API carries them (dollars, 2 decimals), after the payslip's other fields. */
export function statutoryInDollars(statutory: PayslipStatutory | undefined) {
  const cpf = statutory?.cpf ?? NO_CPF;
  return {
    additions: (statutory?.additions ?? []).map((addition) => ({
      label: addition.label,
      amount: fromCents(addition.amountCents),
      kind: addition.kind,
    })),
    cpf_ordinary_wages: fromCents(cpf.ordinaryWagesCents),
    cpf_additional_wages: fromCents(cpf.additionalWagesCents),
    cpf_employee: fromCents(cpf.employeeCents),
    cpf_employer: fromCents(cpf.employerCents),
    sdl: fromCents(statutory?.sdlCents ?? 0),
    levy: fromCents(statutory?.levyCents ?? 0),
  };
}

/** The CPF line's basis: "CPF 20% of $1,800.00 (55 and below)". */
export function cpfBasis(cpf: { employeeBp: number; employerBp: number; ageBand: string; prYear: 1 | 2 | null }) {
  if (!cpf.ageBand) return '';
  const pr = cpf.prYear === null ? '' : `, PR year ${cpf.prYear} graduated rates`;
  return `employee ${percentOf(cpf.employeeBp)}, employer ${percentOf(cpf.employerBp)} (age ${cpf.ageBand}${pr})`;
}

export const moneyText = (cents: number) => formatSgd(fromCents(cents));
