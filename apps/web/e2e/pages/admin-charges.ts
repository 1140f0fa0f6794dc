import { expect, type Locator, type Page } from '@playwright/test';
import type { AdminCharge, AdminChargeFormValues } from '@td/shared/schemas/admin-charge';
import type { Worker } from '@td/shared/schemas/worker';
import { apiRequest, toast } from '../fixtures.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Creates a charge through the API (for seeding; the add flow itself uses the form). */
export function seedCharge(
  page: Page,
  worker: Pick<Worker, 'id'>,
  values: Partial<AdminChargeFormValues> = {},
): Promise<AdminCharge> {
  return apiRequest<AdminCharge>(page, 'POST', '/api/admin-charges', {
    worker_id: worker.id,
    charge_date: '2025-03-14',
    charge_type: 'Attendance',
    amount: '25.00',
    description: 'Late for the morning shift',
    ...values,
  });
}

export const decideCharge = (page: Page, charge: Pick<AdminCharge, 'id'>, decision: 'approve' | 'reject') =>
  apiRequest<AdminCharge>(page, 'POST', `/api/admin-charges/${charge.id}/${decision}`);

type TileLabel = 'Total Charges' | 'Pending' | 'Deducted' | 'Total Amount';

/** The admin charge screens as a user sees them: found by role and label. */
export class AdminChargesPage {
  constructor(readonly page: Page) {}

  async gotoList(query = '') {
    await this.page.goto(`/admin-charge${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Admin Charges' })).toBeVisible();
  }

  /** A summary tile (SPEC 2: Total Charges, Pending, Deducted, Total Amount): label, figure, description. */
  tile(label: TileLabel): Locator {
    return this.page.getByRole('region', { name: 'Admin charge summary' }).getByRole('group', { name: label });
  }

  /** The tiles show exactly these figures (a figure is followed by its description, never more digits). */
  async expectTiles(figures: Record<TileLabel, string>) {
    for (const [label, figure] of Object.entries(figures)) {
      await expect(this.tile(label as TileLabel)).toHaveText(new RegExp(`^${escapeRegExp(label + figure)}[A-Z]`));
    }
  }

  async search(text: string) {
    await this.page.getByLabel('Search charges').fill(text);
    await expect(this.page).toHaveURL(new RegExp(`q=${encodeURIComponent(text)}`));
  }

  /** Chooses a worker in a picker (the form's or the list filter's) by typing part of the name. */
  async pickWorker(label: string, worker: Pick<Worker, 'first_name' | 'last_name' | 'worker_id'>) {
    const input = this.page.getByRole('combobox', { name: label });
    await input.fill(worker.last_name);
    await this.page.getByRole('option', { name: new RegExp(escapeRegExp(worker.worker_id)) }).click();
    await expect(input).toHaveValue(`${worker.first_name} ${worker.last_name} (${worker.worker_id})`);
  }

  filterStatus(status: string) {
    return this.page.getByLabel('Status', { exact: true }).selectOption(status);
  }

  filterType(type: string) {
    return this.page.getByLabel('Type', { exact: true }).selectOption(type);
  }

  /** The table's rows (one per charge). */
  rows(): Locator {
    return this.page.getByRole('table', { name: 'Admin charges' }).locator('tbody tr');
  }

  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }

  // The form (SPEC 5 labels; a required field's label ends in an asterisk).
  field(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));
  }

  save(mode: 'add' | 'edit' = 'add') {
    return this.page.getByRole('button', { name: mode === 'add' ? 'Save Admin Charge' : 'Update Admin Charge' });
  }

  /** The value under a label on the detail page. */
  detail(label: string): Locator {
    return this.page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }).locator('+ dd');
  }

  toast(title: string): Locator {
    return toast(this.page, title);
  }
}
