/** SPEC 5 "Payslip PDF / email" and SPEC 8 "PDF / email" messages, word for word. */
export const PAYSLIP_DOCUMENT_MESSAGES = {
  /** SPEC 5: payslip and worker must exist. */
  dataIncomplete: 'Payslip data is incomplete',
  /** SPEC 5: emailing needs the worker. */
  workerMissing: 'Worker information is missing',
  /**
   * SPEC 4/5 refused e-mailing a Paid payslip; decision 082 changes that (MOM: a payslip is issued with
   * the payment or within 3 working days), and refuses a Draft pay run's payslip instead: it is issued
   * once the run is approved.
   */
  draftCannotBeEmailed: 'This payslip belongs to a Draft pay run: it can be emailed once the run is approved.',
  /** SPEC 5: emailing needs an address. */
  noEmailAddress: 'Worker does not have an email address',
  /** Decision 025: a second press while the first e-mail is on its way never e-mails the worker twice. */
  alreadySending: 'This payslip is being emailed already. Please wait a moment.',
} as const;

/** SPEC 8 success: 'Payslip has been emailed to {name} at {email}'. */
export const payslipEmailedMessage = (name: string, email: string) => `Payslip has been emailed to ${name} at ${email}`;

/** ARCHITECTURE Shape: without SMTP_URL the message is kept in the server's outbox; the UI says so. */
export const outboxNoticeMessage = (file: string) =>
  `No mail server is configured, so the message was saved to the server's outbox as ${file}.`;

/** SPEC 8 failure: 'Failed to email payslip: {reason}'. */
export const emailFailedMessage = (reason: string) => `Failed to email payslip: ${reason}`;

/** SPEC 8 failure: 'Failed to generate PDF: {reason}'. */
export const pdfFailedMessage = (reason: string) => `Failed to generate PDF: ${reason}`;

/** SPEC 8 "Saved but email failed", shown for 3 seconds before the redirect continues. */
export const generatedButEmailFailedMessage = (reason: string) =>
  `Payslip was generated but email sending failed: ${reason}`;

/** Batch e-mail with nothing selected (the batch mark-as-paid message's counterpart). */
export const SELECT_PAYSLIPS_TO_EMAIL = 'Please select at least one payslip to email';
