import type { PayRules } from '@td/shared/options/pay-rules';
import { countPayRunWarnings } from '@td/shared/options/pay-runs';
import { PAYSLIP_MESSAGES as M } from '@td/shared/options/payslips';
import type { DateRange } from '@td/shared/rules/dates';
import { fromCents, toCents } from '@td/shared/rules/money';
import { ruledFiguresInDollars } from '@td/shared/rules/payslip-rules';
import {
  type CpfYearToDate,
  type PayslipAddition,
  type StatutoryPayslip,
  statutoryInDollars,
} from '@td/shared/rules/payslip-statutory';
import {
  type PayrollRunInput,
  type PayrollRunPreview,
  type PayrollRunResult,
  type PayrollRunRow,
  SKIP_REASONS,
} from '@td/shared/schemas/payslip';
import { isResidentPass } from '@td/shared/schemas/worker';
import { type Actor, insertCreateAuditsOfStoredRows } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { conflict } from '../../lib/errors.ts';
import { chargesByWorker, linkChargesToPayslips, listPayrollCharges, totalsByType } from '../admin-charges/public.ts';
import { listObservedHolidays } from '../public-holidays/public.ts';
import {
  listPayrollWorkers,
  listTimesheetDays,
  lockPayrollWorkers,
  NO_TIMESHEETS,
  sumTimesheetsByWorker,
  type TimesheetDay,
  totalsOfDays,
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
import type { NewPayslipRow } from './payslips.repository.ts';
import * as repo from './payslips.repository.ts';
import { PAYSLIP_ENTITY } from './payslips.service.ts';

/**
 * The payroll run (decision 019, beyond the spec): every active worker's payslip for one period at once.
 * Four queries whatever the number of workers (workers, timesheet totals, charge totals, existing
 * payslips), the same shared calculation as the one-by-one screen, and one transaction of bulk inserts
 * (docs/decisions/019).
 */

/** A worker of the run as read: the rows its payslip is computed from. */
interface RunSource {
  source: PayslipSource;
  /** The worker's payslip whose period overlaps the run's, if any: the run skips the worker. */
  existing: repo.OverlappingPayslip | null;
  /** Decision 103: the worker's additions of this run. */
  additions: readonly PayslipAddition[];
}

interface RunEntry extends RunSource {
  computed: StatutoryPayslip;
}

interface ReadRun {
  period: DateRange;
  payRules: PayRules;
  sources: RunSource[];
  /** Requested worker ids that match no worker. */
  missing: string[];
}

interface GatheredRun {
  period: DateRange;
  entries: RunEntry[];
  /** Requested worker ids that match no worker. */
  missing: string[];
}

/**
 * The run's reads. The run itself reads inside its transaction with `lock`: the charges it sums are
 * the ones it records on the payslips (decision 081), and none changes in between.
 */
async function readRun(db: Db, input: PayrollRunInput, payRules: PayRules, lock = false): Promise<ReadRun> {
  const period = { start: input.pay_period_start, end: input.pay_period_end };
  const requested = input.worker_ids === undefined ? undefined : [...new Set(input.worker_ids)];
  // A whole run aggregates the period once, all four reads at a time (PostgreSQL answers them on
  // separate connections); a chosen few read their workers first and then only their own rows.
  const workersRead = listPayrollWorkers(db, requested);
  const ids = requested === undefined ? undefined : (await workersRead).map((worker) => worker.id);
  // Decision 092: the Act's weeks need each day from the Monday of the period's first week,
  // and the holidays; the period's SPEC 9 totals are then summed from the same days. The seed's rules
  // read the month totals as before.
  const weeks = actWeeksRange(period);
  const act = payRules === 'employment-act';
  const [workers, charges, existing, days, holidays, monthTotals] = await Promise.all([
    workersRead,
    listPayrollCharges(db, period, ids, { lock }).then(chargesByWorker),
    repo.payslipsOverlappingByWorker(db, period),
    act ? listTimesheetDays(db, weeks, ids).then(daysByWorker) : Promise.resolve(new Map<string, TimesheetDay[]>()),
    act ? listObservedHolidays(db, weeks) : Promise.resolve([]),
    act ? Promise.resolve(undefined) : sumTimesheetsByWorker(db, period, ids),
  ]);
  // Decision 103: the year's CPF wages (the Additional Wage ceiling), every worker in one query, read only
  // when a Citizen or PR is in the run (no other pays CPF).
  const yearToDate = workers.some((worker) => isResidentPass(worker.type_of_pass))
    ? await repo.cpfYearToDate(db, period)
    : new Map<string, CpfYearToDate>();
  const additions = additionsByWorker(input.additions ?? []);
  const sources = workers.map((worker) => {
    const own = charges.get(worker.id) ?? [];
    const source: PayslipSource = {
      worker,
      timesheets: monthTotals
        ? (monthTotals.get(worker.id) ?? NO_TIMESHEETS)
        : totalsOfDays(days.get(worker.id) ?? [], period),
      charges: totalsByType(own),
      chargeIds: own.map((charge) => charge.id),
      chargeRows: own,
      days: days.get(worker.id) ?? [],
      holidays,
      yearToDate: yearToDate.get(worker.id),
    };
    return { source, existing: existing.get(worker.id) ?? null, additions: additions.get(worker.id) ?? [] };
  });
  const found = new Set(workers.map((worker) => worker.id));
  const missing = (requested ?? []).filter((id) => !found.has(id));
  return { period, payRules, sources, missing };
}

/** One worker's payslip computed (the run has no other deductions: they are entered one payslip at a time). */
const computeEntry = (run: Pick<ReadRun, 'period' | 'payRules'>, entry: RunSource): RunEntry => ({
  ...entry,
  computed: computeSourcePayslip(entry.source, run.period, run.payRules, 0, entry.additions),
});

/** The run's reads and every worker's payslip computed (the preview and the payroll run). */
async function gatherRun(db: Db, input: PayrollRunInput, payRules: PayRules, lock = false): Promise<GatheredRun> {
  const run = await readRun(db, input, payRules, lock);
  const entries = run.sources.map((entry) => computeEntry(run, entry));
  return { period: run.period, entries, missing: run.missing };
}

/** Decision 103: a run's additions (dollars, as parsed) by worker, in cents. */
function additionsByWorker(
  additions: ReadonlyArray<{ worker_id: string; label: string; amount: number; kind: PayslipAddition['kind'] }>,
): Map<string, PayslipAddition[]> {
  const byWorker = new Map<string, PayslipAddition[]>();
  for (const { worker_id, label, amount, kind } of additions) {
    const list = byWorker.get(worker_id) ?? [];
    list.push({ label, amountCents: toCents(amount), kind });
    byWorker.set(worker_id, list);
  }
  return byWorker;
}

function daysByWorker(days: readonly TimesheetDay[]): Map<string, TimesheetDay[]> {
  const byWorker = new Map<string, TimesheetDay[]>();
  for (const day of days) {
    const list = byWorker.get(day.worker_id) ?? [];
    list.push(day);
    byWorker.set(day.worker_id, list);
  }
  return byWorker;
}

function toRunRow({ source, computed, existing }: RunEntry): PayrollRunRow {
  return {
    ...ruledFiguresInDollars(computed),
    worker_id: source.worker.id,
    worker: workerSnapshot(source.worker),
    rate_type: source.worker.rate_type,
    salary_rate: source.worker.salary_rate === null ? null : fromCents(source.worker.salary_rate),
    timesheet_count: source.timesheets.count,
    admin_charges: repo.chargeTotalsToApi(source.charges),
    warnings: computed.warnings,
    existing_payslip: existing ? { id: existing.id, status: existing.status } : null,
    ...statutoryInDollars(computed.statutory),
  };
}

/**
 * One batch of a run's payslips written: the rows (a row whose worker and period gained a payslip since
 * the read is left out), the charges each inserted payslip deducted (decision 081, decision 092: only those
 * the rules deducted), and their create audits, described by the database from the stored rows (decision
 * 069). Only the payslips actually inserted are linked and audited: one that lost a race is another staff
 * member's, audited by them.
 */
async function writePayslipBatch(
  trx: Db,
  rows: readonly NewPayslipRow[],
  entries: readonly RunEntry[],
  actor: Actor,
): Promise<Awaited<ReturnType<typeof repo.insertPayslipsSkippingExisting>>> {
  const saved = await repo.insertPayslipsSkippingExisting(trx, rows);
  const payslipOf = new Map(saved.map((row) => [row.worker_id, row.id]));
  await linkChargesToPayslips(
    trx,
    entries.flatMap((entry) => {
      const payslipId = payslipOf.get(entry.source.worker.id);
      return payslipId === undefined
        ? []
        : entry.computed.deductedChargeIds.map((charge_id) => ({ payslip_id: payslipId, charge_id }));
    }),
  );
  await insertCreateAuditsOfStoredRows(trx, actor, {
    entity: PAYSLIP_ENTITY,
    table: 'payslips',
    columns: Object.keys(rows[0] ?? {}),
    ids: saved.map((row) => row.id),
  });
  return saved;
}

/** Money summed in integer cents and converted once, to the dollars the API answers. */
const sumCents = (entries: RunEntry[], pick: (entry: RunEntry) => number) =>
  fromCents(entries.reduce((sum, entry) => sum + pick(entry), 0));

/** SPEC 9: the run skips a worker with a payslip of the same period or of one overlapping it. */
function skipReason(period: DateRange, existing: repo.OverlappingPayslip | null): string {
  return existing === null || (existing.pay_period_start === period.start && existing.pay_period_end === period.end)
    ? SKIP_REASONS.exists
    : SKIP_REASONS.overlaps(existing.pay_period_start, existing.pay_period_end);
}

/**
 * The run's transaction. A payslip of the same period generated meanwhile is skipped by the insert;
 * one of an overlapping period breaks the database's rule (migration 0022) and the run is refused whole,
 * with nothing written, so it can simply be run again.
 */
async function inRunTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (repo.isPeriodOverlapViolation(error)) throw conflict(M.runOverlapRace);
    throw error;
  }
}

/**
 * Whether the run generates the entry's payslip: none of an overlapping period exists and (the probe findings (docs/probe-findings.md) item
 * 17) its nett salary is not negative, whichever rules computed it (decision 092).
 */
const generates = (entry: RunEntry) => entry.existing === null && negativeNettReason(entry.computed) === null;

/**
 * `POST /api/payroll-runs/preview`: every worker's figures and whether the run would skip them. The
 * route passes the installation's rules (PAY_RULES); a caller naming none gets SPEC 9's.
 */
export async function previewPayrollRun(
  db: Db,
  input: PayrollRunInput,
  payRules: PayRules = 'seed',
): Promise<PayrollRunPreview> {
  const { period, entries } = await gatherRun(db, input, payRules);
  const toGenerate = entries.filter(generates);
  return {
    pay_period_start: period.start,
    pay_period_end: period.end,
    items: entries.map(toRunRow),
    totals: {
      workers: entries.length,
      to_generate: toGenerate.length,
      existing: entries.length - toGenerate.length,
      basic_salary: sumCents(toGenerate, (e) => e.computed.figures.basicSalaryCents),
      overtime_amount: sumCents(toGenerate, (e) => e.computed.figures.overtimeAmountCents),
      admin_charges_deduction: sumCents(toGenerate, (e) => e.computed.figures.adminChargesDeductionCents),
      nett_salary: sumCents(toGenerate, (e) => e.computed.figures.nettSalaryCents),
      with_warnings: toGenerate.filter((e) => e.computed.warnings.length > 0).length,
    },
  };
}

/**
 * `POST /api/payroll-runs`: generates the payslip of every worker of the run that has none for the
 * period, in one transaction; the others are reported as skipped with the reason.
 */
export async function runPayroll(
  db: Db,
  input: PayrollRunInput,
  actor: Actor,
  { payRules, now = new Date() }: { payRules: PayRules; now?: Date },
): Promise<PayrollRunResult> {
  const timestamp = nowIso(now);
  const { period, entries, missing, toGenerate, inserted } = await inRunTransaction(db, async (trx) => {
    // The run's workers locked first (PostgreSQL), in the order single generation takes them.
    await lockPayrollWorkers(trx, input.worker_ids);
    const gathered = await gatherRun(trx, input, payRules, true);
    // Probe finding 17 (and decision 092 under the Act): a worker whose nett would be negative is skipped
    // with the reason; the others are generated.
    const pending = gathered.entries.filter(generates);
    const rows = pending.map((entry) =>
      buildPayslipRow({ ...entry, period: gathered.period, actor, timestamp, emailRequested: false }),
    );
    const saved = await writePayslipBatch(trx, rows, pending, actor);
    return { ...gathered, toGenerate: pending, inserted: saved };
  });

  const insertedWorkers = new Set(inserted.map((row) => row.worker_id));
  // Lost a race to another staff member since the read: the payslip is theirs, so it is skipped too.
  const raced = toGenerate.filter((entry) => !insertedWorkers.has(entry.source.worker.id));
  const racedExisting = raced.length > 0 ? await repo.payslipsOverlappingByWorker(db, period) : new Map();
  const skippedExisting = [
    ...entries.filter((entry) => entry.existing !== null),
    // Probe finding 17: skipped with the reason, the others paid.
    ...entries.filter((entry) => entry.existing === null && !generates(entry)),
    ...raced.map((entry) => ({ ...entry, existing: racedExisting.get(entry.source.worker.id) ?? null })),
  ];

  return {
    pay_period_start: period.start,
    pay_period_end: period.end,
    generated: inserted.length,
    payslip_ids: inserted.map((row) => row.id),
    nett_salary: fromCents(inserted.reduce((sum, row) => sum + row.nett_salary, 0)),
    skipped: [
      ...skippedExisting.map((entry) => ({
        worker_id: entry.source.worker.id,
        worker_name: workerDisplayName(entry.source.worker),
        reason:
          entry.existing === null
            ? (negativeNettReason(entry.computed) ?? skipReason(period, null))
            : skipReason(period, entry.existing),
        payslip_id: entry.existing?.id ?? null,
        status: entry.existing?.status ?? null,
      })),
      ...missing.map((id) => ({
        worker_id: id,
        worker_name: null,
        reason: SKIP_REASONS.workerNotFound,
        payslip_id: null,
        status: null,
      })),
    ],
  };
}

/** How many payslips a pay run writes per statement batch; its progress moves by this much. */
const RUN_BATCH = 1_000;

export interface RunPayslipsOptions {
  payRunId: string;
  timestamp: string;
  /** The installation's pay rules (PAY_RULES, decision 092): the same computation as every payslip. */
  payRules: PayRules;
  /** Called with the workers done and the workers to do, after each batch (the pay run's progress). */
  onProgress: (done: number, total: number) => void;
}

export interface RunPayslipsResult {
  generated: number;
  skipped: Array<{ worker_id: string; reason: string }>;
  /** Integer cents over the payslips written. */
  gross: number;
  deductions: number;
  nett: number;
  /** Decision 092: `{ code: payslips }`, how many of the payslips written carry each warning code. */
  warnings: Record<string, number>;
}

/**
 * Decision 082: a pay run's payslips, written inside the caller's transaction (the whole run or
 * nothing). Each worker's figures come from the same computation as a single payslip
 * (`computeSourcePayslip` by the installation's rules, decision 092); the payslips are Draft (SPEC 4's
 * yellow badge) until the run is approved, and name their run. A worker with a payslip overlapping the
 * period is skipped with the reason (SPEC 9), and so is one whose nett would be negative (probe finding 17).
 */
export async function generateRunPayslips(
  trx: Db,
  input: PayrollRunInput,
  actor: Actor,
  { payRunId, timestamp, payRules, onProgress }: RunPayslipsOptions,
): Promise<RunPayslipsResult> {
  await lockPayrollWorkers(trx, input.worker_ids);
  const run = await readRun(trx, input, payRules, true);
  const { period } = run;
  // SPEC 9: a worker with a payslip overlapping the period is skipped, so is never computed.
  const candidates = run.sources.filter((entry) => entry.existing === null);
  onProgress(0, candidates.length);
  /** The candidates computed and not generated (probe finding 17), by worker id: the skipped list names them. */
  const refused = new Map<string, RunEntry>();
  let generated = 0;
  let gross = 0;
  let deductions = 0;
  let nett = 0;
  const warnings: Array<ReadonlyArray<{ code: string }>> = [];
  const write = async (batch: readonly RunEntry[], done: number) => {
    const rows = batch.map((entry) => ({
      ...buildPayslipRow({ ...entry, period, actor, timestamp, emailRequested: false }),
      status: 'Draft' as const,
      pay_run_id: payRunId,
    }));
    // The workers are locked and the overlap checked inside this transaction, so every row goes in; a
    // payslip of the period generated meanwhile breaks the database's rule and fails the whole run.
    const saved = rows.length === 0 ? [] : await writePayslipBatch(trx, rows, batch, actor);
    if (saved.length !== rows.length) throw conflict(M.runOverlapRace);
    for (const row of rows) {
      // Every earning line (the Act's rest-day, holiday and IPA top-up lines too, decision 092).
      gross += row.gross_salary ?? row.basic_salary + row.overtime_amount;
      // Decision 103: the employee's CPF is a deduction line, so gross - deductions is the nett.
      deductions += row.admin_charges_deduction + row.other_deductions + (row.cpf_employee ?? 0);
      nett += row.nett_salary;
    }
    for (const entry of batch) warnings.push(entry.computed.warnings);
    generated += saved.length;
    onProgress(done, candidates.length);
  };
  // Decision 111: the next batch is computed while the database writes this one (PostgreSQL works on
  // another process meanwhile). One write at a time: the transaction has one connection.
  let writing: Promise<void> = Promise.resolve();
  try {
    for (let from = 0; from < candidates.length; from += RUN_BATCH) {
      const batch = await computeInTurns(run, candidates.slice(from, from + RUN_BATCH));
      for (const entry of batch) if (!generates(entry)) refused.set(entry.source.worker.id, entry);
      await writing;
      // Probe finding 17: a worker whose nett would be negative is skipped with the reason, as in the run.
      writing = write(batch.filter(generates), from + batch.length);
      // Awaited before the next write or below; a failure meanwhile waits there rather than going unhandled.
      writing.catch(() => undefined);
    }
    await writing;
  } catch (error) {
    // Nothing else may use the transaction's connection while it rolls back.
    await writing.catch(() => undefined);
    throw error;
  }
  return {
    generated,
    gross,
    deductions,
    nett,
    warnings: countPayRunWarnings(warnings),
    skipped: [
      // In the workers' order, as the run lists them.
      ...run.sources.flatMap(({ source, existing }) => {
        if (existing !== null) return [{ worker_id: source.worker.id, reason: skipReason(period, existing) }];
        const entry = refused.get(source.worker.id);
        return entry === undefined
          ? []
          : [{ worker_id: source.worker.id, reason: negativeNettReason(entry.computed) ?? skipReason(period, null) }];
      }),
      ...run.missing.map((id) => ({ worker_id: id, reason: SKIP_REASONS.workerNotFound })),
    ],
  };
}

/** Workers computed between turns of the event loop: the write under way and the page's polls go on meanwhile. */
const COMPUTE_SLICE = 100;

/**
 * A batch's payslips computed a slice at a time, with a turn of the event loop after each (decision
 * 100: on SQLite the polls are served; decision 111: on PostgreSQL the batch being written sends its next
 * statement as soon as the last one is answered).
 */
async function computeInTurns(run: ReadRun, sources: readonly RunSource[]): Promise<RunEntry[]> {
  const entries: RunEntry[] = [];
  for (let from = 0; from < sources.length; from += COMPUTE_SLICE) {
    for (const source of sources.slice(from, from + COMPUTE_SLICE)) entries.push(computeEntry(run, source));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return entries;
}
