import { z } from 'zod';
import { PAY_RULES } from '../options/pay-rules.ts';
import { PAYSLIP_MESSAGES as M, negativeNettMessage } from '../options/payslips.ts';
import { addMonths, isIsoDate, messageDate } from '../rules/dates.ts';
import { fromCents } from '../rules/money.ts';
import { otherDeductionsToCents } from '../rules/payslip.ts';
import { ADDITION_KINDS } from '../rules/payslip-statutory.ts';
import { EmailDelivery } from './email-delivery.ts';
import { filterText, money, safeText, searchText } from './fields.ts';

/**
 * SPEC 3 payslip, 5 payslip generation, 7 payslip calls; the payroll run's API (decision 019). One schema for the generate
 * form (client) and the API (server), so both show the spec's messages word for word.
 */

/** Text the form may leave empty or a client may send as anything else: trimmed, else empty. */
const loose = z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string());

/**
 * SPEC 5: other deductions is a number, min 0, step 0.01; an invalid value counts as 0. The API carries
 * dollars (at most 2 decimals), rounded half-up to the cent here.
 */
const otherDeductions = z
  .unknown()
  .optional()
  .transform((value) => fromCents(otherDeductionsToCents(value)));

interface PeriodFields {
  pay_period_start: string;
  pay_period_end: string;
}

/** The days a pay period can plausibly cover, as a timesheet's work date (decision 009). */
const EARLIEST_PAY_DATE = '2000-01-01';
const LATEST_PAY_DATE = '2099-12-31';

/** SPEC 5 date rules for a pay period, after both dates are known to be given. */
function checkPeriodDates(period: PeriodFields, ctx: z.RefinementCtx) {
  const { pay_period_start: start, pay_period_end: end } = period;
  if (!isIsoDate(start) || !isIsoDate(end)) {
    ctx.addIssue({
      code: 'custom',
      path: [isIsoDate(start) ? 'pay_period_end' : 'pay_period_start'],
      message: M.invalidDates,
    });
  } else if (start < EARLIEST_PAY_DATE || start > LATEST_PAY_DATE || end > LATEST_PAY_DATE) {
    // Decision 009: a date outside the plausible range is a typo (a year-9999 payslip was generated).
    ctx.addIssue({
      code: 'custom',
      path: [start < EARLIEST_PAY_DATE || start > LATEST_PAY_DATE ? 'pay_period_start' : 'pay_period_end'],
      message: M.periodOutOfRange,
    });
  } else if (start > end) {
    ctx.addIssue({ code: 'custom', path: ['pay_period_start'], message: M.startAfterEnd });
  } else if (end >= addMonths(start, 1)) {
    // EA s.20: at most one month, e.g. 15 Oct to 14 Nov; 1 Oct to 31 Oct.
    ctx.addIssue({ code: 'custom', path: ['pay_period_end'], message: M.periodTooLong });
  }
}

/** SPEC 5 "Please select both start and end dates for the pay period", then the date rules. */
function checkPeriod(period: PeriodFields, ctx: z.RefinementCtx) {
  if (!period.pay_period_start || !period.pay_period_end) {
    ctx.addIssue({
      code: 'custom',
      path: [period.pay_period_start ? 'pay_period_end' : 'pay_period_start'],
      message: M.selectBothDates,
    });
    return;
  }
  checkPeriodDates(period, ctx);
}

/** The most additions one payslip takes. */
export const MAX_ADDITIONS = 20;
export const ADDITION_KIND_MESSAGE = "Please choose the addition's kind: allowance or bonus";

/**
 * Decision 103: an allowance (ordinary wages for CPF) or a bonus (additional wages) on the
 * payslip: a label, an amount in dollars (checked to the cent) and its kind.
 */
export const PayslipAdditionInput = z.object({
  label: safeText(100, { label: 'Addition' }).refine((value) => value !== '', 'Please enter what the addition is for'),
  // Dollars out, as other deductions: the screens send what the schema parsed (the server takes cents).
  amount: money({ label: 'Addition Amount' })
    .refine((cents) => cents > 0, 'Addition Amount must be more than 0')
    .transform(fromCents),
  kind: z.enum(ADDITION_KINDS, { error: ADDITION_KIND_MESSAGE }),
});
export type PayslipAdditionInput = z.output<typeof PayslipAdditionInput>;
export type PayslipAdditionValues = z.input<typeof PayslipAdditionInput>;

const additionsInput = z
  .array(PayslipAdditionInput)
  .max(MAX_ADDITIONS, `At most ${MAX_ADDITIONS} additions a payslip`)
  .optional()
  .transform((value) => value ?? []);

const PreviewFields = z.object({
  /** workers.id (a UUID). */
  worker_id: loose,
  pay_period_start: loose,
  pay_period_end: loose,
  other_deductions: otherDeductions,
  additions: additionsInput,
});

/** `POST /api/payslips/preview`, and the generate screen's Calculate Payslip. */
export const PayslipPreviewInput = PreviewFields.superRefine((input, ctx) => {
  if (!input.worker_id) ctx.addIssue({ code: 'custom', path: ['worker_id'], message: M.selectWorker });
  checkPeriod(input, ctx);
});
export type PayslipPreviewInput = z.output<typeof PayslipPreviewInput>;
export type PayslipPreviewValues = z.input<typeof PayslipPreviewInput>;

/** `POST /api/payslips`: SPEC 5 "generation needs worker, start, end", then the date rules. */
export const GeneratePayslipInput = PreviewFields.extend({
  send_email: z.preprocess((value) => value === true || value === 'true', z.boolean()).optional(),
}).superRefine((input, ctx) => {
  const missing = (['worker_id', 'pay_period_start', 'pay_period_end'] as const).find((field) => !input[field]);
  if (missing) {
    ctx.addIssue({ code: 'custom', path: [missing], message: M.completeRequired });
    return;
  }
  checkPeriodDates(input, ctx);
});
export type GeneratePayslipInput = z.output<typeof GeneratePayslipInput>;

/** Decision 018's deduction warnings and decision 092's. */
export const DeductionWarning = z.object({
  code: z.enum([
    'DEDUCTIONS_OVER_HALF',
    'DAMAGE_OVER_QUARTER',
    'FINE_DEDUCTED',
    'DAY_OVER_12_HOURS',
    'OVERTIME_OVER_72',
    'CHARGES_NOT_APPROVED',
    'CONSENT_MISSING',
    'INQUIRY_MISSING',
    'NEGATIVE_NETT',
  ]),
  message: z.string(),
});

/** The worker as the payslip was made for (ARCHITECTURE, Data: a snapshot that outlives edits). */
export const PayslipWorker = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** The TD- id. */
  worker_id: z.string(),
  fin_no: z.string().nullable(),
  wp_no: z.string().nullable(),
  email: z.string().nullable(),
});
export type PayslipWorker = z.infer<typeof PayslipWorker>;

/** The period's admin charges of one type (every status), deducted together. */
export const ChargeTotal = z.object({
  charge_type: z.string(),
  amount: z.number(),
  count: z.number().int(),
});
export type ChargeTotal = z.infer<typeof ChargeTotal>;

export const NotDeductedCharge = z.object({ admin_charge_id: z.string(), amount: z.number(), reason: z.string() });
export type NotDeductedCharge = z.infer<typeof NotDeductedCharge>;

export const PayLines = z.object({
  basic: z.string(),
  overtime: z.string(),
  rest_day: z.string(),
  public_holiday: z.string(),
  declared_topup: z.string(),
});
export type PayLines = z.infer<typeof PayLines>;

/** SPEC 3 payslip figures: money in dollars (2 decimals), hours to 2 decimals, rates to the cent. */
export const PayslipFigures = z.object({
  total_hours_worked: z.number(),
  total_overtime_hours: z.number(),
  hourly_rate: z.number(),
  overtime_rate: z.number(),
  basic_salary: z.number(),
  overtime_amount: z.number(),
  admin_charges_deduction: z.number(),
  other_deductions: z.number(),
  nett_salary: z.number(),
  /** Decision 092: the rules the figures were computed by. */
  pay_rules: z.enum(PAY_RULES),
  /** EA s.37, s.88, the declared salary floor: 0 under the seed rules. */
  rest_day_pay: z.number(),
  public_holiday_pay: z.number(),
  declared_salary_topup: z.number(),
  /** Every earning line summed: the salary the deduction limits are measured against. */
  gross_salary: z.number(),
  /** The period's charges not deducted, and why (EA s.27, s.28). */
  not_deducted: z.array(NotDeductedCharge),
  /** What each line is made of ("2 rest days at the employer's request"). */
  pay_lines: PayLines,
});
export type PayslipFigures = z.infer<typeof PayslipFigures>;

export const ExistingPayslip = z.object({ id: z.string(), status: z.string() });

/** Decision 103: an addition as answered (dollars). */
export const PayslipAddition = z.object({ label: z.string(), amount: z.number(), kind: z.enum(ADDITION_KINDS) });
export type PayslipAddition = z.infer<typeof PayslipAddition>;

/**
 * Decision 103, at the end of every payslip answer: the additions, the wages subject to CPF,
 * the CPF shares (the employee's deducted, the employer's not), SDL and the levy (the employer's costs).
 */
export const StatutoryFigures = {
  additions: z.array(PayslipAddition),
  cpf_ordinary_wages: z.number(),
  cpf_additional_wages: z.number(),
  cpf_employee: z.number(),
  cpf_employer: z.number(),
  sdl: z.number(),
  levy: z.number(),
};

/** `POST /api/payslips/preview` answer: the figures, the warnings and what they were computed from. */
export const PayslipPreview = PayslipFigures.extend({
  warnings: z.array(DeductionWarning),
  pay_period_start: z.string(),
  pay_period_end: z.string(),
  worker: PayslipWorker,
  /**
   * The totals the figures come from, so the screen recomputes with the shared calculation while
   * other deductions are edited. Minutes are exact (hours to 2 decimals would not be).
   */
  basis: z.object({
    rate_type: z.string().nullable(),
    salary_rate: z.number().nullable(),
    worked_minutes: z.number().int(),
    overtime_minutes: z.number().int(),
    timesheet_count: z.number().int(),
    admin_charges: z.array(ChargeTotal),
  }),
  /** SPEC 7 "check existing by worker_id, pay_period_start, pay_period_end". */
  existing_payslip: ExistingPayslip.nullable(),
  ...StatutoryFigures,
});
export type PayslipPreview = z.infer<typeof PayslipPreview>;

export const Payslip = PayslipFigures.extend({
  id: z.string(),
  /** workers.id; null once the worker was deleted (the snapshot in `worker` stays). */
  worker_id: z.string().nullable(),
  pay_period_start: z.string(),
  pay_period_end: z.string(),
  status: z.string(),
  /** ARCHITECTURE differs 8: the signed-in staff member's name. */
  generated_by: z.string(),
  generated_at: z.string(),
  paid_at: z.string().nullable(),
  /** The send-email option was on at generation (and the worker had an address). */
  email_requested: z.boolean(),
  /** Decision 088: the payslip's last e-mail: queued (or being retried), sent, or failed with the server's reply. */
  last_email: z
    .object({
      state: z.enum(['queued', 'sent', 'failed']),
      /** The address it went (or goes) to: it may be newer than `worker.email` (probe finding 26). */
      to: z.string().nullable(),
      error: z.string().nullable(),
      sent_at: z.string().nullable(),
    })
    .nullable(),
  rate_type: z.string().nullable(),
  salary_rate: z.number().nullable(),
  admin_charges: z.array(ChargeTotal),
  warnings: z.array(DeductionWarning),
  worker: PayslipWorker,
  created_at: z.string(),
  updated_at: z.string(),
  /** Decision 082: the pay run it belongs to, and how and when it was paid. */
  pay_run_id: z.string().nullable(),
  payment_date: z.string().nullable(),
  payment_mode: z.string().nullable(),
  ...StatutoryFigures,
});
export type Payslip = z.infer<typeof Payslip>;

/** `POST /api/payslips` answer: the payslip, and why the requested e-mail was not sent, if it was not. */
export const GeneratedPayslip = Payslip.extend({ email_error: z.string().nullable() });
export type GeneratedPayslip = z.infer<typeof GeneratedPayslip>;

/** `POST /api/payslips/{id}/email` answer: the payslip as it is now (Sent unless Paid) and how the e-mail left. */
export const EmailedPayslip = Payslip.extend({ delivery: EmailDelivery });
export type EmailedPayslip = z.infer<typeof EmailedPayslip>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const PayslipListQuery = z.object({
  /** SPEC 2: search by worker name (first and last name together). */
  // Decision 009: clean text like every other list's filters; a NUL reached PostgreSQL and answered 500.
  q: searchText(),
  /** workers.id (or a TD- id). */
  worker_id: filterText('Worker'),
  status: filterText('Status', 20),
  /** SPEC 9: `YYYY-MM`; a payslip matches when its period overlaps the month. */
  month: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || MONTH.test(value), { message: 'Please choose a valid month (YYYY-MM)' }),
  /** Decision 082: the payslips of one pay run. */
  pay_run_id: filterText('Pay Run'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PayslipListQuery = z.input<typeof PayslipListQuery>;

export const PayslipList = z.object({ items: z.array(Payslip), total: z.number().int() });
export type PayslipList = z.infer<typeof PayslipList>;

/** SPEC 2 payslip tiles. */
export const PayslipSummary = z.object({
  total: z.number().int(),
  generated: z.number().int(),
  sent: z.number().int(),
  paid: z.number().int(),
});
export type PayslipSummary = z.infer<typeof PayslipSummary>;

/** The most payslips one request may mark as paid or one payroll run may cover. */
export const MAX_BATCH = 10_000;

/** `POST /api/payslips/mark-paid`: SPEC 5 "Please select at least one payslip to mark as paid". */
export const MarkPaidInput = z.object({
  ids: z.preprocess(
    (value) => (value === undefined || value === null ? [] : value),
    z.array(z.string().max(100)).max(MAX_BATCH).min(1, M.selectAtLeastOne),
  ),
});
export type MarkPaidInput = z.infer<typeof MarkPaidInput>;

/** SPEC 8 "Successfully marked N payslip(s) as paid and updated M related admin charge(s)". */
export const MarkPaidResult = z.object({ payslips: z.number().int(), admin_charges: z.number().int() });
export type MarkPaidResult = z.infer<typeof MarkPaidResult>;

/** `POST /api/payroll-runs/preview` and `POST /api/payroll-runs`. */
export const PayrollRunInput = z
  .object({
    pay_period_start: loose,
    pay_period_end: loose,
    /** Only these workers (workers.id); without it every active worker. */
    worker_ids: z.array(z.string().max(100)).max(MAX_BATCH).optional(),
    /** Decision 103: each worker's allowances and bonuses (workers.id). */
    additions: z
      .array(PayslipAdditionInput.extend({ worker_id: z.string().max(100) }))
      .max(MAX_BATCH)
      .optional(),
  })
  .superRefine(checkPeriod);
export type PayrollRunInput = z.output<typeof PayrollRunInput>;

export const PayrollRunRow = PayslipFigures.extend({
  /** workers.id. */
  worker_id: z.string(),
  worker: PayslipWorker,
  rate_type: z.string().nullable(),
  salary_rate: z.number().nullable(),
  timesheet_count: z.number().int(),
  admin_charges: z.array(ChargeTotal),
  warnings: z.array(DeductionWarning),
  /** A payslip for this worker and period already exists: the run skips the worker. */
  existing_payslip: ExistingPayslip.nullable(),
  ...StatutoryFigures,
});
export type PayrollRunRow = z.infer<typeof PayrollRunRow>;

export const PayrollRunPreview = z.object({
  pay_period_start: z.string(),
  pay_period_end: z.string(),
  items: z.array(PayrollRunRow),
  totals: z.object({
    workers: z.number().int(),
    to_generate: z.number().int(),
    existing: z.number().int(),
    /** Sums over the workers to generate. */
    basic_salary: z.number(),
    overtime_amount: z.number(),
    admin_charges_deduction: z.number(),
    nett_salary: z.number(),
    with_warnings: z.number().int(),
  }),
});
export type PayrollRunPreview = z.infer<typeof PayrollRunPreview>;

export const SKIP_REASONS = {
  exists: 'A payslip already exists for this period',
  /** SPEC 9: the same work is never paid twice, so a payslip of an overlapping period counts too. */
  overlaps: (start: string, end: string) =>
    `A payslip already exists for an overlapping period (${messageDate(start)} to ${messageDate(end)})`,
  workerNotFound: 'Worker not found',
  /** Probe finding 17: never a payslip with a negative nett salary. */
  negativeNett: negativeNettMessage,
} as const;

export const PayrollRunResult = z.object({
  pay_period_start: z.string(),
  pay_period_end: z.string(),
  generated: z.number().int(),
  payslip_ids: z.array(z.string()),
  /** Sum of the generated payslips' nett salaries. */
  nett_salary: z.number(),
  skipped: z.array(
    z.object({
      worker_id: z.string(),
      worker_name: z.string().nullable(),
      reason: z.string(),
      /** The payslip already there, when that is the reason. */
      payslip_id: z.string().nullable(),
      status: z.string().nullable(),
    }),
  ),
});
export type PayrollRunResult = z.infer<typeof PayrollRunResult>;
