import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest } from '@playwright/test';
import { permitExpiredMessage } from '@td/shared/schemas/timesheet';
import ICAL from 'ical.js';
import { apiRequest, expect, STAFF, test, toast } from './fixtures.ts';
import { TimesheetsPage } from './pages/timesheets.ts';
import { addDays, fullName, seedWorker, today, uniqueToken } from './pages/workers.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The .eml files of the outbox (no SMTP server in the test), decoded from quoted-printable. */
function outboxMessages(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((file) =>
    fs
      .readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
}

// Decision 094 "Done when": bond and insurance recorded on a worker, seen on the calendar and the worker view,
// one renewed, the digest in the outbox, the feed subscribed to and parsed, a timesheet refused after the
// permit's expiry.
test('records a bond and an insurance, sees them on the calendar, renews one, gets the digest and the feed, and is refused a timesheet after the permit', async ({
  staffPage: page,
}) => {
  test.slow();
  const day = today();
  const permitExpiry = addDays(day, -10);
  const worker = await seedWorker(page, {
    first_name: 'Karim',
    last_name: `Comply${uniqueToken()}`,
    nationality: 'Bangladeshi',
    wp_expiry_date: permitExpiry,
    passport_expiry_date: addDays(day, 900),
  });
  const name = fullName(worker);
  const field = (label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));

  // The worker form's compliance section.
  await page.goto(`/worker/edit/${worker.id}`);
  await expect(page.getByRole('heading', { name: 'Compliance' })).toBeVisible();
  await field('Security Bond / Guarantee No.').fill('BG-7001');
  await field('Security Bond Issuer').fill('DBS Bank');
  await field('Security Bond Amount').fill('5000');
  await field('Security Bond Expiry Date').fill(addDays(day, 30));
  await field('Medical Insurer').fill('NTUC Income');
  await field('Medical Policy No.').fill('MI-1001');
  await field('Medical Insurance Expiry Date').fill(addDays(day, 45));
  await field('Probation (months)').selectOption({ label: '3 months' });
  await page.getByRole('button', { name: 'Update Worker' }).click();
  await expect(page).toHaveURL(new RegExp(`/worker/view/${worker.id}$`));

  // The worker view: each item with its state.
  const items = page.getByRole('list', { name: 'Compliance items' });
  await expect(
    items.getByRole('listitem').filter({ hasText: 'Security bond' }).getByText('Due', { exact: true }),
  ).toBeVisible();
  await expect(
    items.getByRole('listitem').filter({ hasText: 'Medical insurance' }).getByText('Due', { exact: true }),
  ).toBeVisible();
  await expect(
    items.getByRole('listitem').filter({ hasText: 'Work permit' }).getByText('Overdue', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('BG-7001', { exact: true })).toBeVisible();

  // The calendar, from the side navigation: counts at the top, the rows link to the worker.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Calendar' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Counts by kind' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Worker' }).fill(worker.last_name);
  await expect(page).toHaveURL(new RegExp(`q=${worker.last_name}`));
  const rows = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Security bond' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Medical insurance' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Overdue/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Security bond' });
  await expect(rows).toHaveCount(1);
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(violations.map((v) => v.id)).toEqual([]);
  await rows.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/worker/view/${worker.id}$`));

  // A renewal: the new expiry and policy, the previous kept as history.
  const renewedTo = addDays(day, 300);
  await page.getByRole('button', { name: 'Renew Medical insurance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew Medical insurance' });
  await dialog.getByLabel(/^New Expiry Date/).fill(renewedTo);
  await dialog.getByLabel('New Policy No.').fill('MI-2002');
  await dialog.getByRole('button', { name: 'Save Renewal' }).click();
  await expect(toast(page, 'Medical insurance renewed')).toBeVisible();
  const history = page.getByRole('region', { name: 'Renewal history' });
  await expect(history.getByText(/Medical insurance/)).toBeVisible();
  await expect(history.getByText(/MI-1001 → MI-2002/)).toBeVisible();
  await expect(
    items.getByRole('listitem').filter({ hasText: 'Medical insurance' }).getByText('OK', { exact: true }),
  ).toBeVisible();

  // The weekly digest, turned on in the account's reminders and sent now (admin), lands in the outbox.
  await page.getByRole('link', { name: 'Reminders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();
  const digest = page.getByRole('switch', { name: 'Weekly digest e-mail' });
  if ((await digest.getAttribute('aria-checked')) !== 'true') {
    await digest.click();
    await expect(toast(page, 'Weekly digest on')).toBeVisible();
  }
  await expect(digest).toHaveAttribute('aria-checked', 'true');
  const before = outboxMessages().length;
  const sent = await apiRequest<{ sent: number; failed: number }>(page, 'POST', '/api/compliance/digest/send-now');
  expect(sent.sent).toBeGreaterThanOrEqual(1);
  await expect
    .poll(
      () =>
        outboxMessages()
          .slice(before)
          .find((message) => message.includes(`To: ${STAFF.email}`)) ?? '',
    )
    .toContain(worker.last_name);
  const message = outboxMessages().find((m) => m.includes(worker.last_name)) ?? '';
  expect(message).toMatch(/Subject: Compliance digest/);

  // The calendar feed: turned on, its address read without a session and parsed as iCalendar.
  await page.getByRole('button', { name: 'Turn on calendar feed' }).click();
  const address = page.getByRole('textbox', { name: 'Feed address' });
  await expect(address).toHaveValue(/\/api\/compliance\/feed\//);
  const url = await address.inputValue();
  const outsider = await playwrightRequest.newContext();
  const feed = await outsider.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const body = await feed.text();
  expect(body).not.toContain(worker.fin_no ?? 'no FIN');
  expect(body).not.toContain(worker.passport_no ?? 'no passport');
  const events = new ICAL.Component(ICAL.parse(body))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent))
    .filter((event) => event.summary.includes(name));
  expect(events.map((event) => event.startDate.toString()).sort()).toEqual(
    [permitExpiry, addDays(day, 30), renewedTo].sort(),
  );
  // Reset: the old address stops answering.
  await page.getByRole('button', { name: 'Reset address' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect(address).not.toHaveValue(url);
  expect((await outsider.get(url)).status()).toBe(404);
  await page.getByRole('button', { name: 'Turn off calendar feed' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
  await outsider.dispose();

  // No one is sent to a site on a lapsed permit: a timesheet after its expiry is refused, naming the date.
  const timesheets = new TimesheetsPage(page);
  await page.goto('/timesheet/add');
  await timesheets.pickWorker('Worker', worker.last_name, worker);
  await timesheets.field('Work Date').fill(addDays(day, -5));
  await timesheets.field('Time In').fill('08:00');
  await timesheets.field('Time Out').fill('17:00');
  await page.getByRole('button', { name: 'Save Timesheet' }).click();
  await expect(page.getByRole('alert').filter({ hasText: permitExpiredMessage(name, permitExpiry) })).toBeVisible();
  await expect(page).toHaveURL(/\/timesheet\/add$/);
});

test('the calendar fits a phone: filters, counts and rows at 390 px, and the expiring pages link to it', async ({
  staffPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/compliance');
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Calendar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.getByRole('searchbox', { name: 'Worker' }).fill(`nobody-${uniqueToken()}`);
  await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await seedWorker(page, { last_name: uniqueToken(), wp_expiry_date: addDays(today(), 20) });
  await page.goto('/expiring-wp');
  await page.getByRole('link', { name: 'Compliance Calendar' }).click();
  await expect(page).toHaveURL(/\/compliance$/);
});
