import {
  AGE_MESSAGE,
  CORETRADE_REQUIRED,
  DOCUMENTS_REQUIRED,
  EXPIRY_BEFORE_ISSUANCE_MESSAGE,
  FIN_CHECK_LETTER_MESSAGE,
  FIN_FORMAT_MESSAGE,
  PHONE_MESSAGE,
} from '@td/shared/schemas/worker';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createTestDatabase, migrateAround, type TestApp } from '../../../test/build-test-app.ts';
import { buildWorker, finFor, givenStoredFile, insertWorkers } from '../../../test/factories.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** Decisions 023, 024, 046: data safety, search, sort, filters, expired permits, CSV export and history of workers. */

afterEach(() => {
  vi.useRealTimers();
});

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

async function addWorker(t: TestApp, overrides: Parameters<typeof buildWorker>[0] = {}) {
  const ipa_url = await givenStoredFile(t.db, 'ipa');
  const response = await t.request({
    method: 'POST',
    url: '/api/workers',
    payload: buildWorker({ ipa_url, ...overrides }),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json();
}

const post = async (t: TestApp, overrides: Parameters<typeof buildWorker>[0]) =>
  t.request({
    method: 'POST',
    url: '/api/workers',
    payload: buildWorker({ ipa_url: await givenStoredFile(t.db, 'ipa'), ...overrides }),
  });

describe('FIN, passport and WP numbers are unique among workers (decision 023)', () => {
  it('refuses a second holder with 409, compared without spaces and case, naming the holder with a link', async () => {
    const t = await signedInApp();
    const holder = await addWorker(t, {
      first_name: 'Rajesh',
      last_name: 'Kumar',
      fin_no: 'G1234567X',
      passport_no: 'Z1234567',
      wp_no: 'WP 0042',
    });
    const response = await post(t, {
      first_name: 'Rajesh',
      last_name: 'Kumar',
      fin_no: 'g 1234567 x',
      passport_no: 'z1234567',
      wp_no: 'wp0042',
    });
    expect(response.statusCode).toBe(409);
    const who = `Rajesh Kumar (${holder.worker_id})`;
    expect(response.json().error).toEqual({
      code: 'CONFLICT',
      message: `FIN No. is already used by ${who}`,
      fields: {
        fin_no: `FIN No. is already used by ${who}`,
        passport_no: `Passport No. is already used by ${who}`,
        wp_no: `WP No. is already used by ${who}`,
      },
      link: { href: `/worker/view/${holder.id}`, label: who },
    });
    expect(await t.db.selectFrom('workers').select('id').execute()).toHaveLength(1);

    // One clash is enough; a different number of each kind is fine.
    const passportOnly = await post(t, { passport_no: ' Z1234567 ' });
    expect(passportOnly.statusCode).toBe(409);
    expect(Object.keys(passportOnly.json().error.fields)).toEqual(['passport_no']);
    expect((await post(t, {})).statusCode).toBe(201);
  });

  it("on edit, keeps the worker's own numbers and refuses another worker's", async () => {
    const t = await signedInApp();
    const a = await addWorker(t, { first_name: 'Ann' });
    const b = await addWorker(t, { first_name: 'Bala' });
    const own = await t.request({
      method: 'PUT',
      url: `/api/workers/${a.id}`,
      payload: buildWorker({ ipa_url: a.ipa_url, fin_no: a.fin_no, passport_no: a.passport_no, wp_no: a.wp_no }),
    });
    expect(own.statusCode).toBe(200);
    const taken = await t.request({
      method: 'PUT',
      url: `/api/workers/${a.id}`,
      payload: buildWorker({ ipa_url: a.ipa_url, wp_no: b.wp_no.toLowerCase() }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ wp_no: `WP No. is already used by Bala Uddin (${b.worker_id})` });
    expect(taken.json().error.link.href).toBe(`/worker/view/${b.id}`);
  });

  it('is enforced by the database: a race of two creates ends in one worker and one 409', async () => {
    const t = await signedInApp();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const fin = finFor(7_000_001);
    const responses = await Promise.all(
      ['A', 'B', 'C'].map((first_name) =>
        t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url, first_name, fin_no: fin }) }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    // A direct write that skips the app's check is refused by the unique index.
    const error = await insertWorkers(t.db, { fin_no: fin.toLowerCase() }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('migration 0008 keeps the earliest holder of an old duplicate and leaves the later ones to be corrected', async () => {
    const db = await createTestDatabase(
      migrateAround('0005-admin-charges', async (database) => {
        const columns = ['fin_no', 'passport_no', 'wp_no'] as const;
        const row = (id: string, created: string, fin: string) =>
          sql`insert into workers (id, worker_id, first_name, last_name, ${sql.join(columns.map((c) => sql.ref(c)))}, created_at, updated_at)
              values (${id}, ${`TD-${id.slice(-4)}`}, 'Old', 'Row', ${fin}, ${`P-${id}`}, null, ${created}, ${created})`;
        await row('00000000-0000-4000-8000-000000000002', '2024-01-02T00:00:00.000Z', 'g1234567x').execute(database);
        await row('00000000-0000-4000-8000-000000000001', '2024-01-01T00:00:00.000Z', 'G1234567X').execute(database);
        await row('00000000-0000-4000-8000-000000000003', '2024-01-03T00:00:00.000Z', 'G 1234567 X').execute(database);
      }),
    );
    const rows = await db.selectFrom('workers').select(['id', 'fin_no_key']).orderBy('created_at').execute();
    expect(rows.map((r) => r.fin_no_key)).toEqual(['G1234567X', null, null]);
    await db.destroy();
  });
});

describe('plausible values, every message in one round (decisions 022, 023)', () => {
  it('checks the FIN/NRIC check letter, the age, the phone number and expiry after issuance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T04:00:00Z'));
    const t = await signedInApp();
    const response = await post(t, {
      fin_no: 'G1234567N',
      // A future date is refused as not in the past (decision 009, fields.ts); a past one as too young.
      date_of_birth: '2020-01-01',
      phone_number: 'abc',
      date_of_issuance: '2025-02-03',
      wp_expiry_date: '2025-02-03',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      fin_no: FIN_CHECK_LETTER_MESSAGE,
      date_of_birth: AGE_MESSAGE,
      phone_number: PHONE_MESSAGE,
      wp_expiry_date: EXPIRY_BEFORE_ISSUANCE_MESSAGE,
    });
    expect((await post(t, { fin_no: 'X12' })).json().error.fields).toEqual({ fin_no: FIN_FORMAT_MESSAGE });
    // 15 today is old enough, 80 today still in; NRICs (S, T) and M-series FINs pass; spaces and case do not matter.
    for (const [date_of_birth, fin_no] of [
      ['2010-06-15', 'S1234567D'],
      ['1945-06-16', 't1234567j'],
      ['1990-01-01', 'M 1234567 K'],
    ] as const) {
      const ok = await post(t, { date_of_birth, fin_no });
      expect(ok.statusCode, ok.body).toBe(201);
    }
    // Creates in one millisecond share created_at, so compare as a set.
    const stored = await t.db.selectFrom('workers').select('fin_no').orderBy('fin_no').execute();
    expect(stored.map((row) => row.fin_no)).toEqual(['M1234567K', 'S1234567D', 'T1234567J']);
    expect((await post(t, { date_of_birth: '2010-06-16' })).json().error.fields).toEqual({
      date_of_birth: AGE_MESSAGE,
    });
  });

  it('answers the field, coretrade and documents messages together', async () => {
    const t = await signedInApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({ email: 'not-an-email', salary_rate: '-5', coretrade: '' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Please enter a valid email address',
      salary_rate: 'Salary Rate must be a number of 0 or more',
      coretrade: CORETRADE_REQUIRED,
      documents: DOCUMENTS_REQUIRED,
    });
  });

  it('does not ask Singapore Citizens and PRs for WP No., levy or coretrade, and keeps those empty', async () => {
    const t = await signedInApp();
    for (const type_of_pass of ['Singapore Citizen', 'PR']) {
      const worker = await addWorker(t, {
        type_of_pass,
        fin_no: type_of_pass === 'PR' ? 'S1234567D' : 'T1234567J',
        wp_no: 'WP-SHOULD-GO',
        levy: '',
        wp_expiry_date: '2027-01-01',
        coretrade: 'R1',
        coretrade_expiry_date: '2027-01-01',
      });
      expect(worker).toMatchObject({
        type_of_pass,
        wp_no: null,
        levy: null,
        wp_expiry_date: null,
        coretrade: null,
        coretrade_expiry_date: null,
      });
    }
    const wpHolder = await post(t, { wp_no: '', levy: '' });
    expect(wpHolder.json().error.fields).toEqual({ wp_no: 'WP No. is required', levy: 'Levy is required' });
  });
});

describe('documents change on save (decision 024)', () => {
  it('removes the files the save unlinked, keeps those still linked', async () => {
    const t = await signedInApp();
    const photo = await givenStoredFile(t.db, 'photo', 'png');
    const worker = await addWorker(t, { photo_url: photo });
    const other = await addWorker(t);
    const replacement = await givenStoredFile(t.db, 'contract');
    // Another worker pointing at the same IPA keeps it alive.
    await t.db.updateTable('workers').set({ ipa_url: worker.ipa_url }).where('id', '=', other.id).execute();

    const response = await t.request({
      method: 'PUT',
      url: `/api/workers/${worker.id}`,
      payload: buildWorker({ photo_url: '', ipa_url: '', contract_url: replacement }),
    });
    expect(response.statusCode).toBe(200);
    const remaining = await t.db.selectFrom('stored_files').select('url').execute();
    const urls = remaining.map((file) => file.url);
    expect(urls).not.toContain(photo);
    expect(urls).toContain(worker.ipa_url);
    expect(urls).toContain(replacement);
    expect((await t.request({ method: 'GET', url: photo })).statusCode).toBe(404);
  });

  it('a refused save removes nothing', async () => {
    const t = await signedInApp();
    const worker = await addWorker(t);
    const response = await t.request({
      method: 'PUT',
      url: `/api/workers/${worker.id}`,
      payload: buildWorker({ ipa_url: '', first_name: '' }),
    });
    expect(response.statusCode).toBe(400);
    expect(await t.db.selectFrom('stored_files').select('url').execute()).toEqual([{ url: worker.ipa_url }]);
  });
});

describe('search, sort and filters (decision 046, SPEC 2)', () => {
  async function seeded() {
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      {
        worker_id: 'TD-1234',
        first_name: 'Zaw',
        last_name: 'Min',
        fin_no: 'G7654321L',
        passport_no: 'MB 555 111',
        phone_number: '+65 9123 4567',
        type_of_pass: 'WP',
        status: 'Working',
        supplied_to_company: 'Acme Builders',
        created_at: '2025-01-01T00:00:00.000Z',
      },
      {
        worker_id: 'TD-10001',
        first_name: 'Aung',
        last_name: 'Thu',
        type_of_pass: 'SPass',
        status: null,
        supplied_to_company: 'Bedok Construction',
        created_at: '2025-01-02T00:00:00.000Z',
      },
      {
        worker_id: 'TD-9999',
        first_name: 'Li',
        last_name: 'Wei',
        type_of_pass: 'EP',
        status: 'Onboarding',
        supplied_to_company: 'Acme Builders',
        created_at: '2025-01-03T00:00:00.000Z',
      },
    );
    return t;
  }
  const firstNames = (body: { items: Array<{ first_name: string }> }) => body.items.map((w) => w.first_name);
  const list = async (t: TestApp, query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/workers?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('finds a worker by TD- id, FIN, passport or phone number', async () => {
    const t = await seeded();
    for (const q of ['td-1234', 'g7654321l', 'G 7654321', 'mb555111', 'MB 555', '91234567', '+65 9123', 'zaw min']) {
      expect(firstNames(await list(t, `q=${encodeURIComponent(q)}`)), q).toEqual(['Zaw']);
    }
    expect((await list(t, 'q=nobody')).total).toBe(0);
  });

  it('sorts by name, TD- id, pass, status and created, empty values last', async () => {
    const t = await seeded();
    expect(firstNames(await list(t, 'sort=name'))).toEqual(['Aung', 'Li', 'Zaw']);
    expect(firstNames(await list(t, 'sort=name&order=desc'))).toEqual(['Zaw', 'Li', 'Aung']);
    expect(firstNames(await list(t, 'sort=worker_id'))).toEqual(['Zaw', 'Li', 'Aung']);
    expect(firstNames(await list(t, 'sort=type_of_pass'))).toEqual(['Li', 'Aung', 'Zaw']);
    expect(firstNames(await list(t, 'sort=status'))).toEqual(['Li', 'Zaw', 'Aung']);
    expect(firstNames(await list(t, 'sort=status&order=desc'))).toEqual(['Zaw', 'Li', 'Aung']);
    expect(firstNames(await list(t, 'sort=created_at&order=asc'))).toEqual(['Zaw', 'Aung', 'Li']);
    expect(firstNames(await list(t, ''))).toEqual(['Li', 'Aung', 'Zaw']);
    expect((await t.request({ method: 'GET', url: '/api/workers?sort=password' })).statusCode).toBe(400);
  });

  it('filters by status, pass type and client company, and lists the companies', async () => {
    const t = await seeded();
    expect(firstNames(await list(t, 'supplied_to_company=Acme%20Builders'))).toEqual(['Li', 'Zaw']);
    expect(firstNames(await list(t, 'type_of_pass=SPass'))).toEqual(['Aung']);
    expect(firstNames(await list(t, 'status=Working&supplied_to_company=Acme%20Builders'))).toEqual(['Zaw']);
    const companies = await t.request({ method: 'GET', url: '/api/workers/companies' });
    expect(companies.json()).toEqual({ items: ['Acme Builders', 'Bedok Construction'] });
  });
});

describe('expired permits (decision 024)', () => {
  // Today in Singapore: 15 June 2025.
  const NOW = new Date('2025-06-15T04:00:00Z');
  async function seeded() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      { first_name: 'Three', wp_expiry_date: '2025-06-12', coretrade_expiry_date: '2025-06-12' },
      { first_name: 'Long', wp_expiry_date: '2024-01-01', coretrade_expiry_date: '2024-01-01', nationality: 'Thai' },
      { first_name: 'Gone', status: 'Terminated', wp_expiry_date: '2025-06-01', coretrade_expiry_date: '2025-06-01' },
      { first_name: 'Spass', type_of_pass: 'SPass', wp_expiry_date: '2025-06-10', coretrade_expiry_date: '2025-06-10' },
      { first_name: 'Today', wp_expiry_date: '2025-06-15', coretrade_expiry_date: '2025-06-15' },
    );
    return t;
  }

  it('answers expired permits of workers not terminated apart, longest expired first, with negative days', async () => {
    const t = await seeded();
    const wp = (await t.request({ method: 'GET', url: '/api/workers/expiring-wp' })).json();
    expect(wp.items.map((w: { first_name: string }) => w.first_name)).toEqual(['Today']);
    expect(
      wp.expired.map((w: { first_name: string; days_until_expiry: number }) => [w.first_name, w.days_until_expiry]),
    ).toEqual([
      ['Long', -531],
      ['Spass', -5],
      ['Three', -3],
    ]);
    expect(wp.expired_total).toBe(3);
    const coretrade = (
      await t.request({ method: 'GET', url: '/api/workers/expiring-coretrade?nationality=Thai' })
    ).json();
    expect(coretrade.expired.map((w: { first_name: string }) => w.first_name)).toEqual(['Long']);
    expect(coretrade.expired_total).toBe(1);
    const dashboard = (await t.request({ method: 'GET', url: '/api/workers/dashboard' })).json();
    expect(dashboard).toMatchObject({ expired_wp: 3, expired_coretrade: 2, expiring_wp: 1 });
  });
});

describe('CSV export (decision 024)', () => {
  it('downloads the filtered worker list with formula-looking text escaped', async () => {
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      {
        worker_id: 'TD-2001',
        first_name: '=HYPERLINK("http://evil.example")',
        last_name: 'Tan, Ah Kow',
        phone_number: '+65 8123 4567',
        nationality: 'Chinese',
        salary_rate: 185050,
        // 04:23 on 2 January in Singapore: added on 2 January there, whatever the UTC date says.
        created_at: '2025-01-01T20:23:00.000Z',
      },
      { worker_id: 'TD-2002', first_name: 'Other', nationality: 'Thai' },
    );
    const response = await t.request({ method: 'GET', url: '/api/workers/export?nationality=Chinese' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="workers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Worker ID,First Name,Last Name,Nationality,Type of Pass,Status,FIN No\./);
    expect(lines[1]).toContain(`TD-2001,"'=HYPERLINK(""http://evil.example"")","Tan, Ah Kow",Chinese,WP,Working,`);
    expect(lines[1]).toContain(",'+65 8123 4567,");
    expect(lines[1]).toContain(',1850.5,2025-01-02');
  });

  it('downloads an expiring list with the expired rows first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T04:00:00Z'));
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      {
        worker_id: 'TD-3001',
        first_name: 'Soon',
        last_name: 'A',
        coretrade: 'R2',
        coretrade_expiry_date: '2025-06-20',
      },
      {
        worker_id: 'TD-3002',
        first_name: 'Late',
        last_name: 'B',
        coretrade: 'R1',
        coretrade_expiry_date: '2025-06-12',
      },
    );
    const response = await t.request({ method: 'GET', url: '/api/workers/expiring-coretrade/export' });
    expect(response.statusCode).toBe(200);
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Name,Nationality,Worker ID,Coretrade,Coretrade Expiry Date,Days Until Expiry',
      'Late B,Indian,TD-3002,R1,2025-06-12,-3',
      'Soon A,Indian,TD-3001,R2,2025-06-20,5',
      '',
    ]);
  });
});

describe('GET /api/workers/:id/history (decision 024)', () => {
  it('lists who changed what and when, newest first, with the form labels', async () => {
    const t = await signedInApp();
    const worker = await addWorker(t, { designation: 'Carpenter' });
    await t.request({
      method: 'PUT',
      url: `/api/workers/${worker.id}`,
      payload: buildWorker({
        ipa_url: worker.ipa_url,
        fin_no: worker.fin_no,
        passport_no: worker.passport_no,
        wp_no: worker.wp_no,
        designation: 'Rigger',
        salary_rate: '130',
      }),
    });
    const response = await t.request({ method: 'GET', url: `/api/workers/${worker.id}/history` });
    expect(response.statusCode).toBe(200);
    const [update, create] = response.json().items;
    expect(update).toMatchObject({ action: 'update', user_name: 'Hui Min' });
    expect(update.changes).toEqual([
      { field: 'designation', label: 'Designation', before: 'Carpenter', after: 'Rigger' },
      { field: 'salary_rate', label: 'Salary Rate', before: 120, after: 130 },
    ]);
    expect(create.action).toBe('create');
    expect(create.changes).toContainEqual({
      field: 'worker_id',
      label: 'Worker ID',
      before: null,
      after: worker.worker_id,
    });
    expect(create.changes.map((c: { field: string }) => c.field)).not.toContain('created_at');
    const missing = await t.request({
      method: 'GET',
      url: '/api/workers/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55/history',
    });
    expect(missing.statusCode).toBe(404);
  });
});
