import { messageDate } from '../rules/dates.ts';
import { centsToText } from '../rules/money.ts';

/** SPEC 4 payslip statuses; Draft is never created here but keeps its badge colour. */
export const PAYSLIP_STATUSES = ['Draft', 'Generated', 'Sent', 'Paid'] as const;
export type PayslipStatus = (typeof PAYSLIP_STATUSES)[number];

/** SPEC 4 badge colours: Draft yellow, Generated green, Sent purple, Paid blue, any other grey. */
export const PAYSLIP_BADGE_COLOURS: Readonly<Record<PayslipStatus, 'yellow' | 'green' | 'purple' | 'blue'>> = {
  Draft: 'yellow',
  Generated: 'green',
  Sent: 'purple',
  Paid: 'blue',
};

/** SPEC 5 payslip generation messages, word for word. */
export const PAYSLIP_MESSAGES = {
  selectWorker: 'Please select a worker',
  selectBothDates: 'Please select both start and end dates for the pay period',
  invalidDates: 'Please enter valid dates for the pay period',
  startAfterEnd: 'Pay period start date cannot be after end date',
  periodOutOfRange: 'Pay period dates must be between 01/01/2000 and 31/12/2099',
  /** Employment Act s.20: a salary period does not exceed one month. */
  periodTooLong: 'A pay period cannot be longer than one calendar month (Employment Act s.20)',
  /** A payroll run met a payslip generated at the same moment for an overlapping period. */
  runOverlapRace:
    'A payslip for an overlapping period was generated for a worker of this run at the same time. Please run the payroll again.',
  completeRequired: 'Please complete all required fields (worker, pay period start, pay period end)',
  selectAtLeastOne: 'Please select at least one payslip to mark as paid',
  notFound: 'Payslip not found',
  workerNotFound: 'Worker not found',
  /** ARCHITECTURE differs 9: money already paid is a record. */
  paidCannotBeDeleted: 'This payslip has already been marked as Paid and cannot be deleted.',
  /** SPEC 8 "Batch paid failure". */
  batchPaidFailure: 'Failed to mark payslips as paid',
} as const;

/**
 * Decision 092, EA s.32: payslips whose deductions are over half their salary cannot be approved or paid
 * until they are within it (the 409 names them).
 */
export const deductionsOverCapMessage = (names: readonly string[]) =>
  `Deductions are more than 50% of the salary on the payslip(s) of ${names.join(', ')} (Employment Act s.32). Reduce them before approving or paying.`;

/** SPEC 8: the duplicate-period message, and its Paid variant. */
export function payslipExistsMessage(workerName: string, start: string, end: string, status: string): string {
  const base = `A payslip for ${workerName} already exists for the selected period (${messageDate(start)} to ${messageDate(end)})`;
  return status === 'Paid'
    ? `${base} and has been marked as Paid. Paid payslips cannot be regenerated.`
    : `${base}. You can view or edit the existing payslip instead.`;
}

/** Signed dollars for a message: `-5000` -> `-$50.00`. */
const signedDollars = (cents: number) => centsToText(cents).replace(/^(-?)/, '$1$$');

/**
 * Probe finding 17: a payslip with a negative nett salary is never generated (nothing would be paid and
 * the worker would owe the difference), whatever the pay rules; the reason, for the 409 and the run.
 */
export const negativeNettMessage = (nettCents: number) =>
  `The nett salary would be ${signedDollars(nettCents)}: a payslip is never generated with a negative nett salary. ` +
  "Reduce the other deductions, or check the period's timesheets and admin charges.";

/** SPEC 8 "Batch paid success". */
export const batchPaidSuccessMessage = (payslips: number, charges: number) =>
  `Successfully marked ${payslips} payslip(s) as paid and updated ${charges} related admin charge(s) to Deducted status`;

/** SPEC 8 "Batch paid confirm". */
export const batchPaidConfirmMessage = (count: number) =>
  `Are you sure you want to mark ${count} payslip(s) as paid? This will also mark related admin charges as deducted.`;

/** SPEC 8 "No timesheets or charges found": a $0 payslip can still be generated. */
export const NO_TIMESHEETS_MESSAGE =
  'No timesheets or admin charges were found for this worker in the selected period. You can still generate a payslip with $0 earnings.';
export const NO_TIMESHEETS_WITH_CHARGES_MESSAGE =
  'No timesheets were found for this worker in the selected period, so the earnings are $0. You can still generate the payslip.';

/** SPEC 9: the payslip screen redirects 1.5 s after a generation, 3 s after an e-mail failure. */
export const REDIRECT_AFTER_GENERATE_MS = 1_500;
export const EMAIL_FAILURE_MESSAGE_MS = 3_000;
