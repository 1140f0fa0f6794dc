import { z } from 'zod';
import { IMPORT_DATE_FORMATS } from '../rules/attendance-import.ts';
import { requiredText, safeText } from './fields.ts';

/** Decision 091: the attendance import's messages. */
export const IMPORT_FILE_TOO_LARGE =
  'This file is larger than 20 MB. Please split it (for example one file per week) and import each part.';
export const IMPORT_FILE_UNREADABLE = 'This file could not be read. Please upload a CSV file or an Excel (.xlsx) file.';
export const IMPORT_FILE_EMPTY = 'This file has no rows to import.';
export const IMPORT_TOO_MANY_ROWS = 'This file has more than 100,000 rows. Please split it and import each part.';
export const IMPORT_NOT_FOUND = 'The requested import could not be found.';
export const IMPORT_ROW_NOT_CONFLICT = 'This row is not a conflict to resolve.';
export const MAPPING_INVALID = 'Please choose the columns for the worker, the date, time in and time out.';
export const mappingColumnMissing = (column: string) => `The file has no column named "${column}".`;
export const MAPPING_NAME_TAKEN = 'A saved mapping with this name already exists.';
// Row reasons (the error CSV's Reason column).
export const ROW_WORKER_MISSING = 'No worker given';
export const ROW_WORKER_UNKNOWN = 'Unknown worker: no worker has this FIN, TD- id or name';
export const ROW_WORKER_AMBIGUOUS = 'More than one worker has this name: use the FIN or TD- id';
/** Decision 108: a role that does not see FIN numbers cannot look a worker up by one (nor learn if it exists). */
export const ROW_WORKER_FIN_NOT_MATCHED =
  'Workers are matched by TD- id or name for your role, not by FIN: put the TD- id in this column';
export const rowBadDate = (format: string) => `Bad date: expected ${format}`;
export const ROW_BAD_TIME_IN = 'Bad time in: expected 24-hour (07:30) or 12-hour (7:30 AM)';
export const ROW_BAD_TIME_OUT = 'Bad time out: expected 24-hour (17:30) or 12-hour (5:30 PM)';
export const ROW_OUT_BEFORE_IN = 'Time out is before time in on the same day';
export const ROW_SITE_UNKNOWN = 'Unknown site: no site has this name';
export const ROW_ONE_PUNCH = 'Only one punch for this worker and day: the other is missing';
export const rowRepeated = (line: number) => `The same worker and date as line ${line}`;
export const ROW_EXISTS_DIFFERENT = 'A different timesheet exists for this worker and date';
export const ROW_EXISTS_SAME = 'Already saved: the same timesheet exists';

/** A header named in the mapping. */
const column = (label: string) => requiredText(200, { label });
const optionalColumn = (label: string) =>
  safeText(200, { label })
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));

/**
 * The columns to read, by header. Time in and time out naming the same column means one row per punch:
 * the punches of a worker and day are paired, first in, last out (decision 091).
 */
export const ImportMapping = z.object({
  worker: column('Worker column'),
  date: column('Date column'),
  date_format: z.enum(IMPORT_DATE_FORMATS, { error: 'Please choose a date format from the list' }),
  time_in: column('Time In column'),
  time_out: column('Time Out column'),
  site: optionalColumn('Site column'),
  notes: optionalColumn('Notes column'),
});
export type ImportMapping = z.output<typeof ImportMapping>;

export const IMPORT_OUTCOMES = ['new', 'duplicate', 'conflict', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const ImportRow = z.object({
  line: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  message: z.string().optional(),
  worker_id: z.string().optional(),
  work_date: z.string().optional(),
  time_in: z.string().nullable().optional(),
  time_out: z.string().nullable().optional(),
  // Beyond the contract's fields, for the preview screen: the worker's name, the computed hours, the
  // existing timesheet of a duplicate or conflict and how a conflict was resolved.
  worker_name: z.string().optional(),
  hours_worked: z.number().optional(),
  overtime_hours: z.number().optional(),
  timesheet_id: z.string().optional(),
  resolution: z.enum(['keep', 'replace']).optional(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportCounts = z.object({
  new: z.number().int(),
  duplicate: z.number().int(),
  conflict: z.number().int(),
  error: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportPreview = z.object({ id: z.string(), rows: z.array(ImportRow), counts: ImportCounts });
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportApplied = z.object({ created: z.number().int() });

/** What the file holds before mapping: its headers, a few rows and the saved mappings for these headers. */
export const ImportInspection = z.object({
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  rows: z.number().int(),
  mappings: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      mapping: z.object({
        worker: z.string(),
        date: z.string(),
        date_format: z.string(),
        time_in: z.string(),
        time_out: z.string(),
        site: z.string().optional(),
        notes: z.string().optional(),
      }),
    }),
  ),
});
export type ImportInspection = z.infer<typeof ImportInspection>;

export const SaveMappingInput = z.object({
  name: requiredText(100, { label: 'Mapping name' }),
  headers: z.array(safeText(200)).min(1).max(200),
  mapping: ImportMapping,
});
export type SaveMappingInput = z.output<typeof SaveMappingInput>;

export const ResolveConflictInput = z.object({
  action: z.enum(['keep', 'replace'], { error: 'Choose keep or replace' }),
});
export const LineParams = z.object({
  id: z.string(),
  line: z.coerce.number().int().min(1).max(10_000_000),
});
