/**
 * Decision 082: pay runs, their statuses, payment modes and messages; decision 083: the banks a
 * worker's salary may be paid to by GIRO bulk payment. No zod here, so light pages can import it.
 */

export const PAY_RUN_STATUSES = ['Generating', 'Draft', 'Approved', 'Paid', 'Failed'] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];

export const PAY_RUN_BADGE_COLOURS: Readonly<Record<PayRunStatus, 'grey' | 'yellow' | 'green' | 'blue' | 'red'>> = {
  Generating: 'grey',
  Draft: 'yellow',
  Approved: 'green',
  Paid: 'blue',
  Failed: 'red',
};

/** PAYROLL-SG 7: the mode of payment belongs on the payslip. */
export const PAYMENT_MODES = ['GIRO', 'Cash', 'Cheque'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const isPaymentMode = (value: unknown): value is PaymentMode =>
  (PAYMENT_MODES as readonly unknown[]).includes(value);

export interface GiroBank {
  swift: string;
  name: string;
  /** The account number lengths (digits) the bank uses. */
  lengths: readonly number[];
}

/**
 * Decision 083: Singapore banks that take GIRO bulk payments, by SWIFT code; DBS and POSB share
 * DBSSSGSG (DBS accounts have 10 digits, POSB 9).
 */
export const GIRO_BANKS: readonly GiroBank[] = [
  { swift: 'DBSSSGSG', name: 'DBS Bank / POSB', lengths: [9, 10] },
  { swift: 'OCBCSGSG', name: 'OCBC Bank', lengths: [10, 12] },
  { swift: 'UOVBSGSG', name: 'United Overseas Bank (UOB)', lengths: [10] },
];

export const bankName = (swift: string | null | undefined): string | null =>
  GIRO_BANKS.find((bank) => bank.swift === swift)?.name ?? null;

/** An account number's problem for the bank, or null when it is valid. */
export function accountNumberProblem(swift: string, accountNo: string): string | null {
  const bank = GIRO_BANKS.find((candidate) => candidate.swift === swift);
  if (!bank) return PAY_RUN_MESSAGES.unknownBank;
  if (!/^\d+$/.test(accountNo)) return PAY_RUN_MESSAGES.accountDigitsOnly;
  if (!bank.lengths.includes(accountNo.length))
    return `A ${bank.name} account number has ${bank.lengths.join(' or ')} digits`;
  return null;
}

/**
 * Decision 083: the account number as every screen and answer but the edit form's shows it, all but the
 * last 4 digits hidden (`******7890`).
 */
export const maskAccountNumber = (accountNo: string | null | undefined): string | null =>
  accountNo ? `${'*'.repeat(Math.max(0, accountNo.length - 4))}${accountNo.slice(-4)}` : null;

/** The bank and masked account as one line ("DBS Bank / POSB ******7890"), or null without an account. */
export const bankAccountLabel = (swift: string | null | undefined, accountNo: string | null | undefined) =>
  accountNo ? `${bankName(swift) ?? swift ?? ''} ${maskAccountNumber(accountNo)}`.trim() : null;

/** The worker's default mode: their own, else GIRO with an account, Cash without (decision 083). */
export const defaultPaymentMode = (worker: {
  payment_mode: string | null;
  bank_account_no: string | null;
}): PaymentMode =>
  (PAYMENT_MODES as readonly string[]).includes(worker.payment_mode ?? '')
    ? (worker.payment_mode as PaymentMode)
    : worker.bank_account_no
      ? 'GIRO'
      : 'Cash';

const DATE_FORMAT = new Intl.DateTimeFormat('en-SG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_FORMAT = new Intl.DateTimeFormat('en-SG', { day: 'numeric', timeZone: 'UTC' });

/** "1-31 Oct 2026" for a period inside one month, else "15 Oct 2026-14 Nov 2026". */
export function periodLabel(start: string, end: string): string {
  const startDate = new Date(`${start}T00:00:00Z`);
  const endDate = new Date(`${end}T00:00:00Z`);
  return start.slice(0, 7) === end.slice(0, 7)
    ? `${DAY_FORMAT.format(startDate)}-${DATE_FORMAT.format(endDate)}`
    : `${DATE_FORMAT.format(startDate)}-${DATE_FORMAT.format(endDate)}`;
}

export const PAY_RUN_MESSAGES = {
  notFound: 'Pay run not found',
  payslipNotInRun: 'Payslip not found in this pay run',
  overlaps: (start: string, end: string, status: string) =>
    `A pay run for ${periodLabel(start, end)} already exists (${status}): open it, or delete it first`,
  notDraft: (status: string) => `This pay run is ${status}: only a Draft run can be changed or deleted`,
  notDraftToApprove: (status: string) => `This pay run is ${status}: only a Draft run can be approved`,
  notApprovedToReopen: (status: string) => `This pay run is ${status}: only an Approved run can be reopened`,
  notApprovedToPay: (status: string) => `This pay run is ${status}: only an Approved run can be paid`,
  notPaidForBankFile: (status: string) => `This pay run is ${status}: the bank file is made once the run is paid`,
  secondApprover:
    'A pay run is approved by a staff member other than the one who created it. Please ask a colleague to approve it.',
  missingBankDetails: (names: readonly string[]) =>
    `These workers are paid by GIRO but have no bank details: ${names.join(', ')}. Add their bank and account number, or pay them by cash or cheque.`,
  generationFailed: 'The pay run could not be generated; nothing of it was kept.',
  interrupted: 'The server stopped while this run was being generated; nothing of it was kept. Start it again.',
  payslipOfRun: 'This payslip belongs to a pay run: it is paid with the run.',
  payslipOfLockedRun: 'This payslip belongs to an approved or paid pay run: reopen the run to change it.',
  /** Employment Act s.21: salary within 7 days of the period's end. */
  noBankDetails: (count: number) =>
    `${count} worker(s) paid by GIRO have no bank details. Add their bank and account number, or choose Cash or Cheque for them.`,
  lateWarning: (payBy: string) =>
    `The payment date is after the pay-by date ${payBy}: the Employment Act s.21 asks for salary within 7 days after the period ends.`,
  unknownBank: 'Please choose one of the listed banks',
  accountDigitsOnly: 'The account number has digits only',
  bankIncomplete: 'Please give both the bank and the account number, or neither',
  giroNeedsAccount: 'GIRO needs a bank account: add the bank and account number, or choose Cash or Cheque',
  /** The period lock: an approved or paid run, or a paid payslip, closes its workers' days. */
  lockedApproved: (start: string, end: string, thing: string) =>
    `The pay run for ${periodLabel(start, end)} is approved: reopen it to change this ${thing}`,
  lockedPaid: (start: string, end: string) =>
    `The pay run for ${periodLabel(start, end)} is paid: this month is closed`,
  lockedPaidPayslip: (start: string, end: string) =>
    `The payslip for ${periodLabel(start, end)} is paid: this month is closed`,
} as const;
