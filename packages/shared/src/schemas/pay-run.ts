import { z } from 'zod';
import { PAY_RUN_STATUSES, PAYMENT_MODES } from '../options/pay-runs.ts';
import { isoDate, isUuid, money, paging, uuid } from './fields.ts';
import { MAX_BATCH, PayrollRunInput } from './payslip.ts';

/** Decision 082: the pay run's API, as the contract has it (money in dollars, 2 decimals). */

/** `POST /api/pay-runs`: a period of at most one calendar month (SPEC 9) and, optionally, the workers. */
export const PayRunInput = PayrollRunInput;
export type PayRunInput = z.output<typeof PayRunInput>;

export const PayRunProgress = z.object({ done: z.number().int(), total: z.number().int() });

export const PayRunSkip = z.object({ worker_id: z.string(), reason: z.string() });
export type PayRunSkip = z.infer<typeof PayRunSkip>;

/** The run as `POST /api/pay-runs` answers it (202). */
export const PayRunStarted = z.object({
  id: z.string(),
  status: z.enum(PAY_RUN_STATUSES),
  pay_period_start: z.string(),
  pay_period_end: z.string(),
  progress: PayRunProgress,
});
export type PayRunStarted = z.infer<typeof PayRunStarted>;

/**
 * Decision 092: the warnings summary of a run: each warning code its payslips carry, how many payslips
 * carry it, and a sentence saying so (each payslip's own messages are on the payslip).
 */
export const PayRunWarning = z.object({ code: z.string(), payslips: z.number().int(), message: z.string() });
export type PayRunWarning = z.infer<typeof PayRunWarning>;

export const PayRun = z.object({
  id: z.string(),
  status: z.enum(PAY_RUN_STATUSES),
  pay_period_start: z.string(),
  pay_period_end: z.string(),
  /** Employment Act s.21: the period's end + 7 days. */
  pay_by_date: z.string(),
  progress: PayRunProgress,
  generated: z.number().int(),
  skipped: z.array(PayRunSkip),
  warnings: z.array(PayRunWarning),
  totals: z.object({ gross: z.number(), deductions: z.number(), nett_salary: z.number() }),
  created_by: z.string(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  payment_date: z.string().nullable(),
  error: z.string().nullable(),
});
export type PayRun = z.infer<typeof PayRun>;

export const PayRunList = z.object({ items: z.array(PayRun), total: z.number().int() });
export type PayRunList = z.infer<typeof PayRunList>;

export const PayRunListQuery = z.object({ ...paging({ defaultPageSize: 25 }) });
export type PayRunListQuery = z.input<typeof PayRunListQuery>;

/** `POST /api/pay-runs/{id}/pay`. */
export const PayRunPayInput = z.object({
  payment_date: isoDate({ label: 'Payment Date' }),
  /** Per worker (workers.id) the mode; the worker's default otherwise. */
  modes: z
    .record(
      z.string().refine(isUuid, 'Please choose a valid worker'),
      z.enum(PAYMENT_MODES, { error: 'Please choose GIRO, Cash or Cheque' }),
    )
    .refine((modes) => Object.keys(modes).length <= MAX_BATCH, 'Too many workers')
    .optional(),
  email_payslips: z.boolean().optional(),
});
export type PayRunPayInput = z.output<typeof PayRunPayInput>;
export type PayRunPayValues = z.input<typeof PayRunPayInput>;

/**
 * `GET /api/pay-runs/{id}/payment`: what the Pay dialog needs per payslip: the worker's default mode
 * (or, once paid, the mode it was paid by) and whether their bank details are there, masked (decision 083).
 */
export const PayRunPaymentLine = z.object({
  payslip_id: z.string(),
  worker_id: z.string().nullable(),
  worker_code: z.string().nullable(),
  worker: z.object({ first_name: z.string(), last_name: z.string() }),
  nett_salary: z.number(),
  mode: z.enum(PAYMENT_MODES),
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  has_bank_details: z.boolean(),
});
export type PayRunPaymentLine = z.infer<typeof PayRunPaymentLine>;
export const PayRunPayment = z.object({ items: z.array(PayRunPaymentLine) });
export type PayRunPayment = z.infer<typeof PayRunPayment>;

/** `POST /api/pay-runs/{id}/payslips/{payslipId}/regenerate`: a Draft run's payslip with another figure. */
export const RegeneratePayslipInput = z.object({ other_deductions: money({ label: 'Other Deductions' }) });
export type RegeneratePayslipInput = z.output<typeof RegeneratePayslipInput>;

/** A payslip of a Draft run: regenerated, or its worker removed from the run. */
export const PayRunPayslipParams = z.object({ id: z.string(), payslipId: uuid('Payslip') });
