import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { PRODUCT_NAME } from '@td/shared/options/product';
import { FILE_TOO_LARGE, INVALID_DOCUMENT_TYPE, MAX_UPLOAD_BYTES } from '@td/shared/schemas/file';
import { CORETRADE_REQUIRED, DOCUMENTS_REQUIRED } from '@td/shared/schemas/worker';
import { expect, test, toast } from './fixtures.ts';
import {
  addDays,
  addMonths,
  fullName,
  minimalPdf,
  seedWorker,
  tinyPng,
  today,
  uniqueIdentity,
  uniqueToken,
} from './pages/workers.ts';

const DELETE_QUESTION = 'Are you sure you want to delete this worker?';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value shown under a label in a details list. */
const detailValue = (scope: Page | Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }).locator('+ dd');

/** A form control by its visible label; a required field's label ends in an asterisk. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));

interface FormValues {
  first: string;
  last: string;
  typeOfPass?: string;
}

/**
 * Fills every field the add form requires (SPEC 5), the pass being WP unless told otherwise, with FIN,
 * passport and WP numbers no other worker holds (decision 023); answers them.
 */
async function fillRequiredFields(page: Page, { first, last, typeOfPass = 'WP' }: FormValues) {
  const identity = uniqueIdentity();
  await field(page, 'First Name').fill(first);
  await field(page, 'Last Name').fill(last);
  await field(page, 'Date of Birth').fill('1992-03-04');
  await field(page, 'Nationality').selectOption('Bangladeshi');
  await field(page, 'Phone Number').fill('+65 9123 4567');
  await field(page, 'Email Address').fill(`${last.toLowerCase()}@example.com`);
  await field(page, 'Passport No.').fill(identity.passport_no);
  await field(page, 'Type of Pass').selectOption(typeOfPass);
  await field(page, 'FIN No.').fill(identity.fin_no);
  await field(page, 'WP No.').fill(identity.wp_no);
  await field(page, 'Date of Application').fill('2024-05-02');
  await field(page, 'Date of Issuance').fill('2024-06-03');
  await field(page, 'WP Expiry Date').fill('2026-06-02');
  await field(page, 'Levy').selectOption('$500');
  if (typeOfPass === 'WP') {
    await field(page, 'Coretrade').selectOption('R2');
    await field(page, 'Coretrade Expiry Date').fill('2026-01-31');
  }
  await field(page, 'Status').selectOption('Working');
  await field(page, 'Supplied to Company').fill('Acme Builders Pte Ltd');
  await field(page, 'Rate Type').selectOption('Monthly');
  await field(page, 'Salary Rate').fill('1850.50');
  return identity;
}

const pdfFile = (name = 'ipa.pdf') => ({ name, mimeType: 'application/pdf', buffer: minimalPdf(name) });

async function searchList(page: Page, text: string, label = 'Search workers') {
  await page.getByLabel(label).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text)}`));
}

test('adds a worker with a photo and a document, then finds, views, edits and deletes it', async ({
  staffPage: page,
}) => {
  // A long walk through every screen; on a busy 2-core machine it needs more than the default 30 s.
  test.slow();
  const first = 'Ali';
  const last = uniqueToken();
  const name = `${first} ${last}`;

  await page.goto('/worker-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Worker Management' })).toBeVisible();
  await page.getByRole('link', { name: 'Add New Worker' }).click();
  await expect(page).toHaveURL(/\/worker\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Worker' })).toBeVisible();
  await expect(page).toHaveTitle(`${PRODUCT_NAME} | Add New Worker`);
  await expect(field(page, 'Worker ID')).toHaveAttribute('readonly', '');
  await expect(field(page, 'Worker ID')).toHaveAttribute('placeholder', 'Generated when saved');

  // SPEC 5: nothing filled in: the spec's messages under the fields, and the documents rule.
  await page.getByRole('button', { name: 'Save Worker' }).click();
  for (const message of [
    'First Name is required',
    'Last Name is required',
    'Date of Birth is required',
    'Nationality is required',
    'Phone Number is required',
    'Email Address is required',
    'Passport No. is required',
    'Type of Pass is required',
    'FIN No. is required',
    'WP No. is required',
    'Date of Application is required',
    'Levy is required',
    'Status is required',
    'Supplied to Company is required',
    'Rate Type is required',
    'Salary Rate is required',
    DOCUMENTS_REQUIRED,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(field(page, 'First Name')).toHaveAttribute('aria-invalid', 'true');

  // Coretrade is asked only for WP holders, and required for them on add.
  await expect(field(page, 'Coretrade')).toHaveCount(0);
  await field(page, 'Type of Pass').selectOption('WP');
  await expect(field(page, 'Coretrade')).toBeVisible();
  await page.getByRole('button', { name: 'Save Worker' }).click();
  await expect(page.getByText(CORETRADE_REQUIRED)).toBeVisible();

  const identity = await fillRequiredFields(page, { first, last });

  // The files are checked on the client before anything is sent.
  const ipaInput = page.getByLabel('Upload IPA Document');
  await ipaInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(INVALID_DOCUMENT_TYPE)).toBeVisible();
  await ipaInput.setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1),
  });
  await expect(page.getByText(FILE_TOO_LARGE)).toBeVisible();

  // A good file is stored at once and shown as a link with Remove.
  await ipaInput.setInputFiles(pdfFile('ipa.pdf'));
  await expect(page.getByRole('button', { name: 'Remove IPA Document' })).toBeVisible();
  await expect(page.getByText(DOCUMENTS_REQUIRED)).toHaveCount(0);
  const ipaHref = await page.getByRole('link', { name: /IPA Document/ }).getAttribute('href');
  expect(ipaHref).toMatch(/^\/api\/files\//);

  await page.getByLabel('Upload Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('img', { name: 'Photo preview' })).toBeVisible();

  // Decision 024 (changed from SPEC 4's delete-at-once): Remove clears the link in the form only;
  // stored files change when the form is saved.
  await page.getByLabel('Upload Consent Letter').setInputFiles(pdfFile('consent.pdf'));
  const consentLink = page.getByRole('link', { name: /Consent Letter/ });
  await expect(consentLink).toBeVisible();
  await page.getByRole('button', { name: 'Remove Consent Letter' }).click();
  await expect(page.getByLabel('Upload Consent Letter')).toBeVisible();
  await expect(consentLink).toHaveCount(0);

  await page.getByRole('button', { name: 'Save Worker' }).click();
  await expect(page).toHaveURL(/\/worker-management$/);

  // The list finds it by a server-side search; a name click opens the details popup.
  await searchList(page, last);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Bangladeshi');
  await expect(row.getByRole('cell').nth(2)).toHaveText('WP');
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^TD-\d{4,5}$/);

  await row.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Worker Details' });
  await expect(dialog).toBeVisible();
  await expect(detailValue(dialog, 'Name')).toHaveText(name);
  await expect(detailValue(dialog, 'Passport No.')).toHaveText(identity.passport_no);
  await expect(detailValue(dialog, 'FIN No.')).toHaveText(identity.fin_no);
  await expect(detailValue(dialog, 'Levy')).toHaveText('$500');
  await expect(detailValue(dialog, 'Coretrade')).toHaveText('R2');
  await expect(detailValue(dialog, 'Status')).toHaveText('Working');
  await expect(dialog.getByRole('link', { name: /Contract/ })).toHaveCount(0);
  const ipaLink = dialog.getByRole('link', { name: /IPA Document/ });
  await expect(ipaLink).toHaveAttribute('target', '_blank');
  await expect(ipaLink).toHaveAttribute('href', ipaHref ?? '');
  const documentResponse = await page.request.get(ipaHref ?? '');
  expect(documentResponse.status()).toBe(200);
  expect(documentResponse.headers()['content-type']).toContain('application/pdf');

  // Closes by its close button, and by a click on the backdrop.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name, exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(8, 8);
  await expect(dialog).toBeHidden();

  // The view page: WP holders show coretrade.
  await row.getByRole('link', { name: `View ${name}` }).click();
  await expect(page).toHaveURL(/\/worker\/view\/[\w-]+$/);
  const workerId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('WP · Bangladeshi')).toBeVisible();
  await expect(page.getByText(/Added on/)).toBeVisible();
  await expect(page.getByRole('img', { name: `${name} photo` })).toBeVisible();
  await expect(detailValue(page, 'Coretrade')).toHaveText('R2');
  await expect(detailValue(page, 'Designation')).toHaveText('Construction Worker');
  await expect(detailValue(page, 'Salary')).toHaveText(/^Monthly: .*1,850\.50$/);
  await expect(page.getByRole('link', { name: 'Generate Employment Letter' })).toHaveAttribute(
    'href',
    `/worker/employment-letter/${workerId}`,
  );

  // Edit: the pass changes away from WP, so coretrade goes.
  await page.getByRole('link', { name: 'Update Worker' }).click();
  await expect(page).toHaveURL(`/worker/edit/${workerId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Worker' })).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue(first);
  await expect(field(page, 'Worker ID')).toHaveValue(/^TD-\d{4,5}$/);
  await expect(page.getByRole('link', { name: /IPA Document/ })).toHaveAttribute('href', ipaHref ?? '');
  await field(page, 'Type of Pass').selectOption('EP');
  await expect(field(page, 'Coretrade')).toHaveCount(0);
  await field(page, 'Designation').fill('Rigger');
  await page.getByRole('button', { name: 'Update Worker' }).click();
  // Decision 022 (changed): the save returns to where the edit began, the view page, with a toast.
  await expect(page).toHaveURL(`/worker/view/${workerId}`);
  await expect(toast(page, 'Changes saved')).toBeVisible();
  await expect(page.getByText('EP · Bangladeshi')).toBeVisible();
  await expect(detailValue(page, 'Designation')).toHaveText('Rigger');
  await expect(page.locator('dt', { hasText: /^Coretrade/ })).toHaveCount(0);

  // Delete asks first; Cancel keeps the worker.
  await page.goto('/worker-management');
  await searchList(page, last);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(DELETE_QUESTION);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await expect(page.getByText('No workers match your search.')).toBeVisible();
});

test('a refused save shows the red alert and the field messages, and keeps the values', async ({ staffPage: page }) => {
  const last = uniqueToken();
  await page.goto('/worker/add');
  await fillRequiredFields(page, { first: 'Ravi', last, typeOfPass: 'SPass' });
  await page.getByLabel('Upload Contract').setInputFiles(pdfFile('contract.pdf'));
  await expect(page.getByRole('button', { name: 'Remove Contract' })).toBeVisible();

  await page.route(
    (url) => url.pathname === '/api/workers',
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            json: {
              error: {
                code: 'CONFLICT',
                message: 'A worker with this passport number already exists',
                fields: { passport_no: 'Passport No. is already used by another worker' },
              },
            },
          })
        : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save Worker' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to save worker information' })).toHaveText(
    'Failed to save worker information: A worker with this passport number already exists',
  );
  await expect(page.getByText('Passport No. is already used by another worker')).toBeVisible();
  await expect(page).toHaveURL(/\/worker\/add$/);
  await expect(field(page, 'Last Name')).toHaveValue(last);
  await expect(page.getByRole('button', { name: 'Save Worker' })).toBeEnabled();

  // Cancel goes back; with unsaved changes it asks first (decision 022).
  await page.unroute((url) => url.pathname === '/api/workers');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(/\/worker\/add$/);
});

test('the worker list: tiles, pagination, empty state and a failed load with Retry', async ({ staffPage: page }) => {
  // Seeds 27 workers with a stored document each; on a busy 2-core machine that alone can take 20 s.
  test.slow();
  const token = uniqueToken();
  for (let i = 0; i < 27; i += 1) {
    await seedWorker(page, { first_name: `Page${String(i).padStart(2, '0')}`, last_name: token });
  }
  await page.goto('/worker-management');
  await expect(page).toHaveTitle(`${PRODUCT_NAME} | Worker Management`);
  await expect(page.getByText(/^[+-]\d+\.\d%$/)).toBeVisible();
  for (const tile of ['Total Workers', 'Active Workers', 'Joined Last Month', 'New This Month', 'Growth Trend']) {
    await expect(page.getByText(tile, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Status Distribution' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Expiring Documents' })).toBeVisible();

  // 25 a page, answered by the server.
  await searchList(page, token);
  await expect(page.getByRole('button', { name: new RegExp(`^Page\\d\\d ${token}$`) })).toHaveCount(25);
  await expect(page.getByText('Showing 1–25 of 27')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Page\\d\\d ${token}$`) })).toHaveCount(2);
  await expect(page).toHaveURL(/page=2/);

  // The nationality filter is also answered by the server.
  await page.getByLabel('Nationality').selectOption('Thai');
  await expect(page.getByText('No workers match your search.')).toBeVisible();
  await page.getByLabel('Nationality').selectOption('');
  await expect(page.getByRole('button', { name: new RegExp(`^Page\\d\\d ${token}$`) })).toHaveCount(25);

  // No workers at all.
  const isList = (url: URL) => url.pathname === '/api/workers';
  await page.route(isList, (route) => route.fulfill({ json: { items: [], total: 0 } }));
  await page.goto('/worker-management');
  await expect(page.getByRole('heading', { name: 'No workers found.' })).toBeVisible();
  await expect(page.getByText('Add your first worker to get started.')).toBeVisible();
  await page.getByRole('link', { name: 'Add First Worker' }).click();
  await expect(page).toHaveURL(/\/worker\/add$/);
  await page.unroute(isList);

  // A failed load says so and offers Retry.
  let failing = true;
  await page.route(isList, (route) =>
    failing
      ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'The database is busy' } } })
      : route.fallback(),
  );
  await page.goto(`/worker-management?q=${token}`);
  // The client asks twice more after a 5xx, 1 s and then 2 s later (lib/query-client.ts), before it
  // shows the error: on a busy 2-core machine the three tries took longer than the default 7 s.
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load workers' })).toContainText(
    'The database is busy',
    { timeout: 20_000 },
  );
  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Page\\d\\d ${token}$`) })).toHaveCount(25);
});

test('expiring work permits: the window runs from today to 3 months ahead', async ({ staffPage: page }) => {
  const token = uniqueToken();
  const t = today();
  const edge = addMonths(t, 3);
  const seeds = {
    Today: { wp_expiry_date: t },
    Edge: { wp_expiry_date: edge },
    Thirty: { wp_expiry_date: addDays(t, 30), nationality: 'Thai' },
    Thirtyone: { wp_expiry_date: addDays(t, 31) },
    Yesterday: { wp_expiry_date: addDays(t, -1) },
    Beyond: { wp_expiry_date: addDays(edge, 1) },
  };
  for (const [first_name, values] of Object.entries(seeds)) {
    await seedWorker(page, { first_name, last_name: token, ...values });
  }

  await page.goto('/worker-management');
  await page.getByRole('link', { name: /^Expiring WP \d+/ }).click();
  await expect(page).toHaveURL(/\/expiring-wp$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Workers with Expiring Work Permits' })).toBeVisible();
  await expect(page).toHaveTitle(`${PRODUCT_NAME} | Workers with Expiring Work Permits`);
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Nationality',
    'Worker ID',
    'WP Expiry Date',
    'Days Until Expiry',
    'Actions',
  ]);

  await searchList(page, token, 'Search by name');
  const rows = page.getByRole('row').filter({ hasText: token });
  // Soonest first; the day after the window is not shown; what already expired comes first (decision 024).
  await expect(rows).toHaveCount(5);
  await expect(rows.locator('td:first-child')).toHaveText([
    `Yesterday ${token}`,
    `Today ${token}`,
    `Thirty ${token}`,
    `Thirtyone ${token}`,
    `Edge ${token}`,
  ]);
  const days = (first: string) =>
    page
      .getByRole('row', { name: new RegExp(`^${first} ${token}`) })
      .locator('td')
      .nth(4);
  await expect(days('Yesterday')).toHaveText('expired 1 day ago');
  await expect(days('Yesterday').locator('span')).toHaveClass(/text-danger/);
  await expect(days('Today')).toHaveText('0 days');
  await expect(days('Thirty')).toHaveText('30 days');
  await expect(days('Thirtyone')).toHaveText('31 days');
  // SPEC 9: 30 days or fewer in red bold.
  await expect(days('Today').locator('span')).toHaveClass(/text-danger/);
  await expect(days('Thirty').locator('span')).toHaveClass(/font-bold/);
  await expect(days('Thirtyone').locator('span')).not.toHaveClass(/text-danger/);
  await expect(days('Edge').locator('span')).not.toHaveClass(/text-danger/);

  // Nationality filter: All Nationalities plus the distinct values.
  await page.getByLabel('Nationality').selectOption('Thai');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Thirty ${token}`);
  await page.getByLabel('Nationality').selectOption('All Nationalities');
  await expect(rows).toHaveCount(5);

  // Delete with confirm.
  await page.getByRole('button', { name: `Delete Thirtyone ${token}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(DELETE_QUESTION);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(4);

  // A name click goes to the worker view.
  await page.getByRole('link', { name: `Today ${token}`, exact: true }).click();
  await expect(page).toHaveURL(/\/worker\/view\//);
  await expect(page.getByRole('heading', { level: 1, name: `Today ${token}` })).toBeVisible();
});

test('expiring coretrade: WP holders only, with the Coretrade column', async ({ staffPage: page }) => {
  const token = uniqueToken();
  const t = today();
  const edge = addMonths(t, 3);
  await seedWorker(page, { first_name: 'Today', last_name: token, coretrade: 'R2', coretrade_expiry_date: t });
  await seedWorker(page, {
    first_name: 'Edge',
    last_name: token,
    coretrade: 'Abv 6 Years',
    coretrade_expiry_date: edge,
  });
  await seedWorker(page, { first_name: 'Yesterday', last_name: token, coretrade_expiry_date: addDays(t, -1) });
  await seedWorker(page, { first_name: 'Beyond', last_name: token, coretrade_expiry_date: addDays(edge, 1) });
  await seedWorker(page, {
    first_name: 'Spass',
    last_name: token,
    type_of_pass: 'SPass',
    coretrade: 'R1',
    coretrade_expiry_date: addDays(t, 5),
  });

  await page.goto('/worker-management');
  await page.getByRole('link', { name: /^Expiring Coretrade \d+/ }).click();
  await expect(page).toHaveURL(/\/expiring-coretrade$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Workers with Expiring Coretrade Certifications' }),
  ).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Nationality',
    'Worker ID',
    'Coretrade',
    'Coretrade Expiry Date',
    'Days Until Expiry',
    'Actions',
  ]);
  await searchList(page, token, 'Search by name');
  const rows = page.getByRole('row').filter({ hasText: token });
  // The expired one first (decision 024), then the window; the SPass holder never.
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('td:first-child')).toHaveText([`Yesterday ${token}`, `Today ${token}`, `Edge ${token}`]);
  await expect(rows.nth(1).locator('td').nth(3)).toHaveText('R2');
  await expect(rows.nth(1).locator('td').nth(5).locator('span')).toHaveClass(/text-danger/);
  await expect(rows.last().locator('td').nth(3)).toHaveText('Abv 6 Years');
});

test('the expiring pages show their empty states', async ({ staffPage: page }) => {
  const empty = { items: [], total: 0, expired: [], expired_total: 0, nationalities: [] };
  await page.route('**/api/workers/expiring-wp*', (route) => route.fulfill({ json: empty }));
  await page.route('**/api/workers/expiring-coretrade*', (route) => route.fulfill({ json: empty }));

  await page.goto('/expiring-wp');
  await expect(page.getByRole('heading', { name: 'No Expiring Work Permits' })).toBeVisible();
  await expect(page.getByText('No work permits expire within the next 3 months.')).toBeVisible();

  await page.goto('/expiring-coretrade');
  await expect(page.getByRole('heading', { name: 'No Expiring Coretrade Certifications' })).toBeVisible();
  await expect(page.getByText('No coretrade certifications expire within the next 3 months.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Worker Management' }).click();
  await expect(page).toHaveURL(/\/worker-management$/);
});

test('the status dashboard is reached from a tile and lists that status', async ({ staffPage: page }) => {
  const token = uniqueToken();
  const worker = await seedWorker(page, { first_name: 'Ipa', last_name: token, status: 'IPA Issued' });
  await seedWorker(page, { first_name: 'Working', last_name: token, status: 'Working' });
  const name = fullName(worker);

  await page.goto('/worker-management');
  await page.getByRole('link', { name: /^IPA Issued \d+/ }).click();
  await expect(page).toHaveURL(/\/workers-by-status\?status=IPA(%20|\+)Issued$/);
  await expect(page.getByRole('heading', { level: 1, name: 'IPA Issued Workers' })).toBeVisible();
  await expect(page).toHaveTitle(`${PRODUCT_NAME} | IPA Issued Workers`);
  await expect(page.getByRole('link', { name: 'Add New Worker' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Nationality',
    'Type of Pass',
    'Worker ID',
    'Status',
    'Actions',
  ]);

  await searchList(page, token, 'Search by name');
  const rows = page.getByRole('row').filter({ hasText: token });
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td').nth(4)).toHaveText('IPA Issued');

  // The same details popup as the worker list.
  await rows.first().getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Worker Details' });
  await expect(detailValue(dialog, 'Worker ID')).toHaveText(worker.worker_id);
  await expect(dialog.getByRole('link', { name: /Contract/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await rows
    .first()
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No workers found with status "IPA Issued"')).toBeVisible();

  // The Training tile is the Undergoing Training status; unknown values show raw; no status is All Workers.
  await page.goto('/worker-management');
  await page.getByRole('link', { name: /^Training \d+/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Undergoing Training Workers' })).toBeVisible();
  await page.goto('/workers-by-status?status=Retired');
  await expect(page.getByRole('heading', { level: 1, name: 'Retired Workers' })).toBeVisible();
  await expect(page.getByText('No workers found with status "Retired"')).toBeVisible();
  await page.goto(`/workers-by-status?q=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'All Workers' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: token })).toHaveCount(1);
});

test('a worker that does not exist shows Worker not found', async ({ staffPage: page }) => {
  await page.goto('/worker/view/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Worker not found' })).toBeVisible();
  await page.goto('/worker/edit/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Worker not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' }).last()).toBeVisible();

  await page.route('**/api/workers/11111111-1111-4111-8111-111111111111', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }),
  );
  await page.goto('/worker/view/11111111-1111-4111-8111-111111111111');
  await expect(page.getByRole('alert')).toHaveText('Failed to fetch worker details');
});

test('the worker screens have no serious accessibility violations', async ({ staffPage: page }) => {
  // axe takes seconds per page on a busy 2-core machine; seven pages need more than the default.
  test.slow();
  const worker = await seedWorker(page, { first_name: 'Axe', last_name: uniqueToken() });
  const pages = [
    '/worker-management',
    '/worker/add',
    `/worker/edit/${worker.id}`,
    `/worker/view/${worker.id}`,
    '/expiring-wp',
    '/expiring-coretrade',
    '/workers-by-status?status=Working',
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[role=status]').filter({ hasText: /^Loading/ })).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  }
});
