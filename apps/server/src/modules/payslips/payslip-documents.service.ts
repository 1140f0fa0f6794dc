import { PAYSLIP_DOCUMENT_MESSAGES as D } from '@td/shared/options/payslip-documents';
import { PAYSLIP_MESSAGES as M } from '@td/shared/options/payslips';
import { dateInTimeZone } from '@td/shared/rules/dates';
import type { EmailDelivery } from '@td/shared/schemas/email-delivery';
import type { EmailedPayslip } from '@td/shared/schemas/payslip';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { CompanyDetails } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PayslipRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { MailError, type Mailer } from '../../mail/mailer.ts';
import {
  type PayslipChargeLine,
  type PayslipDocument,
  payslipFileName,
  renderPayslipPdf,
} from '../../pdf/payslip-pdf.ts';
import { listChargesOfPayslip } from '../admin-charges/public.ts';
import { findPayrollWorker } from './payroll-reads.repository.ts';
import { payslipEmailMessage } from './payslip-email.ts';
import * as repo from './payslips.repository.ts';
import { PAYSLIP_ENTITY } from './payslips.service.ts';

export interface PayslipDocumentSettings {
  /** The employer on every payslip (COMPANY_NAME, COMPANY_ADDRESS, COMPANY_UEN). */
  company: CompanyDetails;
  /** BUSINESS_TIME_ZONE: the generation time on the PDF is shown in it. */
  timeZone: string;
}

export interface PayslipPdfFile {
  pdf: Buffer;
  /** SPEC 7: holds the worker id and the period start and end. */
  fileName: string;
}

const CHANGED_CHARGES_NOTE =
  'The admin charges of this period have changed since the payslip was generated; they are shown by type as they were deducted.';

async function requirePayslipRow(db: Db, id: string): Promise<PayslipRow> {
  const row = await repo.findPayslipRow(db, id);
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * SPEC 9 admin charges deduction, itemised: each charge the payslip recorded (decision 081) with its
 * date, type and amount, as long as they add up, type by type, to what the payslip deducted. Where they
 * do not (a payslip from before the record, migration 0022), the per-type totals stored with the
 * payslip are shown instead, so the PDF never contradicts the figures it prints.
 */
async function chargeLinesOf(db: Db, row: PayslipRow): Promise<{ lines: PayslipChargeLine[]; note: string | null }> {
  const stored = repo.parseChargeTotals(row.admin_charges_by_type);
  const byType = (): PayslipChargeLine[] =>
    stored.map((total) => ({
      date: null,
      type: total.charge_type,
      description: null,
      amountCents: total.amount,
    }));
  // Decision 081: the charges the payslip recorded when it was generated.
  const current = await listChargesOfPayslip(db, row.id);
  const currentTotals = new Map<string, number>();
  for (const charge of current) {
    currentTotals.set(charge.charge_type, (currentTotals.get(charge.charge_type) ?? 0) + charge.amount);
  }
  const unchanged =
    currentTotals.size === stored.length &&
    stored.every((total) => currentTotals.get(total.charge_type) === total.amount);
  if (!unchanged) return { lines: byType(), note: CHANGED_CHARGES_NOTE };
  return {
    lines: current.map((charge) => ({
      date: charge.charge_date,
      type: charge.charge_type,
      description: charge.description,
      amountCents: charge.amount,
    })),
    note: null,
  };
}

/** SPEC 5 "payslip and worker must exist": the snapshot must at least name the worker. */
function requireCompleteData(row: PayslipRow): void {
  const name = `${row.worker_first_name ?? ''}${row.worker_last_name ?? ''}`.trim();
  if (!name || !row.pay_period_start || !row.pay_period_end) throw badRequest(D.dataIncomplete);
}

async function buildDocument(db: Db, row: PayslipRow, timeZone: string): Promise<PayslipDocument> {
  requireCompleteData(row);
  const payslip = repo.toPayslip(row);
  const charges = await chargeLinesOf(db, row);
  return {
    id: payslip.id,
    status: payslip.status,
    worker: {
      name: `${payslip.worker.first_name} ${payslip.worker.last_name}`.trim(),
      workerId: payslip.worker.worker_id,
      finNo: payslip.worker.fin_no,
      wpNo: payslip.worker.wp_no,
      email: payslip.worker.email,
    },
    payPeriodStart: payslip.pay_period_start,
    payPeriodEnd: payslip.pay_period_end,
    // The day it was paid where the business is (paid at 04:23 on 2 December in Singapore is 2 December).
    // Decision 082: a pay run records the payment date; else the day it was marked paid.
    paymentDate: payslip.payment_date ?? (payslip.paid_at ? dateInTimeZone(new Date(payslip.paid_at), timeZone) : null),
    paymentMode: payslip.payment_mode,
    totalHoursWorked: payslip.total_hours_worked,
    totalOvertimeHours: payslip.total_overtime_hours,
    // The row's cents as stored: the PDF adds them up and converts each once, when printed.
    hourlyRateCents: row.hourly_rate,
    overtimeRateCents: row.overtime_rate,
    basicSalaryCents: row.basic_salary,
    overtimeAmountCents: row.overtime_amount,
    adminChargesDeductionCents: row.admin_charges_deduction,
    otherDeductionsCents: row.other_deductions,
    nettSalaryCents: row.nett_salary,
    adminCharges: charges.lines,
    adminChargesNote: charges.note,
    generatedAt: payslip.generated_at,
    generatedBy: payslip.generated_by,
  };
}

async function renderRow(db: Db, row: PayslipRow, settings: PayslipDocumentSettings) {
  const document = await buildDocument(db, row, settings.timeZone);
  const pdf = await renderPayslipPdf(document, { employer: settings.company, timeZone: settings.timeZone });
  return { document, pdf, fileName: payslipFileName(document) };
}

/** SPEC 2 Generate PDF: the payslip as stored (never figures from the client), as an itemised A4 PDF. */
export async function payslipPdf(db: Db, id: string, settings: PayslipDocumentSettings): Promise<PayslipPdfFile> {
  const { pdf, fileName } = await renderRow(db, await requirePayslipRow(db, id), settings);
  return { pdf, fileName };
}

/** A mail failure: 502, its message the reason alone (the app prefixes 'Failed to email payslip: '). */
const mailFailed = (reason: string) => new AppError(502, 'MAIL_FAILED', reason);

/**
 * Payslips whose e-mail is on its way in this process: a second press, or a batch overlapping a single
 * send, is refused rather than e-mailing the worker twice.
 */
const sending = new Set<string>();

/**
 * SPEC 2 Email Payslip (SPEC 5 rules, ARCHITECTURE differs 1: sent by our server): the worker must still
 * exist and have an address and the payslip must not be a Draft pay run's (decision 082). The message carries the worker's name,
 * the period, hours, overtime hours and nett salary, with the PDF attached. Once the mailer accepted it,
 * the payslip becomes Sent unless it was paid meanwhile (SPEC 4), with its audit entry.
 */
export async function emailPayslip(
  db: Db,
  mailer: Mailer,
  id: string,
  actor: Actor,
  settings: PayslipDocumentSettings,
  now: () => Date = () => new Date(),
): Promise<EmailedPayslip> {
  const row = await requirePayslipRow(db, id);
  // Decision 082: a Paid payslip may be e-mailed (MOM: with the payment or within 3 working days).
  if (row.status === 'Draft') throw conflict(D.draftCannotBeEmailed);
  const worker = row.worker_id ? await findPayrollWorker(db, row.worker_id) : undefined;
  if (!worker) throw badRequest(D.workerMissing);
  if (!worker.email) throw badRequest(D.noEmailAddress);
  if (sending.has(row.id)) throw conflict(D.alreadySending);

  sending.add(row.id);
  try {
    const { document, pdf, fileName } = await renderRow(db, row, settings);
    const name = `${worker.first_name} ${worker.last_name}`.trim();
    let result: Awaited<ReturnType<Mailer['send']>>;
    try {
      result = await mailer.send(
        payslipEmailMessage({ to: worker.email, name, document, company: settings.company, pdf, fileName }),
      );
    } catch (error) {
      throw mailFailed(error instanceof MailError ? error.message : 'the mail could not be sent');
    }

    const updated = await db.transaction().execute(async (trx) => {
      const after = await repo.markPayslipSent(trx, row.id, nowIso(now()));
      if (!after) return (await repo.findPayslipRow(trx, row.id)) ?? row;
      await recordAudit(trx, actor, { action: 'update', entity: PAYSLIP_ENTITY, entityId: row.id, before: row, after });
      return after;
    });
    const delivery: EmailDelivery =
      result.delivered === 'outbox'
        ? { method: 'outbox', to: worker.email, name, file: result.file }
        : { method: 'smtp', to: worker.email, name, file: null };
    return { ...repo.toPayslip(updated), delivery };
  } finally {
    sending.delete(row.id);
  }
}
