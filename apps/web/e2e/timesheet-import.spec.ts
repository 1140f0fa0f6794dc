import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { apiRequest, expect, test } from './fixtures.ts';
import { seedTimesheetWorker, TimesheetsPage } from './pages/timesheets.ts';
import { uniqueToken } from './pages/workers.ts';

/**
 * Decision 091's "done when": an Excel file of a crew's month with two bad rows, fixed from the error
 * CSV, imported, seen in the site's month summary, imported again (nothing added), and the manpower
 * report downloaded. March 2008 (a past month: a timesheet records work done) belongs to this test
 * alone: the timesheet list's month cards count every timesheet of a month.
 */
test('imports a crew month from Excel, fixes the bad rows from the error CSV, and downloads the manpower report', async ({
  staffPage: page,
}) => {
  test.setTimeout(120_000);
  const workers = [
    await seedTimesheetWorker(page, { first_name: 'Ravi' }),
    await seedTimesheetWorker(page, { first_name: 'Aung' }),
    await seedTimesheetWorker(page, { first_name: 'Siti' }),
  ];
  const token = uniqueToken();
  const site = await apiRequest<{ id: string; name: string; client_company: string }>(page, 'POST', '/api/sites', {
    name: `Tengah ${token}`,
    client_company: `Acme Builders ${token}`,
  });

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Attendance');
  sheet.addRow(['Worker', 'Date', 'Time In', 'Time Out']);
  for (let day = 1; day <= 6; day += 1) {
    for (const [index, worker] of workers.entries()) {
      const date = `${String(day).padStart(2, '0')}/03/2008`;
      // Two bad rows: an unknown worker and an impossible date.
      if (index === 2 && day === 5) sheet.addRow(['TD-NOBODY', date, '08:00', '17:00']);
      else if (index === 2 && day === 6) sheet.addRow([worker.worker_id, '32/03/2008', '08:00', '17:00']);
      else sheet.addRow([worker.worker_id, date, '08:00', '17:00']);
    }
  }
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  const excel = {
    name: 'crew-march.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  };

  await page.goto('/timesheet/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Attendance' })).toBeVisible();
  const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    await page.getByLabel('Attendance file').setInputFiles(file);
    await expect(page.getByRole('heading', { name: /^Columns/ })).toBeVisible();
    await page.getByLabel('Worker column (FIN, TD- id or name)').selectOption('Worker');
    await page.getByLabel('Date column').selectOption('Date');
    await page.getByLabel('Date format').selectOption('DD/MM/YYYY');
    await page.getByLabel('Time In column (24-hour or 7:30 AM)').selectOption('Time In');
    await page.getByLabel('Time Out column').selectOption('Time Out');
    await page.getByLabel('Site for rows that name none').selectOption(site.id);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  };
  const counts = page.getByRole('list', { name: 'Rows by outcome' });

  await choose(excel);
  await expect(counts).toContainText('New: 16');
  await expect(counts).toContainText('Error: 2');
  await expect(
    page.getByRole('cell', { name: 'Unknown worker: no worker has this FIN, TD- id or name' }),
  ).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download rows in error (CSV)' }).click(),
  ]);
  const errorCsv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  expect(errorCsv).toContain('Worker,Date,Time In,Time Out,Reason');
  await page.getByRole('button', { name: 'Import 16 new timesheets' }).click();
  await expect(page.getByText('16 timesheets added.')).toBeVisible();

  // Fix the two rows in the error file and upload it again.
  const fixed = errorCsv.replace('TD-NOBODY', workers[2]?.worker_id ?? '').replace('32/03/2008', '06/03/2008');
  await choose({ name: 'crew-march-errors.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await expect(counts).toContainText('New: 2');
  await expect(counts).toContainText('Error: 0');
  await page.getByRole('button', { name: 'Import 2 new timesheets' }).click();
  await expect(page.getByText('2 timesheets added.')).toBeVisible();

  // The site's month summary.
  const timesheets = new TimesheetsPage(page);
  await page.goto(`/timesheet?month=2008-03&site_id=${site.id}`);
  await timesheets.expectSummary({ Workers: '3', Timesheets: '18', 'Total Hours': '144.00', 'Total Overtime': '0.00' });

  // The same Excel file again adds nothing.
  await page.goto('/timesheet/import');
  await choose(excel);
  await expect(counts).toContainText('New: 0');
  await expect(counts).toContainText('Duplicate: 16');
  await page.getByRole('button', { name: 'Import 0 new timesheets' }).click();
  await expect(page.getByText('0 timesheets added.')).toBeVisible();
  await page.goto(`/timesheet?month=2008-03&site_id=${site.id}`);
  await timesheets.expectSummary({ Workers: '3', Timesheets: '18', 'Total Hours': '144.00', 'Total Overtime': '0.00' });

  // The manpower report of the site and month.
  await page.goto('/reports/manpower');
  await page.getByLabel('Site').selectOption(site.id);
  await page.getByLabel('Month').fill('2008-03');
  await expect(page.getByRole('table', { name: `Manpower at ${site.name}, 2008-03` }).locator('tbody tr')).toHaveCount(
    3,
  );
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const reportCsv = fs.readFileSync((await report.path()) ?? '', 'utf8');
  expect(reportCsv).toContain('S/N,FIN,Name,Nationality,Trade,Pass Type,Days Worked,Hours Worked');
  expect(reportCsv).toContain(',6,48.00');

  // Decision 090: the worker form suggests the active sites' clients for Supplied to Company.
  await page.goto('/worker/add');
  await expect(page.getByLabel('Supplied to Company')).toHaveAttribute('list', 'site-client-companies');
  await expect(page.locator(`#site-client-companies > option[value="${site.client_company}"]`)).toHaveCount(1);
});
