import { expect, type Locator, type Page } from '@playwright/test';
import type { Timesheet } from '@td/shared/schemas/timesheet';
import type { Worker, WorkerFormValues } from '@td/shared/schemas/worker';
import { apiRequest } from '../fixtures.ts';
import { seedWorker, uniqueToken } from './workers.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A worker of this test's own (unique last name and identity numbers) through the API. */
export function seedTimesheetWorker(page: Page, overrides: Partial<WorkerFormValues> = {}): Promise<Worker> {
  return seedWorker(page, { last_name: uniqueToken(), ...overrides });
}

export function seedTimesheet(
  page: Page,
  values: { worker_id: string; work_date: string; time_in?: string | null; time_out?: string | null; notes?: string },
): Promise<Timesheet> {
  return apiRequest<Timesheet>(page, 'POST', '/api/timesheets', { time_in: null, time_out: null, ...values });
}

/** Page model of the timesheet screens (SPEC 2): list, form, detail and crew entry. */
export class TimesheetsPage {
  constructor(readonly page: Page) {}

  /** A form control by its visible label; a required field's label ends in an asterisk. */
  field(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));
  }

  async gotoList(month?: string) {
    await this.page.goto(month ? `/timesheet?month=${month}` : '/timesheet');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Timesheet Management' })).toBeVisible();
  }

  /** Types into a worker picker and chooses the option naming the worker. */
  async pickWorker(label: string, query: string, worker: Pick<Worker, 'first_name' | 'last_name' | 'worker_id'>) {
    const combobox = this.page.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}\\*?$`) });
    await combobox.fill(query);
    const option = this.page.getByRole('option', {
      name: `${worker.first_name} ${worker.last_name} ${worker.worker_id}`,
    });
    await option.click();
    return combobox;
  }

  get summary(): Locator {
    return this.page.getByRole('region', { name: 'Month summary' });
  }

  /** The summary cards as label -> value ("Total Hours" -> "8.00"). */
  async summaryFigures(): Promise<Record<string, string>> {
    const figures: Record<string, string> = {};
    for (const label of ['Workers', 'Timesheets', 'Total Hours', 'Total Overtime']) {
      const tile = this.summary.locator('div', { has: this.page.getByText(label, { exact: true }) }).last();
      const lines = (await tile.innerText()).split('\n').map((line) => line.trim());
      figures[label] = lines[lines.indexOf(label) + 1] ?? '';
    }
    return figures;
  }

  async expectSummary(expected: Record<string, string>) {
    await expect.poll(() => this.summaryFigures()).toEqual(expected);
  }

  /** The list's rows (table rows from the md breakpoint, cards below it). */
  rows(): Locator {
    return this.page.getByRole('table', { name: 'Timesheets' }).locator('tbody tr');
  }

  row(workerName: string): Locator {
    return this.rows().filter({ hasText: workerName });
  }

  async setMonth(month: string) {
    await this.page.getByLabel('Month', { exact: true }).fill(month);
    await expect(this.page).toHaveURL(new RegExp(`month=${month}`));
  }

  /** The value under a label in a details list. */
  detailValue(label: string): Locator {
    return this.page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }).locator('+ dd');
  }
}
