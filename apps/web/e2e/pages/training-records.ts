import { expect, type Locator, type Page } from '@playwright/test';
import type { TrainingRecord, TrainingRecordFormValues } from '@td/shared/schemas/training-record';
import { apiRequest, test } from '../fixtures.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form control by its visible label; a required field's label ends in an asterisk. */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));

/** Stores a certificate through the API as the app does (for seeding). */
export async function uploadCertificateViaApi(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://localhost').origin;
  const response = await page.request.post('/api/files', {
    headers: { origin },
    multipart: { kind: 'certificate', file },
  });
  if (response.status() !== 201) throw new Error(`upload answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

/** Adds a record through the API (for the tests that start from existing records). */
export function seedTrainingRecord(page: Page, values: TrainingRecordFormValues): Promise<TrainingRecord> {
  return apiRequest<TrainingRecord>(page, 'POST', '/api/training-records', values);
}

/** The training records list (/training-records): tiles, filters, rows, popup and Undo toasts. */
export class TrainingRecordsList {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/training-records${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Training Records' })).toBeVisible();
  }

  /** A tile by its label, e.g. "Expired"; its text reads "Expired 3". */
  tile(label: 'Total Records' | 'Workers Trained' | 'Expiring Soon' | 'Expired'): Locator {
    return this.page.getByRole('list', { name: 'Training figures' }).getByRole('listitem').filter({ hasText: label });
  }

  async expectTiles(figures: { total: number; workers: number; expiringSoon: number; expired: number }) {
    await expect(this.tile('Total Records')).toContainText(new RegExp(`Total Records\\s*${figures.total}(?!\\d)`));
    await expect(this.tile('Workers Trained')).toContainText(
      new RegExp(`Workers Trained\\s*${figures.workers}(?!\\d)`),
    );
    await expect(this.tile('Expiring Soon')).toContainText(
      new RegExp(`Expiring Soon\\s*${figures.expiringSoon}(?!\\d)`),
    );
    await expect(this.tile('Expired')).toContainText(new RegExp(`Expired\\s*${figures.expired}(?!\\d)`));
  }

  /** Chooses a worker in the Worker filter by typing part of the name. */
  async filterByWorker(search: string, optionName: RegExp | string) {
    const picker = this.page.getByRole('combobox', { name: /^Worker/ });
    await picker.fill(search);
    await this.page.getByRole('option', { name: optionName }).click();
    await expect(this.page).toHaveURL(/worker_id=/);
  }

  async search(text: string) {
    await this.page.getByLabel('Search training records').fill(text);
    await expect(this.page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
  }

  /** The table (desktop viewport). */
  table(): Locator {
    return this.page.getByRole('table', { name: 'Training records' });
  }

  /** Body rows of the table. */
  rows(): Locator {
    return this.table().locator('tbody tr');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** Closes a toast without its action: for an Undo toast, that sends the change (decision 022). */
  async dismissToast(title: string) {
    await this.page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Dismiss notification' })
      .click();
  }

  /** Opens the popup of a row's worker (SPEC 2). */
  async openWorkerPopup(row: Locator, workerName: string): Promise<Locator> {
    await row.getByRole('button', { name: workerName, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: workerName });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

/** The add and edit form. */
export class TrainingRecordFormPage {
  constructor(readonly page: Page) {}

  async pickWorker(search: string, optionName: RegExp | string) {
    await this.page.getByRole('combobox', { name: /^Worker/ }).fill(search);
    await this.page.getByRole('option', { name: optionName }).click();
  }

  async fill(values: {
    training?: string;
    trainingDate?: string;
    expiryDate?: string;
    certificateNumber?: string;
    provider?: string;
    notes?: string;
  }) {
    if (values.training !== undefined) await field(this.page, 'Training Name').selectOption(values.training);
    if (values.trainingDate !== undefined) await field(this.page, 'Training Date').fill(values.trainingDate);
    if (values.expiryDate !== undefined) await field(this.page, 'Expiry Date').fill(values.expiryDate);
    if (values.certificateNumber !== undefined) {
      await field(this.page, 'Certificate Number').fill(values.certificateNumber);
    }
    if (values.provider !== undefined) await field(this.page, 'Training Provider').selectOption(values.provider);
    if (values.notes !== undefined) await field(this.page, 'Notes').fill(values.notes);
  }

  async uploadCertificate(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByLabel('Upload Certificate').setInputFiles(file);
    await expect(this.page.getByRole('button', { name: 'Remove Certificate' })).toBeVisible();
  }

  certificateLink(): Locator {
    return this.page.getByRole('link', { name: /Certificate/ });
  }

  async save(label: 'Save Training Record' | 'Update Training Record') {
    await this.page.getByRole('button', { name: label }).click();
  }
}
