import { PAYSLIP_DOCUMENT_MESSAGES as D } from '@td/shared/options/payslip-documents';
import { PAYSLIP_MESSAGES as M } from '@td/shared/options/payslips';
import { dateInTimeZone } from '@td/shared/rules/dates';
import type { Role } from '@td/shared/rules/permissions';
import type { EmailDelivery } from '@td/shared/schemas/email-delivery';
import type { EmailedPayslip } from '@td/shared/schemas/payslip';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { CompanyDetails } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { EmailOutboxRow, PayslipRow } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  attemptDelivery,
  enqueueClaimed,
  MessageAlreadyOnItsWay,
  type OutboxHandlers,
  type OutboxStateHandler,
} from '../../mail/outbox.ts';
import {
  type EmploymentActLines,
  type PayslipChargeLine,
  type PayslipDocument,
  type PayslipStatutoryLines,
  payslipFileName,
  renderPayslipPdf,
} from '../../pdf/payslip-pdf.ts';
import { listChargesOfPayslip } from '../admin-charges/public.ts';
import { findPayrollWorker } from './payroll-reads.repository.ts';
import { payslipFieldsFor } from './payslip-access.ts';
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

/** Decision 092: the Act's lines and their bases, as stored at generation; null for the seed's. */
function employmentActLines(row: PayslipRow): EmploymentActLines | null {
  if (row.pay_rules !== 'employment-act') return null;
  const { lines, not_deducted } = repo.parsePayDetail(row);
  return {
    basicBasis: lines.basic,
    overtimeBasis: lines.overtime,
    restDayPayCents: Number(row.rest_day_pay),
    restDayBasis: lines.rest_day,
    publicHolidayPayCents: Number(row.public_holiday_pay),
    publicHolidayBasis: lines.public_holiday,
    declaredTopupCents: Number(row.declared_salary_topup),
    declaredTopupBasis: lines.declared_topup,
    grossSalaryCents: Number(row.gross_salary),
    notDeducted: not_deducted.map((item) => ({ amountCents: item.amount, reason: item.reason })),
  };
}

/** Decision 103: the additions, CPF, SDL and levy as stored with the payslip. */
function statutoryLines(row: PayslipRow): PayslipStatutoryLines {
  return {
    additions: repo.parseAdditions(row.additions),
    cpfOrdinaryWagesCents: Number(row.cpf_ordinary_wages),
    cpfAdditionalWagesCents: Number(row.cpf_additional_wages),
    cpfEmployeeCents: Number(row.cpf_employee),
    cpfEmployerCents: Number(row.cpf_employer),
    cpfBasis: repo.parsePayDetail(row).cpf_basis ?? '',
    sdlCents: Number(row.sdl),
    levyCents: Number(row.levy),
  };
}

async function buildDocument(db: Db, row: PayslipRow, timeZone: string, role?: Role): Promise<PayslipDocument> {
  requireCompleteData(row);
  // Decision 104, 108: a PDF downloaded by staff shows the worker's fields as their role may see them; the
  // copy e-mailed to the worker (no role) is the worker's own and whole.
  const stored = repo.toPayslip(row);
  const payslip = role ? payslipFieldsFor(role)(stored) : stored;
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
    employmentAct: employmentActLines(row),
    statutory: statutoryLines(row),
    generatedAt: payslip.generated_at,
    generatedBy: payslip.generated_by,
  };
}

async function renderRow(db: Db, row: PayslipRow, settings: PayslipDocumentSettings, role?: Role) {
  const document = await buildDocument(db, row, settings.timeZone, role);
  const pdf = await renderPayslipPdf(document, { employer: settings.company, timeZone: settings.timeZone });
  return { document, pdf, fileName: payslipFileName(document) };
}

/** SPEC 2 Generate PDF: the payslip as stored (never figures from the client), as an itemised A4 PDF. */
export async function payslipPdf(
  db: Db,
  id: string,
  settings: PayslipDocumentSettings,
  role: Role,
): Promise<PayslipPdfFile> {
  const { pdf, fileName } = await renderRow(db, await requirePayslipRow(db, id), settings, role);
  return { pdf, fileName };
}

/** A mail failure: 502, its message the reason alone (the app prefixes 'Failed to email payslip: '). */
const mailFailed = (reason: string) => new AppError(502, 'MAIL_FAILED', reason);

/** Decision 088: the outbox's name for payslip e-mails; one on its way per payslip (`payslip:<id>`). */
export const PAYSLIP_MAIL_KIND = 'payslip';

function parseActor(text: string | null): Actor | null {
  if (!text) return null;
  const parsed = JSON.parse(text) as Partial<Actor>;
  return typeof parsed.id === 'string' && typeof parsed.name === 'string' ? { id: parsed.id, name: parsed.name } : null;
}

/**
 * Decision 088: what a payslip does when its e-mail changes state, in the outbox's transaction, on
 * whichever server sent it: it records the state and the address (probe finding 26: the address may
 * be newer than the one the payslip was generated with), and once sent it becomes Sent unless it was
 * paid meanwhile (SPEC 4), with its audit entry in the name of whoever asked for the e-mail.
 */
export const payslipOutboxHandler: OutboxStateHandler = async (trx, message) => {
  if (message.kind !== PAYSLIP_MAIL_KIND || !message.subject_id) return;
  const id = message.subject_id;
  const state = message.state === 'sending' ? 'queued' : message.state;
  await repo.recordPayslipEmail(trx, id, {
    email_state: state,
    emailed_to: message.recipient,
    email_error: state === 'sent' ? null : message.last_error,
    ...(state === 'sent' ? { emailed_at: message.sent_at ?? message.updated_at } : {}),
  });
  if (state !== 'sent') return;
  const before = await repo.findPayslipRow(trx, id);
  const after = await repo.markPayslipSent(trx, id, message.updated_at);
  if (before && after && before.status !== after.status) {
    await recordAudit(trx, parseActor(message.created_by), {
      action: 'update',
      entity: PAYSLIP_ENTITY,
      entityId: id,
      before,
      after,
    });
  }
};

/** The outbox handlers this module offers (app.ts hands them to the background sender). */
export const payslipOutboxHandlers: OutboxHandlers = { [PAYSLIP_MAIL_KIND]: payslipOutboxHandler };

/**
 * SPEC 2 Email Payslip (SPEC 5 rules, ARCHITECTURE differs 1: sent by our server): the worker must still
 * exist and have an address and the payslip must not be a Draft pay run's (decision 082). The message
 * carries the worker's name, the period, hours, overtime hours and nett salary, with the PDF attached.
 *
 * Decision 088 (probe finding 15): the message is claimed in the database before it is sent (the
 * outbox's one-on-its-way rule), so the same payslip e-mailed on two servers at once is sent once and
 * the other answers 409. It is tried at once; a temporary failure answers 502 saying it will be tried
 * again (the background sender does), a permanent one 502 with the server's reply. Once sent, the
 * payslip becomes Sent unless it was paid meanwhile (SPEC 4), with its audit entry.
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
  if (row.email_state === 'queued') throw conflict(D.alreadySending);

  const { document, pdf, fileName } = await renderRow(db, row, settings);
  const name = `${worker.first_name} ${worker.last_name}`.trim();
  const message = payslipEmailMessage({ to: worker.email, name, document, company: settings.company, pdf, fileName });
  let claimed: EmailOutboxRow;
  try {
    claimed = await enqueueClaimed(
      db,
      payslipOutboxHandlers,
      { kind: PAYSLIP_MAIL_KIND, subjectId: row.id, activeKey: `payslip:${row.id}`, message, createdBy: actor },
      now(),
    );
  } catch (error) {
    if (error instanceof MessageAlreadyOnItsWay) throw conflict(D.alreadySending);
    throw error;
  }
  const outcome = await attemptDelivery(db, mailer, payslipOutboxHandlers, claimed, now);
  if (outcome.state !== 'sent') {
    throw mailFailed(
      outcome.state === 'queued' ? `${outcome.error}; it will be tried again automatically` : outcome.error,
    );
  }

  const updated = (await repo.findPayslipRow(db, row.id)) ?? row;
  const delivery: EmailDelivery =
    outcome.result.delivered === 'outbox'
      ? { method: 'outbox', to: worker.email, name, file: outcome.result.file }
      : { method: 'smtp', to: worker.email, name, file: null };
  return { ...repo.toPayslip(updated), delivery };
}
