import type { PayRules } from '@td/shared/options/pay-rules';
import { PAY_RUN_MESSAGES } from '@td/shared/options/pay-runs';
import { deductionsOverCapMessage, PAYSLIP_MESSAGES as M, payslipExistsMessage } from '@td/shared/options/payslips';
import type { DateRange } from '@td/shared/rules/dates';
import { deductionsOverHalf } from '@td/shared/rules/employment-act-pay';
import { fromCents, toCents } from '@td/shared/rules/money';
import { ruledFiguresInDollars } from '@td/shared/rules/payslip-rules';
import { type PayslipAddition, type StatutoryPayslip, statutoryInDollars } from '@td/shared/rules/payslip-statutory';
import type {
  GeneratedPayslip,
  GeneratePayslipInput,
  MarkPaidResult,
  Payslip,
  PayslipPreview,
  PayslipPreviewInput,
} from '@td/shared/schemas/payslip';
import { isResidentPass } from '@td/shared/schemas/worker';
import { type Actor, type AuditEvent, recordAudit, recordAuditMany } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { PayslipRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  ADMIN_CHARGE_AUDIT_ENTITY,
  chargeIdsToDeduct,
  linkChargesToPayslips,
  listPayrollCharges,
  markChargesDeducted,
  totalsByType,
} from '../admin-charges/public.ts';
import { listObservedHolidays } from '../public-holidays/public.ts';
import {
  findPayrollWorker,
  listTimesheetDays,
  lockPayrollWorkers,
  type PayrollWorker,
  sumTimesheetsForWorker,
} from './payroll-reads.repository.ts';
import {
  actWeeksRange,
  buildPayslipRow,
  computeSourcePayslip,
  negativeNettReason,
  type PayslipSource,
  workerDisplayName,
  workerSnapshot,
} from './payslip-calculation.ts';
import * as repo from './payslips.repository.ts';

export const PAYSLIP_ENTITY = 'payslip';

/**
 * Sends a saved payslip by e-mail and marks it Sent (payslip-documents.service.ts); throws with a reason
 * the user can read when sending fails.
 */
export type PayslipEmailSender = (payslipId: string, actor: Actor) => Promise<Payslip>;

const periodOf = (input: { pay_period_start: string; pay_period_end: string }): DateRange => ({
  start: input.pay_period_start,
  end: input.pay_period_end,
});

async function requireWorker(db: Db, id: string): Promise<PayrollWorker> {
  const worker = await findPayrollWorker(db, id);
  if (!worker) throw notFound(M.workerNotFound);
  return worker;
}

/**
 * SPEC 7: the worker's timesheets and admin charges inside the inclusive period. Generation reads them
 * inside its transaction with `lock`, so that the charges it sums are the ones it records (decision 081).
 */
async function sourceFor(
  db: Db,
  worker: PayrollWorker,
  period: DateRange,
  payRules: PayRules,
  lock = false,
): Promise<PayslipSource> {
  // Decision 092: the Act's weeks reach back to the Monday of the period's first week.
  const weeks = actWeeksRange(period);
  const act = payRules === 'employment-act';
  const [timesheets, charges, days, holidays, yearToDate] = await Promise.all([
    sumTimesheetsForWorker(db, worker.id, period),
    listPayrollCharges(db, period, [worker.id], { lock }),
    act ? listTimesheetDays(db, weeks, [worker.id]) : Promise.resolve([]),
    act ? listObservedHolidays(db, weeks) : Promise.resolve([]),
    // Decision 103: only a Citizen or PR pays CPF, whose Additional Wage ceiling reads the year's payslips.
    isResidentPass(worker.type_of_pass) ? repo.cpfYearToDate(db, period, worker.id) : Promise.resolve(undefined),
  ]);
  return {
    worker,
    timesheets,
    charges: totalsByType(charges),
    chargeIds: charges.map((charge) => charge.id),
    chargeRows: charges,
    days,
    holidays,
    yearToDate: yearToDate?.get(worker.id),
  };
}

/**
 * Probe finding 17, decision 092: a single payslip (generation or preview) is never computed to a negative
 * nett, by either rules (the seed's or the Employment Act's): 409 with the reason. A run skips such a
 * worker with the same reason instead (payroll-run.service.ts); both read `negativeNettReason`.
 */
function refuseNegativeNett(computed: StatutoryPayslip): void {
  const reason = negativeNettReason(computed);
  if (reason !== null) throw conflict(reason);
}

/** A stored payslip's figures the deduction cap reads (cents). */
export interface CappedPayslip {
  pay_rules: string;
  gross_salary: number;
  admin_charges_deduction: number;
  other_deductions: number;
  worker_first_name: string;
  worker_last_name: string;
}

/**
 * EA s.32, decision 092: the payslips (computed by the Act's rules) whose deductions are over half their
 * salary; they cannot be approved or paid until within it. For the pay runs' approval too (public.ts).
 */
export function payslipsOverDeductionCap<T extends CappedPayslip>(rows: readonly T[]): T[] {
  return rows.filter(
    (row) =>
      row.pay_rules === 'employment-act' &&
      deductionsOverHalf(Number(row.gross_salary), Number(row.admin_charges_deduction) + Number(row.other_deductions)),
  );
}

/** The 409 naming the payslips over the cap, or nothing when none is. */
export function assertWithinDeductionCap(rows: readonly CappedPayslip[]): void {
  const over = payslipsOverDeductionCap(rows);
  if (over.length > 0) {
    throw conflict(deductionsOverCapMessage(over.map((row) => `${row.worker_first_name} ${row.worker_last_name}`)));
  }
}

/** SPEC 2 Calculate Payslip: the figures the payslip would have, computed as generation will. */
export async function previewPayslip(db: Db, input: PayslipPreviewInput, payRules: PayRules): Promise<PayslipPreview> {
  const worker = await requireWorker(db, input.worker_id);
  const period = periodOf(input);
  const [source, existing] = await Promise.all([
    sourceFor(db, worker, period, payRules),
    repo.findOverlappingPayslip(db, worker.id, period),
  ]);
  const computed = computeSourcePayslip(
    source,
    period,
    payRules,
    toCents(input.other_deductions),
    additionsOf(input.additions),
  );
  // Probe finding 17: the preview refuses what generation would refuse, with the same reason.
  refuseNegativeNett(computed);
  return {
    ...ruledFiguresInDollars(computed),
    warnings: computed.warnings,
    pay_period_start: period.start,
    pay_period_end: period.end,
    worker: workerSnapshot(worker),
    basis: {
      rate_type: worker.rate_type,
      salary_rate: worker.salary_rate === null ? null : fromCents(worker.salary_rate),
      worked_minutes: source.timesheets.worked_minutes,
      overtime_minutes: source.timesheets.overtime_minutes,
      timesheet_count: source.timesheets.count,
      admin_charges: repo.chargeTotalsToApi(source.charges),
    },
    existing_payslip: existing ? { id: existing.id, status: existing.status } : null,
    ...statutoryInDollars(computed.statutory),
  };
}

/** The additions as parsed (dollars, checked to the cent) in the rules' terms (cents). */
export const additionsOf = (
  additions: ReadonlyArray<{ label: string; amount: number; kind: PayslipAddition['kind'] }>,
): PayslipAddition[] => additions.map(({ label, amount, kind }) => ({ label, amountCents: toCents(amount), kind }));

/** SPEC 8 duplicate message, naming the period of the payslip that is already there. */
function duplicateError(worker: PayrollWorker, existing: repo.OverlappingPayslip) {
  return conflict(
    payslipExistsMessage(
      workerDisplayName(worker),
      existing.pay_period_start,
      existing.pay_period_end,
      existing.status,
    ),
  );
}

export interface GenerateOptions {
  now?: Date;
  sendEmail: PayslipEmailSender;
  /** Decision 092: the rules to compute by (PAY_RULES). */
  payRules: PayRules;
}

/**
 * SPEC 2 Generate Payslip: recomputes the figures (the server never stores a client's), refuses a
 * second payslip for the worker and a period overlapping one they have (SPEC 8 message, Paid variant
 * included; SPEC 9: the same work is never paid twice) and records it with its audit entry in one
 * transaction. The database settles a race (migration 0022): the loser gets the same 409.
 */
export async function generatePayslip(
  db: Db,
  input: GeneratePayslipInput,
  actor: Actor,
  { now = new Date(), sendEmail, payRules }: GenerateOptions,
): Promise<GeneratedPayslip> {
  const worker = await requireWorker(db, input.worker_id);
  const period = periodOf(input);
  const existing = await repo.findOverlappingPayslip(db, worker.id, period);
  if (existing) throw duplicateError(worker, existing);

  // SPEC 4: the e-mail option counts only when the worker has an address.
  const emailRequested = input.send_email === true && Boolean(worker.email);

  let saved: Payslip;
  try {
    saved = await db.transaction().execute(async (trx) => {
      // One generation per worker at a time (PostgreSQL), then the overlap check again, now settled.
      if (!(await lockPayrollWorkers(trx, [worker.id])).has(worker.id)) throw notFound(M.workerNotFound);
      const overlapping = await repo.findOverlappingPayslip(trx, worker.id, period);
      if (overlapping) throw duplicateError(worker, overlapping);
      const source = await sourceFor(trx, worker, period, payRules, true);
      const computed = computeSourcePayslip(
        source,
        period,
        payRules,
        toCents(input.other_deductions),
        additionsOf(input.additions),
      );
      refuseNegativeNett(computed);
      const row = buildPayslipRow({ source, computed, period, actor, timestamp: nowIso(now), emailRequested });
      const inserted = await repo.insertPayslip(trx, row);
      // Decision 081: the charges it deducted, so that paying it deducts exactly these.
      // Decision 092: under the Act only the charges it deducted (never a Rejected or unconsented one).
      await linkChargesToPayslips(
        trx,
        computed.deductedChargeIds.map((charge_id) => ({ payslip_id: inserted.id, charge_id })),
      );
      await recordAudit(trx, actor, {
        action: 'create',
        entity: PAYSLIP_ENTITY,
        entityId: inserted.id,
        after: inserted,
      });
      return repo.toPayslip(inserted);
    });
  } catch (error) {
    if (!isUniqueViolation(error) && !repo.isPeriodOverlapViolation(error)) throw error;
    const winner = await repo.findOverlappingPayslip(db, worker.id, period);
    throw duplicateError(
      worker,
      winner ?? { id: '', status: 'Generated', pay_period_start: period.start, pay_period_end: period.end },
    );
  }

  if (!emailRequested) return { ...saved, email_error: null };
  // SPEC 8 "Payslip was generated but email sending failed": the payslip stays saved either way.
  try {
    return { ...(await sendEmail(saved.id, actor)), email_error: null };
  } catch (error) {
    return { ...saved, email_error: error instanceof Error ? error.message : String(error) };
  }
}

export async function getPayslip(db: Db, id: string): Promise<Payslip> {
  const row = await repo.findPayslipRow(db, id);
  if (!row) throw notFound(M.notFound);
  return repo.toPayslip(row);
}

/** SPEC 7 delete by id; ARCHITECTURE differs 9: a Paid payslip is a record of money paid and stays. */
export async function deletePayslip(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The guard is part of the DELETE: a payslip paid at the same moment is never deleted.
    const before = await repo.deleteUnpaidPayslip(trx, id);
    if (!before) {
      const row = await repo.findPayslipRow(trx, id);
      if (!row) throw notFound(M.notFound);
      throw conflict(row.status === 'Paid' ? M.paidCannotBeDeleted : PAY_RUN_MESSAGES.payslipOfLockedRun);
    }
    await recordAudit(trx, actor, { action: 'delete', entity: PAYSLIP_ENTITY, entityId: id, before });
  });
}

/**
 * SPEC 4 single and batch mark-as-paid: sets Paid and moves the admin charges each payslip deducted
 * (decision 081: recorded at generation, whatever became of the worker since) to Deducted, with their audit entries, in one transaction
 * (ARCHITECTURE, Data): any failure leaves everything as it was. An unknown id fails the whole batch;
 * payslips already Paid are left alone and not counted.
 */
export async function markPayslipsPaid(
  db: Db,
  ids: readonly string[],
  actor: Actor,
  now = new Date(),
): Promise<MarkPaidResult> {
  const unique = [...new Set(ids)];
  const timestamp = nowIso(now);
  return db.transaction().execute(async (trx) => {
    // Probe finding 4: their workers locked first, as generation and a worker delete take them (a
    // delete clears the worker of the payslip and its charges), then the payslips (PostgreSQL): a payslip
    // deleted at the same moment is either gone here (404) or stays.
    await lockPayrollWorkers(trx, await repo.workerIdsOfPayslips(trx, unique));
    const before = await repo.lockPayslipRows(trx, unique);
    if (before.length !== unique.length) throw notFound(M.notFound);
    // Decision 082: a pay run's payslips are paid with their run (payment date, mode, bank file).
    if (before.some((row) => row.pay_run_id !== null && row.status !== 'Paid')) {
      throw conflict(PAY_RUN_MESSAGES.payslipOfRun);
    }
    // EA s.32 (decision 092): not paid while deductions are over half the salary; Paid ones are left alone.
    assertWithinDeductionCap(before.filter((row) => row.status !== 'Paid'));
    const paid = await repo.markPayslipsPaid(trx, unique, timestamp);
    // SPEC 4, decision 081: exactly the charges each paid payslip recorded when it was generated.
    const chargeIds = await chargeIdsToDeduct(
      trx,
      paid.map((row) => row.id),
    );
    const charges = await markChargesDeducted(trx, chargeIds, timestamp);
    const beforeById = new Map(before.map((row) => [row.id, row]));
    const events: AuditEvent[] = [
      ...paid.map((after) => ({
        action: 'update' as const,
        entity: PAYSLIP_ENTITY,
        entityId: after.id,
        before: beforeById.get(after.id) ?? null,
        after,
      })),
      ...charges.map((change) => ({
        action: 'update' as const,
        entity: ADMIN_CHARGE_AUDIT_ENTITY,
        entityId: change.before.id,
        before: change.before,
        after: change.after,
      })),
    ];
    await recordAuditMany(trx, actor, events);
    return { payslips: paid.length, admin_charges: charges.length };
  });
}

/**
 * Decision 082: a Draft pay run's payslip computed again with another figure of other
 * deductions, inside the caller's transaction. The worker's timesheets and charges are read again (locked,
 * as generation reads them), the figures replace the old ones under the same id, in the same run and
 * still Draft, and the charges it deducts are recorded afresh (decision 081). A negative nett is refused
 * with the reason, as single generation refuses it (probe finding 17).
 */
export async function recomputeDraftPayslip(
  trx: Db,
  before: PayslipRow,
  otherDeductionsCents: number,
  actor: Actor,
  { payRules, timestamp }: { payRules: PayRules; timestamp: string },
): Promise<PayslipRow> {
  if (before.status !== 'Draft' || before.pay_run_id === null) throw conflict(PAY_RUN_MESSAGES.payslipOfLockedRun);
  const worker = before.worker_id ? await requireWorker(trx, before.worker_id) : undefined;
  if (!worker || !(await lockPayrollWorkers(trx, [worker.id])).has(worker.id)) throw notFound(M.workerNotFound);
  const period = { start: before.pay_period_start, end: before.pay_period_end };
  const source = await sourceFor(trx, worker, period, payRules, true);
  // Decision 103: the additions entered with the run stay with the payslip.
  const computed = computeSourcePayslip(
    source,
    period,
    payRules,
    otherDeductionsCents,
    repo.parseAdditions(before.additions),
  );
  refuseNegativeNett(computed);
  const row = buildPayslipRow({ source, computed, period, actor, timestamp, emailRequested: false });
  // The old row goes (its charge links with it, by cascade) and the new figures take its id.
  await repo.deleteUnpaidPayslip(trx, before.id);
  const after = await repo.insertPayslip(trx, {
    ...row,
    id: before.id,
    status: 'Draft',
    pay_run_id: before.pay_run_id,
    created_at: before.created_at,
  });
  await linkChargesToPayslips(
    trx,
    computed.deductedChargeIds.map((charge_id) => ({ payslip_id: after.id, charge_id })),
  );
  return after;
}
