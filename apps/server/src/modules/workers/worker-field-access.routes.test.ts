import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, sessionCookieOf, type TestApp } from '../../../test/build-test-app.ts';
import { buildWorker, givenStoredFile } from '../../../test/factories.ts';

/** Signs in a second account of `role` beside the admin, answering its cookie. */
async function cookieOf(t: TestApp, role: 'supervisor' | 'hr' | 'payroll'): Promise<string> {
  const email = `${role}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'long enough password';
  await t.request({ method: 'POST', url: '/api/users', payload: { name: role, email, password, role } });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
  return sessionCookieOf(login) ?? '';
}

/** Decision 104: identity numbers, contacts and pay only to the roles that may see them. */
describe('worker fields by permission', () => {
  it('masks FIN, passport, WP, phone, e-mail and pay for a supervisor in every answer, and the admin sees them', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const added = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({
        ipa_url,
        bank_swift_code: 'DBSSSGSG',
        bank_account_no: '0123456789',
        payment_mode: 'GIRO',
      }),
    });
    expect(added.statusCode).toBe(201);
    const worker = added.json();
    const supervisor = await cookieOf(t, 'supervisor');
    const get = (url: string, cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : { cookie: t.cookie ?? '' }) },
      });

    const detail = (await get(`/api/workers/${worker.id}`, supervisor)).json();
    expect(detail.first_name).toBe(worker.first_name);
    expect(detail.fin_no).toBe(`${worker.fin_no[0]}****${worker.fin_no.slice(-4)}`);
    expect(detail.passport_no).not.toBe(worker.passport_no);
    expect(detail.wp_no).not.toBe(worker.wp_no);
    expect(detail.phone_number).not.toContain('8123');
    expect(detail.email).not.toBe(worker.email);
    expect(detail.salary_rate).toBeNull();
    expect(detail.bank_account_no).not.toContain('012345');

    const list = (await get('/api/workers?page=1&pageSize=10', supervisor)).json();
    expect(list.items[0].fin_no).toBe(detail.fin_no);
    const lookup = (await get('/api/workers/lookup?q=Rahim&page=1&pageSize=10', supervisor)).json();
    expect(lookup.items[0].fin_no).toBe(detail.fin_no);
    expect(lookup.items[0].salary_rate).toBeNull();
    const csv = (await get('/api/workers/export', supervisor)).body;
    expect(csv).not.toContain(worker.fin_no);
    expect(csv).not.toContain(worker.passport_no);

    // Searching by a FIN or phone the role cannot see finds nothing; by name it does.
    expect((await get(`/api/workers?page=1&pageSize=10&q=${worker.fin_no}`, supervisor)).json().total).toBe(0);
    expect((await get('/api/workers?page=1&pageSize=10&q=81234567', supervisor)).json().total).toBe(0);
    expect((await get(`/api/workers/lookup?q=${worker.fin_no}&page=1&pageSize=10`, supervisor)).json().total).toBe(0);
    expect((await get(`/api/workers/export?q=${worker.fin_no}`, supervisor)).body).not.toContain('Rahim');

    // The admin's answers are as before.
    const admin = (await get(`/api/workers/${worker.id}`)).json();
    expect(admin.fin_no).toBe(worker.fin_no);
    expect(admin.salary_rate).toBe(120);
    expect((await get(`/api/workers?page=1&pageSize=10&q=${worker.fin_no}`)).json().total).toBe(1);
  });

  it('keeps the pay an HR save could not see', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const values = buildWorker({ ipa_url, salary_rate: '150' });
    const worker = (await t.request({ method: 'POST', url: '/api/workers', payload: values })).json();
    const hr = await cookieOf(t, 'hr');
    const seen = (
      await t.app.inject({ method: 'GET', url: `/api/workers/${worker.id}`, headers: { origin: ORIGIN, cookie: hr } })
    ).json();
    expect(seen.fin_no).toBe(worker.fin_no);
    expect(seen.salary_rate).toBeNull();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/workers/${worker.id}`,
      headers: { origin: ORIGIN, cookie: hr },
      payload: { ...values, designation: 'Rigger', salary_rate: '' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().salary_rate).toBeNull();
    const stored = (await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json();
    expect(stored.designation).toBe('Rigger');
    expect(stored.salary_rate).toBe(150);
  });

  it('keeps the salary and bank details when HR saves the form it sees, or leaves them out (decision 108)', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const values = buildWorker({
      ipa_url,
      salary_rate: '1850.50',
      declared_monthly_salary: '1700',
      bank_swift_code: 'DBSSSGSG',
      bank_account_no: '0123456789',
      payment_mode: 'GIRO',
    });
    const worker = (await t.request({ method: 'POST', url: '/api/workers', payload: values })).json();
    const hr = await cookieOf(t, 'hr');
    const asHr = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { origin: ORIGIN, cookie: hr }, ...(payload ? { payload } : {}) });
    const seen = (await asHr('GET', `/api/workers/${worker.id}`)).json();
    expect(seen).toMatchObject({ salary_rate: null, declared_monthly_salary: null });
    expect(seen.bank_account_no).not.toBe('0123456789');

    // The form sends back what it was given as strings; for HR it shows no pay inputs, so it sends the
    // salary empty and leaves out what a PUT may leave out (the bank details, the declared salary).
    const omitted = ['declared_monthly_salary', 'bank_swift_code', 'bank_account_no', 'payment_mode'];
    const formValues = Object.fromEntries(
      Object.keys(values)
        .filter((field) => !omitted.includes(field))
        .map((field) => [field, seen[field] === null ? '' : String(seen[field])]),
    );
    expect(formValues.salary_rate).toBe('');
    const first = await asHr('PUT', `/api/workers/${worker.id}`, { ...formValues, designation: 'Rigger' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await asHr('PUT', `/api/workers/${worker.id}`, { ...formValues, designation: 'Welder' });
    expect(second.statusCode, second.body).toBe(200);
    const stored = (await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json();
    expect(stored).toMatchObject({
      designation: 'Welder',
      salary_rate: 1850.5,
      declared_monthly_salary: 1700,
      bank_swift_code: 'DBSSSGSG',
      bank_account_no: '0123456789',
      payment_mode: 'GIRO',
    });

    // HR adds a worker without the salary (an admin gives it); a salary HR sends is not taken.
    const ipa2 = await givenStoredFile(t.db, 'ipa');
    const added = await asHr('POST', '/api/workers', buildWorker({ ipa_url: ipa2, salary_rate: '' }));
    expect(added.statusCode).toBe(201);
    const ipa3 = await givenStoredFile(t.db, 'ipa');
    const sneaked = await asHr('POST', '/api/workers', buildWorker({ ipa_url: ipa3, salary_rate: '9999' }));
    expect(sneaked.statusCode).toBe(201);
    const sneakedStored = (await t.request({ method: 'GET', url: `/api/workers/${sneaked.json().id}` })).json();
    expect(sneakedStored.salary_rate).toBeNull();
    // An admin is still asked for it.
    const ipa4 = await givenStoredFile(t.db, 'ipa');
    const noSalary = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({ ipa_url: ipa4, salary_rate: '' }),
    });
    expect(noSalary.statusCode).toBe(400);
    expect(noSalary.json().error.fields.salary_rate).toBe('Salary Rate is required');
  });
});
