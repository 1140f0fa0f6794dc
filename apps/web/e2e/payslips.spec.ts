import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  batchPaidConfirmMessage,
  batchPaidSuccessMessage,
  NO_TIMESHEETS_MESSAGE,
  PAYSLIP_MESSAGES,
  payslipExistsMessage,
} from '@td/shared/options/payslips';
import type { Worker } from '@td/shared/schemas/worker';
import { apiRequest, expect, test } from './fixtures.ts';
import {
  chargeStatuses,
  GeneratePayslipScreen,
  generatePayslipViaApi,
  listPayslipsViaApi,
  PayslipListScreen,
  seedCharges,
  seedTimesheets,
  sgd,
  workingDays,
} from './pages/payslips.ts';
import { fullName, seedWorker, uniqueToken, uploadFileViaApi } from './pages/workers.ts';

/** Each line rounded half-up to the cent (decision 092). */
const halfUp = (cents: number) => Math.floor(cents + 0.5);

test('calculates a payslip, generates it, and finds it in the list and its popup', async ({ staffPage: page }) => {
  const last = uniqueToken();
  const worker = await seedWorker(page, {
    first_name: 'Rahim',
    last_name: last,
    rate_type: 'Monthly',
    salary_rate: '1850',
    email: 'rahim@example.com',
  });
  const name = fullName(worker);
  // 23 days of 8 h and one of 3.25 h = 187.25 h; 2.5 h overtime on five days = 12.5 h (March 2019).
  const days = workingDays('2019-03-01', '2019-03-31').slice(0, 24);
  seedTimesheets(
    worker.id,
    days.map((date, i) => ({ date, hours: i === 23 ? 3.25 : 8, overtime: i < 5 ? 2.5 : 0 })),
  );
  seedCharges(worker.id, [
    // Decision 092: only Approved charges are deducted, and "Other" only with the worker's written consent.
    { date: '2019-03-01', type: 'Attendance', amount: 50, status: 'Approved' },
    { date: '2019-03-31', type: 'Other', amount: 25.5, status: 'Approved' },
    { date: '2019-04-01', type: 'Other', amount: 99.99 },
  ]);

  const screen = new GeneratePayslipScreen(page);
  await screen.open();
  // SPEC 5: nothing chosen.
  await screen.calculate();
  await expect(page.getByText(PAYSLIP_MESSAGES.selectWorker)).toBeVisible();
  await expect(page.getByText(PAYSLIP_MESSAGES.selectBothDates)).toBeVisible();
  // The e-mail option waits for a worker.
  await expect(page.getByRole('checkbox', { name: 'Send payslip to the worker by email' })).toBeDisabled();

  await screen.pickWorker(last);
  await expect(page.getByLabel('Worker ID')).toHaveValue(worker.worker_id);
  await expect(page.getByLabel('Worker ID')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('FIN No.')).toHaveValue(worker.fin_no ?? '');
  await expect(page.getByLabel('WP No.')).toHaveValue(worker.wp_no ?? '');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('rahim@example.com');

  await screen.setPeriod('2019-03-31', '2019-03-01');
  await screen.calculate();
  await expect(page.getByText(PAYSLIP_MESSAGES.startAfterEnd)).toBeVisible();

  await screen.setPeriod('2019-03-01', '2019-03-31');
  await screen.calculate();
  // The Employment Act's rules (the default, PAYROLL-SG 2), computed here by hand:
  // - basic: a whole month employed is the monthly salary, 1,850.00;
  // - overtime: 2.5 h past 8 on five days (12.5 h) plus, for the weeks of 4-10, 11-17 and 18-24 March
  //   (6 days of 8 normal hours, 48 h), 4 h past 44 each (12 h): 24.5 h at 1.5 x 12 x 1850 / (52 x 44)
  //   = 14.554195... an hour = 356.577797... -> 356.58 (the week of 25-31 March has 27.25 h);
  // - deductions: the approved Attendance charge (50.00); "Other" has no written consent: not deducted.
  // Hours worked are each day's hours and overtime (T): 23 x 8 + 3.25 + 12.5 = 199.75.
  await expect(screen.line('Basic Salary')).toHaveText(sgd(1850));
  await expect(screen.line('Overtime Amount')).toHaveText(sgd(356.58));
  await expect(screen.line('Gross Salary')).toHaveText(sgd(2206.58));
  await expect(screen.line('Admin Charges Deduction')).toHaveText(`− ${sgd(50)}`);
  await expect(screen.line('Nett Salary')).toHaveText(sgd(2156.58));
  await expect(page.getByText('Total Hours Worked').locator('+ dd')).toHaveText('199.75');
  await expect(page.getByText('Total Overtime Hours').locator('+ dd')).toHaveText('24.50');
  await expect(page.getByText('12.00 h past 44 a week, 12.50 h past 8.00 a day')).toBeVisible();
  await expect(page.getByText('Hourly Rate', { exact: true }).locator('+ dd')).toHaveText(sgd(9.7));

  // The screen recomputes with the shared calculation as other deductions are typed.
  await page.getByLabel('Other Deductions').fill('20.50');
  await expect(screen.line('Nett Salary')).toHaveText(sgd(2136.08));
  await page.getByLabel('Other Deductions').fill('-5');
  await expect(screen.line('Nett Salary')).toHaveText(sgd(2156.58));
  await page.getByLabel('Other Deductions').fill('20.50');

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('button', { name: 'Generate Payslip' }).click();
  await expect(page.getByText(`Payslip generated for ${name}`)).toBeVisible();
  // SPEC 9: back to the list 1.5 s later.
  await expect(page).toHaveURL(/\/payslip$/, { timeout: 5_000 });

  const list = new PayslipListScreen(page);
  await page.getByLabel('Month').fill('2019-03');
  await expect(page).toHaveURL(/month=2019-03/);
  await list.search(last);
  const row = list.row(name);
  await expect(row).toContainText(sgd(2136.08));
  await expect(row).toContainText('199.75');
  await expect(row).toContainText('24.50');
  await expect(row.getByText('Generated')).toBeVisible();

  await row.getByRole('button', { name, exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Payslip Details' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText(worker.worker_id)).toBeVisible();
  await expect(popup.locator('dt', { hasText: 'Other Deductions' }).locator('+ dd')).toHaveText(`− ${sgd(20.5)}`);
  await popup.getByRole('link', { name: 'View Full Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Worker Information' })).toBeVisible();
  await expect(page.getByText(/Generated on .* by Nur Aisyah/)).toBeVisible();

  // A second payslip for the same worker and period is refused with the SPEC 8 message.
  await screen.open();
  await screen.pickWorker(last);
  await screen.setPeriod('2019-03-01', '2019-03-31');
  await screen.calculate();
  await expect(
    page.getByText(payslipExistsMessage(name, '2019-03-01', '2019-03-31', 'Generated')).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Payslip' })).toBeDisabled();
});

test('a worker without timesheets gets the $0 message and a payslip can still be generated', async ({
  staffPage: page,
}) => {
  const last = uniqueToken();
  const added = await seedWorker(page, { first_name: 'Idle', last_name: last });
  // The add form requires an e-mail address (SPEC 5); an edit may remove it.
  const worker = await apiRequest<Worker>(page, 'PUT', `/api/workers/${added.id}`, { ...added, email: '' });
  const screen = new GeneratePayslipScreen(page);
  await screen.open();
  await screen.pickWorker(last);
  await expect(page.getByRole('checkbox', { name: 'Send payslip to the worker by email' })).toBeDisabled();
  await expect(page.getByText('This worker has no email address on file.')).toBeVisible();
  await screen.setPeriod('2019-02-01', '2019-02-28');
  await screen.calculate();
  await expect(page.getByText(NO_TIMESHEETS_MESSAGE)).toBeVisible();
  await expect(screen.line('Nett Salary')).toHaveText(sgd(0));
  await page.getByRole('button', { name: 'Generate Payslip' }).click();
  await expect(page).toHaveURL(/\/payslip$/, { timeout: 5_000 });
  const found = await listPayslipsViaApi(page, `worker_id=${worker.id}`);
  expect(found.items.map((p) => [p.nett_salary, p.status])).toEqual([[0, 'Generated']]);
});

test('batch marks two payslips as paid and their charges become Deducted', async ({ staffPage: page }) => {
  const token = uniqueToken();
  const contract_url = await uploadFileViaApi(page, 'contract');
  const [ann, bala, chen] = await Promise.all(
    ['Ann', 'Bala', 'Chen'].map((first) =>
      seedWorker(page, {
        first_name: first,
        last_name: token,
        rate_type: 'Hourly',
        salary_rate: '12.35',
        contract_url,
      }),
    ),
  );
  if (!ann || !bala || !chen) throw new Error('no workers');
  for (const worker of [ann, bala, chen]) {
    seedTimesheets(
      worker.id,
      workingDays('2019-05-01', '2019-05-31').map((date) => ({ date, hours: 8 })),
    );
  }
  const annCharges = seedCharges(ann.id, [
    { date: '2019-05-01', type: 'Attendance', amount: 20, status: 'Approved' },
    { date: '2019-05-31', type: 'Other', amount: 5.5, status: 'Rejected' },
    { date: '2019-06-01', type: 'Other', amount: 9 },
  ]);
  const balaCharges = seedCharges(bala.id, [
    { date: '2019-05-15', type: 'Attendance', amount: 10, status: 'Approved' },
  ]);
  const chenCharges = seedCharges(chen.id, [{ date: '2019-05-15', type: 'Attendance', amount: 10 }]);
  const period = { pay_period_start: '2019-05-01', pay_period_end: '2019-05-31' };
  for (const worker of [ann, bala, chen]) await generatePayslipViaApi(page, { worker_id: worker.id, ...period });

  const list = new PayslipListScreen(page);
  await list.open('month=2019-05');
  await list.search(token);
  await expect(page.getByRole('row')).toHaveCount(4);

  await page.getByRole('button', { name: 'Batch Select' }).click();
  await page.getByRole('button', { name: 'Mark 0 Selected as Paid' }).click();
  await expect(page.getByText(PAYSLIP_MESSAGES.selectAtLeastOne)).toBeVisible();

  await page.getByRole('checkbox', { name: new RegExp(`Select payslip of Ann ${token}`) }).check();
  await page.getByRole('checkbox', { name: new RegExp(`Select payslip of Bala ${token}`) }).check();
  await page.getByRole('button', { name: 'Mark 2 Selected as Paid' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Mark as paid?' });
  await expect(confirm).toContainText(batchPaidConfirmMessage(2));
  await confirm.getByRole('button', { name: 'Mark as Paid' }).click();
  // Decision 092: the approved charges inside May, Ann's and Bala's; a rejected one is never deducted and
  // Ann's June charge stays.
  await expect(page.getByText(batchPaidSuccessMessage(2, 2))).toBeVisible();
  await expect(list.row(`Ann ${token}`).getByText('Paid')).toBeVisible();
  await expect(list.row(`Bala ${token}`).getByText('Paid')).toBeVisible();
  await expect(list.row(`Chen ${token}`).getByText('Generated')).toBeVisible();
  // Paid payslips are a record: no delete and no mark-as-paid any more.
  await expect(list.row(`Ann ${token}`).getByRole('button', { name: /Delete/ })).toHaveCount(0);

  expect(chargeStatuses(annCharges)).toEqual(['Deducted', 'Rejected', 'Pending']);
  expect(chargeStatuses(balaCharges)).toEqual(['Deducted']);
  expect(chargeStatuses(chenCharges)).toEqual(['Pending']);

  // The Paid filter and the tiles follow.
  await page.getByLabel('Status').selectOption('Paid');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/payslip$/);
  const now = new Date();
  await expect(page.getByLabel('Month')).toHaveValue(
    `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`,
  );
});

test('the detail page shows Payslip not found with Back for an unknown id', async ({ staffPage: page }) => {
  await page.goto('/payslip/view/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55');
  await expect(page.getByRole('heading', { name: 'Payslip not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).last().click();
  await expect(page).toHaveURL(/\/payslip$/);
});

test('a pay run for 30 workers: draft, approved by a second account, period locked, paid by GIRO, bank file and register', async ({
  staffPage: page,
  browser,
}) => {
  test.slow();
  const token = uniqueToken();
  const contract_url = await uploadFileViaApi(page, 'contract');
  // A period no other flow uses: the run covers every active worker of the installation.
  const [start, end] = ['2018-03-01', '2018-03-31'];
  const workers = [];
  for (let i = 0; i < 30; i++) {
    const giro = i % 2 === 0;
    workers.push(
      await seedWorker(page, {
        first_name: `Run${String(i).padStart(2, '0')}`,
        last_name: token,
        rate_type: 'Daily',
        salary_rate: '95',
        contract_url,
        ...(giro
          ? { bank_swift_code: 'DBSSSGSG', bank_account_no: String(1_000_000_000 + i), payment_mode: 'GIRO' }
          : { payment_mode: 'Cash' }),
      }),
    );
  }
  const days = workingDays(start, end);
  /**
   * Nett in cents by the Employment Act (PAYROLL-SG 2): Daily 95.00 is 1187.5 cents an hour (95 / 8),
   * overtime 1781.25. Basic: 8 normal hours a day worked. Overtime: 1.25 h past 8 on some days, and 4 h
   * past 44 in each Monday-to-Sunday week of March 2018 with 6 days of 8 h: 5-11 and 12-18 March always
   * (the first 20 working days reach 23 March), 19-25 March when the 21st working day (24 March) is
   * worked; 1-4 March holds 3 days, and 26-31 March belongs to April's period (its Sunday is 1 April).
   */
  const expected = new Map<string, number>();
  workers.forEach((worker, i) => {
    const worked = days.slice(0, 20 + (i % 6));
    const overtimeDays = worked.filter((_, d) => (d + i) % 3 === 0).length;
    seedTimesheets(
      worker.id,
      worked.map((date, d) => ({ date, hours: 8, overtime: (d + i) % 3 === 0 ? 1.25 : 0 })),
    );
    const weeklyOvertime = 8 + (worked.length >= 21 ? 4 : 0);
    expected.set(
      worker.id,
      halfUp(worked.length * 8 * 1187.5) + halfUp((overtimeDays * 1.25 + weeklyOvertime) * 1781.25),
    );
  });
  // A run's payslips are ordinary payslips (decision 082): the single payslip's preview agrees.
  for (const worker of workers) {
    const preview = await apiRequest<{ nett_salary: number }>(page, 'POST', '/api/payslips/preview', {
      worker_id: worker.id,
      pay_period_start: start,
      pay_period_end: end,
      other_deductions: 0,
    });
    expect(Math.round(preview.nett_salary * 100)).toBe(expected.get(worker.id));
  }
  const [first, second] = workers;
  if (!first || !second) throw new Error('no workers');
  await generatePayslipViaApi(page, { worker_id: first.id, pay_period_start: start, pay_period_end: end });

  await page.goto('/payslip/run');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Runs' })).toBeVisible();
  await page.getByLabel('Pay period start').fill(start);
  await page.getByLabel('Pay period end').fill(end);
  await page.getByRole('button', { name: 'New pay run' }).click();
  await expect(page).toHaveURL(/\/payslip\/run\/[0-9a-f-]{36}$/);
  const runId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/worker\(s\) skipped/)).toBeVisible();

  const inRun = await listPayslipsViaApi(page, `q=${token}&pay_run_id=${runId}&pageSize=100`);
  expect(inRun.total).toBe(29);
  for (const payslip of inRun.items) {
    expect(payslip.status).toBe('Draft');
    expect(Math.round(payslip.nett_salary * 100)).toBe(expected.get(payslip.worker_id ?? ''));
  }
  const opened = inRun.items.find((payslip) => payslip.worker_id === second.id);
  await page.goto(`/payslip/view/${opened?.id}`);
  await expect(page.getByText(`Run01 ${token}`).first()).toBeVisible();

  // Decision 082: a Draft run's payslip regenerated with other deductions; the run's nett follows.
  await page.goto(`/payslip/run/${runId}`);
  const third = workers[3];
  if (!third) throw new Error('no workers');
  await page.getByRole('button', { name: `Regenerate the payslip of Run03 ${token}` }).click();
  const regenerate = page.getByRole('dialog', { name: `Regenerate the payslip of Run03 ${token}` });
  await regenerate.getByLabel('Other deductions (SGD)').fill('10.50');
  await regenerate.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText(`Payslip of Run03 ${token} regenerated`).first()).toBeVisible();
  expected.set(third.id, (expected.get(third.id) ?? 0) - 1_050);
  const regenerated = await listPayslipsViaApi(page, `worker_id=${third.id}&pay_run_id=${runId}`);
  expect(regenerated.items[0]?.other_deductions).toBe(10.5);
  expect(Math.round((regenerated.items[0]?.nett_salary ?? 0) * 100)).toBe(expected.get(third.id));

  // Decision 082: approved by someone other than the creator when the installation has several accounts.
  const approver = {
    name: 'Second Approver',
    email: `approver-${token.toLowerCase()}@example.com`,
    password: 'approver password 1',
  };
  // Decision 104: approving a pay run is payroll's work.
  await apiRequest(page, 'POST', '/api/users', { ...approver, role: 'payroll' });
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, timezoneId: 'Asia/Singapore' });
  const approverPage = await other.newPage();
  await apiRequest(approverPage, 'POST', '/api/auth/login', { email: approver.email, password: approver.password });
  await approverPage.goto(`/payslip/run/${runId}`);
  await approverPage.getByRole('button', { name: 'Approve' }).click();
  await expect(approverPage.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await other.close();

  // The period is locked while the run is approved.
  const timesheets = await apiRequest<{ items: Array<{ id: string; worker_id: string; work_date: string }> }>(
    page,
    'GET',
    `/api/timesheets?worker_id=${second.id}&month=2018-03&pageSize=5`,
  );
  const locked = timesheets.items[0];
  if (!locked) throw new Error('no timesheet');
  const origin = new URL(test.info().project.use.baseURL ?? 'http://localhost').origin;
  const refused = await page.request.fetch(`/api/timesheets/${locked.id}`, {
    method: 'PUT',
    headers: { origin },
    data: { worker_id: second.id, work_date: locked.work_date, time_in: '08:00', time_out: '18:00', notes: '' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toContain('is approved');

  // The Pay dialog: date, a mode per worker, the bank file's count and total, GIRO without bank details.
  await page.goto(`/payslip/run/${runId}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay the pay run' });
  await dialog.getByLabel('Payment date').fill('2018-04-09');
  await expect(dialog.getByText(/after the pay-by date .*Employment Act s\.21/)).toBeVisible();
  await dialog.getByLabel('Payment date').fill('2018-04-05');
  await expect(dialog.getByText(/Employment Act s\.21 asks/)).toHaveCount(0);
  const giroCents = workers
    .filter((worker, i) => i % 2 === 0 && worker.id !== first.id)
    .reduce((sum, worker) => sum + (expected.get(worker.id) ?? 0), 0);
  // The run covers every active worker of the installation (other flows' too): the bank file's count and
  // total in the summary are checked against the downloaded file below.
  const summary = dialog
    .getByRole('definition')
    .filter({ hasText: /payment\(s\)/ })
    .first();
  await expect(summary).toHaveText(/^\d+ payment\(s\), \$[\d,]+\.\d\d$/);
  const [giroCount, giroTotal] = ((await summary.textContent()) ?? '').split(' payment(s), ');
  // The account shows masked, the bank by its name.
  await expect(dialog.getByText(`DBS Bank / POSB ******0002`)).toBeVisible();
  await dialog.getByLabel('Find a worker').fill(`Run05 ${token}`);
  await dialog.getByLabel(`Payment mode of Run05 ${token}`).selectOption('GIRO');
  const missing = dialog.getByRole('list', { name: 'GIRO workers without bank details' });
  await expect(missing.getByText(`Run05 ${token}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Pay \d+ payslip/ })).toBeDisabled();
  await dialog.getByLabel(`Payment mode of Run05 ${token}`).selectOption('Cash');
  await expect(missing).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: 'E-mail every payslip once paid' })).toBeChecked();
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const mailedBefore = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
  await dialog.getByRole('button', { name: /^Pay \d+ payslip\(s\)$/ }).click();
  await expect(page.getByRole('link', { name: /Bank file/ })).toBeVisible();
  await expect(page.getByText(`Bank file: ${giroCount} GIRO payment(s), ${giroTotal}`)).toBeVisible();

  // MOM: the payslips go with the payment; the page e-mails each one, with progress and a report.
  const panel = page.getByRole('region', { name: 'Batch e-mail' });
  await expect(panel.getByText(/^Finished: \d+ emailed/)).toBeVisible({ timeout: 120_000 });
  const mailed = fs.readdirSync(outbox).slice(mailedBefore);
  expect(mailed.length).toBeGreaterThanOrEqual(29);
  // Each of this flow's 29 workers got one message (its name in the greeting).
  const runMail = fs
    .readdirSync(outbox)
    .filter((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes(`Dear Run`));
  const greeted = new Set(
    runMail.flatMap((file) =>
      [...fs.readFileSync(path.join(outbox, file), 'utf8').matchAll(new RegExp(`Dear (Run\\d\\d) ${token}`, 'g'))].map(
        (match) => match[1],
      ),
    ),
  );
  expect(greeted.size).toBe(29);

  const bankDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: /Bank file/ }).click();
  const bankFile = await (await bankDownload).path();
  const allBankRows = fs.readFileSync(bankFile, 'utf8').trim().split('\r\n').slice(1);
  // The summary's count and total are the file's.
  expect(allBankRows).toHaveLength(Number(giroCount));
  const allCents = allBankRows.reduce((sum, line) => sum + Math.round(Number(line.split(',')[3]) * 100), 0);
  expect(sgd(allCents / 100)).toBe(giroTotal);
  const bankRows = allBankRows.filter((line) => line.includes(token.toUpperCase()));
  expect(bankRows).toHaveLength(14);
  const bankCents = bankRows.reduce((sum, line) => sum + Math.round(Number(line.split(',')[3]) * 100), 0);
  expect(bankCents).toBe(giroCents);

  const registerDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Register CSV' }).click();
  const register = fs.readFileSync(await (await registerDownload).path(), 'utf8');
  expect(register).toContain(`Run01 ${token}`);

  const paid = await listPayslipsViaApi(page, `q=${token}&pay_run_id=${runId}&pageSize=100`);
  expect(paid.items.every((payslip) => payslip.status === 'Paid')).toBe(true);
});
