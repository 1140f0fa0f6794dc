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

/**
 * Decision 092: a pay run's warnings summary, one entry per code its payslips carry, in this order (the
 * ones that stop approval first), with what the code means. Each payslip's own messages stay on it.
 */
export const PAY_RUN_WARNING_LABELS: Readonly<Record<string, string>> = {
  DEDUCTIONS_OVER_HALF:
    'deductions over 50% of the salary (Employment Act s.32): the run cannot be approved or paid until they are within it',
  NEGATIVE_NETT: 'deductions over the salary',
  DAY_OVER_12_HOURS: 'more than 12 hours worked on a day (Employment Act s.38); the hours are paid',
  OVERTIME_OVER_72: 'more than 72 overtime hours in the month (Employment Act s.38); the hours are paid',
  CHARGES_NOT_APPROVED: 'admin charges not Approved, not deducted',
  CONSENT_MISSING: "charges without the worker's prior written consent, not deducted (Employment Act s.27)",
  INQUIRY_MISSING: 'Equipment Damage charges without an inquiry, not deducted (Employment Act s.28)',
  DAMAGE_OVER_QUARTER: "Equipment Damage over 25% of a month's salary, the excess not deducted (Employment Act s.28)",
  FINE_DEDUCTED: 'a fine deducted (Employment Act s.27: only with written consent)',
};

const summaryOrder = Object.keys(PAY_RUN_WARNING_LABELS);

/** One line of the summary: "3 payslips: more than 72 overtime hours ...". */
export const payRunWarningMessage = (code: string, payslips: number): string =>
  `${payslips} ${payslips === 1 ? 'payslip' : 'payslips'}: ${PAY_RUN_WARNING_LABELS[code] ?? code}`;

/**
 * The stored summary (`{ code: payslips }`, counted over the run's payslips) as the API answers it:
 * `[{ code, payslips, message }]`, in the order above.
 */
export function payRunWarningsSummary(
  counts: Readonly<Record<string, number>>,
): Array<{ code: string; payslips: number; message: string }> {
  const rank = (code: string) => (summaryOrder.includes(code) ? summaryOrder.indexOf(code) : summaryOrder.length);
  return Object.entries(counts)
    .filter(([, payslips]) => payslips > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([code, payslips]) => ({ code, payslips, message: payRunWarningMessage(code, payslips) }));
}

/** Counts each code once per payslip over the payslips' warnings. */
export function countPayRunWarnings(
  payslipWarnings: Iterable<ReadonlyArray<{ code: string }>>,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const warnings of payslipWarnings) {
    for (const code of new Set(warnings.map((warning) => warning.code))) counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}
