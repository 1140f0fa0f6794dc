import { formatSgd, fromCents } from './money.ts';

/**
 * Lawful salary deductions under Singapore's Employment Act 1968 (docs/decisions/018), as warnings
 * for the staff member issuing a payslip. They warn; they never block: the employer may hold the
 * Commissioner's approval or the worker's written consent, which this system does not record.
 *
 * - s.32: all deductions in one salary period may not exceed 50% of the salary payable for it
 *   (deductions for absence, advances and loans aside; admin charges are neither, and "other
 *   deductions" carry no reason, so all of them count).
 * - s.27(1)(b) with s.28: a deduction for damage to or loss of goods may not exceed 25% of one month's
 *   salary. We measure it against the payslip's own salary (basic + overtime): a salary period may not
 *   be longer than a month (s.20), so this is never more lenient than the Act.
 * - s.27: a fine for misconduct is not among the authorised deductions; without the Commissioner's
 *   approval (s.27(1)(k) "prescribed deductions") it may not be taken from salary.
 */

/** SPEC 3 charge types the rules single out. */
export const DAMAGE_CHARGE_TYPES: readonly string[] = ['Equipment Damage'];
export const FINE_CHARGE_TYPES: readonly string[] = ['Safety Violation', 'Misconduct'];

export type DeductionWarningCode = 'DEDUCTIONS_OVER_HALF' | 'DAMAGE_OVER_QUARTER' | 'FINE_DEDUCTED';

export interface DeductionWarning {
  code: DeductionWarningCode;
  message: string;
}

export interface DeductionWarningInput {
  /** The period's salary before deductions (basic + overtime), in cents. */
  grossSalaryCents: number;
  /** Every admin charge deducted in the period, summed by charge type, in cents. */
  adminChargesByType: ReadonlyArray<{ chargeType: string; amountCents: number }>;
  /** The other deductions entered, in cents. */
  otherDeductionsCents: number;
}

const money = (cents: number) => formatSgd(fromCents(cents));

const sumOf = (charges: DeductionWarningInput['adminChargesByType'], types: readonly string[]) =>
  charges.reduce((sum, charge) => (types.includes(charge.chargeType) ? sum + charge.amountCents : sum), 0);

/** The warnings a payslip's deductions call for, in a fixed order; none when they are lawful. */
export function deductionWarnings({
  grossSalaryCents,
  adminChargesByType,
  otherDeductionsCents,
}: DeductionWarningInput): DeductionWarning[] {
  const warnings: DeductionWarning[] = [];
  const charges = adminChargesByType.reduce((sum, charge) => sum + charge.amountCents, 0);
  const total = charges + otherDeductionsCents;

  // s.32: more than half; exactly half is still within the limit (integer comparison, no rounding).
  if (total > 0 && total * 2 > grossSalaryCents) {
    warnings.push({
      code: 'DEDUCTIONS_OVER_HALF',
      message:
        `Deductions of ${money(total)} are more than 50% of this period's salary of ${money(grossSalaryCents)}. ` +
        'The Employment Act (s.32) caps all deductions in one salary period at 50% of the salary payable, ' +
        'deductions for absence and loan recovery aside.',
    });
  }

  const damage = sumOf(adminChargesByType, DAMAGE_CHARGE_TYPES);
  if (damage > 0 && damage * 4 > grossSalaryCents) {
    warnings.push({
      code: 'DAMAGE_OVER_QUARTER',
      message:
        `Equipment Damage charges of ${money(damage)} are more than 25% of this period's salary of ` +
        `${money(grossSalaryCents)}. The Employment Act (s.27(1)(b) and s.28) caps deductions for damage ` +
        "or loss at 25% of one month's salary.",
    });
  }

  const fines = sumOf(adminChargesByType, FINE_CHARGE_TYPES);
  if (fines > 0) {
    warnings.push({
      code: 'FINE_DEDUCTED',
      message:
        `Safety Violation or Misconduct charges of ${money(fines)} are deducted. A fine for misconduct is ` +
        "not an authorised deduction under the Employment Act (s.27) without the Commissioner's approval.",
    });
  }
  return warnings;
}
