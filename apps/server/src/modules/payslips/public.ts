/**
 * What the payslips module offers the other parts of the server (decision 075): the demo generator
 * computes and stores its payslips through this file only, the way the payroll run does, never the
 * module's repositories directly (`npm run lint` checks it). The pay runs (decision 082) write their
 * payslips, e-mail them and draw their PDFs through it too.
 */

export { NO_TIMESHEETS, sumTimesheetsByWorker } from './payroll-reads.repository.ts';
export { generateRunPayslips, type RunPayslipsResult } from './payroll-run.service.ts';
export { payslipFieldsFor, payslipRowFor } from './payslip-access.ts';
export {
  actWeeksRange,
  basisOf,
  buildPayslipRow,
  computeSourcePayslip,
  negativeNettReason,
  type PayslipSource,
} from './payslip-calculation.ts';
export {
  emailPayslip,
  PAYSLIP_MAIL_KIND,
  type PayslipDocumentSettings,
  payslipOutboxHandlers,
} from './payslip-documents.service.ts';
export { type NewPayslipRow, toPayslip } from './payslips.repository.ts';
/** Decision 092, EA s.32: the deduction cap's checks, which approving and paying a pay run apply too. */
export {
  assertWithinDeductionCap,
  PAYSLIP_ENTITY,
  payslipsOverDeductionCap,
  recomputeDraftPayslip,
} from './payslips.service.ts';
