import { PAYSLIP_DOCUMENT_MESSAGES, payslipEmailedMessage } from '@td/shared/options/payslip-documents';
import { apiRequest, expect, test } from './fixtures.ts';
import {
  clearWorkerEmail,
  GeneratePayslipScreen,
  generatePayslipViaApi,
  PayslipListScreen,
  seedTimesheets,
  workingDays,
} from './pages/payslips.ts';
import { fullName, seedWorker, uniqueToken } from './pages/workers.ts';

test('generates with e-mail on, sees Sent, previews the PDF and downloads it by its name', async ({
  staffPage: page,
}) => {
  const last = uniqueToken();
  const worker = await seedWorker(page, {
    first_name: 'Siti',
    last_name: last,
    rate_type: 'Daily',
    salary_rate: '95',
    email: 'siti@example.com',
  });
  const name = fullName(worker);
  seedTimesheets(
    worker.id,
    workingDays('2018-05-01', '2018-05-31').map((date) => ({ date, hours: 8, overtime: 1 })),
  );

  const screen = new GeneratePayslipScreen(page);
  await screen.open();
  await screen.pickWorker(last);
  await screen.setPeriod('2018-05-01', '2018-05-31');
  await screen.calculate();
  await page.getByRole('checkbox', { name: 'Send payslip to the worker by email' }).check();
  await page.getByRole('button', { name: 'Generate Payslip' }).click();
  await expect(page).toHaveURL(/\/payslip$/, { timeout: 5_000 });

  const list = new PayslipListScreen(page);
  await page.getByLabel('Month').fill('2018-05');
  await list.search(last);
  const row = list.row(name);
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();

  await row
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Generate PDF' }).click();
  const preview = page.getByTitle('Payslip PDF preview');
  await expect(preview).toBeVisible();
  const fileName = `Payslip_${worker.worker_id}_2018-05-01_2018-05-31.pdf`;
  await expect(page.getByRole('heading', { name: fileName })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);

  // Emailing again from the detail page says where it went (the outbox: no SMTP server in the test).
  await page.getByRole('button', { name: 'Email Payslip' }).click();
  await expect(page.getByText(payslipEmailedMessage(name, 'siti@example.com'))).toBeVisible();
  await expect(page.getByText(/No mail server is configured, so the message was saved/)).toBeVisible();
});

test('a Paid payslip cannot be emailed, and the batch e-mail reports each payslip', async ({ staffPage: page }) => {
  const last = uniqueToken();
  const withEmail = await seedWorker(page, { first_name: 'Arun', last_name: last, email: 'arun@example.com' });
  const noEmail = await seedWorker(page, { first_name: 'Bala', last_name: last });
  clearWorkerEmail(noEmail.id);
  const period = { pay_period_start: '2018-06-01', pay_period_end: '2018-06-30' };
  const first = await generatePayslipViaApi(page, { worker_id: withEmail.id, ...period });
  await generatePayslipViaApi(page, { worker_id: noEmail.id, ...period });

  const list = new PayslipListScreen(page);
  await list.open('month=2018-06');
  await list.search(last);
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Batch Select' }).click();
  await page.getByRole('button', { name: 'Select All' }).click();
  await page.getByRole('button', { name: 'Email 2 Selected' }).click();
  const panel = page.getByRole('region', { name: 'Batch e-mail' });
  await expect(panel.getByText('Finished: 1 emailed, 1 failed of 2 payslip(s)')).toBeVisible();
  await expect(panel.getByText(payslipEmailedMessage(fullName(withEmail), 'arun@example.com'))).toBeVisible();
  await expect(panel.getByText(PAYSLIP_DOCUMENT_MESSAGES.noEmailAddress)).toBeVisible();
  await expect(list.row(fullName(withEmail)).getByText('Sent', { exact: true })).toBeVisible();

  // Decision 082: a Paid payslip may still be e-mailed (MOM: with the payment or within 3 working days).
  await apiRequest(page, 'POST', '/api/payslips/mark-paid', { ids: [first.id] });
  await page.goto(`/payslip/view/${first.id}`);
  await expect(page.getByRole('button', { name: 'Email Payslip' })).toBeEnabled();
});
