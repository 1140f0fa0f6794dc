/**
 * What the payslips module offers the other parts of the server (decision 075): the demo generator
 * computes and stores its payslips through this file only, the way the payroll run does, never the
 * module's repositories directly (`npm run lint` checks it).
 */
export { NO_TIMESHEETS, sumTimesheetsByWorker } from './payroll-reads.repository.ts';
export { basisOf, buildPayslipRow, type PayslipSource } from './payslip-calculation.ts';
export { PAYSLIP_MAIL_KIND, payslipOutboxHandlers } from './payslip-documents.service.ts';
export type { NewPayslipRow } from './payslips.repository.ts';
