import AxeBuilder from '@axe-core/playwright';
import { PRODUCT_NAME } from '@td/shared/options/product';
import { duplicateTimesheetMessage } from '@td/shared/schemas/timesheet';
import { expect, test } from './fixtures.ts';
import { seedTimesheet, seedTimesheetWorker, TimesheetsPage } from './pages/timesheets.ts';
import { fullName, uniqueToken } from './pages/workers.ts';

/**
 * Each test works in months of its own, far from today, so the shared e2e database's other timesheets
 * never change its summary figures.
 */

/** The date as the app shows it (the browser's local format, SPEC 9). */
const shownDate = (isoDate: string) => new Date(`${isoDate}T00:00:00`).toLocaleDateString();

test('adds a timesheet through the worker picker with the hours computed before saving, and refuses a duplicate', async ({
  staffPage: page,
}) => {
  const timesheets = new TimesheetsPage(page);
  const worker = await seedTimesheetWorker(page, { first_name: 'Ravi' });
  const name = fullName(worker);

  await timesheets.gotoList('2003-01');
  await expect(page).toHaveTitle(`${PRODUCT_NAME} | Timesheet Management`);
  await expect(page.getByRole('heading', { name: 'No timesheets for January 2003.' })).toBeVisible();
  await timesheets.expectSummary({ Workers: '0', Timesheets: '0', 'Total Hours': '0.00', 'Total Overtime': '0.00' });

  await page.getByRole('link', { name: 'Add New Timesheet' }).first().click();
  await expect(page).toHaveURL(/\/timesheet\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Timesheet' })).toBeVisible();

  // SPEC 5: Worker and Work date are required, both messages at once, focus on the first.
  await timesheets.field('Work Date').fill('');
  await page.getByRole('button', { name: 'Save Timesheet' }).click();
  await expect(page.getByText('Worker is required')).toBeVisible();
  await expect(page.getByText('Work date is required')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Worker/ })).toBeFocused();

  // The picker searches the server as you type; arrow keys and Enter choose.
  const picker = page.getByRole('combobox', { name: /^Worker/ });
  await picker.fill(worker.last_name);
  await expect(page.getByRole('option', { name: `${name} ${worker.worker_id}` })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue(`${name} (${worker.worker_id})`);
  await expect(page.getByText('Worker is required')).toBeHidden();

  await timesheets.field('Work Date').fill('2003-01-15');
  // SPEC 9 live: 19:00 to 07:30 is 12.5 h past midnight, less the 1 h break: 8 regular, 3.5 overtime.
  await timesheets.field('Time In').fill('19:00');
  await timesheets.field('Time Out').fill('07:30');
  await expect(timesheets.field('Hours Worked')).toHaveValue('8.00');
  await expect(timesheets.field('Overtime Hours')).toHaveValue('3.50');
  await expect(timesheets.field('Hours Worked')).toHaveAttribute('readonly', '');
  await timesheets.field('Notes').fill('Night pour at level 5');

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('button', { name: 'Save Timesheet' }).click();
  await expect(page).toHaveURL(/\/timesheet\?month=2003-01$/);
  const row = timesheets.row(name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(worker.worker_id);
  await expect(row).toContainText(shownDate('2003-01-15'));
  await expect(row).toContainText('19:00');
  await expect(row).toContainText('07:30');
  await expect(row).toContainText('8.00');
  await expect(row).toContainText('3.50');
  await timesheets.expectSummary({ Workers: '1', Timesheets: '1', 'Total Hours': '8.00', 'Total Overtime': '3.50' });

  // SPEC 5: a second one for the worker and date is refused with the spec's message in the red banner.
  await page.goto('/timesheet/add');
  await timesheets.pickWorker('Worker', worker.worker_id, worker);
  await timesheets.field('Work Date').fill('2003-01-15');
  await timesheets.field('Time In').fill('08:00');
  await timesheets.field('Time Out').fill('17:00');
  await page.getByRole('button', { name: 'Save Timesheet' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'already exists' })).toHaveText(
    duplicateTimesheetMessage(name, '2003-01-15'),
  );
  await expect(page).toHaveURL(/\/timesheet\/add$/);
});

test('the month filter changes the list and the summary cards', async ({ staffPage: page }) => {
  const timesheets = new TimesheetsPage(page);
  const ali = await seedTimesheetWorker(page, { first_name: 'Ali' });
  const min = await seedTimesheetWorker(page, { first_name: 'Min' });
  await seedTimesheet(page, { worker_id: ali.id, work_date: '2004-03-02', time_in: '08:00', time_out: '17:00' });
  await seedTimesheet(page, { worker_id: ali.id, work_date: '2004-03-03', time_in: '07:53', time_out: '17:08' });
  await seedTimesheet(page, { worker_id: min.id, work_date: '2004-03-31', time_in: '22:00', time_out: '06:00' });
  await seedTimesheet(page, { worker_id: min.id, work_date: '2004-04-01', time_in: '08:00', time_out: '21:30' });

  await timesheets.gotoList('2004-03');
  await expect(page.getByRole('heading', { name: 'Timesheets for March 2004' })).toBeVisible();
  // 8 + 8 + 7 regular; 0 + 0.25 + 0 overtime.
  await timesheets.expectSummary({ Workers: '2', Timesheets: '3', 'Total Hours': '23.00', 'Total Overtime': '0.25' });
  await expect(timesheets.rows()).toHaveCount(3);
  // Newest work date first.
  await expect(timesheets.rows().first()).toContainText(fullName(min));

  await timesheets.setMonth('2004-04');
  await expect(page.getByRole('heading', { name: 'Timesheets for April 2004' })).toBeVisible();
  await timesheets.expectSummary({ Workers: '1', Timesheets: '1', 'Total Hours': '8.00', 'Total Overtime': '4.50' });
  await expect(timesheets.rows()).toHaveCount(1);

  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/month=2004-03/);
  await timesheets.expectSummary({ Workers: '2', Timesheets: '3', 'Total Hours': '23.00', 'Total Overtime': '0.25' });

  // Worker filter through the picker, and the name search.
  await timesheets.pickWorker('Worker', ali.last_name, ali);
  await expect(page).toHaveURL(new RegExp(`worker_id=${ali.id}`));
  await expect(timesheets.rows()).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear Worker' }).click();
  await expect(timesheets.rows()).toHaveCount(3);
  await page.getByLabel('Search by worker name').fill(`Min ${min.last_name}`);
  await expect(timesheets.rows()).toHaveCount(1);
  await expect(timesheets.rows().first()).toContainText(fullName(min));
  await page.goBack();
  await expect(page).not.toHaveURL(/q=/);

  // Back returns to the previous month's view.
  await timesheets.gotoList('2004-04');
  await page.goBack();
  await expect(page).toHaveURL(/month=2004-03/);
});

test('views, edits and deletes a timesheet', async ({ staffPage: page }) => {
  const timesheets = new TimesheetsPage(page);
  const worker = await seedTimesheetWorker(page, { first_name: 'Siti' });
  const other = await seedTimesheetWorker(page, { first_name: 'Kyaw' });
  const name = fullName(worker);
  await seedTimesheet(page, { worker_id: worker.id, work_date: '2005-05-06', time_in: '08:00', time_out: '17:00' });

  await timesheets.gotoList('2005-05');
  await timesheets
    .row(name)
    .getByRole('link', { name: `View timesheet of ${name}, ${shownDate('2005-05-06')}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Timesheet Details' })).toBeVisible();
  await expect(timesheets.detailValue('Worker Name')).toHaveText(name);
  await expect(timesheets.detailValue('Worker ID')).toHaveText(worker.worker_id);
  await expect(timesheets.detailValue('Work Date')).toHaveText(shownDate('2005-05-06'));
  await expect(timesheets.detailValue('Time In')).toHaveText('08:00');
  await expect(timesheets.detailValue('Time Out')).toHaveText('17:00');
  await expect(timesheets.detailValue('Hours Worked')).toHaveText('8.00');
  await expect(timesheets.detailValue('Overtime Hours')).toHaveText('0.00');
  await expect(page.getByText('No notes provided')).toBeVisible();
  await expect(timesheets.detailValue('Created')).not.toHaveText('N/A');
  await expect(timesheets.detailValue('Last Updated')).not.toHaveText('N/A');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Timesheet' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Worker/ })).toHaveValue(`${name} (${worker.worker_id})`);
  await expect(timesheets.field('Time In')).toHaveValue('08:00');
  await timesheets.field('Time Out').fill('19:45');
  await expect(timesheets.field('Overtime Hours')).toHaveValue('2.75');
  await timesheets.field('Notes').fill('Stayed for the crane lift');
  await page.getByRole('button', { name: 'Update Timesheet' }).click();
  // Back on the details it was opened from, with the new figures.
  await expect(page).toHaveURL(/\/timesheet\/view\//);
  await expect(timesheets.detailValue('Time Out')).toHaveText('19:45');
  await expect(timesheets.detailValue('Overtime Hours')).toHaveText('2.75');
  await expect(page.getByText('Stayed for the crane lift')).toBeVisible();

  // Moving it onto a day the other worker already has is refused (edit keeps the rule).
  await seedTimesheet(page, { worker_id: other.id, work_date: '2005-05-06', time_in: '08:00', time_out: '17:00' });
  await page.getByRole('link', { name: 'Edit' }).click();
  await timesheets.pickWorker('Worker', other.last_name, other);
  await page.getByRole('button', { name: 'Update Timesheet' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'already exists' })).toHaveText(
    duplicateTimesheetMessage(fullName(other), '2005-05-06'),
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Timesheet Details' })).toBeVisible();

  // Delete from the list, with confirmation.
  await page.getByRole('link', { name: 'Back to Timesheets' }).click();
  await expect(page).toHaveURL(/month=2005-05/);
  // The other worker's day has times too (probe finding 16): 8 h each.
  await timesheets.expectSummary({ Workers: '2', Timesheets: '2', 'Total Hours': '16.00', 'Total Overtime': '2.75' });
  await timesheets
    .row(name)
    .getByRole('button', { name: `Delete timesheet of ${name}, ${shownDate('2005-05-06')}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete timesheet?' });
  await expect(dialog).toContainText('Are you sure you want to delete this timesheet?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(timesheets.row(name)).toHaveCount(0);
  await timesheets.expectSummary({ Workers: '1', Timesheets: '1', 'Total Hours': '8.00', 'Total Overtime': '0.00' });
});

test('a missing timesheet shows Timesheet Not Found', async ({ staffPage: page }) => {
  await page.goto('/timesheet/view/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55');
  await expect(page.getByRole('heading', { name: 'Timesheet Not Found' })).toBeVisible();
  await expect(page.getByText('The requested timesheet could not be found.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Timesheets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Timesheet Management' })).toBeVisible();
});

test('crew entry saves five workers at once and reports the one that already had the day', async ({
  staffPage: page,
}) => {
  const timesheets = new TimesheetsPage(page);
  const company = `Crew ${uniqueToken()} Pte Ltd`;
  const crew = [];
  for (const first of ['Aung', 'Babu', 'Chen', 'Dinesh']) {
    crew.push(await seedTimesheetWorker(page, { first_name: first, supplied_to_company: company }));
  }
  const extra = await seedTimesheetWorker(page, { first_name: 'Eko', supplied_to_company: 'Elsewhere Pte Ltd' });
  const [aung, babu] = crew;
  if (!aung || !babu) throw new Error('crew not seeded');
  // Babu already has that day.
  await seedTimesheet(page, { worker_id: babu.id, work_date: '2006-02-14', time_in: '09:00', time_out: '18:00' });

  await timesheets.gotoList('2006-02');
  await page.getByRole('link', { name: 'Crew Entry' }).first().click();
  await expect(page).toHaveURL(/\/timesheet\/crew$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crew Entry' })).toBeVisible();
  await timesheets.field('Work Date').fill('2006-02-14');

  await page.getByLabel('Add every Working worker supplied to').selectOption({ label: `${company} (4)` });
  await page.getByRole('button', { name: 'Add Crew' }).click();
  await expect(page.getByText('4 workers added.')).toBeVisible();
  await timesheets.pickWorker('Add a worker', extra.last_name, extra);
  await expect(page.getByRole('combobox', { name: 'Add a worker' })).toHaveValue('');
  const rows = page.getByRole('list', { name: 'Crew rows' }).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  // The contract's 08:00-17:00 by default; one row changed, its hours computed at once.
  await expect(page.getByLabel(`Time In for ${fullName(aung)}`)).toHaveValue('08:00');
  await expect(page.getByLabel(`Time Out for ${fullName(aung)}`)).toHaveValue('17:00');
  await page.getByLabel(`Time Out for ${fullName(extra)}`).fill('19:30');
  await expect(rows.filter({ hasText: fullName(extra) })).toContainText('8.00 h');
  await expect(rows.filter({ hasText: fullName(extra) })).toContainText('+2.50 OT');

  // Probe finding 18: before Save the form says who already has the day.
  await expect(
    page.getByRole('status').filter({ hasText: `1 of 5 already has a timesheet on ${shownDate('2006-02-14')}` }),
  ).toContainText(fullName(babu));
  await expect(rows.filter({ hasText: fullName(babu) })).toContainText('Already has a timesheet that day');

  await page.getByRole('button', { name: 'Save 5 Timesheets' }).click();
  // The result is in view and focused; the skipped row stays on the form, the saved ones leave it.
  const report = page.getByRole('region', { name: 'Crew entry result' });
  await expect(report).toBeFocused();
  await expect(report).toBeInViewport();
  await expect(report).toContainText(`4 timesheets saved for ${shownDate('2006-02-14')}; 1 skipped`);
  await expect(report).toContainText(duplicateTimesheetMessage(fullName(babu), '2006-02-14'));
  await expect(page).toHaveURL(/\/timesheet\/crew$/);
  await expect(rows).toHaveCount(1);
  await expect(page.getByLabel(`Time In for ${fullName(babu)}`)).toHaveValue('08:00');
  await report.getByRole('link', { name: /View the timesheets of/ }).click();
  // The skipped row is still unsaved: leaving asks first.
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/timesheet\?month=2006-02$/);
  await expect(timesheets.rows()).toHaveCount(5);
  // 4 new rows of 8 h (one with 2.5 h overtime) and Babu's own 8 h.
  await timesheets.expectSummary({ Workers: '5', Timesheets: '5', 'Total Hours': '40.00', 'Total Overtime': '2.50' });
  await expect(timesheets.row(fullName(babu))).toContainText('09:00');
});
