import type { PayRules } from '@td/shared/options/pay-rules';
import {
  bankName,
  countPayRunWarnings,
  defaultPaymentMode,
  isPaymentMode,
  PAY_RUN_MESSAGES as M,
  maskAccountNumber,
  type PaymentMode,
  payRunWarningsSummary,
} from '@td/shared/options/pay-runs';
import { addDays } from '@td/shared/rules/dates';
import { fromCents } from '@td/shared/rules/money';
import type {
  PayRun,
  PayRunInput,
  PayRunPayInput,
  PayRunPayment,
  PayRunSkip,
  PayRunStarted,
  RegeneratePayslipInput,
} from '@td/shared/schemas/pay-run';
import { type Actor, type AuditEvent, recordAudit, recordAuditMany } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import type { PayRunRow, PayslipRow } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { ADMIN_CHARGE_AUDIT_ENTITY, chargeIdsToDeduct, markChargesDeducted } from '../admin-charges/public.ts';
import {
  assertWithinDeductionCap,
  generateRunPayslips,
  PAYSLIP_ENTITY,
  recomputeDraftPayslip,
} from '../payslips/public.ts';
import * as repo from './pay-runs.repository.ts';

export const PAY_RUN_ENTITY = 'pay_run';

/**
 * Decision 082: a pay run takes one period's payslips from Draft to Paid. Generation is one job on the
 * server, in one transaction; its progress lives in this process's memory (the transaction's rows are
 * invisible to other connections until it commits) and the page polls it. Decision 100: the poll of a
 * run this process is generating is answered from here, without the database (on SQLite the one
 * writing connection is the run's until it commits).
 */
const generating = new Map<string, { run: PayRunRow; done: number; total: number }>();

function parseSkipped(json: string): PayRunSkip[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as PayRunSkip[]) : [];
  } catch {
    return [];
  }
}

/** Decision 092: the stored `{ code: payslips }` counts (migration 0035). */
function parseWarningCounts(json: string | undefined): Record<string, number> {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, number>)
      : {};
  } catch {
    return {};
  }
}

/** A payslip's warnings as it stored them (`pay_detail`, decision 092). */
function warningsOfPayslip(row: PayslipRow): Array<{ code: string }> {
  try {
    const detail = JSON.parse(row.pay_detail ?? '{}') as { warnings?: unknown };
    return Array.isArray(detail.warnings) ? (detail.warnings as Array<{ code: string }>) : [];
  } catch {
    return [];
  }
}

export function toPayRun(row: PayRunRow): PayRun {
  const job = row.status === 'Generating' ? generating.get(row.id) : undefined;
  const live = job ? { done: job.done, total: job.total } : undefined;
  return {
    id: row.id,
    status: row.status,
    pay_period_start: row.pay_period_start,
    pay_period_end: row.pay_period_end,
    pay_by_date: row.pay_by_date,
    progress: live ?? {
      done: row.status === 'Generating' || row.status === 'Failed' ? 0 : row.generated,
      total: row.status === 'Generating' || row.status === 'Failed' ? row.progress_total : row.generated,
    },
    generated: row.generated,
    skipped: parseSkipped(row.skipped),
    // Decision 092: how many payslips carry each warning (a run still generating has none yet).
    warnings: row.status === 'Generating' ? [] : payRunWarningsSummary(parseWarningCounts(row.warnings)),
    totals: {
      gross: fromCents(row.gross),
      deductions: fromCents(row.deductions),
      nett_salary: fromCents(row.nett_salary),
    },
    created_by: row.created_by,
    approved_by: row.approved_by,
    approved_at: row.approved_at,
    paid_at: row.paid_at,
    payment_date: row.payment_date,
    error: row.error,
  };
}

async function requireRun(db: Db, id: string, lock = false): Promise<PayRunRow> {
  const run = lock ? await repo.lockPayRun(db, id) : await repo.findPayRun(db, id);
  if (!run) throw notFound(M.notFound);
  return run;
}

export async function getPayRun(db: Db, id: string): Promise<PayRun> {
  const job = generating.get(id);
  return toPayRun(job ? job.run : await requireRun(db, id));
}

export async function listPayRuns(db: Db, paging: { page: number; pageSize: number }) {
  const { items, total } = await repo.listPayRuns(db, paging);
  return { items: items.map(toPayRun), total };
}

/** Starts the background generation; the routes keep the promise so that closing the server waits. */
export type StartJob = (job: () => Promise<void>) => void;

/**
 * `POST /api/pay-runs` (202): records the run as Generating, refusing a period that overlaps a run that
 * is not Failed (409 naming it), and starts its generation by the installation's pay rules (decision 092).
 */
export async function startPayRun(
  db: Db,
  input: PayRunInput,
  actor: Actor,
  startJob: StartJob,
  payRules: PayRules,
  now = new Date(),
): Promise<PayRunStarted> {
  const timestamp = nowIso(now);
  const run = await db.transaction().execute(async (trx) => {
    await repo.lockNewRuns(trx);
    const other = await repo.findOverlappingRun(trx, { start: input.pay_period_start, end: input.pay_period_end });
    if (other) throw conflict(M.overlaps(other.pay_period_start, other.pay_period_end, other.status));
    const inserted = await repo.insertPayRun(trx, {
      id: newId(),
      pay_period_start: input.pay_period_start,
      pay_period_end: input.pay_period_end,
      status: 'Generating',
      worker_ids: input.worker_ids === undefined ? null : JSON.stringify([...new Set(input.worker_ids)]),
      // EA s.21: salary within 7 days after the period ends.
      pay_by_date: addDays(input.pay_period_end, 7),
      progress_total: 0,
      generated: 0,
      skipped: '[]',
      gross: 0,
      deductions: 0,
      nett_salary: 0,
      created_by: actor.name,
      created_by_user_id: actor.id,
      created_at: timestamp,
      updated_at: timestamp,
    });
    await recordAudit(trx, actor, { action: 'create', entity: PAY_RUN_ENTITY, entityId: inserted.id, after: inserted });
    return inserted;
  });
  generating.set(run.id, { run, done: 0, total: 0 });
  startJob(() => generate(db, run, input, actor, payRules));
  const { id, status, pay_period_start, pay_period_end } = run;
  return { id, status, pay_period_start, pay_period_end, progress: { done: 0, total: 0 } };
}

/**
 * The whole run in one transaction: its payslips, their charge links and audit entries, and the run
 * becoming Draft with its totals. Any failure rolls all of it back and the run is Failed with the reason;
 * a server killed mid-way leaves the Generating row alone, which the next start marks Failed.
 */
async function generate(db: Db, run: PayRunRow, input: PayRunInput, actor: Actor, payRules: PayRules): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await repo.holdGeneratingRun(trx, run.id);
      const timestamp = nowIso(new Date());
      const result = await generateRunPayslips(trx, input, actor, {
        payRunId: run.id,
        timestamp,
        payRules,
        onProgress: (done, total) => generating.set(run.id, { run, done, total }),
      });
      const after = await repo.updatePayRun(trx, run.id, 'Generating', {
        status: 'Draft',
        progress_total: result.generated,
        generated: result.generated,
        skipped: JSON.stringify(result.skipped),
        warnings: JSON.stringify(result.warnings),
        gross: result.gross,
        deductions: result.deductions,
        nett_salary: result.nett,
        updated_at: nowIso(new Date()),
      });
      if (!after) throw new Error('The pay run changed while it was being generated');
      await recordAudit(trx, actor, { action: 'update', entity: PAY_RUN_ENTITY, entityId: run.id, before: run, after });
    });
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : 'unknown error';
    await repo
      .updatePayRun(db, run.id, 'Generating', {
        status: 'Failed',
        error: `${M.generationFailed} ${reason}`,
        updated_at: nowIso(new Date()),
      })
      .catch(() => undefined);
  } finally {
    generating.delete(run.id);
  }
}

/** At start: runs a stopped server left Generating are Failed (their payslips were never committed). */
export function failInterruptedRuns(db: Db, now = new Date()): Promise<number> {
  return repo.failInterruptedRuns(db, M.interrupted, nowIso(now));
}

/** One transition: the run locked, its status checked for a clear message, then changed with its audit. */
async function transition(
  db: Db,
  id: string,
  actor: Actor,
  work: (trx: Db, run: PayRunRow, timestamp: string) => Promise<{ after: PayRunRow; events: AuditEvent[] }>,
  now = new Date(),
): Promise<PayRun> {
  const timestamp = nowIso(now);
  return db.transaction().execute(async (trx) => {
    const run = await requireRun(trx, id, true);
    const { after, events } = await work(trx, run, timestamp);
    await recordAuditMany(trx, actor, [
      { action: 'update', entity: PAY_RUN_ENTITY, entityId: id, before: run, after },
      ...events,
    ]);
    return toPayRun(after);
  });
}

const payslipEvents = (before: ReadonlyMap<string, PayslipRow>, after: readonly PayslipRow[]): AuditEvent[] =>
  after.map((row) => ({
    action: 'update' as const,
    entity: PAYSLIP_ENTITY,
    entityId: row.id,
    before: before.get(row.id) ?? null,
    after: row,
  }));

async function changedOrConflict(trx: Db, run: PayRunRow, changed: PayRunRow | undefined): Promise<PayRunRow> {
  if (changed) return changed;
  const now = await requireRun(trx, run.id);
  throw conflict(M.notDraft(now.status));
}

/**
 * `POST /api/pay-runs/{id}/approve`: Draft to Approved, by a staff member other than the creator whenever
 * there is more than one staff account; the payslips become Generated (SPEC 4).
 */
export function approvePayRun(db: Db, id: string, actor: Actor, now = new Date()): Promise<PayRun> {
  return transition(
    db,
    id,
    actor,
    async (trx, run, timestamp) => {
      if (run.status !== 'Draft') throw conflict(M.notDraftToApprove(run.status));
      if (run.created_by_user_id === actor.id && (await repo.countStaffAccounts(trx)) > 1) {
        throw conflict(M.secondApprover);
      }
      const before = new Map((await repo.payslipsOfRun(trx, id)).map((row) => [row.id, row]));
      // EA s.32 (decision 092): not approved while a payslip's deductions are over half its salary (409 naming them).
      assertWithinDeductionCap([...before.values()]);
      const after = await changedOrConflict(
        trx,
        run,
        await repo.updatePayRun(trx, id, 'Draft', {
          status: 'Approved',
          approved_by: actor.name,
          approved_by_user_id: actor.id,
          approved_at: timestamp,
          updated_at: timestamp,
        }),
      );
      const payslips = await repo.setRunPayslipsStatus(trx, id, 'Generated', timestamp);
      return { after, events: payslipEvents(before, payslips) };
    },
    now,
  );
}

/** `POST /api/pay-runs/{id}/reopen`: Approved back to Draft, by anyone, until it is paid (recorded). */
export function reopenPayRun(db: Db, id: string, actor: Actor, now = new Date()): Promise<PayRun> {
  return transition(
    db,
    id,
    actor,
    async (trx, run, timestamp) => {
      if (run.status !== 'Approved') throw conflict(M.notApprovedToReopen(run.status));
      const after = await changedOrConflict(
        trx,
        run,
        await repo.updatePayRun(trx, id, 'Approved', {
          status: 'Draft',
          approved_by: null,
          approved_by_user_id: null,
          approved_at: null,
          updated_at: timestamp,
        }),
      );
      const before = new Map((await repo.payslipsOfRun(trx, id)).map((row) => [row.id, row]));
      const payslips = await repo.setRunPayslipsStatus(trx, id, 'Draft', timestamp);
      return { after, events: payslipEvents(before, payslips) };
    },
    now,
  );
}

/**
 * `POST /api/pay-runs/{id}/pay`: every payslip Paid with the payment date and its mode (the worker's
 * default unless given), exactly the charges they deducted Deducted (SPEC 4, decision 081), the run Paid,
 * all in one transaction. A GIRO payment without bank details stops it, naming the workers.
 */
export function payPayRun(db: Db, id: string, input: PayRunPayInput, actor: Actor, now = new Date()): Promise<PayRun> {
  return transition(
    db,
    id,
    actor,
    async (trx, run, timestamp) => {
      if (run.status !== 'Approved') throw conflict(M.notApprovedToPay(run.status));
      const before = new Map((await repo.payslipsOfRun(trx, id)).map((row) => [row.id, row]));
      // EA s.32 (decision 092): not paid while a payslip's deductions are over half its salary (409 naming them),
      // as marking a payslip Paid by itself is refused.
      assertWithinDeductionCap([...before.values()].filter((row) => row.status !== 'Paid'));
      const payslips = await repo.payslipsWithBankDetails(trx, id);
      const modeOf = (row: (typeof payslips)[number]): PaymentMode =>
        (row.worker_id ? input.modes?.[row.worker_id] : undefined) ?? defaultPaymentMode(row);
      const withoutBank = payslips.filter(
        (row) => modeOf(row) === 'GIRO' && (!row.bank_swift_code || !row.bank_account_no),
      );
      if (withoutBank.length > 0) {
        throw conflict(
          M.missingBankDetails(withoutBank.map((row) => `${row.worker_first_name} ${row.worker_last_name}`)),
        );
      }
      const paid = [];
      for (const mode of ['GIRO', 'Cash', 'Cheque'] as const) {
        const ids = payslips.filter((row) => modeOf(row) === mode).map((row) => row.id);
        if (ids.length > 0) {
          paid.push(
            ...(await repo.markRunPayslipsPaid(trx, ids, { date: input.payment_date, mode, paidAt: timestamp })),
          );
        }
      }
      const charges = await markChargesDeducted(
        trx,
        await chargeIdsToDeduct(
          trx,
          paid.map((row) => row.id),
        ),
        timestamp,
      );
      const after = await changedOrConflict(
        trx,
        run,
        await repo.updatePayRun(trx, id, 'Approved', {
          status: 'Paid',
          payment_date: input.payment_date,
          paid_by: actor.name,
          paid_by_user_id: actor.id,
          paid_at: timestamp,
          updated_at: timestamp,
        }),
      );
      return {
        after,
        events: [
          ...payslipEvents(before, paid),
          ...charges.map((change) => ({
            action: 'update' as const,
            entity: ADMIN_CHARGE_AUDIT_ENTITY,
            entityId: change.before.id,
            before: change.before,
            after: change.after,
          })),
        ],
      };
    },
    now,
  );
}

/**
 * `GET /api/pay-runs/{id}/payment`: per payslip the mode the Pay dialog starts from (the worker's default;
 * once paid, the mode it was paid by) and the bank details, masked (decision 083).
 */
export async function paymentOfRun(db: Db, id: string): Promise<PayRunPayment> {
  await requireRun(db, id);
  const rows = await repo.paymentLinesOfRun(db, id);
  return {
    items: rows.map((row) => {
      const paid = row.status === 'Paid' && isPaymentMode(row.paid_mode);
      const swift = paid ? row.paid_bank_swift_code : row.bank_swift_code;
      const account = paid ? row.paid_bank_account_no : row.bank_account_no;
      return {
        payslip_id: row.id,
        worker_id: row.worker_id,
        worker_code: row.worker_code,
        worker: { first_name: row.worker_first_name, last_name: row.worker_last_name },
        nett_salary: fromCents(Number(row.nett_salary)),
        mode: paid && isPaymentMode(row.paid_mode) ? row.paid_mode : defaultPaymentMode(row),
        bank_name: bankName(swift),
        bank_account: maskAccountNumber(account),
        has_bank_details: Boolean(swift && account),
      };
    }),
  };
}

/** The ids of a run's payslips (e-mailing them after the payment). */
export async function payslipIdsOfRun(db: Db, id: string): Promise<string[]> {
  return (await repo.payslipsOfRun(db, id)).map((row) => row.id);
}

/** `DELETE /api/pay-runs/{id}`: a Draft (or Failed) run goes, its payslips with it, with their audits. */
export async function deletePayRun(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = await requireRun(trx, id, true);
    if (run.status !== 'Draft' && run.status !== 'Failed') throw conflict(M.notDraft(run.status));
    const payslips = await repo.deleteRunPayslips(trx, id);
    await repo.deletePayRunRow(trx, id);
    await recordAuditMany(trx, actor, [
      ...payslips.map((before) => ({
        action: 'delete' as const,
        entity: PAYSLIP_ENTITY,
        entityId: before.id,
        before,
      })),
      { action: 'delete', entity: PAY_RUN_ENTITY, entityId: id, before: run },
    ]);
  });
}

/** The run's totals (cents) from its payslips: every earning line, as generation sums them. */
function totalsOf(rows: readonly PayslipRow[]) {
  const sum = (pick: (row: PayslipRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    generated: rows.length,
    progress_total: rows.length,
    gross: sum((row) => row.gross_salary),
    // Decision 103: the employee's CPF is a deduction line.
    deductions: sum((row) => row.admin_charges_deduction + row.other_deductions + Number(row.cpf_employee)),
    nett_salary: sum((row) => row.nett_salary),
    warnings: JSON.stringify(countPayRunWarnings(rows.map(warningsOfPayslip))),
  };
}

/** A payslip of a Draft run, or the 409/404 saying why it cannot be changed. */
async function requireDraftPayslip(trx: Db, run: PayRunRow, payslipId: string) {
  if (run.status !== 'Draft') throw conflict(M.notDraft(run.status));
  const payslips = await repo.payslipsOfRun(trx, run.id);
  const payslip = payslips.find((row) => row.id === payslipId);
  if (!payslip) throw notFound(M.payslipNotInRun);
  return { payslips, payslip };
}

/**
 * `DELETE /api/pay-runs/{id}/payslips/{payslipId}`: a Draft run's worker removed: their payslip deleted
 * and the run's totals recomputed from what is left, in one transaction.
 */
export async function removePayslipFromRun(db: Db, id: string, payslipId: string, actor: Actor, now = new Date()) {
  return transition(
    db,
    id,
    actor,
    async (trx, run, timestamp) => {
      const { payslips, payslip: removed } = await requireDraftPayslip(trx, run, payslipId);
      await repo.deleteRunPayslips(trx, id, payslipId);
      const after = await changedOrConflict(
        trx,
        run,
        await repo.updatePayRun(trx, id, 'Draft', {
          ...totalsOf(payslips.filter((row) => row.id !== payslipId)),
          updated_at: timestamp,
        }),
      );
      return { after, events: [{ action: 'delete', entity: PAYSLIP_ENTITY, entityId: payslipId, before: removed }] };
    },
    now,
  );
}

/**
 * `POST /api/pay-runs/{id}/payslips/{payslipId}/regenerate` (decision 082): a Draft run's payslip computed
 * again with another figure of other deductions (the timesheets and charges read afresh), and the run's
 * totals with it, in one transaction.
 */
export async function regenerateRunPayslip(
  db: Db,
  id: string,
  payslipId: string,
  input: RegeneratePayslipInput,
  actor: Actor,
  payRules: PayRules,
  now = new Date(),
) {
  return transition(
    db,
    id,
    actor,
    async (trx, run, timestamp) => {
      const { payslips, payslip: before } = await requireDraftPayslip(trx, run, payslipId);
      // The schema answers the figure in cents (fields.ts `money`).
      const payslip = await recomputeDraftPayslip(trx, before, input.other_deductions, actor, {
        payRules,
        timestamp,
      });
      const after = await changedOrConflict(
        trx,
        run,
        await repo.updatePayRun(trx, id, 'Draft', {
          ...totalsOf(payslips.map((row) => (row.id === payslipId ? payslip : row))),
          updated_at: timestamp,
        }),
      );
      return {
        after,
        events: [{ action: 'update', entity: PAYSLIP_ENTITY, entityId: payslipId, before, after: payslip }],
      };
    },
    now,
  );
}

export async function requirePaidRun(db: Db, id: string): Promise<PayRunRow> {
  const run = await requireRun(db, id);
  if (run.status !== 'Paid') throw conflict(M.notPaidForBankFile(run.status));
  return run;
}

export { requireRun };
