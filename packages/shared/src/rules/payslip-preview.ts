import { type DeductionWarning, deductionWarnings } from './deduction-warnings.ts';
import { fromCents } from './money.ts';
import { calculatePayslip, type PayslipFigures } from './payslip.ts';

/**
 * A worker's period totals -> the payslip's figures and its lawful-deduction warnings. The one path
 * the generate screen (recomputing as other deductions are typed), the server's preview and
 * generation, and the payroll run all take, so they can never disagree (decisions 017, 019 and 075).
 */
export interface PayslipBasis {
  rateType: string | null;
  /** Integer cents. */
  salaryRateCents: number | null;
  workedMinutes: number;
  overtimeMinutes: number;
  /** The period's admin charges (any status) summed by type, in cents. */
  charges: ReadonlyArray<{ chargeType: string; amountCents: number }>;
}

export interface ComputedPayslip {
  figures: PayslipFigures;
  warnings: DeductionWarning[];
}

export function computePayslip(basis: PayslipBasis, otherDeductionsCents: number): ComputedPayslip {
  const figures = calculatePayslip({
    rateType: basis.rateType,
    salaryRateCents: basis.salaryRateCents,
    workedMinutes: basis.workedMinutes,
    overtimeMinutes: basis.overtimeMinutes,
    adminChargesCents: basis.charges.reduce((sum, charge) => sum + charge.amountCents, 0),
    otherDeductionsCents,
  });
  const warnings = deductionWarnings({
    grossSalaryCents: figures.grossSalaryCents,
    adminChargesByType: basis.charges,
    otherDeductionsCents: figures.otherDeductionsCents,
  });
  return { figures, warnings };
}

/** The figures as the API and the screens carry them: dollars (2 decimals) and hours (2 decimals). */
export function figuresInDollars(figures: PayslipFigures) {
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
  };
}
