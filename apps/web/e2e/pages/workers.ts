import type { Page } from '@playwright/test';
import { addMonths, dateInTimeZone } from '@td/shared/rules/dates';
import { nricFinCheckLetter } from '@td/shared/rules/worker-identity';
import type { FileKind } from '@td/shared/schemas/file';
import type { Worker, WorkerFormValues } from '@td/shared/schemas/worker';
import { apiRequest, test } from '../fixtures.ts';

/** The business time zone of the e2e server (README: BUSINESS_TIME_ZONE defaults to Asia/Singapore). */
export const BUSINESS_TIME_ZONE = 'Asia/Singapore';

/** Today in the business time zone, as YYYY-MM-DD. */
export const today = () => dateInTimeZone(new Date(), BUSINESS_TIME_ZONE);

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export { addMonths };

/** A letters-only token, so every test's workers are its own (the e2e database is shared by the run). */
export function uniqueToken(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let token = '';
  for (let i = 0; i < 8; i += 1) token += letters[Math.floor(Math.random() * letters.length)];
  return token.charAt(0).toUpperCase() + token.slice(1);
}

/**
 * A valid FIN no other test uses (FIN, passport and WP numbers are unique among workers, decision 023):
 * random digits, the right check letter.
 */
let finSequence = Math.floor(Math.random() * 9_000_000);
export function uniqueFin(): string {
  // Consecutive numbers from a random start per test process: no two calls of a run share one.
  finSequence = (finSequence + 1) % 10_000_000;
  const digits = String(finSequence).padStart(7, '0');
  return `G${digits}${nricFinCheckLetter('G', digits)}`;
}

/** Identity numbers for one worker, unique across the run. */
export function uniqueIdentity() {
  const token = uniqueToken().toUpperCase();
  return { fin_no: uniqueFin(), passport_no: `P${token}`, wp_no: `WP-${token}` };
}

/** A small but real PDF (the server checks uploads by content). */
export function minimalPdf(title = 'Test document'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** A 1x1 PNG. */
export const tinyPng = (): Buffer =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

/** Stores a file through the API as the app does (for seeding; the upload flows themselves use the UI). */
export async function uploadFileViaApi(page: Page, kind: FileKind, name = 'contract.pdf'): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://localhost').origin;
  const response = await page.request.post('/api/files', {
    headers: { origin },
    multipart: { kind, file: { name, mimeType: 'application/pdf', buffer: minimalPdf(name) } },
  });
  if (response.status() !== 201) throw new Error(`upload answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

/** A complete worker as the add form requires it (SPEC 5), with a stored contract. */
export async function seedWorker(page: Page, overrides: Partial<WorkerFormValues> = {}): Promise<Worker> {
  const contract_url = overrides.contract_url ?? (await uploadFileViaApi(page, 'contract'));
  const values: WorkerFormValues = {
    first_name: 'Seed',
    last_name: uniqueToken(),
    date_of_birth: '1990-04-12',
    nationality: 'Bangladeshi',
    phone_number: '+65 8123 4567',
    email: 'worker@example.com',
    ...uniqueIdentity(),
    type_of_pass: 'WP',
    date_of_application: '2024-01-15',
    date_of_issuance: '2024-02-01',
    levy: '$300',
    coretrade: 'R1',
    status: 'Working',
    supplied_to_company: 'Acme Builders Pte Ltd',
    rate_type: 'Daily',
    salary_rate: '95',
    ...overrides,
    contract_url,
  };
  return apiRequest<Worker>(page, 'POST', '/api/workers', values);
}

export const fullName = (worker: Pick<Worker, 'first_name' | 'last_name'>) =>
  `${worker.first_name} ${worker.last_name}`;
