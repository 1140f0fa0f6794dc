import { z } from 'zod';
import { CHARGE_STATUSES, type ChargeType, isChargeType } from '../options/admin-charges.ts';
import { isIsoDate } from '../rules/dates.ts';
import { fromCents } from '../rules/money.ts';
import { cleanText, hasForbiddenCharacters, isUuid } from './fields.ts';

/**
 * SPEC 3 admin_charge, 5 admin charge form, 7 admin_charges calls. One schema for the form (client)
 * and the API (server): the form sends strings, the API also takes `amount` as a JSON number.
 */

// SPEC 5: the form's messages, word for word.
export const WORKER_REQUIRED = 'Worker is required';
export const CHARGE_DATE_REQUIRED = 'Charge date is required';
export const CHARGE_TYPE_REQUIRED = 'Charge type is required';
export const AMOUNT_REQUIRED = 'Amount is required';
export const AMOUNT_POSITIVE = 'Amount must be a positive number';
// Ours, where SPEC 5 is silent (docs/decisions/013).
export const AMOUNT_DECIMALS = 'Amount can have at most 2 decimal places';
export const AMOUNT_TOO_LARGE = 'Amount must not be more than 999,999.99';
export const CHARGE_DATE_INVALID = 'Invalid Charge date format. Please use YYYY-MM-DD format.';
export const CHARGE_TYPE_INVALID = 'Please choose a valid Charge type';
export const WORKER_INVALID = 'Please choose a worker from the list';
export const CONSENT_DATE_INVALID = "Invalid Worker's written consent date format. Please use YYYY-MM-DD format.";
/** EA s.27(1)(a), decision 092: consent to a deduction is given before it, on or before the charge date. */
export const CONSENT_AFTER_CHARGE = "The worker's written consent must be dated on or before the charge date";
export const INQUIRY_DATE_INVALID = 'Invalid Inquiry date format. Please use YYYY-MM-DD format.';
export const DESCRIPTION_TOO_LONG = 'Description must be at most 2000 characters';
export const TEXT_NOT_ALLOWED = 'Please remove the control characters from this text';

/** SPEC 4, 8 and ARCHITECTURE differs 9: messages of refused transitions and missing records. */
export const ADMIN_CHARGE_NOT_FOUND = 'The requested admin charge could not be found.';
export const chargeNotPending = (status: string, action: 'approve' | 'reject') =>
  `This admin charge is no longer Pending (it is ${status}), so it cannot be ${action === 'approve' ? 'approved' : 'rejected'}.`;
export const CHARGE_DEDUCTED_EDIT =
  'This admin charge has been deducted in a paid payslip and can no longer be edited.';
export const CHARGE_DEDUCTED_DELETE =
  'This admin charge has been deducted in a paid payslip and can no longer be deleted.';

/** Field labels as the form shows them. */
export const ADMIN_CHARGE_FIELD_LABELS = {
  worker_id: 'Worker',
  charge_date: 'Charge Date',
  charge_type: 'Charge Type',
  amount: 'Amount (SGD)',
  description: 'Description',
  // Decision 092 (EA s.27, s.28).
  consent_date: "Worker's Written Consent Date",
  consent_url: 'Signed Consent',
  inquiry_date: 'Inquiry Date',
} as const;
export type AdminChargeField = keyof typeof ADMIN_CHARGE_FIELD_LABELS;

/** The largest charge: 999,999.99 (cents fit every integer column; no real penalty comes near it). */
export const MAX_CHARGE_CENTS = 99_999_999;
const DESCRIPTION_MAX = 2000;

export type AmountParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * SPEC 5 amount: required, a positive number, at most 2 decimals (ARCHITECTURE, Data). The text is read
 * as a decimal, digit by digit, into integer cents: never through a binary float times 100. A JSON
 * number is read in its shortest decimal form (12.34 is "12.34"). 0 is not positive (decision 013).
 */
export function parseAmount(value: unknown): AmountParse {
  if (value === null || value === undefined) return { ok: false, message: AMOUNT_REQUIRED };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return { ok: false, message: AMOUNT_POSITIVE };
    text = String(value);
    // 1e-7 and 1e+21: exponent forms only come from amounts far outside the allowed range.
    if (/e/i.test(text)) return { ok: false, message: value < 1 ? AMOUNT_DECIMALS : AMOUNT_TOO_LARGE };
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text === '') return { ok: false, message: AMOUNT_REQUIRED };
  } else {
    return { ok: false, message: AMOUNT_POSITIVE };
  }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, message: AMOUNT_POSITIVE };
  // "12.500" is 12.50 exactly; "12.345" is refused rather than rounded.
  if (fraction.replace(/0+$/, '').length > 2) return { ok: false, message: AMOUNT_DECIMALS };
  const wholeDigits = whole.replace(/^0+/, '');
  if (wholeDigits.length > 6) return { ok: false, message: AMOUNT_TOO_LARGE };
  const cents = Number(wholeDigits || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (cents === 0) return { ok: false, message: AMOUNT_POSITIVE };
  if (cents > MAX_CHARGE_CENTS) return { ok: false, message: AMOUNT_TOO_LARGE };
  return { ok: true, cents };
}

/** Text as the form holds it: trimmed, empty means "not given"; anything but text gets `message`. */
const formText = (message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => value?.trim() ?? '');

const AdminChargeFields = z.object({
  worker_id: formText(WORKER_INVALID),
  charge_date: formText(CHARGE_DATE_INVALID),
  charge_type: formText(CHARGE_TYPE_INVALID),
  amount: z.union([z.string(), z.number(), z.null()], { error: AMOUNT_POSITIVE }).optional(),
  description: formText('Description must be text'),
  /** Decision 092 (EA s.27, s.28): left out, the stored value is kept; blank clears it. */
  consent_date: z.union([z.string(), z.null()], { error: CONSENT_DATE_INVALID }).optional(),
  consent_url: z.union([z.string(), z.null()], { error: 'Signed consent must be text' }).optional(),
  inquiry_date: z.union([z.string(), z.null()], { error: INQUIRY_DATE_INVALID }).optional(),
});

/** An optional date field: undefined when left out, null when blank, else a checked date. */
function optionalDate(
  value: string | null | undefined,
  path: 'consent_date' | 'inquiry_date',
  message: string,
  issue: (path: 'consent_date' | 'inquiry_date', message: string) => void,
): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!isIsoDate(text) || text < '1900-01-01' || text > '2099-12-31') issue(path, message);
  return text;
}

/** What the form holds: every field a string (the API also takes a number for `amount`). */
export type AdminChargeFormValues = {
  worker_id: string;
  charge_date: string;
  charge_type: string;
  amount: string;
  description: string;
  /** Decision 092: blank clears them. */
  consent_date?: string;
  consent_url?: string | null;
  inquiry_date?: string;
};

/**
 * SPEC 5 admin charge rules, every message at once. Status is not an input: a new charge is Pending and
 * an edit leaves the status unchanged (SPEC 4); unknown keys (status, approved_by ...) are dropped.
 */
export const AdminChargeInput = AdminChargeFields.transform((fields, ctx) => {
  const issue = (path: AdminChargeField, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

  if (fields.worker_id === '') issue('worker_id', WORKER_REQUIRED);
  else if (!isUuid(fields.worker_id)) issue('worker_id', WORKER_INVALID);

  if (fields.charge_date === '') issue('charge_date', CHARGE_DATE_REQUIRED);
  else if (!isIsoDate(fields.charge_date) || fields.charge_date < '1900-01-01' || fields.charge_date > '2099-12-31')
    issue('charge_date', CHARGE_DATE_INVALID);

  if (fields.charge_type === '') issue('charge_type', CHARGE_TYPE_REQUIRED);
  else if (!isChargeType(fields.charge_type)) issue('charge_type', CHARGE_TYPE_INVALID);

  const amount = parseAmount(fields.amount);
  if (!amount.ok) issue('amount', amount.message);

  // Decision 009, one text rule for every field: control characters (but tab and line breaks) and lone
  // surrogates are refused; text of nothing but invisible characters is no text.
  const description = cleanText(fields.description);
  if (description.length > DESCRIPTION_MAX) issue('description', DESCRIPTION_TOO_LONG);
  else if (hasForbiddenCharacters(description, true)) issue('description', TEXT_NOT_ALLOWED);

  const lawful = (path: 'consent_date' | 'inquiry_date', message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const consentDate = optionalDate(fields.consent_date, 'consent_date', CONSENT_DATE_INVALID, lawful);
  const inquiryDate = optionalDate(fields.inquiry_date, 'inquiry_date', INQUIRY_DATE_INVALID, lawful);
  if (consentDate && isIsoDate(fields.charge_date) && consentDate > fields.charge_date) {
    lawful('consent_date', CONSENT_AFTER_CHARGE);
  }
  const consentUrl = fields.consent_url === undefined ? undefined : cleanText(fields.consent_url ?? '') || null;
  if (consentUrl && (consentUrl.length > 500 || hasForbiddenCharacters(consentUrl))) {
    ctx.addIssue({ code: 'custom', path: ['consent_url'], message: TEXT_NOT_ALLOWED });
  }

  if (!amount.ok || !isChargeType(fields.charge_type)) return z.NEVER;
  return {
    // Ids are stored in lower case; PostgreSQL compares uuids without case, SQLite's text would not.
    worker_id: fields.worker_id.toLowerCase(),
    charge_date: fields.charge_date,
    charge_type: fields.charge_type,
    /** Dollars with at most 2 decimals, exactly cents / 100. */
    amount: fromCents(amount.cents),
    description: description === '' ? null : description,
    // Left out (undefined): not in the output, so the stored value is kept.
    ...(consentDate === undefined ? {} : { consent_date: consentDate }),
    ...(consentUrl === undefined ? {} : { consent_url: consentUrl }),
    ...(inquiryDate === undefined ? {} : { inquiry_date: inquiryDate }),
  } as {
    worker_id: string;
    charge_date: string;
    charge_type: ChargeType;
    amount: number;
    description: string | null;
    consent_date?: string | null;
    consent_url?: string | null;
    inquiry_date?: string | null;
  };
});
export type AdminChargeInput = z.output<typeof AdminChargeInput>;

const nullableString = z.string().nullable();

/** The linked worker as lists and the detail show it (SPEC 3: first_name, last_name, worker_id). */
export const AdminChargeWorker = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The TD- id. */
  worker_id: z.string(),
});
export type AdminChargeWorker = z.infer<typeof AdminChargeWorker>;

/**
 * An admin charge as the API answers it. `worker_id` is the link (workers.id, SPEC 3), null once the
 * worker was deleted (Unknown Worker). The joined worker comes twice: as `worker` (null when deleted)
 * and flat as `first_name`, `last_name` and `worker_code` (the TD- id), null when deleted.
 */
export const AdminCharge = z.object({
  id: z.string(),
  worker_id: nullableString,
  charge_date: z.string(),
  charge_type: z.string(),
  /** SGD, a number with at most 2 decimals (stored as integer cents). */
  amount: z.number(),
  description: nullableString,
  status: z.enum(CHARGE_STATUSES),
  approved_by: nullableString,
  approved_at: nullableString,
  /** Decision 092: the worker's prior written consent (EA s.27) and the day he was heard on damage (s.28). */
  consent_date: nullableString.optional(),
  consent_url: nullableString.optional(),
  inquiry_date: nullableString.optional(),
  created_at: z.string(),
  updated_at: z.string(),
  worker: AdminChargeWorker.nullable(),
  first_name: nullableString,
  last_name: nullableString,
  worker_code: nullableString,
});
export type AdminCharge = z.infer<typeof AdminCharge>;

/** A query-string value: empty means "no filter" (`?status=&q=` is "everything"). */
const queryText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || (value.length <= max && !hasForbiddenCharacters(value)), {
      message: 'This search or filter value is not valid',
    });

const queryInt = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(1).max(max).default(fallback),
  );

/** SPEC 2 list filters: text search by worker name or TD- id, worker, status and charge type. */
export const AdminChargeFilters = z.object({
  q: queryText(100),
  worker_id: queryText(36),
  status: queryText(20),
  charge_type: queryText(40),
});
export type AdminChargeFilters = z.output<typeof AdminChargeFilters>;

export const ADMIN_CHARGE_PAGE_SIZE = 25;

/**
 * A charge's reference, as its heading ("Admin Charge #…", SPEC 2) and its CSV row write it: the last
 * 8 characters of the id, its random part (probe finding 21: the first 8 are the time-ordered part).
 */
export const chargeReference = (id: string): string => id.slice(-8);

export const AdminChargeListQuery = AdminChargeFilters.extend({
  page: queryInt(1, 1_000_000),
  pageSize: queryInt(ADMIN_CHARGE_PAGE_SIZE, 100),
});
export type AdminChargeListQuery = z.input<typeof AdminChargeListQuery>;

export const AdminChargeList = z.object({ items: z.array(AdminCharge), total: z.number().int() });
export type AdminChargeList = z.infer<typeof AdminChargeList>;

/** SPEC 5 "Date defaults to today": today in the business time zone (BUSINESS_TIME_ZONE), from the server. */
export const AdminChargeDefaults = z.object({ charge_date: z.string() });
export type AdminChargeDefaults = z.infer<typeof AdminChargeDefaults>;

/** SPEC 2 tiles over the current filters: Total Charges, Pending, Deducted, Total Amount (SGD). */
export const AdminChargeSummary = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  deducted: z.number().int(),
  /** SGD, the sum of every matching charge's amount. */
  total_amount: z.number(),
});
export type AdminChargeSummary = z.infer<typeof AdminChargeSummary>;
