import { dateInTimeZone } from '@td/shared/rules/dates';
import {
  AMOUNT_DECIMALS,
  AMOUNT_POSITIVE,
  AMOUNT_REQUIRED,
  AMOUNT_TOO_LARGE,
  CHARGE_DATE_INVALID,
  CHARGE_DATE_REQUIRED,
  CHARGE_DEDUCTED_DELETE,
  CHARGE_DEDUCTED_EDIT,
  CHARGE_TYPE_INVALID,
  CHARGE_TYPE_REQUIRED,
  WORKER_INVALID,
  WORKER_REQUIRED,
} from '@td/shared/schemas/admin-charge';
import { describe, expect, it } from 'vitest';
import { buildAdminCharge, insertAdminCharges } from '../../../test/admin-charge-factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';
import type { WorkerSeedRow } from '../workers/public.ts';
import { WORKER_NOT_FOUND } from './admin-charges.service.ts';

const MISSING_ID = '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55';

async function signedInApp(name = 'Hui Min'): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name });
  return t;
}

async function givenWorker(t: TestApp, overrides: Partial<WorkerSeedRow> = {}): Promise<WorkerSeedRow> {
  const [worker] = await insertWorkers(t.db, {
    first_name: 'Rahim',
    last_name: 'Uddin',
    worker_id: 'TD-4821',
    ...overrides,
  });
  if (!worker) throw new Error('no worker');
  return worker;
}

async function addCharge(t: TestApp, payload: Record<string, unknown>) {
  const response = await t.request({ method: 'POST', url: '/api/admin-charges', payload });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json();
}

const storedCents = async (t: TestApp, id: string) =>
  (await t.db.selectFrom('admin_charges').select('amount').where('id', '=', id).executeTakeFirstOrThrow()).amount;

describe('admin charge routes need a session', () => {
  it.each([
    ['GET', '/api/admin-charges'],
    ['GET', '/api/admin-charges/summary'],
    ['GET', '/api/admin-charges/defaults'],
    ['GET', `/api/admin-charges/${MISSING_ID}`],
    ['POST', '/api/admin-charges'],
    ['PUT', `/api/admin-charges/${MISSING_ID}`],
    ['DELETE', `/api/admin-charges/${MISSING_ID}`],
    ['POST', `/api/admin-charges/${MISSING_ID}/approve`],
    ['POST', `/api/admin-charges/${MISSING_ID}/reject`],
  ] as const)('%s %s answers 401 without one', async (method, url) => {
    const t = await buildTestApp();
    const response = await t.request({
      method,
      url,
      ...(method === 'PUT' || url.endsWith('charges') ? { payload: {} } : {}),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/admin-charges', () => {
  it('creates a Pending charge with the amount in dollars and the worker joined, and audits it', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      // A client cannot choose the status or the approver (SPEC 4: a new charge is Pending).
      payload: {
        ...buildAdminCharge({ worker_id: worker.id, amount: '150.50' }),
        status: 'Approved',
        approved_by: 'Me',
      },
    });
    expect(response.statusCode).toBe(201);
    const charge = response.json();
    expect(charge).toMatchObject({
      worker_id: worker.id,
      charge_date: '2025-03-14',
      charge_type: 'Safety Violation',
      amount: 150.5,
      description: 'No helmet on level 3 of the Tampines site',
      status: 'Pending',
      approved_by: null,
      approved_at: null,
      worker: { id: worker.id, first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821' },
      first_name: 'Rahim',
      last_name: 'Uddin',
      worker_code: 'TD-4821',
    });
    expect(charge.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(charge.created_at).toBe(charge.updated_at);
    expect(await storedCents(t, charge.id)).toBe(15050);

    const audit = await listAuditEntries(t.db, 'admin_charge', charge.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', user_name: 'Hui Min' });
    expect(JSON.parse(audit[0]?.changes ?? '{}').amount).toEqual([null, 150.5]);
  });

  it('takes the amount as a JSON number too, and an empty description as null', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const charge = await addCharge(t, { ...buildAdminCharge({ worker_id: worker.id, description: '  ' }), amount: 42 });
    expect(charge).toMatchObject({ amount: 42, description: null });
  });

  it.each([
    [0.01, 1],
    ['0.01', 1],
    [99_999.99, 9_999_999],
    ['99999.99', 9_999_999],
    [1.005e2, 10_050],
    ['0.10', 10],
    [0.29, 29],
    ['1.10', 110],
    [4.35, 435],
    ['12.500', 1250],
    ['  7 ', 700],
  ])('stores %s exactly as %i cents and answers it back unchanged', async (amount, cents) => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const charge = await addCharge(t, { ...buildAdminCharge({ worker_id: worker.id }), amount });
    expect(await storedCents(t, charge.id)).toBe(cents);
    expect(charge.amount).toBe(cents / 100);
    const read = await t.request({ method: 'GET', url: `/api/admin-charges/${charge.id}` });
    expect(read.json().amount).toBe(cents / 100);
  });

  it('answers every SPEC 5 required-field message at once and writes nothing', async () => {
    const t = await signedInApp();
    const response = await t.request({ method: 'POST', url: '/api/admin-charges', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: WORKER_REQUIRED,
      fields: {
        worker_id: WORKER_REQUIRED,
        charge_date: CHARGE_DATE_REQUIRED,
        charge_type: CHARGE_TYPE_REQUIRED,
        amount: AMOUNT_REQUIRED,
      },
    });
    expect(await t.db.selectFrom('admin_charges').select('id').execute()).toHaveLength(0);
  });

  it('treats blank strings and nulls as missing', async () => {
    const t = await signedInApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: { worker_id: ' ', charge_date: '', charge_type: null, amount: '', description: null },
    });
    expect(response.json().error.fields).toEqual({
      worker_id: WORKER_REQUIRED,
      charge_date: CHARGE_DATE_REQUIRED,
      charge_type: CHARGE_TYPE_REQUIRED,
      amount: AMOUNT_REQUIRED,
    });
  });

  it.each([
    [0, AMOUNT_POSITIVE],
    ['0', AMOUNT_POSITIVE],
    ['0.00', AMOUNT_POSITIVE],
    [-5, AMOUNT_POSITIVE],
    ['-0.01', AMOUNT_POSITIVE],
    ['abc', AMOUNT_POSITIVE],
    ['0x10', AMOUNT_POSITIVE],
    ['1e3', AMOUNT_POSITIVE],
    ['12,50', AMOUNT_POSITIVE],
    [true, AMOUNT_POSITIVE],
    [{ value: 5 }, AMOUNT_POSITIVE],
    ['12.345', AMOUNT_DECIMALS],
    [12.345, AMOUNT_DECIMALS],
    [0.001, AMOUNT_DECIMALS],
    [1e-7, AMOUNT_DECIMALS],
    ['1000000', AMOUNT_TOO_LARGE],
    [1e21, AMOUNT_TOO_LARGE],
    ['999999.999', AMOUNT_DECIMALS],
  ])('refuses the amount %j with "%s"', async (amount, message) => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: { ...buildAdminCharge({ worker_id: worker.id }), amount },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message, fields: { amount: message } });
  });

  it('accepts the largest amount, 999,999.99', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const charge = await addCharge(t, { ...buildAdminCharge({ worker_id: worker.id }), amount: '999999.99' });
    expect(charge.amount).toBe(999_999.99);
  });

  it('refuses a malformed date, an unknown type, a worker that is not an id, and control characters', async () => {
    const t = await signedInApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: buildAdminCharge({
        worker_id: 'TD-4821',
        charge_date: '2025-02-30',
        charge_type: 'Parking',
        description: 'bad\u0000byte',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      worker_id: WORKER_INVALID,
      charge_date: CHARGE_DATE_INVALID,
      charge_type: CHARGE_TYPE_INVALID,
      description: expect.any(String),
    });
  });

  it.each(['14/03/2025', '2025-03-14T00:00:00Z', '2025-03-14junk', '0000-01-01'])(
    'refuses the charge date %s',
    async (charge_date) => {
      const t = await signedInApp();
      const worker = await givenWorker(t);
      const response = await t.request({
        method: 'POST',
        url: '/api/admin-charges',
        payload: buildAdminCharge({ worker_id: worker.id, charge_date }),
      });
      expect(response.json().error.fields).toEqual({ charge_date: CHARGE_DATE_INVALID });
    },
  );

  it('refuses a worker that does not exist', async () => {
    const t = await signedInApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: buildAdminCharge({ worker_id: MISSING_ID }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message: WORKER_NOT_FOUND, fields: { worker_id: WORKER_NOT_FOUND } });
  });
});

describe('GET /api/admin-charges', () => {
  async function givenCharges(t: TestApp) {
    const [rahim, siti, arjun] = await insertWorkers(
      t.db,
      { first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821' },
      { first_name: 'Siti', last_name: 'Aminah', worker_id: 'TD-1375' },
      { first_name: 'Arjun', last_name: 'Kumar', worker_id: 'TD-9002' },
    );
    if (!rahim || !siti || !arjun) throw new Error('no workers');
    const charges = await insertAdminCharges(
      t.db,
      { worker_id: rahim.id, charge_date: '2025-03-01', charge_type: 'Attendance', amount: 2000, status: 'Pending' },
      { worker_id: rahim.id, charge_date: '2025-03-05', charge_type: 'Misconduct', amount: 10_000, status: 'Approved' },
      {
        worker_id: siti.id,
        charge_date: '2025-03-03',
        charge_type: 'Equipment Damage',
        amount: 35_075,
        status: 'Deducted',
      },
      { worker_id: arjun.id, charge_date: '2025-02-20', charge_type: 'Other', amount: 1, status: 'Rejected' },
      { worker_id: null, charge_date: '2025-01-10', charge_type: 'Safety Violation', amount: 5000, status: 'Pending' },
    );
    return { rahim, siti, arjun, charges };
  }

  const list = async (t: TestApp, query = '') => {
    const response = await t.request({ method: 'GET', url: `/api/admin-charges${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as { items: Array<Record<string, unknown>>; total: number };
  };

  it('answers { items, total }, latest charge date first, with the worker names and TD- id, nulls when gone', async () => {
    const t = await signedInApp();
    await givenCharges(t);
    const result = await list(t);
    expect(result.total).toBe(5);
    expect(result.items.map((item) => item.charge_date)).toEqual([
      '2025-03-05',
      '2025-03-03',
      '2025-03-01',
      '2025-02-20',
      '2025-01-10',
    ]);
    expect(result.items[0]).toMatchObject({
      first_name: 'Rahim',
      last_name: 'Uddin',
      worker_code: 'TD-4821',
      worker: { first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821' },
      amount: 100,
      status: 'Approved',
    });
    expect(result.items[4]).toMatchObject({
      worker_id: null,
      worker: null,
      first_name: null,
      last_name: null,
      worker_code: null,
    });
  });

  it('keeps a deleted worker\u2019s charges, with the link cleared (Unknown Worker)', async () => {
    const t = await signedInApp();
    const { siti } = await givenCharges(t);
    const deleted = await t.request({ method: 'DELETE', url: `/api/workers/${siti.id}` });
    expect(deleted.statusCode).toBe(204);
    const result = await list(t, '?charge_type=Equipment%20Damage');
    expect(result.items).toEqual([expect.objectContaining({ worker_id: null, worker: null, amount: 350.75 })]);
  });

  it('searches by worker name (either order, any case) and by TD- id', async () => {
    const t = await signedInApp();
    await givenCharges(t);
    expect((await list(t, '?q=TD-1375')).items.map((item) => item.worker_code)).toEqual(['TD-1375']);
    expect((await list(t, '?q=td-48')).total).toBe(2);
    expect((await list(t, '?q=rahim%20uddin')).total).toBe(2);
    expect((await list(t, '?q=Aminah%20Siti')).total).toBe(1);
    expect((await list(t, '?q=KUMAR')).total).toBe(1);
    // LIKE wildcards match literally.
    expect((await list(t, '?q=%25')).total).toBe(0);
    expect((await list(t, '?q=_')).total).toBe(0);
  });

  it('filters by worker, status and charge type, together with the search', async () => {
    const t = await signedInApp();
    const { rahim } = await givenCharges(t);
    expect((await list(t, `?worker_id=${rahim.id}`)).total).toBe(2);
    expect((await list(t, '?status=Pending')).total).toBe(2);
    expect((await list(t, '?status=Deducted')).items.map((item) => item.charge_type)).toEqual(['Equipment Damage']);
    expect((await list(t, '?charge_type=Misconduct')).total).toBe(1);
    expect((await list(t, `?worker_id=${rahim.id}&status=Pending&charge_type=Attendance&q=uddin`)).total).toBe(1);
    expect((await list(t, `?worker_id=${MISSING_ID}`)).total).toBe(0);
    // Values that cannot match answer nothing rather than an error.
    expect((await list(t, '?worker_id=not-an-id')).total).toBe(0);
    expect((await list(t, '?status=Unknown')).total).toBe(0);
  });

  it('treats empty parameters as no filter and pages on the server', async () => {
    const t = await signedInApp();
    await givenCharges(t);
    expect((await list(t, '?q=&worker_id=&status=&charge_type=&page=&pageSize=')).total).toBe(5);
    const page1 = await list(t, '?page=1&pageSize=2');
    const page3 = await list(t, '?page=3&pageSize=2');
    expect(page1).toMatchObject({ total: 5 });
    expect(page1.items).toHaveLength(2);
    expect(page3.items.map((item) => item.charge_date)).toEqual(['2025-01-10']);
    expect((await list(t, '?page=99&pageSize=2')).items).toEqual([]);
  });

  it.each(['?page=0', '?pageSize=101', '?page=abc', '?q=%00', `?q=${'x'.repeat(101)}`])(
    'answers 400 for %s',
    async (query) => {
      const t = await signedInApp();
      const response = await t.request({ method: 'GET', url: `/api/admin-charges${query}` });
      expect(response.statusCode).toBe(400);
    },
  );
});

describe('GET /api/admin-charges/summary', () => {
  it('counts and sums the charges matching the filters in one figure set', async () => {
    const t = await signedInApp();
    const [rahim, siti] = await insertWorkers(
      t.db,
      { first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821' },
      { first_name: 'Siti', last_name: 'Aminah', worker_id: 'TD-1375' },
    );
    if (!rahim || !siti) throw new Error('no workers');
    await insertAdminCharges(
      t.db,
      { worker_id: rahim.id, amount: 10, status: 'Pending', charge_type: 'Attendance' },
      { worker_id: rahim.id, amount: 20, status: 'Pending', charge_type: 'Misconduct' },
      { worker_id: rahim.id, amount: 9_999_999, status: 'Deducted', charge_type: 'Attendance' },
      { worker_id: siti.id, amount: 1, status: 'Approved', charge_type: 'Attendance' },
      { worker_id: siti.id, amount: 15_050, status: 'Rejected', charge_type: 'Other' },
    );
    const summary = async (query = '') =>
      (await t.request({ method: 'GET', url: `/api/admin-charges/summary${query}` })).json();

    expect(await summary()).toEqual({
      total: 5,
      pending: 2,
      approved: 1,
      rejected: 1,
      deducted: 1,
      total_amount: 100_150.8,
    });
    expect(await summary('?charge_type=Attendance')).toMatchObject({
      total: 3,
      pending: 1,
      deducted: 1,
      total_amount: 100_000.1,
    });
    expect(await summary('?q=TD-1375')).toMatchObject({ total: 2, pending: 0, deducted: 0, total_amount: 150.51 });
    expect(await summary(`?worker_id=${rahim.id}&status=Pending`)).toMatchObject({ total: 2, total_amount: 0.3 });
    expect(await summary('?q=&worker_id=&status=&charge_type=&page=2&pageSize=10')).toMatchObject({ total: 5 });
    expect(await summary('?status=Approved&charge_type=Other')).toEqual({
      total: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
      deducted: 0,
      total_amount: 0,
    });
  });
});

describe('GET /api/admin-charges/defaults', () => {
  it("answers today's date in the business time zone (SPEC 5: date defaults to today)", async () => {
    const t = await buildTestApp({ BUSINESS_TIME_ZONE: 'Pacific/Kiritimati' });
    await t.signIn();
    const before = dateInTimeZone(new Date(), 'Pacific/Kiritimati');
    const response = await t.request({ method: 'GET', url: '/api/admin-charges/defaults' });
    const after = dateInTimeZone(new Date(), 'Pacific/Kiritimati');
    expect(response.statusCode).toBe(200);
    expect([before, after]).toContain(response.json().charge_date);
  });
});

describe('GET /api/admin-charges/{id}', () => {
  it('answers the charge, or 404 with the SPEC 8 text', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const charge = await addCharge(t, buildAdminCharge({ worker_id: worker.id }));
    const read = await t.request({ method: 'GET', url: `/api/admin-charges/${charge.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(charge);
    for (const id of [MISSING_ID, 'not-an-id', charge.id.toUpperCase().replace(/[0-9A-F]/, 'Z')]) {
      const missing = await t.request({ method: 'GET', url: `/api/admin-charges/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('The requested admin charge could not be found.');
    }
  });
});

describe('ids in upper case', () => {
  it('name the same charge and worker on both databases', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const charge = await addCharge(t, buildAdminCharge({ worker_id: worker.id.toUpperCase() }));
    expect(charge.worker_id).toBe(worker.id);
    const url = `/api/admin-charges/${charge.id.toUpperCase()}`;
    expect((await t.request({ method: 'GET', url })).json().id).toBe(charge.id);
    const edited = await t.request({
      method: 'PUT',
      url,
      payload: buildAdminCharge({ worker_id: worker.id, amount: '3' }),
    });
    expect(edited.json()).toMatchObject({ id: charge.id, amount: 3 });
    expect((await t.request({ method: 'POST', url: `${url}/approve` })).json().status).toBe('Approved');
    const listed = await t.request({ method: 'GET', url: `/api/admin-charges?worker_id=${worker.id.toUpperCase()}` });
    expect(listed.json().total).toBe(1);
    expect((await t.request({ method: 'DELETE', url })).statusCode).toBe(204);
  });
});

describe('approve and reject', () => {
  async function pendingCharge(t: TestApp, worker?: WorkerSeedRow) {
    const workerId = worker?.id ?? (await givenWorker(t)).id;
    return addCharge(t, buildAdminCharge({ worker_id: workerId }));
  }

  it('approves a Pending charge, recording the signed-in staff member and the time', async () => {
    const t = await signedInApp('Hui Min');
    const charge = await pendingCharge(t);
    const before = Date.now();
    const response = await t.request({ method: 'POST', url: `/api/admin-charges/${charge.id}/approve` });
    expect(response.statusCode).toBe(200);
    const approved = response.json();
    expect(approved).toMatchObject({ id: charge.id, status: 'Approved', approved_by: 'Hui Min', amount: 150 });
    expect(Date.parse(approved.approved_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(approved.approved_at).toMatch(/Z$/);
    const audit = await listAuditEntries(t.db, 'admin_charge', charge.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audit[1]?.changes ?? '{}').status).toEqual(['Pending', 'Approved']);
  });

  it('takes an empty body labelled as JSON, and still refuses broken JSON elsewhere', async () => {
    const t = await signedInApp();
    const charge = await pendingCharge(t);
    const response = await t.request({
      method: 'POST',
      url: `/api/admin-charges/${charge.id}/approve`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    const broken = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      headers: { 'content-type': 'application/json' },
      payload: '{"worker_id":',
    });
    expect(broken.statusCode).toBe(400);
    const poisoned = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1}}',
    });
    expect(poisoned.statusCode).toBe(400);
    const empty = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('rejects a Pending charge, recording who reviewed it', async () => {
    const t = await signedInApp('Hui Min');
    const charge = await pendingCharge(t);
    const response = await t.request({ method: 'POST', url: `/api/admin-charges/${charge.id}/reject` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Rejected', approved_by: 'Hui Min' });
  });

  it.each([
    ['approve', 'Approved', 'This admin charge is no longer Pending (it is Approved), so it cannot be approved.'],
    ['reject', 'Approved', 'This admin charge is no longer Pending (it is Approved), so it cannot be rejected.'],
    ['approve', 'Rejected', 'This admin charge is no longer Pending (it is Rejected), so it cannot be approved.'],
    ['reject', 'Rejected', 'This admin charge is no longer Pending (it is Rejected), so it cannot be rejected.'],
    ['approve', 'Deducted', 'This admin charge is no longer Pending (it is Deducted), so it cannot be approved.'],
    ['reject', 'Deducted', 'This admin charge is no longer Pending (it is Deducted), so it cannot be rejected.'],
  ] as const)('refuses to %s a charge that is %s with 409', async (action, status, message) => {
    const t = await signedInApp();
    const [charge] = await insertAdminCharges(t.db, {
      status,
      approved_by: 'Earlier',
      approved_at: '2025-03-01T01:00:00.000Z',
    });
    const response = await t.request({ method: 'POST', url: `/api/admin-charges/${charge?.id}/${action}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'CONFLICT', message });
    const stored = await t.db.selectFrom('admin_charges').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status, approved_by: 'Earlier' });
  });

  it('answers 404 for a charge that does not exist', async () => {
    const t = await signedInApp();
    for (const action of ['approve', 'reject']) {
      const response = await t.request({ method: 'POST', url: `/api/admin-charges/${MISSING_ID}/${action}` });
      expect(response.statusCode).toBe(404);
    }
  });

  it('lets exactly one of two simultaneous decisions win; the other is told (409)', async () => {
    const t = await signedInApp('Hui Min');
    const worker = await givenWorker(t);
    for (const [first, second] of [
      ['approve', 'approve'],
      ['approve', 'reject'],
      ['reject', 'approve'],
    ]) {
      const charge = await pendingCharge(t, worker);
      const responses = await Promise.all(
        [first, second, first, second].map((action) =>
          t.request({ method: 'POST', url: `/api/admin-charges/${charge.id}/${action}` }),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      const winner = responses.find((response) => response.statusCode === 200)?.json();
      const stored = await t.request({ method: 'GET', url: `/api/admin-charges/${charge.id}` });
      expect(stored.json().status).toBe(winner.status);
      const audit = await listAuditEntries(t.db, 'admin_charge', charge.id);
      expect(audit.filter((entry) => entry.action === 'update')).toHaveLength(1);
    }
  });
});

describe('PUT /api/admin-charges/{id}', () => {
  it('replaces the fields and keeps the status and approval (SPEC 4)', async () => {
    const t = await signedInApp('Hui Min');
    const [rahim, siti] = await insertWorkers(
      t.db,
      { first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821' },
      { first_name: 'Siti', last_name: 'Aminah', worker_id: 'TD-1375' },
    );
    if (!rahim || !siti) throw new Error('no workers');
    const charge = await addCharge(t, buildAdminCharge({ worker_id: rahim.id }));
    const approved = (await t.request({ method: 'POST', url: `/api/admin-charges/${charge.id}/approve` })).json();

    const response = await t.request({
      method: 'PUT',
      url: `/api/admin-charges/${charge.id}`,
      payload: {
        ...buildAdminCharge({ worker_id: siti.id, charge_date: '2025-04-01', charge_type: 'Other', amount: '99.99' }),
        status: 'Pending',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: charge.id,
      worker_id: siti.id,
      worker_code: 'TD-1375',
      charge_date: '2025-04-01',
      charge_type: 'Other',
      amount: 99.99,
      status: 'Approved',
      approved_by: 'Hui Min',
      approved_at: approved.approved_at,
      created_at: charge.created_at,
    });
    expect(await storedCents(t, charge.id)).toBe(9999);
    const audit = await listAuditEntries(t.db, 'admin_charge', charge.id);
    expect(JSON.parse(audit.at(-1)?.changes ?? '{}')).toMatchObject({ amount: [150, 99.99] });
  });

  it('keeps a Pending or Rejected charge as it was', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    for (const status of ['Pending', 'Rejected'] as const) {
      const [charge] = await insertAdminCharges(t.db, { worker_id: worker.id, status });
      const response = await t.request({
        method: 'PUT',
        url: `/api/admin-charges/${charge?.id}`,
        payload: buildAdminCharge({ worker_id: worker.id, amount: '10' }),
      });
      expect(response.json()).toMatchObject({ status, amount: 10 });
    }
  });

  it('validates like the add form', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const charge = await addCharge(t, buildAdminCharge({ worker_id: worker.id }));
    const response = await t.request({
      method: 'PUT',
      url: `/api/admin-charges/${charge.id}`,
      payload: buildAdminCharge({ worker_id: '', amount: '0' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ worker_id: WORKER_REQUIRED, amount: AMOUNT_POSITIVE });
  });

  it('refuses to edit a Deducted charge (ARCHITECTURE differs 9) and answers 404 for a missing one', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const [charge] = await insertAdminCharges(t.db, { worker_id: worker.id, status: 'Deducted', amount: 5000 });
    const response = await t.request({
      method: 'PUT',
      url: `/api/admin-charges/${charge?.id}`,
      payload: buildAdminCharge({ worker_id: worker.id, amount: '1' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(CHARGE_DEDUCTED_EDIT);
    expect(await storedCents(t, charge?.id ?? '')).toBe(5000);

    const missing = await t.request({
      method: 'PUT',
      url: `/api/admin-charges/${MISSING_ID}`,
      payload: buildAdminCharge({ worker_id: worker.id }),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin-charges/{id}', () => {
  it('deletes without confirmation, audits it, and 404s afterwards', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const charge = await addCharge(t, buildAdminCharge({ worker_id: worker.id }));
    const response = await t.request({ method: 'DELETE', url: `/api/admin-charges/${charge.id}` });
    expect(response.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/admin-charges/${charge.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/admin-charges/${charge.id}` })).statusCode).toBe(404);
    const audit = await listAuditEntries(t.db, 'admin_charge', charge.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'delete']);
  });

  it('refuses to delete a Deducted charge', async () => {
    const t = await signedInApp();
    const [charge] = await insertAdminCharges(t.db, { status: 'Deducted' });
    const response = await t.request({ method: 'DELETE', url: `/api/admin-charges/${charge?.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(CHARGE_DEDUCTED_DELETE);
    expect(await t.db.selectFrom('admin_charges').select('id').execute()).toHaveLength(1);
  });
});
