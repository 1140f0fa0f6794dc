import { z } from 'zod';
import { DEFAULT_REST_DAY_REQUESTER, REST_DAY_REQUESTERS } from '../options/pay-rules.ts';
import { isIsoDate, messageDate } from '../rules/dates.ts';
import { isMonth } from '../rules/months.ts';
import { longShiftMinutes, TIME_OF_DAY } from '../rules/timesheet-hours.ts';
import { cleanText, hasForbiddenCharacters, isUuid } from './fields.ts';

/**
 * SPEC 3 timesheet, 5 timesheet rules, 7 timesheets calls. One schema for the form (client) and the
 * API (server): the form sends strings, empty meaning "not given". Hours are never an input: the
 * server computes them from the times (SPEC 9) and drops any a client sends.
 */

// SPEC 5: the form's messages, word for word.
export const WORKER_REQUIRED = 'Worker is required';
export const REST_DAY_REQUESTER_INVALID = 'Rest day work requested by must be Employer or Employee';
export const WORK_DATE_REQUIRED = 'Work date is required';
/** SPEC 5: a second timesheet for a worker and date is refused. */
export const duplicateTimesheetMessage = (worker: string, date: string) =>
  `A timesheet for ${worker} already exists for ${messageDate(date)}. Please edit the existing timesheet instead.`;
// SPEC 8.
export const TIMESHEET_NOT_FOUND = 'The requested timesheet could not be found.';
export const TIMESHEET_SAVE_FAILED = 'Failed to save timesheet';
export const TIMESHEET_DELETE_FAILED = 'Failed to delete timesheet';
export const TIMESHEET_LOAD_FAILED = 'Failed to load timesheet details';
/** SPEC 3: a timesheet whose worker was deleted. */
export const UNKNOWN_WORKER = 'Unknown Worker';
// Ours, where SPEC 5 is silent.
export const WORKER_INVALID = 'Please choose a worker from the list';
export const WORKER_NOT_FOUND = 'Worker not found';
export const WORK_DATE_INVALID = 'Invalid Work Date format. Please use YYYY-MM-DD format.';
export const timeInvalidMessage = (label: string) => `${label} must be a time as HH:MM (24-hour)`;
/** Probe finding 16: a timesheet without both times saved as 0.00 h without a word. */
export const timeRequiredMessage = (label: string) => `${label} is required`;
/** Probe finding 16: a timesheet records work done, so its date is never after today (business time zone). */
export const WORK_DATE_IN_FUTURE = 'Work date cannot be after today: a timesheet records work already done';
/** Probe finding 16: the warning a shift over 16 hours carries (the form asks to confirm it first). */
export const longShiftMessage = (minutes: number, overnight: boolean) =>
  `This shift is ${(minutes / 60).toFixed(2)} hours from Time In to Time Out${overnight ? ' (past midnight)' : ''}. Please check the times.`;
export const NOTES_TOO_LONG = 'Notes must be at most 2000 characters';
export const TEXT_NOT_ALLOWED = 'Please remove the control characters from this text';
export const MONTH_INVALID = 'Month must be a month as YYYY-MM';
export const CREW_ROWS_REQUIRED = 'Add at least one worker';
export const CREW_TOO_MANY_ROWS = 'A crew entry can hold at most 500 workers';
/** Decision 090: a timesheet's site must be one of the sites. */
export const SITE_INVALID = 'Please choose a site from the list';
export const SITE_NOT_FOUND_FOR_TIMESHEET = 'Site not found';

/** Field labels as the form shows them. */
export const TIMESHEET_FIELD_LABELS = {
  worker_id: 'Worker',
  work_date: 'Work Date',
  time_in: 'Time In',
  time_out: 'Time Out',
  hours_worked: 'Hours Worked',
  overtime_hours: 'Overtime Hours',
  notes: 'Notes',
  site_id: 'Site',
  rest_day_requested_by: 'Rest day work requested by',
} as const;

const NOTES_MAX = 2000;
export const CREW_MAX_ROWS = 500;
/** The dates a work day can plausibly have; beyond them a typo, not a day worked. */
const EARLIEST_WORK_DATE = '2000-01-01';
const LATEST_WORK_DATE = '2099-12-31';

/** Text as the form holds it: trimmed, empty means "not given"; anything but text gets `message`. */
const formText = (message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => value?.trim() ?? '');

type Issue = (path: string, message: string) => void;

function checkWorker(workerId: string, issue: Issue): void {
  if (workerId === '') issue('worker_id', WORKER_REQUIRED);
  else if (!isUuid(workerId)) issue('worker_id', WORKER_INVALID);
}

/** Decision 090: the site is optional; given, it is a site's id (any case, stored in lower case). */
function readSite(siteId: string, issue: Issue, path = 'site_id'): string | null {
  if (siteId === '') return null;
  if (!isUuid(siteId)) {
    issue(path, SITE_INVALID);
    return null;
  }
  return siteId.toLowerCase();
}

function checkWorkDate(workDate: string, issue: Issue): void {
  if (workDate === '') issue('work_date', WORK_DATE_REQUIRED);
  else if (!isIsoDate(workDate) || workDate < EARLIEST_WORK_DATE || workDate > LATEST_WORK_DATE)
    issue('work_date', WORK_DATE_INVALID);
}

/**
 * `HH:MM`, required (probe finding 16: a missing time saved a 0.00 h day). A time input with seconds
 * (`HH:MM:SS`) keeps its first 5 characters, as the detail shows it (SPEC 2).
 */
function readTime(value: string, field: 'time_in' | 'time_out', issue: Issue): string | null {
  if (value === '') {
    issue(field, timeRequiredMessage(TIMESHEET_FIELD_LABELS[field]));
    return null;
  }
  const time = /^\d{2}:\d{2}:[0-5]\d$/.test(value) ? value.slice(0, 5) : value;
  if (!TIME_OF_DAY.test(time)) {
    issue(field, timeInvalidMessage(TIMESHEET_FIELD_LABELS[field]));
    return null;
  }
  return time;
}

/**
 * Decision 009, one text rule for every field: control characters (but tab and line breaks) and lone
 * surrogates are refused; text of nothing but invisible characters is no text.
 */
function readNotes(notes: string, issue: Issue, path = 'notes'): string | null {
  const text = cleanText(notes);
  if (text.length > NOTES_MAX) issue(path, NOTES_TOO_LONG);
  else if (hasForbiddenCharacters(text, true)) issue(path, TEXT_NOT_ALLOWED);
  return text === '' ? null : text;
}

/**
 * Decision 094: working without a valid work permit is an offence (Employment of Foreign Manpower Act
 * s.5(1)); a timesheet for a date after the permit's expiry is refused (409 `PERMIT_EXPIRED`).
 */
export const permitExpiredMessage = (worker: string, expiry: string) =>
  `${worker}'s work permit expired on ${expiry}: no timesheet can be recorded after that date`;
/** Decision 094: a lapsed safety certificate is a warning the staff member confirms (409 `CERTIFICATE_LAPSED`). */
export const certificateLapsedMessage = (
  worker: string,
  lapsed: Array<{ training_name: string; expiry_date: string }>,
) =>
  `${worker}'s ${lapsed.map((c) => `${c.training_name} certificate lapsed on ${c.expiry_date}`).join(', ')}. Confirm to record the timesheet anyway.`;

/** Sent as true after the staff member saw the lapsed-certificate warning and confirmed it. */
const confirmLapsed = z.boolean({ error: 'Confirmation must be true or false' }).optional();

const TimesheetFields = z.object({
  worker_id: formText(WORKER_INVALID),
  work_date: formText(WORK_DATE_INVALID),
  time_in: formText(timeInvalidMessage('Time In')),
  time_out: formText(timeInvalidMessage('Time Out')),
  notes: formText('Notes must be text'),
  site_id: formText(SITE_INVALID),
  /** Decision 092, EA s.37: who asked for work on the worker's rest day; blank or left out is the employer. */
  rest_day_requested_by: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? DEFAULT_REST_DAY_REQUESTER : value),
    z.enum(REST_DAY_REQUESTERS, { error: REST_DAY_REQUESTER_INVALID }),
  ),
  confirm_lapsed_certificates: confirmLapsed,
});

/** What the form holds: every field a string. */
export type TimesheetFormValues = {
  worker_id: string;
  work_date: string;
  time_in: string;
  time_out: string;
  notes: string;
  site_id?: string;
  rest_day_requested_by?: string;
};

/** SPEC 5 timesheet rules, every message at once; unknown keys (hours_worked ...) are dropped. */
export const TimesheetInput = TimesheetFields.transform((fields, ctx) => {
  const issue: Issue = (path, message) => ctx.addIssue({ code: 'custom', path: [path], message });
  checkWorker(fields.worker_id, issue);
  checkWorkDate(fields.work_date, issue);
  return {
    worker_id: fields.worker_id,
    work_date: fields.work_date,
    time_in: readTime(fields.time_in, 'time_in', issue),
    time_out: readTime(fields.time_out, 'time_out', issue),
    notes: readNotes(fields.notes, issue),
    site_id: readSite(fields.site_id, issue),
    rest_day_requested_by: fields.rest_day_requested_by,
    confirm_lapsed_certificates: fields.confirm_lapsed_certificates === true,
  };
});
export type TimesheetInput = z.output<typeof TimesheetInput>;

const CrewRowFields = z.object({
  worker_id: formText(WORKER_INVALID),
  time_in: formText(timeInvalidMessage('Time In')),
  time_out: formText(timeInvalidMessage('Time Out')),
  notes: formText('Notes must be text'),
});

/**
 * Crew entry (beyond the spec: a whole site's day at once): one date, a row per worker with its own
 * times. Row messages are reported under `rows.N.field`.
 */
export const CrewTimesheetInput = z
  .object({
    work_date: formText(WORK_DATE_INVALID),
    /** Decision 090: crew entry starts from a site; every row is saved on it. */
    site_id: formText(SITE_INVALID),
    rows: z.array(CrewRowFields, { error: CREW_ROWS_REQUIRED }).max(CREW_MAX_ROWS, { error: CREW_TOO_MANY_ROWS }),
    confirm_lapsed_certificates: confirmLapsed,
    /** Decision 092, EA s.37: for the crew's workers whose rest day the date is; the employer by default. */
    rest_day_requested_by: z.preprocess(
      (value) => (value === null || value === undefined || value === '' ? DEFAULT_REST_DAY_REQUESTER : value),
      z.enum(REST_DAY_REQUESTERS, { error: REST_DAY_REQUESTER_INVALID }),
    ),
  })
  .transform((fields, ctx) => {
    const issueAt =
      (...prefix: Array<string | number>) =>
      (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [...prefix, path], message });
    checkWorkDate(fields.work_date, issueAt());
    if (fields.rows.length === 0) issueAt()('rows', CREW_ROWS_REQUIRED);
    const rows = fields.rows.map((row, index) => {
      const issue = issueAt('rows', index);
      checkWorker(row.worker_id, issue);
      return {
        worker_id: row.worker_id,
        time_in: readTime(row.time_in, 'time_in', issue),
        time_out: readTime(row.time_out, 'time_out', issue),
        notes: readNotes(row.notes, issue),
      };
    });
    return {
      work_date: fields.work_date,
      site_id: readSite(fields.site_id, issueAt()),
      rest_day_requested_by: fields.rest_day_requested_by,
      rows,
      confirm_lapsed_certificates: fields.confirm_lapsed_certificates === true,
    };
  });
export type CrewTimesheetInput = z.output<typeof CrewTimesheetInput>;
export type CrewTimesheetRequest = z.input<typeof CrewTimesheetInput>;

export const CrewTimesheetResult = z.object({
  /** How many timesheets were saved. */
  saved: z.number().int(),
  /** Rows not saved: the worker already had a timesheet that date (or was not found). */
  skipped: z.array(
    z.object({
      worker_id: z.string(),
      message: z.string(),
      /** Decision 094: `PERMIT_EXPIRED` or `CERTIFICATE_LAPSED` when that is why the row was skipped. */
      code: z.enum(['PERMIT_EXPIRED', 'CERTIFICATE_LAPSED']).optional(),
    }),
  ),
  /** Saved rows to check (probe finding 16: a shift over 16 hours). */
  warnings: z.array(z.object({ worker_id: z.string(), message: z.string() })),
});
export type CrewTimesheetResult = z.infer<typeof CrewTimesheetResult>;

/** Crew entry asks, before Save, which workers already have a timesheet that day (probe finding 18). */
export const CrewRecordedQuery = z.object({
  work_date: z
    .string({ error: WORK_DATE_INVALID })
    .trim()
    .refine((value) => isIsoDate(value), { message: WORK_DATE_INVALID }),
});
export const CrewRecorded = z.object({
  work_date: z.string(),
  /** workers.id of every worker with a timesheet that date. */
  worker_ids: z.array(z.string()),
});
export type CrewRecorded = z.infer<typeof CrewRecorded>;

const nullableString = z.string().nullable();

/** The linked worker as lists and the detail show it (SPEC 3: first_name, last_name, worker_id). */
export const TimesheetWorker = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The TD- id. */
  worker_id: z.string(),
});
export type TimesheetWorker = z.infer<typeof TimesheetWorker>;

/**
 * A timesheet as the API answers it. `worker_id` is the link (workers.id, SPEC 3), null once the worker
 * was deleted (Unknown Worker). Hours are hours with 2 decimals (stored as minutes). The joined worker
 * comes twice: as `worker` (null when deleted) and flat as `first_name`, `last_name` and `worker_code`
 * (the TD- id), null when deleted.
 */
export const Timesheet = z.object({
  id: z.string(),
  worker_id: nullableString,
  work_date: z.string(),
  /** `HH:MM` or null. */
  time_in: nullableString,
  time_out: nullableString,
  hours_worked: z.number(),
  overtime_hours: z.number(),
  notes: nullableString,
  /** Decision 090: the site (sites.id) or null, and the site named. */
  site_id: nullableString,
  site: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Decision 092: Employer or Employee (EA s.37); counts only on the worker's rest day. */
  rest_day_requested_by: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  worker: TimesheetWorker.nullable(),
  first_name: nullableString,
  last_name: nullableString,
  worker_code: nullableString,
});
export type Timesheet = z.infer<typeof Timesheet>;

/**
 * Decision 092 (EA s.38(5), s.38(7)): more than 12 hours in a day, more than 72 overtime hours in a month.
 * Warned, never refused: the hours are paid.
 */
export const TimesheetPayWarning = z.object({
  code: z.enum(['DAY_OVER_12_HOURS', 'OVERTIME_OVER_72']),
  message: z.string(),
});
export type TimesheetPayWarning = z.infer<typeof TimesheetPayWarning>;

export const dayOver12HoursMessage = (minutes: number) =>
  `This day has ${(minutes / 60).toFixed(2)} hours (hours worked and overtime): more than 12 hours a day is allowed only in the exceptions of the Employment Act (s.38). The hours are paid.`;

/** Decision 092: a day's hours T = hours worked + overtime, in minutes, past which the day is warned (the rule's). */
export { DAY_LIMIT_MINUTES } from '../rules/act-overtime.ts';
// The 72-overtime-hours-a-month count and warning are rules/act-overtime.ts's (one rule for the
// timesheet, the preview and the pay run).

/**
 * A saved timesheet with what the staff member should check (probe finding 16: a shift over 16 hours;
 * decision 092: `pay_warnings`, whose messages are also in `warnings`).
 */
export const SavedTimesheet = Timesheet.extend({
  warnings: z.array(z.string()),
  pay_warnings: z.array(TimesheetPayWarning),
});
export type SavedTimesheet = z.infer<typeof SavedTimesheet>;

/** The warnings a timesheet's times call for (none for a plausible shift). */
export function timesheetWarnings(timeIn: string | null, timeOut: string | null): string[] {
  const minutes = longShiftMinutes(timeIn, timeOut);
  return minutes === null || !timeIn || !timeOut ? [] : [longShiftMessage(minutes, timeOut <= timeIn)];
}

/** A query-string value: empty means "no filter". */
const queryText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || (value.length <= max && !hasForbiddenCharacters(value)), {
      message: 'This search or filter value is not valid',
    });

const month = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .refine((value) => value === undefined || isMonth(value), { message: MONTH_INVALID });

/** SPEC 9 list filters: month (default the current one), worker, worker-name search; server paging. */
export const TimesheetListQuery = z.object({
  month,
  worker_id: queryText(36).refine((value) => value === undefined || isUuid(value), {
    message: WORKER_INVALID,
  }),
  q: queryText(100),
  site_id: queryText(36).refine((value) => value === undefined || isUuid(value), { message: SITE_INVALID }),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TimesheetListQuery = z.input<typeof TimesheetListQuery>;

export const TimesheetList = z.object({
  items: z.array(Timesheet),
  total: z.number().int(),
  /** The month listed (`YYYY-MM`): the one asked for, or the current one in the business time zone. */
  month: z.string(),
});
export type TimesheetList = z.infer<typeof TimesheetList>;

/** Probe finding 24: the cards follow the list's filters (the month, a worker, a name, a site). */
export const TimesheetSummaryQuery = TimesheetListQuery.pick({ month: true, worker_id: true, q: true, site_id: true });

/** SPEC 9 summary cards for the selected month: distinct workers, timesheets, hours and overtime. */
export const TimesheetSummary = z.object({
  workers: z.number().int(),
  timesheets: z.number().int(),
  total_hours: z.number(),
  total_overtime_hours: z.number(),
  month: z.string(),
});
export type TimesheetSummary = z.infer<typeof TimesheetSummary>;
