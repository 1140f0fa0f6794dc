import type { PayRules, RestDayRequester, Weekday } from '../options/pay-rules.ts';
import type { DateRange } from './dates.ts';
import { type DeductionWarning, deductionWarnings } from './deduction-warnings.ts';
import {
  computeEmploymentActPay,
  type EmploymentActPay,
  type NotDeducted,
  type PayCharge,
  type PayDay,
  type PayHoliday,
  type PayWarning,
  withOtherDeductions,
} from './employment-act-pay.ts';
import { formatSgd, fromCents } from './money.ts';
import { calculatePayslip, type PayslipFigures } from './payslip.ts';
import { minutesToHours } from './timesheet-hours.ts';

/**
 * Decision 092: one payslip computed by the rules the installation chose (`PAY_RULES`). The
 * one entry point the generate screen's preview, single generation and the payroll run take, so they
 * never disagree (decision 075). `seed` is SPEC 9's calculation exactly as before (every charge of the
 * period deducted, whatever its status); `employment-act` is `computeEmploymentActPay`.
 */
export interface RuledBasis {
  payRules: PayRules;
  period: DateRange;
  rateType: string | null;
  salaryRateCents: number | null;
  restDay: Weekday;
  workingDaysPerWeek: number;
  normalMinutesPerDay: number;
  employmentStartDate: string | null;
  employmentEndDate: string | null;
  /** The IPA's declared salary of a WP holder; null for anyone else. */
  declaredMonthlySalaryCents: number | null;
  /** SPEC 9 sums of the period's timesheets (the seed pays by them). */
  workedMinutes: number;
  overtimeMinutes: number;
  /** Each day's hours from the Monday of the period's first week to its end (the Act's weeks). */
  days: readonly PayDay[];
  publicHolidays: readonly PayHoliday[];
  charges: readonly PayCharge[];
}

export interface PayLineBases {
  basic: string;
  overtime: string;
  rest_day: string;
  public_holiday: string;
  declared_topup: string;
}

export interface RuledPayslip {
  payRules: PayRules;
  figures: PayslipFigures;
  /** The hours behind the figures, exact: the seed's are the timesheets' sums, the Act's what it counted. */
  workedMinutes: number;
  overtimeMinutes: number;
  restDayPayCents: number;
  publicHolidayPayCents: number;
  declaredTopupCents: number;
  lines: PayLineBases;
  /** The charges this payslip deducts: paying it marks exactly these Deducted (decision 081). */
  deductedChargeIds: string[];
  /** What was deducted of each charge type (the damage cap may take part of a charge). */
  deductedByType: Array<{ chargeType: string; amountCents: number; count: number }>;
  notDeducted: NotDeducted[];
  warnings: PayWarning[];
}

const money = (cents: number) => formatSgd(fromCents(cents));

function byType(charges: ReadonlyArray<{ chargeType: string; amountCents: number }>) {
  const totals = new Map<string, { chargeType: string; amountCents: number; count: number }>();
  for (const charge of charges) {
    const total = totals.get(charge.chargeType) ?? { chargeType: charge.chargeType, amountCents: 0, count: 0 };
    total.amountCents += charge.amountCents;
    total.count += 1;
    totals.set(charge.chargeType, total);
  }
  return [...totals.values()].sort((a, b) => a.chargeType.localeCompare(b.chargeType));
}

/** SPEC 9 as it always was; the seed's lines carry their basis too. */
function seedPayslip(basis: RuledBasis, otherDeductionsCents: number): RuledPayslip {
  const deductedByType = byType(basis.charges);
  const figures = calculatePayslip({
    rateType: basis.rateType,
    salaryRateCents: basis.salaryRateCents,
    workedMinutes: basis.workedMinutes,
    overtimeMinutes: basis.overtimeMinutes,
    adminChargesCents: deductedByType.reduce((sum, charge) => sum + charge.amountCents, 0),
    otherDeductionsCents,
  });
  const warnings: Array<PayWarning | DeductionWarning> = [
    // SPEC 9's payslips carry decision 018's deduction warnings, exactly as before decision 092.
    ...deductionWarnings({
      grossSalaryCents: figures.grossSalaryCents,
      adminChargesByType: deductedByType,
      otherDeductionsCents: figures.otherDeductionsCents,
    }),
  ];
  return {
    payRules: 'seed',
    figures,
    workedMinutes: basis.workedMinutes,
    overtimeMinutes: basis.overtimeMinutes,
    restDayPayCents: 0,
    publicHolidayPayCents: 0,
    declaredTopupCents: 0,
    lines: {
      basic: `${figures.totalHoursWorked.toFixed(2)} h at ${money(figures.hourlyRateCents)} an hour (SPEC 9)`,
      overtime: `${figures.totalOvertimeHours.toFixed(2)} h at ${money(figures.overtimeRateCents)} an hour (SPEC 9)`,
      rest_day: 'Not paid under the seed rules',
      public_holiday: 'Not paid under the seed rules',
      declared_topup: 'Not paid under the seed rules',
    },
    deductedChargeIds: basis.charges.map((charge) => charge.id),
    deductedByType,
    notDeducted: [],
    warnings,
  };
}

function fromAct(pay: EmploymentActPay, basis: RuledBasis): RuledPayslip {
  const notDeducted = new Map<string, number>();
  for (const item of pay.notDeducted) {
    notDeducted.set(item.adminChargeId, (notDeducted.get(item.adminChargeId) ?? 0) + item.amountCents);
  }
  const deducted = basis.charges
    .filter((charge) => pay.deductedChargeIds.includes(charge.id))
    .map((charge) => ({
      chargeType: charge.chargeType,
      amountCents: charge.amountCents - (notDeducted.get(charge.id) ?? 0),
    }));
  const earnings =
    pay.basic.cents + pay.overtime.cents + pay.restDay.cents + pay.publicHoliday.cents + pay.declaredTopup.cents;
  return {
    payRules: 'employment-act',
    figures: {
      totalHoursWorked: minutesToHours(pay.workedMinutes),
      totalOvertimeHours: minutesToHours(pay.overtimeMinutes),
      hourlyRateCents: pay.hourlyRateCents,
      overtimeRateCents: pay.overtimeRateCents,
      basicSalaryCents: pay.basic.cents,
      overtimeAmountCents: pay.overtime.cents,
      adminChargesDeductionCents: pay.adminChargesDeductionCents,
      otherDeductionsCents: pay.otherDeductionsCents,
      nettSalaryCents: pay.nettCents,
      grossSalaryCents: earnings,
    },
    workedMinutes: pay.workedMinutes,
    overtimeMinutes: pay.overtimeMinutes,
    restDayPayCents: pay.restDay.cents,
    publicHolidayPayCents: pay.publicHoliday.cents,
    declaredTopupCents: pay.declaredTopup.cents,
    lines: {
      basic: pay.basic.basis,
      overtime: pay.overtime.basis,
      rest_day: pay.restDay.basis,
      public_holiday: pay.publicHoliday.basis,
      declared_topup: pay.declaredTopup.basis,
    },
    deductedChargeIds: pay.deductedChargeIds,
    deductedByType: byType(deducted),
    notDeducted: pay.notDeducted,
    warnings: pay.warnings,
  };
}

/** The payslip by the chosen rules, other deductions included. */
export function computeRuledPayslip(basis: RuledBasis, otherDeductionsCents: number): RuledPayslip {
  if (basis.payRules === 'seed') return seedPayslip(basis, otherDeductionsCents);
  const pay = computeEmploymentActPay({ ...basis, otherDeductionsCents });
  return fromAct(pay, basis);
}

/**
 * The same payslip with other deductions changed (the generate screen recomputes as they are typed):
 * only the nett and the deduction warnings depend on them.
 */
export function withOtherDeductionsRuled(payslip: RuledPayslip, otherDeductionsCents: number): RuledPayslip {
  const { figures } = payslip;
  // Gross less every deduction, of the rounded lines (ARCHITECTURE, Data).
  const nettSalaryCents = figures.grossSalaryCents - figures.adminChargesDeductionCents - otherDeductionsCents;
  const next = { ...figures, otherDeductionsCents, nettSalaryCents };
  if (payslip.payRules === 'seed') {
    return {
      ...payslip,
      figures: next,
      warnings: deductionWarnings({
        grossSalaryCents: figures.grossSalaryCents,
        adminChargesByType: payslip.deductedByType,
        otherDeductionsCents,
      }),
    };
  }
  const pay = withOtherDeductions(
    {
      grossCents: figures.grossSalaryCents,
      adminChargesDeductionCents: figures.adminChargesDeductionCents,
      otherDeductionsCents: figures.otherDeductionsCents,
      nettCents: figures.nettSalaryCents,
      warnings: payslip.warnings,
    } as EmploymentActPay,
    otherDeductionsCents,
  );
  return { ...payslip, figures: next, warnings: pay.warnings };
}

/** The rules' figures as the API and the screens carry them: dollars (2 decimals) and hours (2 decimals). */
export function ruledFiguresInDollars(payslip: RuledPayslip) {
  const { figures } = payslip;
  return {
    total_hours_worked: figures.totalHoursWorked,
    total_overtime_hours: figures.totalOvertimeHours,
    hourly_rate: fromCents(figures.hourlyRateCents),
    overtime_rate: fromCents(figures.overtimeRateCents),
    basic_salary: fromCents(figures.basicSalaryCents),
    overtime_amount: fromCents(figures.overtimeAmountCents),
    admin_charges_deduction: fromCents(figures.adminChargesDeductionCents),
    other_deductions: fromCents(figures.otherDeductionsCents),
    nett_salary: fromCents(figures.nettSalaryCents),
    pay_rules: payslip.payRules,
    rest_day_pay: fromCents(payslip.restDayPayCents),
    public_holiday_pay: fromCents(payslip.publicHolidayPayCents),
    declared_salary_topup: fromCents(payslip.declaredTopupCents),
    gross_salary: fromCents(figures.grossSalaryCents),
    not_deducted: payslip.notDeducted.map((item) => ({
      admin_charge_id: item.adminChargeId,
      amount: fromCents(item.amountCents),
      reason: item.reason,
    })),
    pay_lines: payslip.lines,
  };
}

export type { RestDayRequester };

/** What the generate screen holds of a preview (dollars, as the API answers). */
export interface PreviewForNett {
  pay_rules: PayRules;
  gross_salary: number;
  admin_charges_deduction: number;
  warnings: ReadonlyArray<{ code: string; message: string }>;
  /** The charge totals deducted, by type (the seed's warnings read them). */
  admin_charges: ReadonlyArray<{ charge_type: string; amount: number }>;
  /** Decision 103: the employee's CPF, deducted too (it does not depend on other deductions). */
  cpf_employee?: number;
}

/**
 * The generate screen's recomputation as other deductions are typed: only the nett and the deduction
 * warnings depend on them, so they are recomputed by the same rules from the server's preview.
 */
export function previewWithOtherDeductions(preview: PreviewForNett, otherDeductionsCents: number) {
  const grossCents = Math.round(preview.gross_salary * 100);
  const chargesCents = Math.round(preview.admin_charges_deduction * 100);
  const payslip = withOtherDeductionsRuled(
    {
      payRules: preview.pay_rules,
      figures: { grossSalaryCents: grossCents, adminChargesDeductionCents: chargesCents } as PayslipFigures,
      deductedByType: preview.admin_charges.map((charge) => ({
        chargeType: charge.charge_type,
        amountCents: Math.round(charge.amount * 100),
        count: 1,
      })),
      warnings: preview.warnings as PayWarning[],
    } as RuledPayslip,
    otherDeductionsCents,
  );
  const cpfEmployeeCents = Math.round((preview.cpf_employee ?? 0) * 100);
  return {
    other_deductions: fromCents(otherDeductionsCents),
    nett_salary: fromCents(payslip.figures.nettSalaryCents - cpfEmployeeCents),
    warnings: payslip.warnings,
  };
}
