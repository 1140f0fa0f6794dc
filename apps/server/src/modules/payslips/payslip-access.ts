import { type GuardedWorkerField, guardedValue, maskWorkerFields, type Role } from '@td/shared/rules/permissions';
import type { PayslipWorker } from '@td/shared/schemas/payslip';

interface PayslipShaped {
  worker: PayslipWorker;
  salary_rate?: number | null;
  basis?: { salary_rate: number | null };
  last_email?: { to: string | null } | null;
  delivery?: { to: string };
}

/**
 * Decision 104, 108: a payslip answer (list, detail, preview, payroll run, its PDF) shows the worker's
 * snapshot through the workers' one masking rule (`maskWorkerFields`): FIN and WP number need
 * `workers.identity`, the e-mail (and where a payslip was e-mailed) `workers.contact`, the salary rate
 * `workers.pay`. Payroll holds no `workers.contact`, so it sees the e-mail masked here as on the worker.
 */
export function payslipFieldsFor(role: Role): <T extends PayslipShaped>(payslip: T) => T {
  return (payslip) => {
    const masked = { ...maskWorkerFields(payslip, role), worker: maskWorkerFields(payslip.worker, role) };
    if (payslip.basis) masked.basis = maskWorkerFields(payslip.basis, role);
    if (payslip.last_email) {
      masked.last_email = { ...payslip.last_email, to: guardedValue('email', payslip.last_email.to, role) };
    }
    if (payslip.delivery) {
      masked.delivery = { ...payslip.delivery, to: guardedValue('email', payslip.delivery.to, role) ?? '' };
    }
    return masked;
  };
}

/** The stored payslip row's snapshot columns and the worker fields they hold (decision 104's table). */
const ROW_FIELDS = {
  worker_fin_no: 'fin_no',
  worker_wp_no: 'wp_no',
  worker_email: 'email',
  emailed_to: 'email',
  salary_rate: 'salary_rate',
  paid_bank_account_no: 'bank_account_no',
} as const satisfies Record<string, GuardedWorkerField>;

/**
 * The same rule for the files made from stored payslip rows (a pay run's register, statutory summary,
 * bank file): each snapshot column as the role may see it.
 */
export function payslipRowFor(role: Role): <T extends Partial<Record<keyof typeof ROW_FIELDS, unknown>>>(row: T) => T {
  return (row) => {
    const masked: Record<string, unknown> = { ...row };
    for (const [column, field] of Object.entries(ROW_FIELDS)) {
      if (column in row) masked[column] = guardedValue(field, masked[column], role);
    }
    return masked as typeof row;
  };
}
