import { z } from 'zod';
import { CORETRADES, LEVIES, NATIONALITIES, PASS_TYPES, RATE_TYPES, WORKER_STATUSES } from '../options/workers.ts';
import { isIsoDate } from '../rules/dates.ts';

/**
 * SPEC 3 worker, 5 worker form. One schema for the form (client) and the API (server): the form sends
 * strings, empty meaning "not given"; parsing turns them into nulls and numbers.
 */

export const DOCUMENTS_REQUIRED =
  'At least one employment document (IPA, Consent Letter, or Contract) must be uploaded';
export const CORETRADE_REQUIRED = 'Coretrade is required for WP holders';
export const invalidDateMessage = (label: string) => `Invalid ${label} format. Please use YYYY-MM-DD format.`;
export const requiredMessage = (label: string) => `${label} is required`;

/** Field labels as the form shows them; messages are built from them. */
export const WORKER_FIELD_LABELS = {
  first_name: 'First Name',
  last_name: 'Last Name',
  date_of_birth: 'Date of Birth',
  nationality: 'Nationality',
  phone_number: 'Phone Number',
  email: 'Email Address',
  passport_no: 'Passport No.',
  type_of_pass: 'Type of Pass',
  fin_no: 'FIN No.',
  wp_no: 'WP No.',
  date_of_application: 'Date of Application',
  date_of_issuance: 'Date of Issuance',
  wp_expiry_date: 'WP Expiry Date',
  coretrade_expiry_date: 'Coretrade Expiry Date',
  levy: 'Levy',
  coretrade: 'Coretrade',
  status: 'Status',
  supplied_to_company: 'Supplied to Company',
  designation: 'Designation',
  rate_type: 'Rate Type',
  salary_rate: 'Salary Rate',
  photo_url: 'Photo',
  ipa_url: 'IPA Document',
  consent_letter_url: 'Consent Letter',
  contract_url: 'Contract',
} as const;
export type WorkerField = keyof typeof WORKER_FIELD_LABELS;

/** SPEC 5: always required. */
const ALWAYS_REQUIRED = [
  'first_name',
  'last_name',
  'date_of_birth',
  'nationality',
  'passport_no',
  'type_of_pass',
] as const;
/** SPEC 5: additionally required when adding (WP No. "marked required on add by the inputs"). */
const REQUIRED_ON_ADD = [
  'phone_number',
  'email',
  'fin_no',
  'wp_no',
  'date_of_application',
  'levy',
  'status',
  'supplied_to_company',
  'rate_type',
  'salary_rate',
] as const;
const DATE_FIELDS = [
  'date_of_birth',
  'date_of_application',
  'date_of_issuance',
  'wp_expiry_date',
  'coretrade_expiry_date',
] as const;
export const DOCUMENT_FIELDS = ['ipa_url', 'consent_letter_url', 'contract_url'] as const;

/** Text that may be empty: trimmed, empty becomes null. */
const optionalText = (max = 200) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed.slice(0, max);
    });

const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  optionalText().refine((value) => value === null || (values as readonly string[]).includes(value), {
    message: `Please choose a valid ${label}`,
  }) as unknown as z.ZodType<T[number] | null, string | null | undefined>;

const WorkerFields = z.object({
  first_name: optionalText(100),
  last_name: optionalText(100),
  date_of_birth: optionalText(10),
  nationality: oneOf(NATIONALITIES, 'Nationality'),
  phone_number: optionalText(40),
  email: optionalText(200).refine((value) => value === null || z.email().safeParse(value).success, {
    message: 'Please enter a valid email address',
  }),
  passport_no: optionalText(40),
  type_of_pass: oneOf(PASS_TYPES, 'Type of Pass'),
  fin_no: optionalText(40),
  wp_no: optionalText(40),
  date_of_application: optionalText(10),
  date_of_issuance: optionalText(10),
  wp_expiry_date: optionalText(10),
  coretrade_expiry_date: optionalText(10),
  levy: oneOf(LEVIES, 'Levy'),
  coretrade: oneOf(CORETRADES, 'Coretrade'),
  status: oneOf(WORKER_STATUSES, 'Status'),
  supplied_to_company: optionalText(200),
  designation: optionalText(100),
  rate_type: oneOf(RATE_TYPES, 'Rate Type'),
  salary_rate: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || String(value).trim() === '') return null;
      const amount = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isFinite(amount) || amount < 0 || amount > 10_000_000) {
        ctx.addIssue({ code: 'custom', message: 'Salary Rate must be a number of 0 or more' });
        return z.NEVER;
      }
      return Math.round(amount * 100) / 100;
    }),
  photo_url: optionalText(500),
  ipa_url: optionalText(500),
  consent_letter_url: optionalText(500),
  contract_url: optionalText(500),
});

export type WorkerFormValues = z.input<typeof WorkerFields>;
export type WorkerInput = z.output<typeof WorkerFields>;
export type WorkerFormMode = 'add' | 'edit';

/**
 * The worker form's rules (SPEC 5) for adding or editing. Coretrade and its expiry are cleared when
 * the pass is not WP.
 */
export function workerInputSchema(mode: WorkerFormMode) {
  return WorkerFields.superRefine((worker, ctx) => {
    const required = mode === 'add' ? [...ALWAYS_REQUIRED, ...REQUIRED_ON_ADD] : ALWAYS_REQUIRED;
    for (const field of required) {
      if (worker[field] === null) {
        ctx.addIssue({ code: 'custom', path: [field], message: requiredMessage(WORKER_FIELD_LABELS[field]) });
      }
    }
    for (const field of DATE_FIELDS) {
      const value = worker[field];
      if (value !== null && !isIsoDate(value)) {
        ctx.addIssue({ code: 'custom', path: [field], message: invalidDateMessage(WORKER_FIELD_LABELS[field]) });
      }
    }
    if (mode === 'add' && worker.type_of_pass === 'WP' && worker.coretrade === null) {
      ctx.addIssue({ code: 'custom', path: ['coretrade'], message: CORETRADE_REQUIRED });
    }
    if (mode === 'add' && DOCUMENT_FIELDS.every((field) => worker[field] === null)) {
      ctx.addIssue({ code: 'custom', path: ['documents'], message: DOCUMENTS_REQUIRED });
    }
  }).transform((worker) =>
    worker.type_of_pass === 'WP' ? worker : { ...worker, coretrade: null, coretrade_expiry_date: null },
  );
}

export const CreateWorkerInput = workerInputSchema('add');
export const UpdateWorkerInput = workerInputSchema('edit');

const nullableString = z.string().nullable();

/** A worker as the API answers it. */
export const Worker = z.object({
  id: z.string(),
  worker_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: nullableString,
  nationality: nullableString,
  phone_number: nullableString,
  email: nullableString,
  passport_no: nullableString,
  type_of_pass: nullableString,
  fin_no: nullableString,
  wp_no: nullableString,
  date_of_application: nullableString,
  date_of_issuance: nullableString,
  wp_expiry_date: nullableString,
  coretrade_expiry_date: nullableString,
  levy: nullableString,
  coretrade: nullableString,
  status: nullableString,
  supplied_to_company: nullableString,
  designation: nullableString,
  rate_type: nullableString,
  salary_rate: z.number().nullable(),
  photo_url: nullableString,
  ipa_url: nullableString,
  consent_letter_url: nullableString,
  contract_url: nullableString,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Worker = z.infer<typeof Worker>;

export const WorkerListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  nationality: z.string().max(50).optional(),
  status: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type WorkerListQuery = z.input<typeof WorkerListQuery>;

export const WorkerList = z.object({ items: z.array(Worker), total: z.number().int() });
export type WorkerList = z.infer<typeof WorkerList>;

/** SPEC 9 worker dashboard figures, computed by aggregate queries. */
export const WorkerDashboard = z.object({
  total_workers: z.number().int(),
  active_workers: z.number().int(),
  terminated_workers: z.number().int(),
  joined_last_month: z.number().int(),
  new_this_month: z.number().int(),
  /** Percent, one decimal, signed (e.g. -12.5). */
  growth_trend: z.number(),
  status_counts: z.record(z.string(), z.number().int()),
  expiring_wp: z.number().int(),
  expiring_coretrade: z.number().int(),
});
export type WorkerDashboard = z.infer<typeof WorkerDashboard>;

export const ExpiringListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  nationality: z.string().max(50).optional(),
  /** Optional paging; without it the whole window is answered (`total` counts it either way). */
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
});

export const ExpiringWorker = Worker.extend({ days_until_expiry: z.number().int() });
export type ExpiringWorker = z.infer<typeof ExpiringWorker>;
export const ExpiringWorkerList = z.object({
  items: z.array(ExpiringWorker),
  total: z.number().int(),
  /** Distinct nationalities of the workers in the window, for the filter. */
  nationalities: z.array(z.string()),
});
export type ExpiringWorkerList = z.infer<typeof ExpiringWorkerList>;

/** For other features' worker pickers (SPEC 7 "read id, first_name, last_name, worker_id"). */
export const WorkerLookup = z.object({
  items: z.array(
    Worker.pick({
      id: true,
      first_name: true,
      last_name: true,
      worker_id: true,
      rate_type: true,
      salary_rate: true,
      fin_no: true,
      wp_no: true,
      email: true,
    }),
  ),
});
export type WorkerLookup = z.infer<typeof WorkerLookup>;
