import { negativeNettMessage } from '@td/shared/options/payslips';
import type { DateRange } from '@td/shared/rules/dates';
import type { ComputedPayslip, PayslipBasis } from '@td/shared/rules/payslip-preview';
import type { PayslipWorker } from '@td/shared/schemas/payslip';
import type { Actor } from '../../audit/audit.repository.ts';
import { newId } from '../../lib/clock.ts';
import type { ChargeTypeTotal } from '../admin-charges/public.ts';
import type { PayrollWorker, TimesheetTotals } from './payroll-reads.repository.ts';
import type { NewPayslipRow } from './payslips.repository.ts';

/**
 * The server's part of a payslip: it reads the rows and hands them to the one shared calculation
 * (`computePayslip` in packages/shared rules/payslip-preview, SPEC 9), which the generate screen, the
 * server's generation and the payroll run all call, so that they can never disagree (decision 075).
 */

/**
 * The rows a payslip is computed from: its worker, the period's timesheet totals and charge totals, and
 * the ids of the charges summed, which the payslip records as the ones it deducted (decision 081).
 */
export interface PayslipSource {
  worker: PayrollWorker;
  timesheets: TimesheetTotals;
  charges: readonly ChargeTypeTotal[];
  chargeIds: readonly string[];
}

/** The shared calculation's input from the rows as stored (cents and minutes). */
export function basisOf({ worker, timesheets, charges }: PayslipSource): PayslipBasis {
  return {
    rateType: worker.rate_type,
    salaryRateCents: worker.salary_rate,
    workedMinutes: timesheets.worked_minutes,
    overtimeMinutes: timesheets.overtime_minutes,
    charges: charges.map((charge) => ({ chargeType: charge.charge_type, amountCents: charge.amount })),
  };
}

/**
 * Issue 41 item 17: a payslip is never generated with a negative nett salary, whatever the pay rules
 * compute; answers the reason, or null when the payslip may be generated (a nett of 0.00 may).
 */
export function negativeNettReason(computed: ComputedPayslip): string | null {
  const nett = computed.figures.nettSalaryCents;
  return nett < 0 ? negativeNettMessage(nett) : null;
}

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
  source,
  computed,
  period,
  actor,
  timestamp,
  emailRequested,
}: {
  source: PayslipSource;
  computed: ComputedPayslip;
  period: DateRange;
  actor: Actor;
  timestamp: string;
  emailRequested: boolean;
}): NewPayslipRow {
  const { worker, timesheets, charges } = source;
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
