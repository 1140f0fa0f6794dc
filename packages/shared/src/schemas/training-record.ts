import { z } from 'zod';
import { TRAINING_NAMES, TRAINING_STATUS_FILTERS, TRAINING_STATUSES } from '../options/training.ts';
import { isIsoDate } from '../rules/dates.ts';
import {
  dateTooEarlyMessage,
  dateTooLateMessage,
  EARLIEST_DATE,
  filterText,
  hasForbiddenCharacters,
  isUuid,
  LATEST_DATE,
  notAllowedCharactersMessage,
  searchText,
  tooLongMessage,
} from './fields.ts';
import { invalidDateMessage } from './worker.ts';

/**
 * SPEC 3 training_record, 5 training record rules. One schema for the form (client) and the API
 * (server): the form sends strings, empty meaning "not given"; parsing turns them into nulls (SPEC 5:
 * "saved as null when empty").
 */

export const TRAINING_FIELD_LABELS = {
  worker_id: 'Worker',
  training_name: 'Training Name',
  training_date: 'Training Date',
  expiry_date: 'Expiry Date',
  certificate_number: 'Certificate Number',
  training_provider: 'Training Provider',
  notes: 'Notes',
  certificate_url: 'Certificate',
} as const;
export type TrainingField = keyof typeof TRAINING_FIELD_LABELS;

/** SPEC 5: worker, training name and training date are required (worded as the other forms' messages). */
export const WORKER_REQUIRED = 'Worker is required';
export const TRAINING_NAME_REQUIRED = 'Training name is required';
export const TRAINING_DATE_REQUIRED = 'Training date is required';
export const INVALID_TRAINING_NAME = 'Please choose a training from the list';
export const EXPIRY_BEFORE_TRAINING = 'Expiry date cannot be before the training date';
/** The worker of a record must exist; a value that is not a worker's id was not chosen from the list. */
export const TRAINING_WORKER_NOT_FOUND = 'Worker not found';
export const TRAINING_WORKER_INVALID = 'Please choose a worker from the list';

/** SPEC 8 training messages. */
export const TRAINING_RECORD_NOT_FOUND = 'The requested training record could not be found.';
export const TRAINING_SAVE_FAILED = 'Failed to save training record. Please try again.';
export const TRAINING_DELETE_FAILED = 'Failed to delete training record. Please try again.';
export const CERTIFICATE_UPLOAD_FAILED = 'Failed to upload certificate. Please try again.';

/**
 * Text that may be empty: trimmed, empty becomes null. Longer than `max` characters is refused with the
 * field's message, never cut (decision 009: every module refuses; a cut could split a character).
 * Control characters and lone surrogates are refused too (a NUL reached PostgreSQL, whose text cannot
 * hold one, and answered 500: docs/reliability.md, Bad input).
 */
const optionalText = (max: number, field: TrainingField, multiline = false) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .superRefine((value, ctx) => {
      if (typeof value !== 'string') return;
      if (hasForbiddenCharacters(value, multiline)) {
        ctx.addIssue({ code: 'custom', message: notAllowedCharactersMessage(TRAINING_FIELD_LABELS[field]) });
      } else if (value.trim().length > max) {
        ctx.addIssue({ code: 'custom', message: tooLongMessage(TRAINING_FIELD_LABELS[field], max) });
      }
    })
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    });

const TrainingRecordFields = z.object({
  worker_id: optionalText(100, 'worker_id'),
  training_name: optionalText(200, 'training_name'),
  training_date: optionalText(20, 'training_date'),
  expiry_date: optionalText(20, 'expiry_date'),
  certificate_number: optionalText(100, 'certificate_number'),
  training_provider: optionalText(200, 'training_provider'),
  notes: optionalText(2000, 'notes', true),
  certificate_url: optionalText(500, 'certificate_url'),
});

export type TrainingRecordFormValues = z.input<typeof TrainingRecordFields>;

/** The parsed record as the server stores it: the required fields are present. */
export interface TrainingRecordInput {
  worker_id: string;
  training_name: string;
  training_date: string;
  expiry_date: string | null;
  certificate_number: string | null;
  training_provider: string | null;
  notes: string | null;
  certificate_url: string | null;
}

/**
 * SPEC 5: every message at once (required fields, date formats, expiry not before training), so the
 * form can show them all together and the API answers them all in `fields`.
 */
export const TrainingRecordInput: z.ZodType<TrainingRecordInput, TrainingRecordFormValues> =
  TrainingRecordFields.transform((record, ctx) => {
    const issue = (field: TrainingField, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    const { worker_id, training_name, training_date, expiry_date } = record;

    if (worker_id === null) issue('worker_id', WORKER_REQUIRED);
    else if (!isUuid(worker_id)) issue('worker_id', TRAINING_WORKER_INVALID);

    if (training_name === null) issue('training_name', TRAINING_NAME_REQUIRED);
    else if (!(TRAINING_NAMES as readonly string[]).includes(training_name)) {
      issue('training_name', INVALID_TRAINING_NAME);
    }

    // Decision 009: the same plausible range as every other date field (1900-01-01 to 2099-12-31).
    const dateProblem = (value: string, field: 'training_date' | 'expiry_date') => {
      const label = TRAINING_FIELD_LABELS[field];
      if (!isIsoDate(value)) return invalidDateMessage(label);
      if (value < EARLIEST_DATE) return dateTooEarlyMessage(label, EARLIEST_DATE);
      if (value > LATEST_DATE) return dateTooLateMessage(label, LATEST_DATE);
      return null;
    };
    const trainingDateProblem = training_date === null ? null : dateProblem(training_date, 'training_date');
    if (training_date === null) issue('training_date', TRAINING_DATE_REQUIRED);
    else if (trainingDateProblem) issue('training_date', trainingDateProblem);

    if (expiry_date !== null) {
      const expiryProblem = dateProblem(expiry_date, 'expiry_date');
      if (expiryProblem) issue('expiry_date', expiryProblem);
      else if (training_date !== null && !trainingDateProblem && expiry_date < training_date) {
        issue('expiry_date', EXPIRY_BEFORE_TRAINING);
      }
    }

    if (worker_id === null || training_name === null || training_date === null || ctx.issues.length > 0) {
      return z.NEVER;
    }
    return { ...record, worker_id, training_name, training_date };
  });

const nullableString = z.string().nullable();

/** The linked worker as lists and details show it; null once the worker was deleted (Unknown Worker). */
export const TrainingRecordWorker = z.object({
  id: z.string(),
  /** The `TD-NNNN` id. */
  worker_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type TrainingRecordWorker = z.infer<typeof TrainingRecordWorker>;

/**
 * A training record as the API answers it, with its computed status (SPEC 4). `worker_id` is the link
 * (workers.id), null once the worker was deleted (Unknown Worker). The joined worker comes twice, as in
 * the other payroll modules: as `worker` (null when deleted) and flat as `first_name`, `last_name` and
 * `worker_code` (the TD- id), null when deleted.
 */
export const TrainingRecord = z.object({
  id: z.string(),
  /** workers.id; null once the worker was deleted (records outlive their worker). */
  worker_id: nullableString,
  training_name: z.string(),
  training_date: z.string(),
  expiry_date: nullableString,
  certificate_number: nullableString,
  training_provider: nullableString,
  notes: nullableString,
  certificate_url: nullableString,
  created_at: z.string(),
  updated_at: z.string(),
  /** SPEC 4, computed in the business time zone when answered. */
  status: z.enum(TRAINING_STATUSES),
  /** SPEC 9: the expiry date is from today up to 30 days ahead. */
  expiring_soon: z.boolean(),
  /** Calendar days from today to the expiry date (negative once past); null without one. */
  days_until_expiry: z.number().int().nullable(),
  worker: TrainingRecordWorker.nullable(),
  first_name: nullableString,
  last_name: nullableString,
  worker_code: nullableString,
});
export type TrainingRecord = z.infer<typeof TrainingRecord>;

/** SPEC 2 list filters: search, worker (workers.id) and training name. */
const TrainingFilters = z.object({
  /** Worker first name, last name (or both), training name or certificate number. */
  // Decision 009: clean text like every other list's filters; a NUL reached PostgreSQL and answered 500.
  q: searchText(),
  worker_id: filterText('Worker'),
  training_name: filterText('Training', 200),
});

export const TrainingRecordListQuery = TrainingFilters.extend({
  /** Narrows to a status or to the Expiring Soon window (the tiles lead here); empty means every status. */
  status: z
    .union([z.literal(''), z.enum(TRAINING_STATUS_FILTERS)])
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TrainingRecordListQuery = z.input<typeof TrainingRecordListQuery>;

export const TrainingRecordList = z.object({ items: z.array(TrainingRecord), total: z.number().int() });
export type TrainingRecordList = z.infer<typeof TrainingRecordList>;

/** The tiles count what the list's search and filters select (no filters: every record). */
export const TrainingSummaryQuery = TrainingFilters;
export type TrainingSummaryQuery = z.input<typeof TrainingSummaryQuery>;

/** SPEC 2 tiles: Total Records, Workers Trained (distinct workers), Expiring Soon, Expired. */
export const TrainingSummary = z.object({
  total: z.number().int(),
  workers_trained: z.number().int(),
  expiring_soon: z.number().int(),
  expired: z.number().int(),
});
export type TrainingSummary = z.infer<typeof TrainingSummary>;
