/**
 * Field rules that every request schema is built from (decision 009). Timesheets, admin charges, training
 * records and payslips compose their inputs from these, never from a bare `z.string()` or
 * `z.coerce.number()`, so bad input gets the same 400 and message on SQLite and PostgreSQL:
 *
 * ```ts
 * export const AdminChargeInput = z.object({
 *   worker_id: uuid('Worker'),
 *   charge_date: isoDate({ label: 'Charge Date' }),
 *   amount: money({ label: 'Amount' }),                    // parsed to integer cents, exactly
 *   description: optional(safeText(500, { label: 'Description', multiline: true })),
 * });
 * export const AdminChargeListQuery = z.object({ q: searchText(), ...paging({ defaultPageSize: 25 }) });
 * app.get('/:id', { schema: { params: IdParams } }, ...);   // any-case UUID, answered in lower case
 * ```
 *
 * - Text refuses control characters (NUL, ESC, DEL...) and lone surrogates with "<Label> contains
 *   characters that are not allowed", trims spaces and invisible characters (zero-width, BOM, bidi
 *   marks) at both ends, and counts a value made only of them as empty. Too long is refused with a
 *   message, never cut.
 * - `optional(schema)`: `''`, blanks, `null` and `undefined` become `null`; anything else must pass.
 * - `money` parses to integer **cents** (`rules/money.ts`): a parsed input's amounts are ready for the
 *   table; responses convert back with `fromCents`. Because of that, a web form validates with
 *   `zodResolver(schema, undefined, { raw: true })` and sends what the user typed; the server parses.
 * - Messages name the field by the label the form shows, so the client shows the server's as they are.
 */
import { z } from 'zod';
import { isIsoDate, messageDate } from '../rules/dates.ts';
import { fromCents, type MoneyParse, parseMoney, toCents } from '../rules/money.ts';

export const requiredMessage = (label: string) => `${label} is required`;
export const notAllowedCharactersMessage = (label: string) => `${label} contains characters that are not allowed`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;
export const invalidDateMessage = (label: string) => `Invalid ${label} format. Please use YYYY-MM-DD format.`;
export const dateTooEarlyMessage = (label: string, min: string) => `${label} cannot be before ${messageDate(min)}`;
export const dateTooLateMessage = (label: string, max: string) => `${label} cannot be after ${messageDate(max)}`;
export const dateNotPastMessage = (label: string) => `${label} must be in the past`;
export const invalidTimeMessage = (label: string) => `Invalid ${label} format. Please use HH:MM format.`;
export const invalidMoneyMessage = (label: string) => `${label} must be a number of 0 or more`;
export const moneyDecimalsMessage = (label: string) => `${label} can have at most 2 decimal places`;
export const moneyTooLargeMessage = (label: string, max: string) => `${label} cannot be more than ${max}`;
export const invalidChoiceMessage = (label: string) => `Please choose a valid ${label}`;
export const invalidNumberMessage = (label: string) => `${label} must be a whole number`;

/** C0 and C1 control characters (NUL, ESC, DEL, ...). */
const CONTROL = /\p{Cc}/u;
/** The same, but tab and line breaks are text in a multi-line field. */
const CONTROL_EXCEPT_LINES = /[^\P{Cc}\t\n\r]/u;
/** With the `u` flag a surrogate pair is one code point, so this finds only unpaired halves. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Spaces and characters that show nothing: zero-width space and joiners, BOM, bidi controls, fillers. */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;
/** What is trimmed from both ends: spaces and format characters (ZWSP, BOM, bidi marks...). */
const EDGES = /^[\p{White_Space}\p{Cf}]+|[\p{White_Space}\p{Cf}]+$/gu;

/** True when nothing visible is left once spaces and invisible characters are removed. */
export const isBlank = (value: string): boolean => value.replace(INVISIBLE, '') === '';

/** Trims spaces and invisible format characters at both ends; a blank value becomes `''`. */
export const cleanText = (value: string): string => (isBlank(value) ? '' : value.replace(EDGES, ''));

/** True when the text holds a control character (other than tab and line breaks when multi-line) or a lone surrogate. */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

export interface TextOptions {
  /** The field's name as the form shows it; messages start with it. */
  label?: string;
  /** Allows tab and line breaks (notes, descriptions). */
  multiline?: boolean;
  /** Leaves the value as typed (passwords); blank still counts as empty for `requiredText`. */
  trim?: boolean;
}

const DEFAULT_LABEL = 'This field';

/**
 * Text of at most `max` characters, cleaned (see top of file); may be `''`. Still a `ZodString`, so a
 * caller can add `.min()`, `.regex()` or `.refine()`.
 */
export function safeText(max: number, { label = DEFAULT_LABEL, multiline = false, trim = true }: TextOptions = {}) {
  const schema = z.string({
    error: (issue) => (issue.input === undefined ? requiredMessage(label) : `${label} must be text`),
  });
  return (trim ? schema.overwrite(cleanText) : schema)
    .refine((value) => !hasForbiddenCharacters(value, multiline), notAllowedCharactersMessage(label))
    .max(max, tooLongMessage(label, max));
}

/** Text that must be given: blank (or only invisible characters) answers "<Label> is required". */
export function requiredText(max: number, options: TextOptions & { label: string }) {
  const label = options.label;
  return safeText(max, options).refine((value) => !isBlank(value), requiredMessage(label));
}

/**
 * Makes a field optional: `undefined`, `null`, `''` and blank text become `null`; any other value must
 * pass `schema`. The input type stays the schema's (plus null and undefined), so forms keep strings.
 */
export function optional<T extends z.ZodType>(schema: T) {
  // `.optional()` would answer `undefined` for a missing key; the default answers null, and still makes
  // the key optional in the input type (a form or client may leave it out).
  return z
    .preprocess<unknown, z.ZodNullable<T>, z.input<T> | null | undefined>(
      (value) => (value === null || (typeof value === 'string' && isBlank(value)) ? null : value),
      schema.nullable(),
    )
    .default(null);
}

/**
 * A field that a whole-record PUT may leave out: left out it stays `undefined`, so the update keeps the
 * stored value (Kysely skips undefined values); null or blank text clears it (decision 096).
 */
export function keptWhenOmitted<T extends z.ZodType>(schema: T) {
  return z.preprocess<unknown, z.ZodOptional<z.ZodNullable<T>>, z.input<T> | null | undefined>(
    (value) => (value === null || (typeof value === 'string' && isBlank(value)) ? null : value),
    schema.nullable().optional(),
  );
}

/** One of a fixed list of options (SPEC option lists); anything else answers "Please choose a valid <Label>". */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  const allowed = new Set<string>(values);
  return safeText(200, { label }).refine(
    (value): value is T[number] => allowed.has(value),
    invalidChoiceMessage(label),
  );
}

export interface DateOptions {
  label?: string;
  /** Earliest accepted date, inclusive (`YYYY-MM-DD`). Default 1900-01-01. */
  min?: string;
  /** Latest accepted date, inclusive. Default 2099-12-31. */
  max?: string;
  /** Must be before today (a date of birth). */
  past?: boolean;
  /** Today as `YYYY-MM-DD`; tests pass a fixed one. */
  today?: () => string;
}

export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2099-12-31';

/**
 * The latest calendar date anywhere on Earth (UTC+14). "In the past" is checked against it, so no
 * client's time zone refuses a date that is already past where the business is.
 */
export const latestToday = (now = new Date()): string =>
  new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * A calendar date exactly as `YYYY-MM-DD` (ARCHITECTURE, Data), real (no 30 February) and plausible:
 * between `min` and `max`, and before today when `past`. Nothing is cut: `2025-01-01junk` and
 * `2025-01-01T23:59:59Z` are refused with the SPEC 5 format message.
 */
export function isoDate({
  label = 'Date',
  min = EARLIEST_DATE,
  max = LATEST_DATE,
  past = false,
  today = latestToday,
}: DateOptions = {}) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage(label) : invalidDateMessage(label)) })
    .overwrite(cleanText)
    .superRefine((value, ctx) => {
      if (!isIsoDate(value)) ctx.addIssue({ code: 'custom', message: invalidDateMessage(label) });
      else if (value < min) ctx.addIssue({ code: 'custom', message: dateTooEarlyMessage(label, min) });
      else if (value > max) ctx.addIssue({ code: 'custom', message: dateTooLateMessage(label, max) });
      else if (past && value >= today()) ctx.addIssue({ code: 'custom', message: dateNotPastMessage(label) });
    });
}

/** A time of day exactly as `HH:MM`, 00:00 to 23:59 (timesheet time in and out). */
export function timeOfDay(label = 'Time') {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage(label) : invalidTimeMessage(label)) })
    .overwrite(cleanText)
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, invalidTimeMessage(label));
}

export interface MoneyOptions {
  label?: string;
  /** Largest amount in cents, inclusive. Default $10,000,000.00, which fits a PostgreSQL integer of cents. */
  maxCents?: number;
}

export const DEFAULT_MAX_CENTS = 1_000_000_000;

/**
 * An amount of dollars, as a JSON number or the text a form holds, parsed to integer **cents** exactly
 * (`rules/money.ts`). Plain decimals only, at most 2 decimals, 0 or more: `"0x10"`, `"1e3"` and
 * `1.005` are refused with a message, never rounded.
 */
export function money({ label = 'Amount', maxCents = DEFAULT_MAX_CENTS }: MoneyOptions = {}) {
  return (
    z
      .union([z.string(), z.number()], {
        error: (issue) => (issue.input === undefined ? requiredMessage(label) : invalidMoneyMessage(label)),
      })
      // A refinement, not an issue raised in the transform: zod lets the object's own checks (required
      // fields...) still run after it, so a form shows every message at once.
      .superRefine((value, ctx) => {
        const problem = moneyProblem(parseMoney(value), label, maxCents);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((value) => toCents(value))
  );
}

function moneyProblem(parsed: MoneyParse, label: string, maxCents: number): string | null {
  if (!parsed.ok) return parsed.problem === 'decimals' ? moneyDecimalsMessage(label) : invalidMoneyMessage(label);
  if (parsed.cents < 0) return invalidMoneyMessage(label);
  if (parsed.cents > maxCents) return moneyTooLargeMessage(label, formatDollars(maxCents));
  return null;
}

const formatDollars = (cents: number) =>
  fromCents(cents).toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in either case. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * The id of a record the request refers to (a worker on a timesheet...): a UUID in any case, answered
 * in lower case, which is how ids are stored on both databases.
 */
export function uuid(label = 'record') {
  return z
    .string({ error: requiredMessage(label) })
    .overwrite((value) => value.trim().toLowerCase())
    .refine(isUuid, invalidChoiceMessage(label));
}

/**
 * `/:id` of every module's routes. A UUID in upper case is the same id (SQLite compares text exactly,
 * PostgreSQL's uuid type does not), so it is lower-cased; anything else passes unchanged so the
 * route answers its own 404 ("Worker not found") rather than a validation error.
 */
export const IdParams = z.object({
  id: z.string().transform((value) => (isUuid(value) ? value.toLowerCase() : value)),
});

export interface IntegerOptions {
  label?: string;
  min?: number;
  max?: number;
}

/**
 * A whole number from a query string (or JSON): decimal digits only, so `0x10`, `1e3` and ` 2 ` are
 * refused instead of read as 16, 1000 or 2 the way `z.coerce.number()` would.
 */
export function queryInt({ label = 'Number', min = 0, max = Number.MAX_SAFE_INTEGER }: IntegerOptions = {}) {
  const read = (value: string | number) =>
    typeof value === 'number' ? value : /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  return z
    .union([z.string(), z.number()], { error: invalidNumberMessage(label) })
    .superRefine((value, ctx) => {
      const number = read(value);
      if (!Number.isSafeInteger(number)) ctx.addIssue({ code: 'custom', message: invalidNumberMessage(label) });
      else if (number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${min} and ${max}` });
      }
    })
    .transform(read);
}

/** `page` (from 1) and `pageSize` of a list query (ARCHITECTURE, API conventions). */
export function paging({ defaultPageSize = 25, maxPageSize = 100 } = {}) {
  return {
    page: queryInt({ label: 'Page', min: 1 }).default(1),
    pageSize: queryInt({ label: 'Page size', min: 1, max: maxPageSize }).default(defaultPageSize),
  };
}

/** The `q` of a list: searched text, cleaned like any text; empty means no search. */
export const searchText = (max = 100) => safeText(max, { label: 'Search' }).optional();

/** A filter value of a list (nationality, status...): clean text; an unknown value simply matches nothing. */
export const filterText = (label: string, max = 100) => safeText(max, { label }).optional();
