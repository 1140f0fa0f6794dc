import { formatHours } from '@td/shared/rules/timesheet-hours';
import {
  type SavedTimesheet,
  TIMESHEET_LOAD_FAILED,
  TIMESHEET_NOT_FOUND,
  type Timesheet,
  type TimesheetPayWarning,
  UNKNOWN_WORKER,
} from '@td/shared/schemas/timesheet';
import { FileX } from 'lucide-react';
import type { RecordLoadTexts } from '@/components/ui/record-load-error.tsx';

/** SPEC 3: the worker's name, or Unknown Worker once the worker was deleted. */
export const timesheetWorkerName = (timesheet: Pick<Timesheet, 'worker'>): string =>
  timesheet.worker ? `${timesheet.worker.first_name} ${timesheet.worker.last_name}` : UNKNOWN_WORKER;

/**
 * SPEC 2, 8: a missing record shows the Timesheet Not Found card with "The requested timesheet could
 * not be found."; any other load failure also says Failed to load timesheet details above it.
 */
export const TIMESHEET_LOAD_ERROR: RecordLoadTexts = {
  notFound: { icon: FileX, title: 'Timesheet Not Found', description: TIMESHEET_NOT_FOUND },
  failure: TIMESHEET_LOAD_FAILED,
  cardOnFailure: true,
  backLabel: 'Back to Timesheets',
};

/** SPEC 2, 3: times show as HH:MM (their first 5 characters), or N/A. */
export const formatTime = (time: string | null | undefined): string => (time ? time.slice(0, 5) : 'N/A');

/** SPEC 9: hours with 2 decimals (thousands grouped in totals: 1,234.50). */
export const hoursText = (hours: number): string =>
  hours >= 1000
    ? hours.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : formatHours(hours);

/** Decision 092: the pay-law warnings a saved timesheet came back with (none on a timesheet read later). */
export const payWarningsOf = (timesheet: Timesheet): TimesheetPayWarning[] =>
  (timesheet as Partial<SavedTimesheet>).pay_warnings ?? [];

/**
 * Decision 092 (EA s.37): who asked for the work on the worker's rest day, as the view shows it; the pay it
 * earns follows from it.
 */
export const restDayRequestedByText = (requestedBy: string | null | undefined): string =>
  requestedBy === 'Employee'
    ? "Employee (the worker's own request: half the rest-day pay, Employment Act s.37)"
    : "Employer (the employer's request: full rest-day pay, Employment Act s.37)";
