import AxeBuilder from '@axe-core/playwright';
import { PRODUCT_NAME } from '@td/shared/options/product';
import {
  AMOUNT_DECIMALS,
  AMOUNT_POSITIVE,
  AMOUNT_REQUIRED,
  CHARGE_TYPE_REQUIRED,
  WORKER_REQUIRED,
} from '@td/shared/schemas/admin-charge';
import { apiRequest, expect, STAFF, test } from './fixtures.ts';
import { AdminChargesPage, decideCharge, seedCharge } from './pages/admin-charges.ts';
import { seedWorker, today, uniqueToken } from './pages/workers.ts';

test('adds a charge through the form and finds it by worker ID', async ({ staffPage: page }) => {
  const charges = new AdminChargesPage(page);
  const worker = await seedWorker(page, { first_name: 'Rahim', last_name: uniqueToken() });

  await charges.gotoList();
  await page.getByRole('link', { name: 'Add New Admin Charge' }).click();
  await expect(page).toHaveURL(/\/admin-charge\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Admin Charge' })).toBeVisible();
  await expect(page).toHaveTitle(`${PRODUCT_NAME} | Add Admin Charge`);
  // SPEC 5: the date defaults to today (the business's).
  await expect(charges.field('Charge Date')).toHaveValue(today());

  // SPEC 5: every required message at once; focus on the first field in error.
  await charges.save().click();
  for (const message of [WORKER_REQUIRED, CHARGE_TYPE_REQUIRED, AMOUNT_REQUIRED]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('combobox', { name: 'Worker' })).toBeFocused();

  await charges.pickWorker('Worker', worker);
  await expect(page.getByText(WORKER_REQUIRED)).toHaveCount(0);
  await charges.field('Charge Type').selectOption('Equipment Damage');
  await charges.field('Amount (SGD)').fill('0');
  await charges.save().click();
  await expect(page.getByText(AMOUNT_POSITIVE)).toBeVisible();
  // A message clears as soon as its field is edited.
  await charges.field('Amount (SGD)').fill('350.755');
  await expect(page.getByText(AMOUNT_POSITIVE)).toHaveCount(0);
  await charges.save().click();
  await expect(page.getByText(AMOUNT_DECIMALS)).toBeVisible();
  await charges.field('Amount (SGD)').fill('350.75');
  await charges.field('Description').fill('Cracked the laser level at Jurong West block 12');
  await charges.save().click();

  await expect(page).toHaveURL(/\/admin-charge$/);
  await expect(charges.toast('Admin charge added')).toBeVisible();
  await charges.search(worker.worker_id);
  await expect(charges.rows()).toHaveCount(1);
  const row = charges.row(worker.worker_id);
  await expect(row).toContainText(`Rahim ${worker.last_name}`);
  await expect(row).toContainText('Equipment Damage');
  await expect(row).toContainText('$350.75');
  await expect(row).toContainText('Pending');
});

test('approves a charge and shows the approval info, rejects another, and says when someone decided first', async ({
  staffPage: page,
}) => {
  const charges = new AdminChargesPage(page);
  const worker = await seedWorker(page, { first_name: 'Arjun', last_name: uniqueToken() });
  const first = await seedCharge(page, worker, { charge_type: 'Safety Violation', amount: '150.00' });
  const second = await seedCharge(page, worker, {
    charge_type: 'Misconduct',
    amount: '80.00',
    charge_date: '2025-03-10',
  });
  const third = await seedCharge(page, worker, { charge_type: 'Other', amount: '12.50', charge_date: '2025-03-01' });

  await charges.gotoList(`?q=${worker.worker_id}`);
  await page
    .getByRole('link', { name: `View charge of Arjun ${worker.last_name} on` })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Admin Charge #${first.id.slice(-8)}`);
  await expect(page.getByRole('heading', { name: 'Approval Information' })).toHaveCount(0);
  // Probe finding 27: a decision asks first; Cancel leaves the charge Pending.
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('alertdialog', { name: 'Approve this admin charge?' });
  await approve.getByRole('button', { name: 'Cancel' }).click();
  await expect(approve).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Approval Information' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve' }).click();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(charges.toast('Admin charge approved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Approval Information' })).toBeVisible();
  await expect(charges.detail('Approved By')).toHaveText(STAFF.name);
  await expect(charges.detail('Approved At')).not.toHaveText('N/A');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  await page.goto(`/admin-charge/view/${second.id}`);
  await page.getByRole('button', { name: 'Reject' }).click();
  await page
    .getByRole('alertdialog', { name: 'Reject this admin charge?' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(charges.detail('Rejected By')).toHaveText(STAFF.name);
  await expect(page.locator('dd').getByText('Rejected', { exact: true }).first()).toBeVisible();

  // Two staff at once: another approves while this page still shows Pending.
  await page.goto(`/admin-charge/view/${third.id}`);
  await expect(page.getByRole('button', { name: 'Reject' })).toBeVisible();
  await decideCharge(page, third, 'approve');
  await page.getByRole('button', { name: 'Reject' }).click();
  await page
    .getByRole('alertdialog', { name: 'Reject this admin charge?' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(page.getByRole('alert')).toHaveText(
    'This admin charge is no longer Pending (it is Approved), so it cannot be rejected.',
  );
  await expect(charges.detail('Approved By')).toHaveText(STAFF.name);

  await charges.gotoList(`?q=${worker.worker_id}`);
  await expect(charges.row('Safety Violation')).toContainText('Approved');
  await expect(charges.row('Misconduct')).toContainText('Rejected');
});

test('the tiles follow the worker, status and type filters', async ({ staffPage: page }) => {
  const charges = new AdminChargesPage(page);
  const worker = await seedWorker(page, { first_name: 'Zaw', last_name: uniqueToken() });
  await seedCharge(page, worker, { charge_type: 'Attendance', amount: '10.10' });
  const approved = await seedCharge(page, worker, { charge_type: 'Misconduct', amount: '20.20' });
  const rejected = await seedCharge(page, worker, { charge_type: 'Attendance', amount: '0.01' });
  await seedCharge(page, worker, { charge_type: 'Equipment Damage', amount: '99999.99' });
  await decideCharge(page, approved, 'approve');
  await decideCharge(page, rejected, 'reject');

  await charges.gotoList();
  await charges.pickWorker('Worker', worker);
  await expect(page).toHaveURL(new RegExp(`worker_id=${worker.id}`));
  await expect(charges.rows()).toHaveCount(4);
  await charges.expectTiles({ 'Total Charges': '4', Pending: '2', Deducted: '0', 'Total Amount': '$100,030.30' });

  await charges.filterStatus('Pending');
  await expect(charges.rows()).toHaveCount(2);
  await charges.expectTiles({ 'Total Charges': '2', Pending: '2', Deducted: '0', 'Total Amount': '$100,010.09' });

  await charges.filterStatus('');
  await charges.filterType('Attendance');
  await expect(charges.rows()).toHaveCount(2);
  await charges.expectTiles({ 'Total Charges': '2', Pending: '1', Deducted: '0', 'Total Amount': '$10.11' });

  // Back returns to the previous filters (they live in the address).
  await page.goBack();
  await expect(charges.rows()).toHaveCount(4);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/admin-charge$/);
  await expect(page.getByRole('combobox', { name: 'Worker' })).toHaveValue('');

  // The worker popup from a name in the list.
  await charges.search(worker.worker_id);
  await charges
    .row('Misconduct')
    .getByRole('button', { name: `Zaw ${worker.last_name}`, exact: true })
    .click();
  const popup = page.getByRole('dialog', { name: 'Worker Details' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(worker.worker_id);
  await expect(popup).toContainText('$100,030.30');
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
});

test('deletes a charge without confirmation, with Undo for a few seconds', async ({ staffPage: page }) => {
  const charges = new AdminChargesPage(page);
  const worker = await seedWorker(page, { first_name: 'Li', last_name: uniqueToken() });
  const keep = await seedCharge(page, worker, { charge_type: 'Other', amount: '25.00' });
  const remove = await seedCharge(page, worker, { charge_type: 'Safety Violation', amount: '100.00' });

  await charges.gotoList(`?worker_id=${worker.id}`);
  await expect(charges.rows()).toHaveCount(2);
  const deleteButton = () => charges.row('Safety Violation').getByRole('button', { name: /^Delete charge of/ });

  await deleteButton().click();
  await expect(charges.rows()).toHaveCount(1);
  await charges.expectTiles({ 'Total Charges': '1', Pending: '1', Deducted: '0', 'Total Amount': '$25.00' });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(charges.rows()).toHaveCount(2);
  await charges.expectTiles({ 'Total Charges': '2', Pending: '2', Deducted: '0', 'Total Amount': '$125.00' });
  // Nothing was sent: the charge is still there after a reload.
  await page.reload();
  await expect(charges.rows()).toHaveCount(2);

  await deleteButton().click();
  await expect(charges.rows()).toHaveCount(1);
  // The delete is sent when its toast closes without Undo.
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect
    .poll(async () => (await page.request.get(`/api/admin-charges/${remove.id}`)).status(), { timeout: 5000 })
    .toBe(404);
  await page.reload();
  await expect(charges.rows()).toHaveCount(1);
  await expect(charges.row('Other')).toBeVisible();
  expect((await apiRequest<{ id: string }>(page, 'GET', `/api/admin-charges/${keep.id}`)).id).toBe(keep.id);
});

test('a missing charge shows Admin Charge Not Found', async ({ staffPage: page }) => {
  await page.goto('/admin-charge/view/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55');
  await expect(page.getByRole('heading', { name: 'Admin Charge Not Found' })).toBeVisible();
  await expect(page.getByText('The requested admin charge could not be found.')).toBeVisible();
  await page.goto('/admin-charge/edit/not-an-id');
  await expect(page.getByRole('heading', { name: 'Admin Charge Not Found' })).toBeVisible();
});

test('the admin charge screens have no serious accessibility violations', async ({ staffPage: page }) => {
  // Several screens, each loaded and analysed by axe: 54 s to over 60 s on the slow machine of
  // 2026-11-27 evening. As the worker and training screens' checks do.
  test.slow();
  const worker = await seedWorker(page, { first_name: 'Axe', last_name: uniqueToken() });
  const pending = await seedCharge(page, worker);
  const approved = await seedCharge(page, worker, { charge_type: 'Misconduct' });
  await decideCharge(page, approved, 'approve');
  for (const path of [
    '/admin-charge',
    '/admin-charge/add',
    `/admin-charge/edit/${pending.id}`,
    `/admin-charge/view/${pending.id}`,
    `/admin-charge/view/${approved.id}`,
  ]) {
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

test('on a phone each charge is a card with its actions', async ({ staffPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const charges = new AdminChargesPage(page);
  const worker = await seedWorker(page, { first_name: 'Somchai', last_name: uniqueToken() });
  await seedCharge(page, worker, { charge_type: 'Attendance', amount: '45.00' });
  await charges.gotoList(`?worker_id=${worker.id}`);
  const cards = page.getByRole('list', { name: 'Admin charges' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('$45.00');
  await expect(cards.first()).toContainText('Pending');
  await expect(cards.first().getByRole('link', { name: /^View charge of/ })).toBeVisible();
});
