import { CORETRADE_REQUIRED, DOCUMENTS_REQUIRED, fieldMissingMessage, WORKER_FIELDS } from '@td/shared/schemas/worker';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildWorker, givenStoredFile, insertWorkers } from '../../../test/factories.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';

afterEach(() => {
  vi.useRealTimers();
});

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

/** Adds a worker through the API with a stored IPA document (SPEC 5 needs one on add). */
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

describe('worker routes need a session', () => {
  it.each([
    ['GET', '/api/workers'],
    ['GET', '/api/workers/dashboard'],
    ['GET', '/api/workers/expiring-wp'],
    ['GET', '/api/workers/expiring-coretrade'],
    ['GET', '/api/workers/lookup'],
    ['GET', '/api/workers/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55'],
    ['POST', '/api/workers'],
    ['PUT', '/api/workers/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55'],
    ['DELETE', '/api/workers/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55'],
  ] as const)('%s %s answers 401 without one', async (method, url) => {
    const t = await buildTestApp();
    const response = await t.request({
      method,
      url,
      ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/workers', () => {
  it('creates a worker with a generated TD- id, ignoring a client worker_id, and audits it', async () => {
    const t = await signedInApp();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const response = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: { ...buildWorker({ ipa_url, salary_rate: '1850.5' }), worker_id: 'TD-0001', id: 'mine' },
    });
    expect(response.statusCode).toBe(201);
    const worker = response.json();
    expect(worker.worker_id).toMatch(/^TD-[1-9]\d{3}$/);
    expect(worker.id).not.toBe('mine');
    expect(worker).toMatchObject({ first_name: 'Rahim', last_name: 'Uddin', salary_rate: 1850.5, ipa_url });
    expect(worker.created_at).toBe(worker.updated_at);

    const stored = await t.db.selectFrom('workers').select('salary_rate').executeTakeFirstOrThrow();
    expect(stored.salary_rate).toBe(185050); // integer cents
    const read = await t.request({ method: 'GET', url: `/api/workers/${worker.id}` });
    expect(read.json().salary_rate).toBe(1850.5);

    const audit = await listAuditEntries(t.db, 'worker', worker.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', user_name: 'Hui Min' });
    expect(JSON.parse(audit[0]?.changes ?? '{}').worker_id).toEqual([null, worker.worker_id]);
  });

  it('saves empty optional values as null, and coretrade only for WP holders', async () => {
    const t = await signedInApp();
    const worker = await addWorker(t, {
      type_of_pass: 'SPass',
      coretrade: 'R2',
      coretrade_expiry_date: '2026-01-01',
      date_of_issuance: '',
      wp_expiry_date: '   ',
      designation: '',
      photo_url: '',
      consent_letter_url: undefined,
    });
    expect(worker).toMatchObject({
      type_of_pass: 'SPass',
      coretrade: null,
      coretrade_expiry_date: null,
      date_of_issuance: null,
      wp_expiry_date: null,
      designation: null,
      photo_url: null,
      consent_letter_url: null,
      contract_url: null,
    });
  });

  it('answers every SPEC 5 required-field message on add', async () => {
    const t = await signedInApp();
    const response = await t.request({ method: 'POST', url: '/api/workers', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'First Name is required',
      fields: {
        first_name: 'First Name is required',
        last_name: 'Last Name is required',
        date_of_birth: 'Date of Birth is required',
        nationality: 'Nationality is required',
        passport_no: 'Passport No. is required',
        type_of_pass: 'Type of Pass is required',
        phone_number: 'Phone Number is required',
        email: 'Email Address is required',
        fin_no: 'FIN No. is required',
        wp_no: 'WP No. is required',
        date_of_application: 'Date of Application is required',
        levy: 'Levy is required',
        status: 'Status is required',
        supplied_to_company: 'Supplied to Company is required',
        rate_type: 'Rate Type is required',
        salary_rate: 'Salary Rate is required',
        documents: DOCUMENTS_REQUIRED,
      },
    });
    expect(await t.db.selectFrom('workers').select('id').execute()).toHaveLength(0);
  });

  it('requires coretrade for WP holders and a document on add', async () => {
    const t = await signedInApp();
    const response = await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ coretrade: '' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ coretrade: CORETRADE_REQUIRED, documents: DOCUMENTS_REQUIRED });
  });

  it('refuses malformed dates with the SPEC 5 messages', async () => {
    const t = await signedInApp();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const response = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({
        ipa_url,
        date_of_birth: '12/04/1990',
        date_of_application: '2025-02-30',
        date_of_issuance: 'soon',
        wp_expiry_date: '2027-13-01',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      date_of_birth: 'Invalid Date of Birth format. Please use YYYY-MM-DD format.',
      date_of_application: 'Invalid Date of Application format. Please use YYYY-MM-DD format.',
      date_of_issuance: 'Invalid Date of Issuance format. Please use YYYY-MM-DD format.',
      wp_expiry_date: 'Invalid WP Expiry Date format. Please use YYYY-MM-DD format.',
    });
  });

  it('refuses an unknown option, a bad e-mail and a negative salary', async () => {
    const t = await signedInApp();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const response = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({ ipa_url, nationality: 'Martian', email: 'nope', salary_rate: '-5' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      nationality: 'Please choose a valid Nationality',
      email: 'Please enter a valid email address',
      salary_rate: 'Salary Rate must be a number of 0 or more',
    });
  });

  it('refuses file URLs this server did not store, or stored for another purpose', async () => {
    const t = await signedInApp();
    const photo = await givenStoredFile(t.db, 'photo', 'png');
    const response = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({
        ipa_url: 'https://elsewhere.example/ipa.pdf',
        contract_url: '/api/files/documents/contract/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55.pdf',
        consent_letter_url: photo,
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'The uploaded IPA Document could not be found. Please upload it again.',
      fields: {
        ipa_url: 'The uploaded IPA Document could not be found. Please upload it again.',
        consent_letter_url: 'The uploaded Consent Letter could not be found. Please upload it again.',
        contract_url: 'The uploaded Contract could not be found. Please upload it again.',
      },
    });
    expect(await t.db.selectFrom('workers').select('id').execute()).toHaveLength(0);
  });

  it('gives concurrent creates distinct worker ids', async () => {
    const t = await signedInApp();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url, first_name: `W${i}` }) }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const ids = new Set(responses.map((r) => r.json().worker_id));
    expect(ids.size).toBe(12);
  });
});

describe('PUT /api/workers/:id', () => {
  it('needs only the always-required fields, clears coretrade when the pass is no longer WP, and audits the change', async () => {
    const t = await signedInApp();
    const created = await addWorker(t);
    expect(created.coretrade).toBe('R1');
    const response = await t.request({
      method: 'PUT',
      url: `/api/workers/${created.id}`,
      payload: {
        ...buildWorker({ ipa_url: created.ipa_url }),
        type_of_pass: 'EP',
        phone_number: '',
        levy: '',
        status: '',
        salary_rate: '',
        worker_id: 'TD-0000',
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: created.id,
      worker_id: created.worker_id,
      created_at: created.created_at,
      type_of_pass: 'EP',
      coretrade: null,
      coretrade_expiry_date: null,
      phone_number: null,
      levy: null,
      status: null,
      salary_rate: null,
    });
    const row = await t.db.selectFrom('workers').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ coretrade: null, coretrade_expiry_date: null, worker_id: created.worker_id });

    const audit = await listAuditEntries(t.db, 'worker', created.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audit[1]?.changes ?? '{}')).toMatchObject({
      type_of_pass: ['WP', 'EP'],
      coretrade: ['R1', null],
    });
  });

  it('still checks the always-required fields and dates on edit, but not coretrade or documents', async () => {
    const t = await signedInApp();
    const created = await addWorker(t);
    const everyField = Object.fromEntries(WORKER_FIELDS.map((field) => [field, null]));
    const response = await t.request({
      method: 'PUT',
      url: `/api/workers/${created.id}`,
      payload: {
        ...everyField,
        first_name: '',
        last_name: 'X',
        date_of_birth: '1990-02-30',
        nationality: 'Thai',
        passport_no: 'P1',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      first_name: 'First Name is required',
      date_of_birth: 'Invalid Date of Birth format. Please use YYYY-MM-DD format.',
      type_of_pass: 'Type of Pass is required',
    });
    const minimal = { first_name: 'A', last_name: 'B', date_of_birth: '1990-02-28', nationality: 'Thai' };
    const cleared = await t.request({
      method: 'PUT',
      url: `/api/workers/${created.id}`,
      payload: { ...everyField, ...minimal, passport_no: 'P1', type_of_pass: 'WP' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ ipa_url: null, coretrade: null });
  });

  it('refuses an edit that leaves fields out, naming them, and keeps the stored document', async () => {
    const t = await signedInApp();
    const created = await addWorker(t);
    const response = await t.request({
      method: 'PUT',
      url: `/api/workers/${created.id}`,
      payload: {
        first_name: 'A',
        last_name: 'B',
        date_of_birth: '1990-02-28',
        nationality: 'Thai',
        passport_no: 'P1',
        type_of_pass: 'WP',
      },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields;
    expect(fields).toMatchObject({
      ipa_url: fieldMissingMessage('IPA Document'),
      email: fieldMissingMessage('Email Address'),
    });
    const stored = await t.request({ method: 'GET', url: `/api/workers/${created.id}` });
    expect(stored.json()).toMatchObject({ ipa_url: created.ipa_url, salary_rate: created.salary_rate });
    expect(created.ipa_url).not.toBeNull();
    const stillStored = await t.db
      .selectFrom('stored_files')
      .select('url')
      .where('url', '=', created.ipa_url)
      .execute();
    expect(stillStored).toEqual([{ url: created.ipa_url }]);
  });

  it('keeps the employment dates when a PUT leaves them out, clears them on null (decision 096)', async () => {
    const t = await signedInApp();
    const created = await addWorker(t, { employment_start_date: '2025-02-10' });
    expect(created).toMatchObject({ employment_start_date: '2025-02-10', employment_end_date: null });
    const { id, worker_id, created_at, updated_at, employment_start_date, employment_end_date, ...sent } = created;
    const kept = await t.request({ method: 'PUT', url: `/api/workers/${id}`, payload: sent });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ employment_start_date: '2025-02-10', employment_end_date: null });

    const ended = await t.request({
      method: 'PUT',
      url: `/api/workers/${id}`,
      payload: { ...sent, employment_end_date: '2025-02-09' },
    });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error.fields).toEqual({
      employment_end_date: 'Employment End Date cannot be before the Employment Start Date',
    });

    const cleared = await t.request({
      method: 'PUT',
      url: `/api/workers/${id}`,
      payload: { ...sent, employment_start_date: null, employment_end_date: '2026-01-31' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ employment_start_date: null, employment_end_date: '2026-01-31' });
  });

  it('keeps an unchanged file URL, refuses a new unknown one', async () => {
    const t = await signedInApp();
    const created = await addWorker(t);
    // The stored file went away (SPEC 4: removed from the form first); the unchanged link still saves.
    await t.db.deleteFrom('stored_files').execute();
    const unchanged = await t.request({
      method: 'PUT',
      url: `/api/workers/${created.id}`,
      payload: buildWorker({ ipa_url: created.ipa_url }),
    });
    expect(unchanged.statusCode).toBe(200);
    const unknown = await t.request({
      method: 'PUT',
      url: `/api/workers/${created.id}`,
      payload: buildWorker({ ipa_url: created.ipa_url, photo_url: '/api/files/workers/nothing.png' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({
      photo_url: 'The uploaded Photo could not be found. Please upload it again.',
    });
  });

  it('answers 404 for a missing worker', async () => {
    const t = await signedInApp();
    const response = await t.request({
      method: 'PUT',
      url: '/api/workers/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55',
      payload: buildWorker(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Worker not found');
  });
});

describe('GET and DELETE /api/workers/:id', () => {
  it('reads one worker, and answers 404 Worker not found for unknown and malformed ids', async () => {
    const t = await signedInApp();
    const created = await addWorker(t);
    const read = await t.request({ method: 'GET', url: `/api/workers/${created.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    for (const id of ['2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55', 'not-a-uuid']) {
      const missing = await t.request({ method: 'GET', url: `/api/workers/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toEqual({ code: 'NOT_FOUND', message: 'Worker not found' });
    }
  });

  it('deletes a worker, audits it, then answers 404', async () => {
    const t = await signedInApp();
    const created = await addWorker(t);
    const deleted = await t.request({ method: 'DELETE', url: `/api/workers/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/workers/${created.id}` })).statusCode).toBe(404);
    const again = await t.request({ method: 'DELETE', url: `/api/workers/${created.id}` });
    expect(again.statusCode).toBe(404);
    const audit = await listAuditEntries(t.db, 'worker', created.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'delete']);
  });
});

describe('GET /api/workers', () => {
  async function seeded() {
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      {
        first_name: 'Ahmad',
        last_name: 'Karim',
        nationality: 'Malaysian',
        status: 'Working',
        created_at: '2025-01-01T00:00:00.000Z',
      },
      {
        first_name: 'Mohd',
        last_name: 'Ahmad',
        nationality: 'Malaysian',
        status: 'Onboarding',
        created_at: '2025-01-02T00:00:00.000Z',
      },
      {
        first_name: 'Li',
        last_name: 'Wei',
        nationality: 'Chinese',
        status: 'Working',
        created_at: '2025-01-03T00:00:00.000Z',
      },
      {
        first_name: 'Ravi',
        last_name: 'Kumar_100%',
        nationality: 'Indian',
        status: 'Terminated',
        created_at: '2025-01-04T00:00:00.000Z',
      },
      {
        first_name: 'Ravindra',
        last_name: 'Kumar',
        nationality: 'Indian',
        status: 'Working',
        created_at: '2025-01-05T00:00:00.000Z',
      },
    );
    return t;
  }
  const names = (body: { items: Array<{ first_name: string; last_name: string }> }) =>
    body.items.map((w) => `${w.first_name} ${w.last_name}`);

  it('lists newest first with the total', async () => {
    const t = await seeded();
    const response = await t.request({ method: 'GET', url: '/api/workers' });
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(5);
    expect(names(response.json())).toEqual([
      'Ravindra Kumar',
      'Ravi Kumar_100%',
      'Li Wei',
      'Mohd Ahmad',
      'Ahmad Karim',
    ]);
  });

  it('searches first and last name together, case-insensitively, with % and _ taken literally', async () => {
    const t = await seeded();
    const search = async (q: string) =>
      names((await t.request({ method: 'GET', url: `/api/workers?q=${encodeURIComponent(q)}` })).json());
    expect(await search('AHMAD')).toEqual(['Mohd Ahmad', 'Ahmad Karim']);
    expect(await search('d ahm')).toEqual(['Mohd Ahmad']);
    expect(await search('li wei')).toEqual(['Li Wei']);
    expect(await search('_100%')).toEqual(['Ravi Kumar_100%']);
    expect(await search('%')).toEqual(['Ravi Kumar_100%']);
    expect(await search('nobody')).toEqual([]);
  });

  it('filters by nationality and status; unknown statuses match nothing', async () => {
    const t = await seeded();
    const list = async (query: string) => (await t.request({ method: 'GET', url: `/api/workers?${query}` })).json();
    expect(names(await list('nationality=Indian'))).toEqual(['Ravindra Kumar', 'Ravi Kumar_100%']);
    expect(names(await list('status=Working&nationality=Malaysian'))).toEqual(['Ahmad Karim']);
    expect(await list('status=Retired')).toEqual({ items: [], total: 0 });
    expect((await list('q=ravi&status=Working')).total).toBe(1);
  });

  it('paginates with the total of all matches', async () => {
    const t = await seeded();
    const page = async (n: number) =>
      (await t.request({ method: 'GET', url: `/api/workers?page=${n}&pageSize=2` })).json();
    expect(names(await page(1))).toEqual(['Ravindra Kumar', 'Ravi Kumar_100%']);
    expect(names(await page(3))).toEqual(['Ahmad Karim']);
    expect(await page(4)).toEqual({ items: [], total: 5 });
    expect((await page(2)).total).toBe(5);
    const bad = await t.request({ method: 'GET', url: '/api/workers?pageSize=1000' });
    expect(bad.statusCode).toBe(400);
    // Bad input never becomes a database error.
    const huge = await t.request({ method: 'GET', url: '/api/workers?page=9007199254740991' });
    expect(huge.json()).toEqual({ items: [], total: 5 });
    expect((await t.request({ method: 'GET', url: '/api/workers?page=0' })).statusCode).toBe(400);
  });

  it('paginates a search and a filter in the chosen order, with the total of its matches', async () => {
    const t = await seeded();
    const page = async (query: string) => (await t.request({ method: 'GET', url: `/api/workers?${query}` })).json();
    // Decision 050: the matches are sorted and counted as ids, then read by id: the page keeps their order.
    expect(await page('q=kumar&sort=name&order=desc&page=1&pageSize=1')).toMatchObject({ total: 2 });
    expect(names(await page('q=kumar&sort=name&order=desc&page=1&pageSize=1'))).toEqual(['Ravindra Kumar']);
    expect(names(await page('q=kumar&sort=name&order=desc&page=2&pageSize=1'))).toEqual(['Ravi Kumar_100%']);
    expect(names(await page('q=kumar&sort=name&order=asc&page=1&pageSize=2'))).toEqual([
      'Ravi Kumar_100%',
      'Ravindra Kumar',
    ]);
    expect(await page('q=kumar&page=3&pageSize=1')).toEqual({ items: [], total: 2 });
    expect(await page('nationality=Indian&page=9007199254740991')).toEqual({ items: [], total: 2 });
    expect(await page('q=nobody-matches&page=2')).toEqual({ items: [], total: 0 });
  });
});

describe('GET /api/workers/lookup', () => {
  const names = (body: { items: Array<{ first_name: string; last_name: string }> }) =>
    body.items.map((w) => `${w.first_name} ${w.last_name}`);

  it('answers a page of the picker fields ordered by first then last name, with the total', async () => {
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      { first_name: 'Zaw', last_name: 'Min', salary_rate: 250050, rate_type: 'Monthly', email: 'zaw@example.com' },
      { first_name: 'Aung', last_name: 'Thu' },
      { first_name: 'Aung', last_name: 'Kyaw' },
    );
    const response = await t.request({ method: 'GET', url: '/api/workers/lookup' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(names(body)).toEqual(['Aung Kyaw', 'Aung Thu', 'Zaw Min']);
    expect(Object.keys(body.items[2]).sort()).toEqual(
      // Decision 092: the rest day, for the timesheet form's rest-day question.
      [
        'email',
        'fin_no',
        'first_name',
        'id',
        'last_name',
        'rate_type',
        'rest_day',
        'salary_rate',
        'worker_id',
        'wp_no',
      ].sort(),
    );
    expect(body.items[2]).toMatchObject({
      salary_rate: 2500.5,
      rate_type: 'Monthly',
      email: 'zaw@example.com',
      rest_day: 'Sunday',
    });

    const page2 = (await t.request({ method: 'GET', url: '/api/workers/lookup?page=2&pageSize=2' })).json();
    expect(page2).toMatchObject({ total: 3 });
    expect(names(page2)).toEqual(['Zaw Min']);
  });

  it('finds a worker by FIN, as the worker list does, with or without spaces and case', async () => {
    const t = await signedInApp();
    const [ravi] = await insertWorkers(
      t.db,
      { first_name: 'Ravi', last_name: 'Kumar', fin_no: 'G1234567X' },
      { first_name: 'Other', fin_no: 'S7654321D' },
    );
    if (!ravi?.fin_no) throw new Error('Ravi has a FIN');
    const lookup = async (q: string) =>
      (await t.request({ method: 'GET', url: `/api/workers/lookup?q=${encodeURIComponent(q)}` })).json();
    expect(names(await lookup(ravi.fin_no))).toEqual(['Ravi Kumar']);
    expect(names(await lookup(ravi.fin_no.toLowerCase().replace(/^(.)/, '$1 ')))).toEqual(['Ravi Kumar']);
  });

  it('matches first and last name together or the TD- id, in any case, and % literally', async () => {
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      { first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-4321' },
      { first_name: 'Kumar', last_name: 'Selvam', worker_id: 'TD-1234' },
      { first_name: 'Ahmad', last_name: 'Karim_100%', worker_id: 'TD-5555' },
    );
    const lookup = async (q: string) =>
      (await t.request({ method: 'GET', url: `/api/workers/lookup?q=${encodeURIComponent(q)}` })).json();
    expect(names(await lookup('KUMAR'))).toEqual(['Kumar Selvam', 'Ravi Kumar']);
    expect(names(await lookup('ravi kum'))).toEqual(['Ravi Kumar']);
    expect(names(await lookup('td-12'))).toEqual(['Kumar Selvam']);
    expect(names(await lookup('TD-4321'))).toEqual(['Ravi Kumar']);
    expect(names(await lookup('100%'))).toEqual(['Ahmad Karim_100%']);
    expect(await lookup('%')).toMatchObject({ total: 1 });
    expect(await lookup('nobody')).toEqual({ items: [], total: 0 });
    // Blank is every worker.
    expect(await lookup('  ')).toMatchObject({ total: 3 });
  });

  it('refuses a bad page size and answers an empty page past the end', async () => {
    const t = await signedInApp();
    await insertWorkers(t.db, { first_name: 'Aung', last_name: 'Thu' });
    expect((await t.request({ method: 'GET', url: '/api/workers/lookup?pageSize=1000' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/workers/lookup?page=0' })).statusCode).toBe(400);
    const huge = await t.request({ method: 'GET', url: '/api/workers/lookup?page=9007199254740991' });
    expect(huge.json()).toEqual({ items: [], total: 1 });
  });
});

describe('GET /api/workers/dashboard (SPEC 9)', () => {
  it('counts statuses, months in Singapore time, growth and expiring documents', async () => {
    // 15 March 2025, 10:00 in Singapore.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-15T02:00:00Z'));
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      // This month (March in Singapore starts 2025-02-28T16:00Z).
      { status: 'Working', created_at: '2025-02-28T16:00:00.000Z' },
      { status: 'Onboarding', created_at: '2025-03-10T00:00:00.000Z' },
      // Last month (February).
      { status: 'Terminated', created_at: '2025-02-28T15:59:59.999Z' },
      { status: 'WP Approved', created_at: '2025-02-01T00:00:00.000Z' },
      { status: 'IPA Issued', created_at: '2025-01-31T16:00:00.000Z' },
      // The month before last (January).
      { status: 'Undergoing Training', created_at: '2025-01-31T15:59:59.000Z' },
      { status: 'WP Issued', created_at: '2024-12-31T16:00:00.000Z' },
      // Earlier, and no status.
      { status: null, created_at: '2024-12-31T15:59:59.000Z', wp_expiry_date: '2025-03-15' },
      {
        status: 'Working',
        created_at: '2024-06-01T00:00:00.000Z',
        wp_expiry_date: '2025-06-15',
        coretrade_expiry_date: '2025-06-15',
      },
      {
        status: 'Working',
        created_at: '2024-06-01T00:00:00.000Z',
        wp_expiry_date: '2025-06-16',
        type_of_pass: 'SPass',
        coretrade_expiry_date: '2025-04-01',
      },
    );
    const response = await t.request({ method: 'GET', url: '/api/workers/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total_workers: 8,
      active_workers: 8,
      terminated_workers: 1,
      joined_last_month: 3,
      new_this_month: 2,
      growth_trend: 50,
      status_counts: {
        'WP Approved': 1,
        Onboarding: 1,
        'IPA Issued': 1,
        'Undergoing Training': 1,
        'WP Issued': 1,
        Working: 3,
        Terminated: 1,
      },
      expiring_wp: 2,
      expiring_coretrade: 1,
      expired_wp: 0,
      expired_coretrade: 0,
    });
  });

  it('is all zeros on an empty database', async () => {
    const t = await signedInApp();
    const body = (await t.request({ method: 'GET', url: '/api/workers/dashboard' })).json();
    expect(body).toMatchObject({ total_workers: 0, growth_trend: 0, expiring_wp: 0, expiring_coretrade: 0 });
    expect(Object.values(body.status_counts)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('expiring work permits and coretrade (SPEC 2, 7, 9)', () => {
  // Today in Singapore: 30 November 2024 (leap February ahead: the window ends 2025-02-28).
  const NOW = new Date('2024-11-29T17:30:00Z');

  async function seeded() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const t = await signedInApp();
    await insertWorkers(
      t.db,
      {
        first_name: 'Yesterday',
        nationality: 'Thai',
        wp_expiry_date: '2024-11-29',
        coretrade_expiry_date: '2024-11-29',
      },
      { first_name: 'Today', nationality: 'Indian', wp_expiry_date: '2024-11-30', coretrade_expiry_date: '2024-11-30' },
      {
        first_name: 'Thirty',
        nationality: 'Chinese',
        wp_expiry_date: '2024-12-30',
        coretrade_expiry_date: '2024-12-30',
      },
      {
        first_name: 'LastDay',
        nationality: 'Burmese',
        wp_expiry_date: '2025-02-28',
        coretrade_expiry_date: '2025-02-28',
      },
      {
        first_name: 'After',
        nationality: 'Vietnamese',
        wp_expiry_date: '2025-03-01',
        coretrade_expiry_date: '2025-03-01',
      },
      { first_name: 'NoDate', nationality: 'Malaysian', wp_expiry_date: null, coretrade_expiry_date: null },
      {
        first_name: 'SPass',
        nationality: 'Bangladeshi',
        type_of_pass: 'SPass',
        coretrade: null,
        wp_expiry_date: '2025-01-15',
        coretrade_expiry_date: '2025-01-15',
      },
    );
    return t;
  }
  type Expiring = { first_name: string; days_until_expiry: number };
  const summary = (body: { items: Expiring[] }) => body.items.map((w) => [w.first_name, w.days_until_expiry]);

  it('lists work permits expiring from today to 3 months ahead, soonest first, with days until expiry', async () => {
    const t = await seeded();
    const response = await t.request({ method: 'GET', url: '/api/workers/expiring-wp' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(summary(body)).toEqual([
      ['Today', 0],
      ['Thirty', 30],
      ['SPass', 46],
      ['LastDay', 90],
    ]);
    expect(body.total).toBe(4);
    expect(body.nationalities).toEqual(['Bangladeshi', 'Burmese', 'Chinese', 'Indian']);
  });

  it('lists coretrade certificates of WP holders only', async () => {
    const t = await seeded();
    const body = (await t.request({ method: 'GET', url: '/api/workers/expiring-coretrade' })).json();
    expect(summary(body)).toEqual([
      ['Today', 0],
      ['Thirty', 30],
      ['LastDay', 90],
    ]);
    expect(body.nationalities).toEqual(['Burmese', 'Chinese', 'Indian']);
  });

  it('searches by name and filters by nationality, keeping every nationality of the window for the filter', async () => {
    const t = await seeded();
    const byNationality = (
      await t.request({ method: 'GET', url: '/api/workers/expiring-wp?nationality=Chinese' })
    ).json();
    expect(summary(byNationality)).toEqual([['Thirty', 30]]);
    expect(byNationality.total).toBe(1);
    expect(byNationality.nationalities).toEqual(['Bangladeshi', 'Burmese', 'Chinese', 'Indian']);
    const byName = (await t.request({ method: 'GET', url: '/api/workers/expiring-coretrade?q=LASTd' })).json();
    expect(summary(byName)).toEqual([['LastDay', 90]]);
    const paged = (await t.request({ method: 'GET', url: '/api/workers/expiring-wp?page=2&pageSize=3' })).json();
    expect(summary(paged)).toEqual([['LastDay', 90]]);
    expect(paged.total).toBe(4);
  });
});

describe('input rules (decision 009): refused with a message, the same on both databases', () => {
  it.each([
    ['/api/workers?q=%00', 'Search contains characters that are not allowed'],
    ['/api/workers?q=a%1Bb', 'Search contains characters that are not allowed'],
    ['/api/workers?nationality=%00', 'Nationality contains characters that are not allowed'],
    ['/api/workers?status=x%00', 'Status contains characters that are not allowed'],
    ['/api/workers/expiring-wp?q=%00', 'Search contains characters that are not allowed'],
    ['/api/workers/expiring-coretrade?nationality=%00', 'Nationality contains characters that are not allowed'],
    ['/api/workers?page=0x10', 'Page must be a whole number'],
    ['/api/workers?pageSize=1e1', 'Page size must be a whole number'],
  ])('GET %s answers 400', async (url, message) => {
    const t = await signedInApp();
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it.each([
    ['a NUL', { first_name: 'Ra\u0000him' }, { first_name: 'First Name contains characters that are not allowed' }],
    [
      'an escape',
      { passport_no: '\u001B[2J' },
      { passport_no: 'Passport No. contains characters that are not allowed' },
    ],
    [
      'a lone surrogate',
      { last_name: 'Ud\uD800din' },
      { last_name: 'Last Name contains characters that are not allowed' },
    ],
    [
      'a line break',
      { supplied_to_company: 'Acme\nEvil' },
      { supplied_to_company: 'Supplied to Company contains characters that are not allowed' },
    ],
    [
      'only invisible characters',
      { first_name: '\u200B\uFEFF\u202E', last_name: ' \u2066\u2069 ' },
      { first_name: 'First Name is required', last_name: 'Last Name is required' },
    ],
    [
      'a 900 KB first name',
      { first_name: 'x'.repeat(900_000) },
      { first_name: 'First Name must be at most 100 characters' },
    ],
    [
      'junk after a date',
      { date_of_birth: '2025-01-01junk' },
      { date_of_birth: 'Invalid Date of Birth format. Please use YYYY-MM-DD format.' },
    ],
    [
      'a timestamp for a date',
      { date_of_birth: '2025-01-01T23:59:59Z' },
      { date_of_birth: 'Invalid Date of Birth format. Please use YYYY-MM-DD format.' },
    ],
    [
      '100 KB after a date',
      { date_of_issuance: `2025-01-01${'9'.repeat(100_000)}` },
      { date_of_issuance: 'Invalid Date of Issuance format. Please use YYYY-MM-DD format.' },
    ],
    [
      'a birth date in the future',
      { date_of_birth: '2999-01-01' },
      { date_of_birth: 'Date of Birth cannot be after 31/12/2099' },
    ],
    [
      'a birth date tomorrow',
      { date_of_birth: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) },
      { date_of_birth: 'Date of Birth must be in the past' },
    ],
    [
      'a birth date before 1900',
      { date_of_birth: '1899-12-31' },
      { date_of_birth: 'Date of Birth cannot be before 01/01/1900' },
    ],
    [
      'an expiry in 2100',
      { wp_expiry_date: '2100-01-01', coretrade_expiry_date: '2100-06-30' },
      {
        wp_expiry_date: 'WP Expiry Date cannot be after 31/12/2099',
        coretrade_expiry_date: 'Coretrade Expiry Date cannot be after 31/12/2099',
      },
    ],
    ['a hexadecimal salary', { salary_rate: '0x10' }, { salary_rate: 'Salary Rate must be a number of 0 or more' }],
    ['a binary salary', { salary_rate: '0b101' }, { salary_rate: 'Salary Rate must be a number of 0 or more' }],
    ['an exponent salary', { salary_rate: '1e3' }, { salary_rate: 'Salary Rate must be a number of 0 or more' }],
    [
      'a salary with 3 decimals',
      { salary_rate: 1.005 as unknown as string },
      { salary_rate: 'Salary Rate can have at most 2 decimal places' },
    ],
    [
      'a salary with 3 decimals as text',
      { salary_rate: '1850.555' },
      { salary_rate: 'Salary Rate can have at most 2 decimal places' },
    ],
  ])('refuses %s on add', async (_, overrides, fields) => {
    const t = await signedInApp();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const response = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({ ipa_url, ...overrides }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual(fields);
    expect(await t.db.selectFrom('workers').select('id').execute()).toHaveLength(0);
  });

  it('answers a malformed salary together with every other message', async () => {
    const t = await signedInApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({ first_name: '', salary_rate: '0x10', nationality: 'Martian' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      first_name: 'First Name is required',
      nationality: 'Please choose a valid Nationality',
      salary_rate: 'Salary Rate must be a number of 0 or more',
      documents: DOCUMENTS_REQUIRED,
    });
  });

  it('refuses the same on edit, leaving the worker as it was', async () => {
    const t = await signedInApp();
    const created = await addWorker(t);
    const response = await t.request({
      method: 'PUT',
      url: `/api/workers/${created.id}`,
      payload: buildWorker({ ipa_url: created.ipa_url, first_name: 'A\u0000', date_of_birth: '1990-04-12 junk' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      first_name: 'First Name contains characters that are not allowed',
      date_of_birth: 'Invalid Date of Birth format. Please use YYYY-MM-DD format.',
    });
    expect((await t.request({ method: 'GET', url: `/api/workers/${created.id}` })).json()).toEqual(created);
  });

  it.each([
    ['1850.55', 185055, 1850.55],
    [4.35, 435, 4.35],
    ['1.15', 115, 1.15],
    [' 0.07 ', 7, 0.07],
    ['10000000', 1_000_000_000, 10_000_000],
  ])('stores a salary of %j as exactly %i cents', async (salary, cents, dollars) => {
    const t = await signedInApp();
    const worker = await addWorker(t, { salary_rate: salary as string });
    expect(worker.salary_rate).toBe(dollars);
    const row = await t.db.selectFrom('workers').select('salary_rate').executeTakeFirstOrThrow();
    expect(row.salary_rate).toBe(cents);
  });

  it('keeps inner invisible characters and trims them at the ends', async () => {
    const t = await signedInApp();
    const worker = await addWorker(t, { first_name: '\uFEFF Ra\u200Dhim \u200B', last_name: 'Uddin\u200E' });
    expect(worker).toMatchObject({ first_name: 'Ra\u200Dhim', last_name: 'Uddin' });
  });
});

describe('upper-case ids (decision 009)', () => {
  it('reads, updates and deletes a worker by its id in upper case, the same on both databases', async () => {
    const t = await signedInApp();
    const created = await addWorker(t);
    const upper = created.id.toUpperCase();
    const read = await t.request({ method: 'GET', url: `/api/workers/${upper}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(created.id);
    const updated = await t.request({
      method: 'PUT',
      url: `/api/workers/${upper}`,
      payload: buildWorker({ ipa_url: created.ipa_url, first_name: 'Renamed' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.id, first_name: 'Renamed' });
    expect((await t.request({ method: 'DELETE', url: `/api/workers/${upper}` })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/workers/${created.id}` })).statusCode).toBe(404);
  });
});
