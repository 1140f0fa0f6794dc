import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { EmploymentLetterScreen } from './pages/employment-letter.ts';
import { fullName, seedWorker, uniqueToken } from './pages/workers.ts';

test('from the worker view: generate the letter, see the preview, download Employment_Letter_{first}_{last}.pdf', async ({
  staffPage: page,
}) => {
  const worker = await seedWorker(page, {
    first_name: 'Letter',
    last_name: uniqueToken(),
    designation: 'Steel Bar Bender',
    rate_type: 'Daily',
    salary_rate: '95',
  });
  const name = fullName(worker);
  const screen = new EmploymentLetterScreen(page);

  await page.goto(`/worker/view/${worker.id}`);
  await page.getByRole('link', { name: 'Generate Employment Letter' }).click();
  await expect(page).toHaveURL(new RegExp(`/worker/employment-letter/${worker.id}$`));
  await expect(screen.heading).toBeVisible();
  await expect(page).toHaveTitle(/Employment Letter/);

  // SPEC 2: the Worker Details card.
  await expect(page.getByRole('heading', { name: 'Worker Details' })).toBeVisible();
  await expect(screen.detail('Name')).toHaveText(name);
  await expect(screen.detail('Worker ID')).toHaveText(worker.worker_id);
  await expect(screen.detail('FIN No.')).toHaveText(worker.fin_no ?? '');
  await expect(screen.detail('WP No.')).toHaveText(worker.wp_no ?? '');
  await expect(screen.detail('Designation')).toHaveText('Steel Bar Bender');
  await expect(screen.detail('Salary')).toHaveText('Daily: $95.00');
  await expect(screen.downloadButton).toHaveCount(0);

  // Generating... while busy, then the 800 px preview and Download PDF.
  await screen.slowDownLetter(600);
  await screen.generateButton.click();
  await expect(screen.generatingButton).toBeDisabled();
  const preview = screen.preview(name);
  await expect(preview).toBeVisible();
  await expect(screen.generateButton).toBeEnabled();
  expect((await preview.boundingBox())?.height).toBe(800);
  expect(await preview.getAttribute('src')).toMatch(/^blob:/);

  const downloading = page.waitForEvent('download');
  await screen.downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Employment_Letter_${worker.first_name}_${worker.last_name}.pdf`);
  const file = test.info().outputPath('letter.pdf');
  await download.saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(`Dear ${name},`);
  expect(text).toContain('The Company employs you as a Steel Bar Bender');
  expect(text).toContain('SGD 95.00 per day');
});

test('the letter screen says what is wrong: no id, unknown worker, load failure, generation failure', async ({
  staffPage: page,
}) => {
  const screen = new EmploymentLetterScreen(page);

  await page.goto('/worker/employment-letter');
  await expect(screen.alert).toHaveText('No worker ID provided');

  await screen.open('00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Worker not found' })).toBeVisible();

  await page.route('**/api/workers/11111111-1111-4111-8111-111111111111', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }),
  );
  await screen.open('11111111-1111-4111-8111-111111111111');
  await expect(screen.alert).toHaveText('Failed to fetch worker details');
  await expect(page.getByRole('main').getByRole('button', { name: 'Back' })).toBeVisible();

  // The worker is deleted after the screen loaded it: the server answers 404 for the letter.
  const worker = await seedWorker(page, { first_name: 'Gone', last_name: uniqueToken() });
  await screen.open(worker.id);
  await expect(screen.generateButton).toBeVisible();
  await page.request.delete(`/api/workers/${worker.id}`, { headers: { origin: new URL(page.url()).origin } });
  await screen.generateButton.click();
  await expect(screen.alert).toHaveText('Failed to generate employment letter: Worker not found');
  await expect(screen.downloadButton).toHaveCount(0);
});

test('the letter screen has no serious accessibility violations', async ({ staffPage: page }) => {
  const worker = await seedWorker(page, { first_name: 'Axe', last_name: uniqueToken() });
  const screen = new EmploymentLetterScreen(page);
  await screen.open(worker.id);
  await expect(screen.generateButton).toBeVisible();
  await screen.generateButton.click();
  await expect(screen.downloadButton).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});
