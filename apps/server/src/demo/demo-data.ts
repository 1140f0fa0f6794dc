import { randomUUID } from 'node:crypto';
import { CHARGE_TYPES } from '@td/shared/options/admin-charges';
import { addDays, dateInTimeZone } from '@td/shared/rules/dates';
import { addMonthsToMonth, monthRange } from '@td/shared/rules/months';
import { workerSearchName } from '@td/shared/rules/search-text';
import { computeTimesheetHours } from '@td/shared/rules/timesheet-hours';
import { identityKey } from '@td/shared/rules/worker-identity';
import { PostgresAdapter } from 'kysely';
import type { Actor } from '../audit/audit.repository.ts';
import { createUser } from '../auth/auth.service.ts';
import type { CompanyDetails } from '../config.ts';
import { bulkInsert } from '../db/bulk-insert.ts';
import type { Db } from '../db/database.ts';
import type { AdminChargeRow, TimesheetRow, TrainingRecordRow } from '../db/schema.ts';
import type { FileStore } from '../files/file-store.ts';
import { uploadFile } from '../files/files.service.ts';
import {
  chargesByWorker,
  linkChargesToPayslips,
  listPayrollCharges,
  type PayslipChargeLink,
  totalsByType,
} from '../modules/admin-charges/public.ts';
import {
  buildPayslipRow,
  computeSourcePayslip,
  type NewPayslipRow,
  NO_TIMESHEETS,
  negativeNettReason,
  type PayslipSource,
  sumTimesheetsByWorker,
} from '../modules/payslips/public.ts';
import { createSite, listSiteNames, siteNameKey } from '../modules/sites/public.ts';
import * as repo from './demo.repository.ts';
import { demoDocument, demoPhoto } from './demo-files.ts';
import {
  between,
  CHARGE_DESCRIPTIONS,
  DEMO_SITES,
  pick,
  planWorker,
  SHIFTS,
  seededRandom,
  TIMESHEET_NOTES,
  trainingExpiry,
  trainingName,
  trainingProvider,
  type WorkerPlan,
  worksOnSite,
} from './demo-people.ts';

/**
 * The demo data generator (decision 030): `npm run demo` fills an installation for someone trying the
 * product, and the same code with `--workers 10000 --months 12` builds the benchmark's large set.
 * Rows are written in bulk inside one transaction (multi-row statements on SQLite, one typed array per
 * column on PostgreSQL: db/bulk-insert.ts); photos and documents go through the product's own upload
 * path (type check by content, file store, stored_files record, audit entry); payslips are computed by
 * the product's payroll reads and calculation, so every figure adds up as the app would have made it.
 */

export interface DemoOptions {
  workers: number;
  /** Full months of history before the current month: timesheets, charges and payslips. */
  months: number;
  timeZone: string;
  company: CompanyDetails;
  store: FileStore;
  /** The staff member the uploads, approvals and payslips are recorded as. */
  actor: Actor;
  /** Workers (the first ones) that get a photo and documents; the rest have none. Default min(workers, 60). */
  workersWithFiles?: number;
  now?: Date;
  seed?: number;
  progress?: (stage: DemoStage, done: number, total: number) => void;
}

export type DemoStage = 'files' | 'workers' | 'training records' | 'admin charges' | 'timesheets' | 'payslips';

export interface DemoCounts {
  workers: number;
  files: number;
  timesheets: number;
  adminCharges: number;
  trainingRecords: number;
  payslips: number;
}

const ATTENDANCE = 0.92;

export async function generateDemoData(db: Db, options: DemoOptions): Promise<DemoCounts> {
  const now = options.now ?? new Date();
  const stamp = now.toISOString();
  const random = seededRandom(options.seed ?? 15);
  const progress = options.progress ?? (() => undefined);
  const today = dateInTimeZone(now, options.timeZone);
  const currentMonth = today.slice(0, 7);
  const firstMonth = addMonthsToMonth(currentMonth, -options.months);
  const historyStart = `${firstMonth}-01`;

  const taken = await repo.takenIdentities(db);
  const plans = Array.from({ length: options.workers }, (_, index) => planWorker(index, random, today, taken));
  const counts: DemoCounts = {
    workers: plans.length,
    files: 0,
    timesheets: 0,
    adminCharges: 0,
    trainingRecords: 0,
    payslips: 0,
  };

  // Files first: the upload path opens its own transaction, which cannot nest in the bulk one.
  const withFiles = Math.min(options.workersWithFiles ?? 60, plans.length);
  const certificates = new Map<number, string>();
  for (let index = 0; index < withFiles; index++) {
    const plan = plans[index] as WorkerPlan;
    counts.files += await attachFiles(db, options, plan, index, certificates);
    progress('files', index + 1, withFiles);
  }

  // The sites go through the product's own path too (its check of the name and its audit entry); a
  // `--force` run reuses the ones already there.
  const siteIds = await demoSites(db, options.actor, now);

  // SQLite's default page cache (2 MB) makes every index insert of a large load read and write pages
  // again; 256 MB for the load's connection keeps the indexes in memory (restored afterwards).
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const cacheSize = sqlite ? await repo.sqliteCacheSize(db) : 0;
  if (sqlite) await repo.setSqliteCacheSize(db, -262_144);
  try {
    await db.transaction().execute(async (trx) => {
      await bulkInsert(
        trx,
        'workers',
        plans.map(({ row }) => ({
          ...row,
          fin_no_key: identityKey(row.fin_no),
          passport_no_key: identityKey(row.passport_no),
          wp_no_key: identityKey(row.wp_no),
          search_name: workerSearchName(row),
        })),
      );
      progress('workers', plans.length, plans.length);

      const training = plans.flatMap((plan, index) => trainingRows(plan, index, random, today, certificates));
      await bulkInsert(trx, 'training_records', training);
      counts.trainingRecords = training.length;
      progress('training records', training.length, training.length);

      const charges = chargeRows(plans, options, random, historyStart, today);
      await bulkInsert(trx, 'admin_charges', charges);
      counts.adminCharges = charges.length;
      progress('admin charges', charges.length, charges.length);

      counts.timesheets = await insertTimesheets(trx, plans, siteIds, random, historyStart, today, stamp, progress);

      for (let back = options.months; back >= 1; back--) {
        const { rows, links } = await payslipRows(
          trx,
          plans,
          { ...options, nowIso: stamp },
          random,
          addMonthsToMonth(currentMonth, -back),
          back,
        );
        await bulkInsert(trx, 'payslips', rows);
        await linkChargesToPayslips(trx, links);
        counts.payslips += rows.length;
        progress('payslips', options.months - back + 1, options.months);
      }
      await repo.markChargesUnderPaidPayslipsDeducted(trx, stamp);
    });
  } finally {
    if (sqlite) await repo.setSqliteCacheSize(db, cacheSize);
  }
  if (!sqlite) await repo.tidyAfterBulkLoad(db);
  return counts;
}

async function attachFiles(
  db: Db,
  options: DemoOptions,
  plan: WorkerPlan,
  index: number,
  certificates: Map<number, string>,
): Promise<number> {
  const { row } = plan;
  const name = `${row.first_name} ${row.last_name}`;
  const upload = async (
    kind: 'photo' | 'ipa' | 'consent_letter' | 'contract' | 'certificate',
    fileName: string,
    data: Uint8Array,
  ) => (await uploadFile(db, options.store, { kind, fileName, data }, options.actor)).url;
  const lines = [
    `Worker: ${name} (${row.worker_id})`,
    `Nationality: ${row.nationality}; pass: ${row.type_of_pass}`,
    `FIN / NRIC: ${row.fin_no}; passport: ${row.passport_no}`,
  ];
  let files = 0;
  row.photo_url = await upload('photo', `${row.worker_id}-photo.png`, demoPhoto(index));
  files += 1;
  const resident = row.type_of_pass === 'Singapore Citizen' || row.type_of_pass === 'PR';
  if (!resident) {
    row.ipa_url = await upload(
      'ipa',
      `IPA ${row.worker_id}.pdf`,
      await demoDocument(options.company, 'In-Principle Approval', lines),
    );
    files += 1;
  }
  if (index % 3 === 0) {
    row.consent_letter_url = await upload(
      'consent_letter',
      `Consent letter ${row.worker_id}.pdf`,
      await demoDocument(options.company, 'Consent Letter', lines),
    );
    files += 1;
  }
  if (resident || index % 2 === 0) {
    row.contract_url = await upload(
      'contract',
      `Contract ${row.worker_id}.pdf`,
      await demoDocument(options.company, 'Employment Contract', lines),
    );
    files += 1;
  }
  if (index % 2 === 1) {
    certificates.set(
      index,
      await upload(
        'certificate',
        `${trainingName(index)} certificate.pdf`.replace(/[/\\]/g, '-'),
        await demoDocument(options.company, `Certificate: ${trainingName(index)}`, lines),
      ),
    );
    files += 1;
  }
  return files;
}

function trainingRows(
  plan: WorkerPlan,
  index: number,
  random: () => number,
  today: string,
  certificates: Map<number, string>,
): TrainingRecordRow[] {
  return [0, 1, 2].map((k) => {
    const { trained, expires } = trainingExpiry(index + k, random, today);
    const created = `${trained}T06:00:00.000Z`;
    return {
      id: randomUUID(),
      worker_id: plan.row.id,
      training_name: trainingName(index + k * 7),
      training_date: trained,
      expiry_date: expires,
      certificate_number: index % 5 === 4 && k > 0 ? null : `CERT-${plan.row.worker_id.slice(3)}-${k + 1}`,
      training_provider: trainingProvider(index + k),
      notes: k === 0 && index % 4 === 0 ? 'Refresher booked with the provider' : null,
      certificate_url: k === 0 ? (certificates.get(index) ?? null) : null,
      created_at: created,
      updated_at: created,
    };
  });
}

/**
 * Admin charges over the history, three per worker for a demo and two for large sets (decision 030: 20,000
 * for 10,000 workers). This month's are mostly Pending and small, older ones mostly decided; the charges under a
 * paid payslip become Deducted afterwards, as paying does in the product.
 */
function chargeRows(
  plans: WorkerPlan[],
  options: DemoOptions,
  random: () => number,
  from: string,
  today: string,
): AdminChargeRow[] {
  const perWorker = options.workers <= 1000 ? 3 : 2;
  const days = Math.max(1, Math.round((Date.parse(today) - Date.parse(from)) / 86_400_000));
  const onSite = plans.filter((plan) => worksOnSite(plan.row.status));
  const rows: AdminChargeRow[] = [];
  for (let i = 0; i < plans.length * perWorker && onSite.length > 0; i++) {
    const plan = onSite[i % onSite.length] as WorkerPlan;
    const chargeDate = addDays(from, between(random, 0, days));
    const type = pick(random, CHARGE_TYPES);
    const recent = chargeDate.slice(0, 7) === today.slice(0, 7);
    const roll = random();
    const status = recent
      ? roll < 0.6
        ? 'Pending'
        : roll < 0.85
          ? 'Approved'
          : 'Rejected'
      : roll < 0.1
        ? 'Pending'
        : roll < 0.85
          ? 'Approved'
          : 'Rejected';
    const created = `${chargeDate}T09:00:00.000Z`;
    const decided = status === 'Pending' ? null : `${addDays(chargeDate, between(random, 0, 3))}T10:00:00.000Z`;
    rows.push({
      id: randomUUID(),
      worker_id: plan.row.id,
      charge_date: chargeDate,
      charge_type: type,
      // This month's are $10-$50: the month is still being worked, and $10-$300 against the first week of a
      // daily-rated worker's pay put 6 of 9,524 payslips of the large set over EA s.32's half of the salary
      // payable (7 December 2026), which rightly stops the run's approval (decision 092). Two such charges
      // stay under half of a week at the lowest demo rate.
      amount: between(random, 2, recent ? 10 : 60) * 500,
      description: random() < 0.8 ? CHARGE_DESCRIPTIONS[type] : null,
      status,
      // ARCHITECTURE differs 8: the staff member who decided (the repository records the same for a rejection).
      approved_by: decided ? options.actor.name : null,
      approved_at: decided,
      consent_date: null,
      consent_url: null,
      inquiry_date: null,
      created_at: created,
      updated_at: decided ?? created,
    });
  }
  return rows;
}

/** The ids of the demo's sites, each created unless a site of its name exists. */
async function demoSites(db: Db, actor: Actor, now: Date): Promise<string[]> {
  const existing = new Map((await listSiteNames(db)).map((site) => [site.name_key, site.id]));
  const ids: string[] = [];
  for (const site of DEMO_SITES) {
    const id = existing.get(siteNameKey(site.name)) ?? (await createSite(db, { ...site, active: true }, actor, now)).id;
    ids.push(id);
  }
  return ids;
}

/**
 * Day by day, every on-site worker who had joined and not yet left: Sundays off, a few absences. Each
 * worker stays on one site (by their place in the roster), as crews are deployed.
 */
async function insertTimesheets(
  db: Db,
  plans: WorkerPlan[],
  siteIds: readonly string[],
  random: () => number,
  from: string,
  today: string,
  stamp: string,
  progress: (stage: DemoStage, done: number, total: number) => void,
): Promise<number> {
  const shifts = SHIFTS.map(([timeIn, timeOut]) => ({ timeIn, timeOut, ...computeTimesheetHours(timeIn, timeOut) }));
  const onSite = plans.filter((plan) => worksOnSite(plan.row.status));
  const days = Math.round((Date.parse(today) - Date.parse(from)) / 86_400_000) + 1;
  let count = 0;
  for (let day = 0; day < days; day++) {
    const workDate = addDays(from, day);
    if (new Date(`${workDate}T00:00:00Z`).getUTCDay() !== 0) {
      const rows: TimesheetRow[] = [];
      for (const [index, plan] of onSite.entries()) {
        if (plan.row.created_at.slice(0, 10) > workDate || (plan.leftOn !== null && plan.leftOn < workDate)) continue;
        if (random() > ATTENDANCE) continue;
        const shift = shifts[Math.floor(random() * shifts.length)] ?? shifts[0];
        if (!shift) continue;
        rows.push({
          id: randomUUID(),
          worker_id: plan.row.id,
          work_date: workDate,
          time_in: shift.timeIn,
          time_out: shift.timeOut,
          hours_worked: shift.hoursWorked,
          overtime_hours: shift.overtime,
          notes: random() < 0.05 ? pick(random, TIMESHEET_NOTES) : null,
          site_id: siteIds[index % siteIds.length] ?? null,
          rest_day_requested_by: 'Employer',
          created_at: stamp,
          updated_at: stamp,
        });
      }
      await bulkInsert(db, 'timesheets', rows);
      count += rows.length;
    }
    progress('timesheets', day + 1, days);
  }
  return count;
}

/**
 * One month's payslips, as the payroll run makes them (the same reads and calculation), for every
 * worker employed in the month. `back` months ago: two or more are Paid; last month has every status
 * (SPEC 4: Draft, Generated, Sent, Paid) so the list and its tiles show them all.
 */
async function payslipRows(
  db: Db,
  plans: WorkerPlan[],
  options: DemoOptions & { nowIso: string },
  random: () => number,
  month: string,
  back: number,
): Promise<{ rows: NewPayslipRow[]; links: PayslipChargeLink[] }> {
  const { from, to } = monthRange(month);
  const period = { start: from, end: to };
  const [timesheets, charges] = await Promise.all([
    sumTimesheetsByWorker(db, period),
    listPayrollCharges(db, period).then(chargesByWorker),
  ]);
  const latest = (iso: string) => (iso > options.nowIso ? options.nowIso : iso);
  const generatedAt = latest(`${addDays(to, 1)}T02:00:00.000Z`);
  const paidAt = latest(`${addDays(to, 7)}T03:00:00.000Z`);
  const rows: NewPayslipRow[] = [];
  const links: PayslipChargeLink[] = [];
  plans.forEach((plan, index) => {
    const { row } = plan;
    if (row.created_at.slice(0, 10) > to || (plan.leftOn !== null && plan.leftOn < from)) return;
    const source: PayslipSource = {
      worker: {
        id: row.id,
        worker_id: row.worker_id,
        first_name: row.first_name,
        last_name: row.last_name,
        fin_no: row.fin_no,
        wp_no: row.wp_no,
        email: row.email,
        rate_type: row.rate_type,
        salary_rate: row.salary_rate,
        status: row.status,
        type_of_pass: row.type_of_pass,
        // Migration 0028's defaults: the demo's workers keep the contract's Sunday, 6 days of 8 hours.
        rest_day: row.rest_day ?? 'Sunday',
        working_days_per_week: row.working_days_per_week ?? 6,
        normal_minutes_per_day: row.normal_minutes_per_day ?? 480,
        declared_monthly_salary: row.declared_monthly_salary ?? null,
        employment_start_date: row.employment_start_date ?? null,
        employment_end_date: row.employment_end_date ?? null,
        // Decision 103: CPF, SDL and the levy read these (the demo's permits are never cancelled).
        date_of_birth: row.date_of_birth,
        nationality: row.nationality,
        coretrade: row.coretrade,
        levy: row.levy,
        levy_tier: null,
        pr_start_date: null,
        pr_cpf_scheme: 'G/G',
        date_of_issuance: row.date_of_issuance,
        wp_cancellation_date: null,
      },
      timesheets: timesheets.get(row.id) ?? NO_TIMESHEETS,
      charges: totalsByType(charges.get(row.id) ?? []),
      chargeIds: (charges.get(row.id) ?? []).map((charge) => charge.id),
      chargeRows: charges.get(row.id) ?? [],
      days: [],
      holidays: [],
    };
    const drawn = random() < 0.1 ? between(random, 1, 10) * 1000 : 0;
    // Probe finding 17: never a payslip with a negative nett. As staff would, the other deductions are
    // left out when they would take it below zero; a worker whose charges alone exceed the month's
    // earnings gets no payslip, as the payroll run skips them.
    // The demo's history is computed by SPEC 9's rules (recorded on each payslip as `seed`): it reads
    // month totals, not the days the Employment Act's weeks need (decision 092).
    const computeDemo = (deductions: number) => computeSourcePayslip(source, period, 'seed', deductions);
    const otherDeductions = negativeNettReason(computeDemo(drawn)) === null ? drawn : 0;
    const computed = computeDemo(otherDeductions);
    if (negativeNettReason(computed) !== null) return;
    const status =
      back >= 2
        ? 'Paid'
        : row.email === null
          ? (['Paid', 'Generated', 'Draft'] as const)[index % 3]
          : (['Paid', 'Sent', 'Generated', 'Draft'] as const)[index % 4];
    const payslip = buildPayslipRow({
      source,
      computed,
      period,
      actor: options.actor,
      timestamp: generatedAt,
      emailRequested: status === 'Sent',
    });
    rows.push({
      ...payslip,
      status: status ?? 'Generated',
      paid_at: status === 'Paid' ? paidAt : null,
      updated_at: status === 'Paid' ? paidAt : generatedAt,
    });
    // Decision 081: the charges the payslip deducted.
    for (const charge_id of source.chargeIds) links.push({ payslip_id: payslip.id, charge_id });
  });
  return { rows, links };
}

export const DEMO_EMAIL = 'demo@example.com';

export class DemoRefused extends Error {}

export interface DemoAccount {
  actor: Actor;
  /** The account made for the demo, with its password; null when staff accounts already existed. */
  created: { email: string; password: string } | null;
}

/**
 * Decision 030: refuses to add demo workers to a database that already holds workers unless forced, and
 * makes a demo account when the installation has no account at all. An installation that has staff
 * accounts gets none: a known demo password must never open a real one.
 */
export async function prepareDemo(
  db: Db,
  { force, password }: { force: boolean; password: string },
): Promise<DemoAccount> {
  const existing = await repo.countWorkers(db);
  if (existing > 0 && !force) {
    throw new DemoRefused(
      `This database already holds ${existing.toLocaleString('en')} worker(s); demo data is meant for a new installation. Run again with --force to add it anyway.`,
    );
  }
  const user = await repo.firstUser(db);
  if (user) return { actor: { id: user.id, name: user.name }, created: null };
  const created = await createUser(db, { name: 'Demo Admin', email: DEMO_EMAIL, password }, null);
  return { actor: { id: created.id, name: created.name }, created: { email: DEMO_EMAIL, password } };
}
