import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { GeneratedPayslip, PayslipList } from '@td/shared/schemas/payslip';
import Database from 'better-sqlite3';
import { apiRequest } from '../fixtures.ts';

/**
 * Payslip e2e helpers and page models. These helpers predate the timesheet and admin-charge modules
 * (decisions 012, 013), so tests write those rows straight into the e2e server's
 * SQLite file (WAL mode lets the running server see them at once); everything payslip goes through the
 * UI or the API.
 */

function openDatabase() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(path.join(dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Timesheets of a worker: hours and overtime in hours (stored as minutes). */
export function seedTimesheets(
  workerId: string,
  days: ReadonlyArray<{ date: string; hours: number; overtime?: number }>,
): void {
  const db = openDatabase();
  const now = new Date().toISOString();
  const insert = db.prepare(
    `insert into timesheets (id, worker_id, work_date, time_in, time_out, hours_worked, overtime_hours, notes, created_at, updated_at)
     values (?, ?, ?, '08:00', '17:00', ?, ?, null, ?, ?)`,
  );
  db.transaction(() => {
    for (const day of days) {
      insert.run(
        randomUUID(),
        workerId,
        day.date,
        Math.round(day.hours * 60),
        Math.round((day.overtime ?? 0) * 60),
        now,
        now,
      );
    }
  })();
  db.close();
}

/** Admin charges of a worker; amounts in dollars (stored as cents). Answers their ids. */
export function seedCharges(
  workerId: string,
  charges: ReadonlyArray<{ date: string; type: string; amount: number; status?: string }>,
): string[] {
  const db = openDatabase();
  const now = new Date().toISOString();
  const insert = db.prepare(
    `insert into admin_charges (id, worker_id, charge_date, charge_type, amount, description, status, approved_by, approved_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, null, ?, null, null, ?, ?)`,
  );
  const ids = charges.map(() => randomUUID());
  db.transaction(() => {
    charges.forEach((charge, i) => {
      insert.run(
        ids[i],
        workerId,
        charge.date,
        charge.type,
        Math.round(charge.amount * 100),
        charge.status ?? 'Pending',
        now,
        now,
      );
    });
  })();
  db.close();
  return ids;
}

export function chargeStatuses(ids: readonly string[]): string[] {
  const db = openDatabase();
  const read = db.prepare('select status from admin_charges where id = ?');
  const statuses = ids.map((id) => (read.get(id) as { status: string } | undefined)?.status ?? 'missing');
  db.close();
  return statuses;
}

/** Every day of a period except Sundays, `YYYY-MM-DD`. */
export function workingDays(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() !== 0) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

export function generatePayslipViaApi(
  page: Page,
  body: { worker_id: string; pay_period_start: string; pay_period_end: string; other_deductions?: number },
) {
  return apiRequest<GeneratedPayslip>(page, 'POST', '/api/payslips', body);
}

export function listPayslipsViaApi(page: Page, query: string) {
  return apiRequest<PayslipList>(page, 'GET', `/api/payslips?${query}`);
}

/** `S$1,234.56` as the app shows it (Intl en-SG). */
export const sgd = (amount: number) =>
  new Intl.NumberFormat('en-SG', { style: 'currency', currency: 'SGD', minimumFractionDigits: 2 }).format(amount);

/** The amount on a Salary Calculation line. */
export function salaryLine(scope: Page | Locator, label: string): Locator {
  const page = 'goto' in scope ? scope : scope.page();
  return scope
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');
}

/** The /payslip/generate screen. */
export class GeneratePayslipScreen {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/payslip/generate');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Generate Payslip' })).toBeVisible();
  }

  async pickWorker(name: string) {
    const picker = this.page.getByRole('combobox', { name: /^Worker/ });
    await picker.click();
    await picker.fill(name);
    await this.page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
    // The input shows the chosen worker once the choice is made.
    await expect(picker).toHaveValue(new RegExp(name));
  }

  async setPeriod(start: string, end: string) {
    await this.page.getByLabel(/^Pay Period Start/).fill(start);
    await this.page.getByLabel(/^Pay Period End/).fill(end);
  }

  async calculate() {
    await this.page.getByRole('button', { name: 'Calculate Payslip' }).click();
  }

  get calculation() {
    return this.page
      .locator('section', { has: this.page.getByRole('heading', { name: 'Salary Calculation' }) })
      .first();
  }

  line(label: string) {
    return salaryLine(this.calculation, label);
  }
}

/** The /payslip list. */
export class PayslipListScreen {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/payslip${query ? `?${query}` : ''}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
  }

  async search(text: string) {
    await this.page.getByLabel('Search by worker name').fill(text);
    await expect(this.page).toHaveURL(new RegExp(`q=${encodeURIComponent(text)}`));
  }

  row(workerName: string) {
    return this.page.getByRole('row').filter({ hasText: workerName });
  }

  tile(label: string) {
    return this.page.getByRole('region', { name: 'Payslip summary' }).getByText(label, { exact: true }).locator('..');
  }
}

/** A worker with no e-mail address (the add form requires one; edits and older records may not have it). */
export function clearWorkerEmail(workerId: string): void {
  const db = openDatabase();
  db.prepare('update workers set email = null where id = ?').run(workerId);
  db.close();
}
