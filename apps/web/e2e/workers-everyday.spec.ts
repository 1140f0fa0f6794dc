import type { Locator, Page } from '@playwright/test';
import {
  AGE_MESSAGE,
  CORETRADE_REQUIRED,
  DOCUMENTS_REQUIRED,
  EXPIRY_BEFORE_ISSUANCE_MESSAGE,
  FIN_CHECK_LETTER_MESSAGE,
  PHONE_MESSAGE,
  type Worker,
} from '@td/shared/schemas/worker';
import { apiRequest, expect, STAFF, test, toast } from './fixtures.ts';
import { addDays, fullName, seedWorker, today, uniqueFin, uniqueToken } from './pages/workers.ts';

/** Decision 022, SPEC 2: everyday use of the worker screens, at desktop and phone width. */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));

async function search(page: Page, text: string, label = 'Search workers') {
  await page.getByLabel(label).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(%20|\\+)')}`));
}

/** True when the whole element is inside the viewport without scrolling the page. */
async function fullyOnScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const scrollY = await page.evaluate(() => window.scrollY);
  return (
    scrollY === 0 &&
    box.y >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x >= 0 &&
    box.x + box.width <= viewport.width
  );
}

test.describe('data safety (decisions 022-024)', () => {
  test.use({ viewport: DESKTOP });

  test('Remove then Cancel keeps the document; Remove then Save removes it; leaving with changes asks', async ({
    staffPage: page,
  }) => {
    const worker = await seedWorker(page, { first_name: 'Keep', last_name: uniqueToken() });
    const contract = worker.contract_url ?? '';
    await page.goto(`/worker/view/${worker.id}`);
    await page.getByRole('link', { name: 'Update Worker' }).click();
    await page.getByRole('button', { name: 'Remove Contract' }).click();
    await expect(page.getByText('The saved file is removed when you save.')).toBeVisible();

    // Leaving by the sidebar asks; Stay keeps the form as it was left.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(`/worker/edit/${worker.id}`);
    await expect(page.getByLabel('Upload Contract')).toBeVisible();

    // Cancel, then Leave: the saved worker and its file are untouched.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(`/worker/view/${worker.id}`);
    await expect(page.getByRole('link', { name: /Contract/ })).toHaveAttribute('href', contract);
    expect((await page.request.get(contract)).status()).toBe(200);

    // Remove and save: the link goes and the stored file with it.
    await page.getByRole('link', { name: 'Update Worker' }).click();
    await page.getByRole('button', { name: 'Remove Contract' }).click();
    await page.getByRole('button', { name: 'Update Worker' }).click();
    await expect(page).toHaveURL(`/worker/view/${worker.id}`);
    await expect(page.getByText('No documents uploaded')).toBeVisible();
    expect((await page.request.get(contract)).status()).toBe(404);
  });

  test('Sign Out from a form with unsaved changes asks first; Stay keeps the session and the form', async ({
    staffPage: page,
  }) => {
    await page.goto('/worker/add');
    await field(page, 'First Name').fill('Unsaved');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL('/worker/add');
    await expect(field(page, 'First Name')).toHaveValue('Unsaved');
    const signedInAs = async () =>
      ((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user;
    expect(await signedInAs()).not.toBeNull();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await question.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await signedInAs()).toBeNull();
  });

  test('a FIN another worker holds is refused with their name and a link; delete names the TD- id', async ({
    staffPage: page,
  }) => {
    const holder = await seedWorker(page, { first_name: 'Rajesh', last_name: uniqueToken() });
    const copy = await seedWorker(page, { first_name: 'Copy', last_name: uniqueToken() });
    await page.goto(`/worker/edit/${copy.id}`);
    await field(page, 'FIN No.').fill(` ${(holder.fin_no ?? '').toLowerCase()} `);
    await page.getByRole('button', { name: 'Update Worker' }).click();
    const who = `${fullName(holder)} (${holder.worker_id})`;
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to save worker information' })).toContainText(
      `FIN No. is already used by ${who}`,
    );
    await expect(page.getByText(`FIN No. is already used by ${who}`, { exact: true })).toBeVisible();
    await expect(field(page, 'FIN No.')).toBeFocused();
    await page.getByRole('link', { name: `View ${who}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page).toHaveURL(`/worker/view/${holder.id}`);

    await page.goto('/worker-management');
    await search(page, holder.last_name);
    await page.getByRole('button', { name: `Delete ${fullName(holder)}` }).click();
    await expect(page.getByRole('alertdialog', { name: `Delete ${who}?` })).toBeVisible();
  });

  test('implausible values get their messages; citizens are not asked for WP No., levy or coretrade', async ({
    staffPage: page,
  }) => {
    await page.goto('/worker/add');
    await field(page, 'Date of Birth').fill('2020-01-01');
    await field(page, 'Phone Number').fill('abc');
    await field(page, 'FIN No.').fill('G1234567N');
    await field(page, 'Type of Pass').selectOption('WP');
    await field(page, 'Date of Issuance').fill('2025-03-01');
    await field(page, 'WP Expiry Date').fill('2025-02-01');
    await page.getByRole('button', { name: 'Save Worker' }).click();
    for (const message of [AGE_MESSAGE, PHONE_MESSAGE, FIN_CHECK_LETTER_MESSAGE, EXPIRY_BEFORE_ISSUANCE_MESSAGE]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    for (const pass of ['Singapore Citizen', 'PR']) {
      await field(page, 'Type of Pass').selectOption(pass);
      await expect(field(page, 'FIN No.')).toBeVisible();
      for (const label of ['WP No.', 'Levy', 'Coretrade', 'WP Expiry Date']) {
        await expect(field(page, label)).toHaveCount(0);
      }
    }
  });
});

test.describe('getting to the list (decisions 022, 046; SPEC 2)', () => {
  test.use({ viewport: DESKTOP });

  test('at 1440 x 900 the search and the first rows are on screen; the panels fold and stay folded', async ({
    staffPage: page,
  }) => {
    await seedWorker(page, { first_name: 'Fold', last_name: uniqueToken() });
    await page.goto('/worker-management');
    const firstRow = page.getByRole('table', { name: 'Workers' }).getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    expect(await fullyOnScreen(page, page.getByLabel('Search workers'))).toBe(true);
    expect(await fullyOnScreen(page, firstRow)).toBe(true);
    // Every tile of the spec is still there, and Working too.
    for (const name of [
      /^WP Approved \d+/,
      /^IPA Issued \d+/,
      /^Onboarding \d+/,
      /^Training \d+/,
      /^WP Issued \d+/,
      /^Working \d+/,
    ]) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByText('Not terminated')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^All Workers.*terminated included$/ })).toBeVisible();

    await page.getByRole('button', { name: 'Hide status distribution and expiring documents' }).click();
    await expect(page.getByRole('heading', { name: 'Status Distribution' })).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Show status distribution and expiring documents' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status Distribution' })).toBeHidden();
    await page.getByRole('button', { name: 'Show status distribution and expiring documents' }).click();
    await expect(page.getByRole('heading', { name: 'Status Distribution' })).toBeVisible();
  });

  test('a save returns to the same page of the list with its search, with a toast; Back after Next goes back', async ({
    staffPage: page,
  }) => {
    // Seeds 27 workers with a stored document each.
    test.slow();
    const token = uniqueToken();
    for (let i = 0; i < 27; i += 1) {
      await seedWorker(page, { first_name: `Back${String(i).padStart(2, '0')}`, last_name: token });
    }
    await page.goto('/worker-management');
    await search(page, token);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Showing 26–27 of 27')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Showing 1–25 of 27')).toBeVisible();
    await page.goForward();
    await expect(page.getByText('Showing 26–27 of 27')).toBeVisible();
    const listUrl = page.url();

    const row = page.getByRole('row').filter({ hasText: token }).first();
    const name = (await row.getByRole('button').first().textContent()) ?? '';
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await field(page, 'Designation').fill('Steel Fixer');
    await page.getByRole('button', { name: 'Update Worker' }).click();
    await expect(page).toHaveURL(listUrl);
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(page.getByLabel('Search workers')).toHaveValue(token);
    await expect(page.getByText('Showing 26–27 of 27')).toBeVisible();

    // Add from the list comes back to it too.
    await page.getByRole('link', { name: 'Add New Worker' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(listUrl);
  });

  test('every message of a refused form at once, focus on the first field in error', async ({ staffPage: page }) => {
    await page.goto('/worker/add');
    await field(page, 'First Name').fill('Ravi');
    await field(page, 'Email Address').fill('not-an-email');
    await field(page, 'Salary Rate').fill('-5');
    await field(page, 'Type of Pass').selectOption('WP');
    await page.getByRole('button', { name: 'Save Worker' }).click();
    for (const message of [
      'Last Name is required',
      'Please enter a valid email address',
      'Salary Rate must be a number of 0 or more',
      CORETRADE_REQUIRED,
      DOCUMENTS_REQUIRED,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(field(page, 'Last Name')).toBeFocused();
  });

  test('one search box finds TD- id, FIN, passport and phone; columns sort; status, pass and company filter', async ({
    staffPage: page,
  }) => {
    const token = uniqueToken();
    const company = `${token} Builders`;
    const fin = uniqueFin();
    const zed = await seedWorker(page, {
      first_name: 'Zed',
      last_name: token,
      fin_no: fin,
      passport_no: `ZP${token}`,
      phone_number: '+65 9777 1234',
      supplied_to_company: company,
      status: 'Onboarding',
    });
    await seedWorker(page, {
      first_name: 'Abe',
      last_name: token,
      type_of_pass: 'SPass',
      supplied_to_company: company,
      status: 'Working',
    });
    await page.goto('/worker-management');
    for (const q of [zed.worker_id, fin.toLowerCase(), `zp${token.toLowerCase()}`, '97771234']) {
      await search(page, q);
      await expect(page.getByRole('row').filter({ hasText: `Zed ${token}` })).toHaveCount(1);
    }

    await search(page, token);
    const rows = page.getByRole('row').filter({ hasText: token });
    await expect(rows).toHaveCount(2);
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.locator('td:first-child')).toHaveText([`Abe ${token}`, `Zed ${token}`]);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.locator('td:first-child')).toHaveText([`Zed ${token}`, `Abe ${token}`]);
    await expect(page).toHaveURL(/sort=name&order=desc/);

    await page.getByLabel('Status', { exact: true }).selectOption('Working');
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Type of Pass').selectOption('SPass');
    await expect(rows.locator('td:first-child')).toHaveText([`Abe ${token}`]);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByLabel('Search workers')).toHaveValue('');
    await page.getByLabel('Company').selectOption(company);
    await expect(rows).toHaveCount(2);
    await page.getByLabel('Nationality').selectOption('Thai');
    await expect(page.getByText('No workers match your search.')).toBeVisible();
    await expect(page.getByText('Try clearing the filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByLabel('Company')).toHaveValue('');
  });
});

test.describe('on a phone (decision 022, SPEC 2)', () => {
  test.use({ viewport: PHONE });

  test('expiring WP shows each worker as a card with name, TD- id, red days and actions on screen', async ({
    staffPage: page,
  }) => {
    const token = uniqueToken();
    const soon = await seedWorker(page, { first_name: 'Card', last_name: token, wp_expiry_date: addDays(today(), 5) });
    await page.goto('/expiring-wp');
    await search(page, token, 'Search by name');
    const cards = page.getByRole('list', { name: 'Workers with Expiring Work Permits' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('link', { name: fullName(soon), exact: true })).toBeVisible();
    await expect(card.getByText(soon.worker_id)).toBeVisible();
    await expect(card.getByText('5 days')).toHaveClass(/text-danger/);
    for (const action of ['View', 'Edit', 'Delete']) {
      const button = card.getByRole(action === 'Delete' ? 'button' : 'link', { name: `${action} ${fullName(soon)}` });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box && box.x + box.width <= PHONE.width).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the closed menu is out of the tab order; Escape closes the open menu', async ({ staffPage: page }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // As a person would, the keys are pressed once the page is there: a Tab pressed while the app is
    // still loading moves the focus out of the page (the CI run saw the second Tab land on the skip link).
    await expect(page.getByRole('heading', { name: 'Welcome to TD Workforce' })).toBeVisible();
    await expect(nav).toBeHidden();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the worker list is cards with labelled actions; the popup leads to View and Edit', async ({
    staffPage: page,
  }) => {
    const worker = await seedWorker(page, { first_name: 'Phone', last_name: uniqueToken() });
    await page.goto('/worker-management');
    await search(page, worker.last_name);
    const card = page.getByRole('list', { name: 'Workers', exact: true }).getByRole('listitem').first();
    await expect(card.getByText(worker.worker_id)).toBeVisible();
    await card.getByRole('button', { name: fullName(worker), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Worker Details' });
    await expect(dialog.getByRole('link', { name: worker.phone_number ?? '' })).toHaveAttribute(
      'href',
      `tel:${(worker.phone_number ?? '').replace(/\s+/g, '')}`,
    );
    await dialog.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/worker/edit/${worker.id}`);
  });
});

test.describe('compliance at a glance (decision 024)', () => {
  test.use({ viewport: DESKTOP });

  test('expired permits are counted and listed first; the worker view shows a banner', async ({ staffPage: page }) => {
    const token = uniqueToken();
    const expired = await seedWorker(page, {
      first_name: 'Expired',
      last_name: token,
      wp_expiry_date: addDays(today(), -3),
      coretrade_expiry_date: addDays(today(), 10),
    });
    await seedWorker(page, { first_name: 'Later', last_name: token, wp_expiry_date: addDays(today(), 40) });
    await page.goto('/expiring-wp');
    await expect(page.getByText('Expired Work Permits')).toBeVisible();
    await search(page, token, 'Search by name');
    const rows = page.getByRole('row').filter({ hasText: token });
    await expect(rows.locator('td:first-child')).toHaveText([`Expired ${token}`, `Later ${token}`]);
    await expect(rows.first().getByText('expired 3 days ago')).toHaveClass(/text-danger/);

    await page.goto(`/worker/view/${expired.id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Work permit expired 3 days ago' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Coretrade certification expires in 10 days' }),
    ).toBeVisible();
  });

  test('the worker list downloads as CSV with what the filters show, formulas escaped', async ({ staffPage: page }) => {
    const token = uniqueToken();
    await seedWorker(page, { first_name: '=SUM(1+1)', last_name: token, phone_number: '+65 8111 2222' });
    await page.goto('/worker-management');
    await search(page, token);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^workers-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await import('node:fs/promises')).readFile((await file.path()) ?? '', 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=SUM(1+1),${token}`);
    expect(lines[1]).toContain("'+65 8111 2222");
  });

  test('the History section lists who changed what', async ({ staffPage: page }) => {
    const worker = await seedWorker(page, { first_name: 'History', last_name: uniqueToken() });
    await apiRequest<Worker>(page, 'PUT', `/api/workers/${worker.id}`, { ...worker, designation: 'Rigger' });
    await page.goto(`/worker/view/${worker.id}`);
    await expect(page.getByRole('heading', { name: 'History', exact: true })).toBeVisible();
    await expect(page.getByText(`Updated by ${STAFF.name}`)).toBeVisible();
    await expect(page.getByText('Designation: — → Rigger')).toBeVisible();
    await expect(page.getByText(`Added by ${STAFF.name}`)).toBeVisible();
  });
});

test.describe('smaller things (SPEC 2)', () => {
  test.use({ viewport: DESKTOP });

  test('sidebar highlight on worker pages, sign-in returns to the page, Worker ID not a tab stop, links', async ({
    page,
  }) => {
    const target = '/workers-by-status?status=Working';
    await page.goto(target);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(target);

    const worker = await seedWorker(page, { first_name: 'Small', last_name: uniqueToken() });
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const path of [`/worker/view/${worker.id}`, `/worker/edit/${worker.id}`, '/expiring-wp', target]) {
      await page.goto(path);
      await expect(nav.getByRole('link', { name: 'Worker Management' })).toHaveAttribute('aria-current', 'page');
    }

    await page.goto(`/worker/view/${worker.id}`);
    await expect(page.getByRole('link', { name: worker.email ?? '' })).toHaveAttribute(
      'href',
      `mailto:${worker.email}`,
    );
    await page.goto(`/worker/edit/${worker.id}`);
    await expect(field(page, 'Worker ID')).toHaveAttribute('tabindex', '-1');
    await field(page, 'Status').focus();
    await page.keyboard.press('Shift+Tab');
    await expect(field(page, 'Worker ID')).not.toBeFocused();
  });

  test('a slow search keeps the rows with a visible sign that new ones are coming', async ({ staffPage: page }) => {
    const worker = await seedWorker(page, { first_name: 'Slow', last_name: uniqueToken() });
    await page.goto('/worker-management');
    await expect(page.getByRole('table', { name: 'Workers' })).toBeVisible();
    await page.route(
      (url) => url.pathname === '/api/workers' && url.searchParams.has('q'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fallback();
      },
    );
    await page.getByLabel('Search workers').fill(worker.last_name);
    await expect(page.getByText('Updating results...')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: worker.last_name })).toHaveCount(1);
    await expect(page.getByText('Updating results...')).toHaveCount(0);
  });
});
