import { z } from 'zod';
import { MAX_NORMAL_HOURS_PER_DAY, WEEKDAYS, WORKING_DAYS_PER_WEEK } from '../options/pay-rules.ts';
import { accountNumberProblem, GIRO_BANKS, PAY_RUN_MESSAGES, PAYMENT_MODES } from '../options/pay-runs.ts';
import {
  CORETRADES,
  LEVIES,
  NATIONALITIES,
  PASS_TYPES,
  RATE_TYPES,
  WORKER_FIELD_LABELS,
  WORKER_SORTS,
  WORKER_STATUSES,
  type WorkerField,
  type WorkerSort,
} from '../options/workers.ts';
import { PR_CPF_SCHEMES } from '../rules/cpf.ts';
import { isIsoDate } from '../rules/dates.ts';
import { LEVY_TIERS } from '../rules/statutory-rates.ts';
import {
  identityKey,
  isPlausibleWorkerAge,
  isValidPhoneNumber,
  MAX_WORKER_AGE,
  MIN_WORKER_AGE,
  nricFinProblem,
} from '../rules/worker-identity.ts';
import {
  EARLIEST_DATE,
  filterText,
  invalidDateMessage,
  isoDate,
  keptWhenOmitted,
  LATEST_DATE,
  money,
  oneOf,
  optional,
  paging,
  queryInt,
  requiredMessage,
  safeText,
  searchText,
} from './fields.ts';

/**
 * SPEC 3 worker, 5 worker form. One schema for the form (client) and the API (server): the form sends
 * strings, empty meaning "not given"; parsing turns them into nulls, checked dates and integer cents.
 * Every field is built from `fields.ts`, so nothing is cut or loosely read (decision 009).
 */

export type { WorkerField, WorkerSort };
// Kept in options/workers.ts, which has no zod: the worker list shows labels and sorts without loading
// the schemas (decision 040). Exported here too for the code that already reads them from here.
export { invalidDateMessage, requiredMessage, WORKER_FIELD_LABELS, WORKER_SORTS };
export const DOCUMENTS_REQUIRED =
  'At least one employment document (IPA, Consent Letter, or Contract) must be uploaded';
export const CORETRADE_REQUIRED = 'Coretrade is required for WP holders';
/** Decision 023: what can be checked is checked, each with a message under its field. */
export const FIN_FORMAT_MESSAGE = 'FIN No. must be S, T, F, G or M, then 7 digits and a letter, e.g. G1234567X';
export const FIN_CHECK_LETTER_MESSAGE = 'FIN No. has a wrong check letter. Please check the number.';
export const PHONE_MESSAGE = 'Phone Number may contain only digits, spaces and a leading + (6 to 15 digits)';
export const AGE_MESSAGE = `Date of Birth must give an age between ${MIN_WORKER_AGE} and ${MAX_WORKER_AGE}`;
export const EXPIRY_BEFORE_ISSUANCE_MESSAGE = 'WP Expiry Date must be after the Date of Issuance';
/** A pass is issued on or after the day it was applied for (decision 023's plausibility checks). */
export const ISSUANCE_BEFORE_APPLICATION_MESSAGE = 'Date of Issuance cannot be before the Date of Application';
export const WORKING_DAYS_MESSAGE = 'Working Days per Week must be 5, 5.5 or 6';
export const NORMAL_HOURS_MESSAGE = `Normal Hours per Day must be more than 0 and at most ${MAX_NORMAL_HOURS_PER_DAY}, in quarter hours`;
export const EMPLOYMENT_END_BEFORE_START_MESSAGE = 'Employment End Date cannot be before the Employment Start Date';

/** SPEC 5: always required. */
const ALWAYS_REQUIRED = [
  'first_name',
  'last_name',
  'date_of_birth',
  'nationality',
  'passport_no',
  'type_of_pass',
] as const;
/**
 * SPEC 5: additionally required when adding (WP No. "marked required on add by the inputs"); WP No. and
 * Levy not for Singapore Citizens and PRs, who have no work pass (ARCHITECTURE differs 11).
 */
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
/**
 * Decision 108: the pay fields of the add rules, asked only of a role holding `workers.pay` (an HR add
 * leaves the salary for an admin; the form does not show it to HR).
 */
const PAY_REQUIRED_ON_ADD: ReadonlySet<string> = new Set(['salary_rate']);
export const DOCUMENT_FIELDS = ['ipa_url', 'consent_letter_url', 'contract_url'] as const;

/** ARCHITECTURE differs 11: Singapore Citizens and PRs have no work pass and pay no levy. */
export const RESIDENT_PASS_TYPES = ['Singapore Citizen', 'PR'] as const;
export const isResidentPass = (typeOfPass: string | null | undefined) =>
  (RESIDENT_PASS_TYPES as readonly string[]).includes(typeOfPass ?? '');
/** The work-pass fields a resident is not asked for, saved empty for them. */
export const WORK_PASS_FIELDS = ['wp_no', 'wp_expiry_date', 'levy', 'coretrade', 'coretrade_expiry_date'] as const;
/** Identity numbers unique among workers, compared without spaces and case (decision 023). */
export const UNIQUE_IDENTITY_FIELDS = ['fin_no', 'passport_no', 'wp_no'] as const;
export type UniqueIdentityField = (typeof UNIQUE_IDENTITY_FIELDS)[number];

const L = WORKER_FIELD_LABELS;
const GIRO_SWIFT_CODES = GIRO_BANKS.map((bank) => bank.swift) as [string, ...string[]];
const text = (field: WorkerField, max: number) => optional(safeText(max, { label: L[field] }));
const date = (field: WorkerField, rules: { past?: boolean } = {}) => optional(isoDate({ label: L[field], ...rules }));
const choice = <T extends readonly [string, ...string[]]>(field: WorkerField, values: T) =>
  optional(oneOf(values, L[field]));

export const SIP_REQUIRED_MESSAGE = 'Settling-In Programme Required must be Yes, No or Derived';
/** `true`/`false` as the form's choice sends them; empty or null is "derive it" (decision 094). */
const sipChoice = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: SIP_REQUIRED_MESSAGE })
  .transform((value) => (typeof value === 'boolean' ? value : value === 'true'));

/** Decision 094: the fields of migration 0029, all kept when a PUT leaves them out. */
export const COMPLIANCE_WORKER_FIELDS = [
  'passport_expiry_date',
  'security_bond_number',
  'security_bond_issuer',
  'security_bond_amount',
  'security_bond_expiry_date',
  'medical_insurer',
  'medical_policy_number',
  'medical_insurance_expiry_date',
  'sip_required',
  'sip_attended_date',
  'probation_months',
] as const satisfies readonly WorkerField[];

const WorkerFields = z.object({
  first_name: text('first_name', 100),
  last_name: text('last_name', 100),
  // Decision 009: a date of birth is in the past and after 1900; every date is before 2100 (fields.ts).
  date_of_birth: date('date_of_birth', { past: true }),
  nationality: choice('nationality', NATIONALITIES),
  phone_number: text('phone_number', 40),
  email: optional(
    safeText(200, { label: L.email }).refine((value) => z.email().safeParse(value).success, {
      message: 'Please enter a valid email address',
    }),
  ),
  passport_no: text('passport_no', 40),
  type_of_pass: choice('type_of_pass', PASS_TYPES),
  fin_no: text('fin_no', 40),
  wp_no: text('wp_no', 40),
  date_of_application: date('date_of_application'),
  date_of_issuance: date('date_of_issuance'),
  wp_expiry_date: date('wp_expiry_date'),
  coretrade_expiry_date: date('coretrade_expiry_date'),
  levy: choice('levy', LEVIES),
  coretrade: choice('coretrade', CORETRADES),
  status: choice('status', WORKER_STATUSES),
  supplied_to_company: text('supplied_to_company', 200),
  designation: text('designation', 100),
  rate_type: choice('rate_type', RATE_TYPES),
  /** Dollars in, integer cents out (ARCHITECTURE, Data; `money` in fields.ts). */
  salary_rate: optional(money({ label: L.salary_rate })),
  photo_url: text('photo_url', 500),
  ipa_url: text('ipa_url', 500),
  consent_letter_url: text('consent_letter_url', 500),
  contract_url: text('contract_url', 500),
  // Decision 096: fields added after the whole-record edit rule keep their value when a PUT leaves them out.
  employment_start_date: keptWhenOmitted(isoDate({ label: L.employment_start_date })),
  employment_end_date: keptWhenOmitted(isoDate({ label: L.employment_end_date })),
  // Decision 083: the bank (a GIRO bank's SWIFT code), the account's digits (spaces and dashes as
  // printed on a bank book are dropped) and the default payment mode.
  // Decision 096: kept when a PUT leaves them out.
  bank_swift_code: keptWhenOmitted(oneOf(GIRO_SWIFT_CODES, L.bank_swift_code)),
  bank_account_no: keptWhenOmitted(
    safeText(30, { label: L.bank_account_no }).overwrite((value) => value.replace(/[\s-]/g, '')),
  ),
  payment_mode: keptWhenOmitted(oneOf(PAYMENT_MODES, L.payment_mode)),
  // Decision 092: left out or blank, the stored value is kept (on add, the contract's default:
  // Sunday, 6 days, 8 hours); decision 096's rule for fields added after the whole-record PUT.
  rest_day: keptOrDefault(oneOf(WEEKDAYS, L.rest_day)),
  working_days_per_week: keptOrDefault(
    z.coerce
      .number({ error: WORKING_DAYS_MESSAGE })
      .refine((value) => (WORKING_DAYS_PER_WEEK as readonly number[]).includes(value), WORKING_DAYS_MESSAGE),
  ),
  normal_hours_per_day: keptOrDefault(
    z.coerce
      .number({ error: NORMAL_HOURS_MESSAGE })
      .refine(
        (value) => value > 0 && value <= MAX_NORMAL_HOURS_PER_DAY && Number.isInteger(value * 4),
        NORMAL_HOURS_MESSAGE,
      ),
  ),
  /** Dollars in, integer cents out; a WP holder's IPA salary (the Work Passes Regulations' floor). */
  declared_monthly_salary: keptWhenOmitted(money({ label: L.declared_monthly_salary })),
  // Decision 094 (migration 0029): the dated items MOM's permit conditions hang on, kept when omitted too.
  passport_expiry_date: keptWhenOmitted(isoDate({ label: L.passport_expiry_date })),
  security_bond_number: keptWhenOmitted(safeText(40, { label: L.security_bond_number })),
  security_bond_issuer: keptWhenOmitted(safeText(100, { label: L.security_bond_issuer })),
  /** Dollars in, integer cents out. */
  security_bond_amount: keptWhenOmitted(money({ label: L.security_bond_amount })),
  security_bond_expiry_date: keptWhenOmitted(isoDate({ label: L.security_bond_expiry_date })),
  medical_insurer: keptWhenOmitted(safeText(100, { label: L.medical_insurer })),
  medical_policy_number: keptWhenOmitted(safeText(40, { label: L.medical_policy_number })),
  medical_insurance_expiry_date: keptWhenOmitted(isoDate({ label: L.medical_insurance_expiry_date })),
  /** Null: derived from the pass and nationality; true or false: set by staff (decision 094). */
  sip_required: keptWhenOmitted(sipChoice),
  sip_attended_date: keptWhenOmitted(isoDate({ label: L.sip_attended_date })),
  /** KETs: the probation in months, 0 for none. */
  probation_months: keptWhenOmitted(queryInt({ label: L.probation_months, min: 0, max: 12 })),
  // Decision 103 (decision 103, migration 0033), kept when a PUT leaves them out: the date of PR status and
  // the PR's CPF rates (G/G by default), the permit's cancellation and the levy tier staff set (null:
  // derived from the nationality and R1/R2).
  pr_start_date: keptWhenOmitted(isoDate({ label: L.pr_start_date })),
  pr_cpf_scheme: keptOrDefault(oneOf(PR_CPF_SCHEMES, L.pr_cpf_scheme)),
  wp_cancellation_date: keptWhenOmitted(isoDate({ label: L.wp_cancellation_date })),
  levy_tier: keptWhenOmitted(oneOf(LEVY_TIERS, L.levy_tier)),
});

/** Decision 103: the fields of migration 0033, all kept when a PUT leaves them out. */
export const CPF_LEVY_WORKER_FIELDS = [
  'pr_start_date',
  'pr_cpf_scheme',
  'wp_cancellation_date',
  'levy_tier',
] as const satisfies readonly WorkerField[];

/** Blank or left out: undefined, so an update keeps the stored value and an insert takes the default. */
function keptOrDefault<T extends z.ZodType>(schema: T) {
  return z.preprocess<unknown, z.ZodOptional<T>, z.input<T> | null | undefined>(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    schema.optional(),
  );
}

/** Fields a PUT may leave out, keeping what is stored (decision 096); every other field must be sent. */
export const FIELDS_KEPT_WHEN_OMITTED: ReadonlySet<WorkerField> = new Set<WorkerField>([
  'employment_start_date',
  'employment_end_date',
  'bank_swift_code',
  'bank_account_no',
  'payment_mode',
  'rest_day',
  'working_days_per_week',
  'normal_hours_per_day',
  'declared_monthly_salary',
  ...COMPLIANCE_WORKER_FIELDS,
  ...CPF_LEVY_WORKER_FIELDS,
]);

/** What the form holds and sends: strings as typed. */
export type WorkerFormValues = z.input<typeof WorkerFields>;
/** The parsed worker: nulls for empty values, checked dates, `salary_rate` in integer cents. */
export type WorkerInput = z.output<typeof WorkerFields>;
export type WorkerFormMode = 'add' | 'edit';

/** Today as `YYYY-MM-DD` in this machine's time zone (the browser's; the server passes the business one). */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface WorkerSchemaOptions {
  /** Today as `YYYY-MM-DD`, read at each parse (the age check); the browser's date by default. */
  today?: () => string;
  /** Decision 108: whether an add must give the salary (the role holds `workers.pay`); true by default. */
  payRequired?: boolean;
}

/**
 * The worker form's rules (SPEC 5) for adding or editing, plus the checks of decision 023. Every
 * message is found in one pass, including the whole-form rules (coretrade, documents), so the form shows
 * them all at once (decision 022). Coretrade and its expiry are cleared when the pass is not WP; the
 * work-pass fields are cleared for Singapore Citizens and PRs (ARCHITECTURE differs 11).
 */
export function workerInputSchema(
  mode: WorkerFormMode,
  { today = localToday, payRequired = true }: WorkerSchemaOptions = {},
) {
  const checked = workerFieldsChecked(mode, today, payRequired);
  if (mode === 'add') return checked;
  // An edit replaces the whole worker: a field left out would be cleared, and a document left out would
  // be deleted from storage. So every field is sent; `null` (or '') clears one on purpose.
  return z.preprocess<unknown, typeof checked, z.input<typeof checked>>((value, ctx) => {
    if (typeof value === 'object' && value !== null) {
      for (const field of WORKER_FIELDS) {
        if (!Object.hasOwn(value, field) && !FIELDS_KEPT_WHEN_OMITTED.has(field))
          ctx.addIssue({ code: 'custom', path: [field], message: fieldMissingMessage(L[field]) });
      }
    }
    return value;
  }, checked);
}

/** Every field of the worker form, in its order. */
export const WORKER_FIELDS = Object.keys(WorkerFields.shape) as WorkerField[];

export const fieldMissingMessage = (label: string) => `${label} is missing: send it, or null to clear it`;

function workerFieldsChecked(mode: WorkerFormMode, today: () => string, payRequired: boolean) {
  return WorkerFields.superRefine(
    (worker, ctx) => {
      const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
      const resident = isResidentPass(worker.type_of_pass);
      const onAdd = REQUIRED_ON_ADD.filter(
        (field) =>
          !(resident && (field === 'wp_no' || field === 'levy')) && (payRequired || !PAY_REQUIRED_ON_ADD.has(field)),
      );
      const required = mode === 'add' ? [...ALWAYS_REQUIRED, ...onAdd] : ALWAYS_REQUIRED;
      for (const field of required) {
        if (worker[field] === null) issue(field, requiredMessage(WORKER_FIELD_LABELS[field]));
      }
      // A date that failed its own check (fields.ts) has its message already; the cross-field rules skip it.
      const validDate = (field: 'date_of_birth' | 'date_of_application' | 'date_of_issuance' | 'wp_expiry_date') => {
        const value = worker[field];
        const inRange = typeof value === 'string' && isIsoDate(value) && value >= EARLIEST_DATE && value <= LATEST_DATE;
        return inRange ? value : null;
      };
      const birth = validDate('date_of_birth');
      if (birth && !isPlausibleWorkerAge(birth, today())) issue('date_of_birth', AGE_MESSAGE);
      const issued = validDate('date_of_issuance');
      const expires = validDate('wp_expiry_date');
      if (!resident && issued && expires && expires <= issued) issue('wp_expiry_date', EXPIRY_BEFORE_ISSUANCE_MESSAGE);
      const applied = validDate('date_of_application');
      if (!resident && applied && issued && issued < applied) {
        issue('date_of_issuance', ISSUANCE_BEFORE_APPLICATION_MESSAGE);
      }
      const started = worker.employment_start_date;
      const ended = worker.employment_end_date;
      if (started && ended && isIsoDate(started) && isIsoDate(ended) && ended < started) {
        issue('employment_end_date', EMPLOYMENT_END_BEFORE_START_MESSAGE);
      }
      if (typeof worker.fin_no === 'string') {
        const problem = nricFinProblem(worker.fin_no);
        if (problem) issue('fin_no', problem === 'format' ? FIN_FORMAT_MESSAGE : FIN_CHECK_LETTER_MESSAGE);
      }
      if (typeof worker.phone_number === 'string' && !isValidPhoneNumber(worker.phone_number)) {
        issue('phone_number', PHONE_MESSAGE);
      }
      // A PUT may leave both bank fields out (kept as stored); when sent, they come as a pair.
      const bankSent = worker.bank_swift_code !== undefined || worker.bank_account_no !== undefined;
      if (bankSent && ((worker.bank_swift_code ?? null) === null) !== ((worker.bank_account_no ?? null) === null)) {
        issue(worker.bank_swift_code === null ? 'bank_swift_code' : 'bank_account_no', PAY_RUN_MESSAGES.bankIncomplete);
      } else if (typeof worker.bank_swift_code === 'string' && typeof worker.bank_account_no === 'string') {
        const problem = accountNumberProblem(worker.bank_swift_code, worker.bank_account_no);
        if (problem) issue('bank_account_no', problem);
      }
      if (worker.payment_mode === 'GIRO' && worker.bank_account_no === null) {
        issue('bank_account_no', PAY_RUN_MESSAGES.giroNeedsAccount);
      }
      if (mode === 'add' && worker.type_of_pass === 'WP' && worker.coretrade === null) {
        issue('coretrade', CORETRADE_REQUIRED);
      }
      if (mode === 'add' && DOCUMENT_FIELDS.every((field) => worker[field] === null)) {
        issue('documents', DOCUMENTS_REQUIRED);
      }
    },
    // Also when a field already failed its own check, so every message is found in one round.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  ).transform((worker) => {
    // A checked NRIC/FIN is kept in its one written form (G1234567X).
    const cleaned = { ...worker, fin_no: identityKey(worker.fin_no) };
    if (isResidentPass(worker.type_of_pass)) {
      return { ...cleaned, ...Object.fromEntries(WORK_PASS_FIELDS.map((field) => [field, null])) } as typeof cleaned;
    }
    return worker.type_of_pass === 'WP' ? cleaned : { ...cleaned, coretrade: null, coretrade_expiry_date: null };
  });
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
  employment_start_date: nullableString,
  employment_end_date: nullableString,
  bank_swift_code: nullableString,
  bank_account_no: nullableString,
  payment_mode: nullableString,
  /** Decision 092. */
  rest_day: z.string(),
  working_days_per_week: z.number(),
  normal_hours_per_day: z.number(),
  declared_monthly_salary: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  // Decision 094 (migration 0029): the worker's dated items.
  passport_expiry_date: nullableString,
  security_bond_number: nullableString,
  security_bond_issuer: nullableString,
  security_bond_amount: z.number().nullable(),
  security_bond_expiry_date: nullableString,
  medical_insurer: nullableString,
  medical_policy_number: nullableString,
  medical_insurance_expiry_date: nullableString,
  /** Whether the worker must attend the SIP: set by staff, else derived (decision 094). */
  sip_required: z.boolean(),
  /** What staff set (`null`: derived from the pass and nationality). */
  sip_required_override: z.boolean().nullable(),
  sip_attended_date: nullableString,
  probation_months: z.number().int().nullable(),
  /** Decision 094: dates that contradict MOM's conditions, e.g. a permit beyond the passport. */
  compliance_flags: z.array(z.object({ code: z.string(), message: z.string() })),
  /** Decision 103: CPF's PR rates, the permit's cancellation and the levy tier. */
  pr_start_date: nullableString,
  pr_cpf_scheme: z.enum(PR_CPF_SCHEMES),
  wp_cancellation_date: nullableString,
  /** The tier the levy is computed by: staff's choice, else derived; null when it cannot be told. */
  levy_tier: z.enum(LEVY_TIERS).nullable(),
  /** What staff set (`null`: derived). */
  levy_tier_override: z.enum(LEVY_TIERS).nullable(),
});
export type Worker = z.infer<typeof Worker>;

/**
 * Search and filters of a worker list. `q` matches the name (SPEC 9), and also the TD- id, FIN,
 * passport and phone number (decision 046).
 */
export const WorkerFilterQuery = z.object({
  q: searchText(),
  nationality: filterText('Nationality'),
  status: filterText('Status'),
  type_of_pass: filterText('Type of Pass'),
  supplied_to_company: filterText('Supplied to Company', 200),
});
export type WorkerFilterQuery = z.input<typeof WorkerFilterQuery>;

export const WorkerSortQuery = z.object({
  sort: z.enum(WORKER_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const WorkerListQuery = WorkerFilterQuery.extend(WorkerSortQuery.shape).extend({
  ...paging({ defaultPageSize: 25, maxPageSize: 100 }),
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
  /** Decision 024: permits (coretrade of WP holders) already expired, of workers not terminated. */
  expired_wp: z.number().int(),
  expired_coretrade: z.number().int(),
});
export type WorkerDashboard = z.infer<typeof WorkerDashboard>;

export const ExpiringListQuery = z.object({
  q: searchText(),
  nationality: filterText('Nationality'),
  /** Optional paging; without it the whole window is answered (`total` counts it either way). */
  page: queryInt({ label: 'Page', min: 1 }).optional(),
  pageSize: queryInt({ label: 'Page size', min: 1, max: 500 }).optional(),
});

/** Days until expiry: negative once expired (-3 is "expired 3 days ago"). */
export const ExpiringWorker = Worker.extend({ days_until_expiry: z.number().int() });
export type ExpiringWorker = z.infer<typeof ExpiringWorker>;
/** Decision 024: at most this many expired rows are answered (`expired_total` counts them all). */
export const MAX_EXPIRED_ROWS = 500;
export const ExpiringWorkerList = z.object({
  /** SPEC 7, 9: expiring from today to 3 months ahead, soonest first. */
  items: z.array(ExpiringWorker),
  total: z.number().int(),
  /**
   * Decision 024: already expired, of workers not terminated, longest expired first (matching the
   * search and nationality).
   */
  expired: z.array(ExpiringWorker),
  expired_total: z.number().int(),
  /** Distinct nationalities of the workers in the window, for the filter. */
  nationalities: z.array(z.string()),
});
export type ExpiringWorkerList = z.infer<typeof ExpiringWorkerList>;

/**
 * For other features' worker pickers (SPEC 7 "read id, first_name, last_name, worker_id"; on the payslip
 * form also rate_type, salary_rate, fin_no, wp_no, email). ARCHITECTURE differs 10: the picker searches
 * on the server a page at a time instead of listing every worker.
 */
export const WorkerLookupItem = Worker.pick({
  id: true,
  first_name: true,
  last_name: true,
  worker_id: true,
  rate_type: true,
  salary_rate: true,
  fin_no: true,
  wp_no: true,
  email: true,
}).extend({
  /** Decision 092: the timesheet form asks who requested the work only on the worker's rest day. */
  rest_day: z.string().optional(),
});
export type WorkerLookupItem = z.infer<typeof WorkerLookupItem>;

export const WorkerLookupQuery = z.object({
  /** Part of "first last" or of the TD- id, any case. */
  q: searchText(),
  ...paging({ defaultPageSize: 20, maxPageSize: 100 }),
});
export type WorkerLookupQuery = z.input<typeof WorkerLookupQuery>;

export const WorkerLookup = z.object({ items: z.array(WorkerLookupItem), total: z.number().int() });
export type WorkerLookup = z.infer<typeof WorkerLookup>;

/** SPEC 2: the client companies workers are supplied to, for the list's filter. */
export const WorkerCompanies = z.object({ items: z.array(z.string()) });
export type WorkerCompanies = z.infer<typeof WorkerCompanies>;

/** Decision 024: one change of a worker from the audit log. */
export const WorkerHistoryEntry = z.object({
  id: z.string(),
  action: z.string(),
  /** The staff member's name when it was written. */
  user_name: z.string().nullable(),
  created_at: z.string(),
  /** What changed (fields of an update; the filled fields of a create). */
  changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type WorkerHistoryEntry = z.infer<typeof WorkerHistoryEntry>;
export const WorkerHistory = z.object({ items: z.array(WorkerHistoryEntry) });
export type WorkerHistory = z.infer<typeof WorkerHistory>;

/** Decision 023: the worker who already holds a FIN, passport or WP number. */
export const duplicateIdentityMessage = (field: UniqueIdentityField, holder: string) =>
  `${WORKER_FIELD_LABELS[field]} is already used by ${holder}`;
