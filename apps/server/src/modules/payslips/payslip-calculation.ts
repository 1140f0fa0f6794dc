import {
  type ComputedPayslip,
  computePayslip as computeFromBasis,
  figuresInDollars,
} from '@td/shared/rules/payslip-preview';
import type { PayslipFigures as ApiFigures, PayslipWorker } from '@td/shared/schemas/payslip';
import type { Actor } from '../../audit/audit.repository.ts';
import { newId } from '../../lib/clock.ts';
import type { ChargeTypeTotal, DateRange, PayrollWorker, TimesheetTotals } from './payroll-reads.repository.ts';
import type { NewPayslipRow } from './payslips.repository.ts';

/**
 * What the generate screen, the server's generation and the payroll run all do with a worker's period
 * totals: the shared calculation (SPEC 9) and the shared deduction rules, and nothing else, so that the
 * three can never disagree (issue 12: "the figures equal those of the one-by-one generate screen").
 */

export interface PayslipBasis {
  worker: PayrollWorker;
  timesheets: TimesheetTotals;
  charges: readonly ChargeTypeTotal[];
}

export type { ComputedPayslip };

/** The shared computation (packages/shared rules/payslip-preview) from the rows as stored. */
export function computePayslip(basis: PayslipBasis, otherDeductionsCents: number): ComputedPayslip {
  return computeFromBasis(
    {
      rateType: basis.worker.rate_type,
      salaryRateCents: basis.worker.salary_rate,
      workedMinutes: basis.timesheets.worked_minutes,
      overtimeMinutes: basis.timesheets.overtime_minutes,
      charges: basis.charges.map((charge) => ({ chargeType: charge.charge_type, amountCents: charge.amount })),
    },
    otherDeductionsCents,
  );
}

/** The figures as the API carries them: dollars and hours. */
export const figuresToApi = (figures: ComputedPayslip['figures']): ApiFigures => figuresInDollars(figures);

export function workerSnapshot(worker: PayrollWorker): PayslipWorker {
  return {
    first_name: worker.first_name,
    last_name: worker.last_name,
    worker_id: worker.worker_id,
    fin_no: worker.fin_no,
    wp_no: worker.wp_no,
    email: worker.email,
  };
}

export const workerDisplayName = (worker: Pick<PayrollWorker, 'first_name' | 'last_name'>) =>
  `${worker.first_name} ${worker.last_name}`;

/** A payslip row ready to insert: the computed figures plus the worker snapshot (ARCHITECTURE, Data). */
export function buildPayslipRow({
  basis,
  computed,
  period,
  actor,
  timestamp,
  emailRequested,
}: {
  basis: PayslipBasis;
  computed: ComputedPayslip;
  period: DateRange;
  actor: Actor;
  timestamp: string;
  emailRequested: boolean;
}): NewPayslipRow {
  const { worker, timesheets, charges } = basis;
  const { figures } = computed;
  return {
    id: newId(),
    worker_id: worker.id,
    pay_period_start: period.start,
    pay_period_end: period.end,
    total_hours_worked: timesheets.worked_minutes,
    total_overtime_hours: timesheets.overtime_minutes,
    hourly_rate: figures.hourlyRateCents,
    overtime_rate: figures.overtimeRateCents,
    basic_salary: figures.basicSalaryCents,
    overtime_amount: figures.overtimeAmountCents,
    admin_charges_deduction: figures.adminChargesDeductionCents,
    other_deductions: figures.otherDeductionsCents,
    nett_salary: figures.nettSalaryCents,
    // SPEC 4: Generated; Sent only once an e-mail has actually gone (the mailer sets it).
    status: 'Generated',
    generated_by: actor.name,
    generated_by_user_id: actor.id,
    generated_at: timestamp,
    paid_at: null,
    email_requested: emailRequested ? 1 : 0,
    rate_type: worker.rate_type,
    salary_rate: worker.salary_rate,
    admin_charges_by_type: JSON.stringify(charges),
    worker_first_name: worker.first_name,
    worker_last_name: worker.last_name,
    worker_code: worker.worker_id,
    worker_fin_no: worker.fin_no,
    worker_wp_no: worker.wp_no,
    worker_email: worker.email,
    created_at: timestamp,
    updated_at: timestamp,
  };
}
