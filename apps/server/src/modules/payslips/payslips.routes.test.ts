import { batchPaidSuccessMessage, PAYSLIP_MESSAGES as M, payslipExistsMessage } from '@td/shared/options/payslips';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, databaseUnderTest, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { givenMarchMonthlyWorker, insertCharges, insertTimesheets } from '../../../test/payroll-factories.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';

const SOME_ID = '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55';
const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

const post = (t: TestApp, url: string, payload: unknown) =>
  t.request({ method: 'POST', url, payload: payload as object });

async function generate(t: TestApp, payload: Record<string, unknown>) {
  const response = await post(t, '/api/payslips', payload);
  if (response.statusCode !== 201) throw new Error(`generate failed: ${response.body}`);
  return response.json();
}

async function chargeStatuses(db: Db) {
  const rows = await db.selectFrom('admin_charges').select(['id', 'status']).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

describe('payslip routes need a session', () => {
  it.each([
    ['GET', '/api/payslips'],
    ['GET', '/api/payslips/summary'],
    ['POST', '/api/payslips/preview'],
    ['POST', '/api/payslips'],
    ['POST', '/api/payslips/mark-paid'],
    ['GET', `/api/payslips/${SOME_ID}`],
    ['DELETE', `/api/payslips/${SOME_ID}`],
    ['POST', '/api/payroll-runs/preview'],
    ['POST', '/api/payroll-runs'],
  ] as const)('%s %s answers 401 without one', async (method, url) => {
    const t = await buildTestApp();
    const response = await t.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/payslips/preview', () => {
  it("computes a Monthly worker's payslip exactly (SPEC 9), counting charges on the first and last day only", async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    const response = await post(t, '/api/payslips/preview', { worker_id: worker.id, ...MARCH, other_deductions: 0 });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    // 1850/26/8 = 8.8942307...; 187.25 h -> 1665.4447 -> 1665.44; 12.5 h x 13.341346 -> 166.7668 -> 166.77.
    expect(preview).toMatchObject({
      total_hours_worked: 187.25,
      total_overtime_hours: 12.5,
      hourly_rate: 8.89,
      overtime_rate: 13.34,
      basic_salary: 1665.44,
      overtime_amount: 166.77,
      admin_charges_deduction: 75.5,
      other_deductions: 0,
      nett_salary: 1756.71,
      warnings: [],
      existing_payslip: null,
      worker: { first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821', fin_no: 'G1234567X', wp_no: 'WP0001' },
    });
    expect(preview.basis).toEqual({
      rate_type: 'Monthly',
      salary_rate: 1850,
      worked_minutes: 11_235,
      overtime_minutes: 750,
      timesheet_count: 24,
      admin_charges: [
        { charge_type: 'Attendance', amount: 50, count: 1 },
        { charge_type: 'Other', amount: 25.5, count: 1 },
      ],
    });
  });

  it('takes other deductions rounded half-up to the cent; invalid or negative counts as 0', async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    const nettWith = async (other_deductions: unknown) =>
      (await post(t, '/api/payslips/preview', { worker_id: worker.id, ...MARCH, other_deductions })).json();
    expect(await nettWith('100.005')).toMatchObject({ other_deductions: 100.01, nett_salary: 1656.7 });
    expect(await nettWith(12.5)).toMatchObject({ other_deductions: 12.5, nett_salary: 1744.21 });
    for (const invalid of ['abc', -5, '-5', '', null]) {
      expect(await nettWith(invalid)).toMatchObject({ other_deductions: 0, nett_salary: 1756.71 });
    }
    const without = await post(t, '/api/payslips/preview', { worker_id: worker.id, ...MARCH });
    expect(without.json().other_deductions).toBe(0);
  });

  it.each([
    [{ ...MARCH }, M.selectWorker],
    [{ worker_id: SOME_ID, pay_period_start: '2025-03-01' }, M.selectBothDates],
    [{ worker_id: SOME_ID, pay_period_end: '2025-03-01' }, M.selectBothDates],
    [{ worker_id: SOME_ID, pay_period_start: '2025-02-30', pay_period_end: '2025-03-31' }, M.invalidDates],
    [{ worker_id: SOME_ID, pay_period_start: '01/03/2025', pay_period_end: '2025-03-31' }, M.invalidDates],
    [{ worker_id: SOME_ID, pay_period_start: '2025-04-01', pay_period_end: '2025-03-31' }, M.startAfterEnd],
    // Decision 009: years 0001, 1000 and 9999 are typos, not pay periods.
    [{ worker_id: SOME_ID, pay_period_start: '0001-01-01', pay_period_end: '0001-01-31' }, M.periodOutOfRange],
    [{ worker_id: SOME_ID, pay_period_start: '1000-03-01', pay_period_end: '1000-03-31' }, M.periodOutOfRange],
    [{ worker_id: SOME_ID, pay_period_start: '9999-12-01', pay_period_end: '9999-12-31' }, M.periodOutOfRange],
  ])('answers the SPEC 5 message for %j', async (payload, message) => {
    const t = await signedInApp();
    const response = await post(t, '/api/payslips/preview', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('answers 404 for a worker that does not exist, and never a 500 for odd input', async () => {
    const t = await signedInApp();
    for (const worker_id of [SOME_ID, 'not-a-uuid']) {
      const response = await post(t, '/api/payslips/preview', { worker_id, ...MARCH });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(M.workerNotFound);
    }
    const odd = await post(t, '/api/payslips/preview', { worker_id: 42, pay_period_start: [], pay_period_end: {} });
    expect(odd.statusCode).toBe(400);
  });

  it('a worker without timesheets or charges previews a $0 payslip', async () => {
    const t = await signedInApp();
    const [worker] = await insertWorkers(t.db, { rate_type: 'Daily', salary_rate: 9_500 });
    const preview = (await post(t, '/api/payslips/preview', { worker_id: worker?.id, ...MARCH })).json();
    expect(preview).toMatchObject({ basic_salary: 0, nett_salary: 0, hourly_rate: 11.88, overtime_rate: 17.81 });
    expect(preview.basis.timesheet_count).toBe(0);
  });

  it('warns at the edges of the lawful deduction limits', async () => {
    const t = await signedInApp();
    // Hourly 10.00 x 100 h = 1,000.00 salary for the period.
    const [worker] = await insertWorkers(t.db, { rate_type: 'Hourly', salary_rate: 1_000 });
    if (!worker) throw new Error('no worker');
    await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-03-03', hours_worked: 6_000 });
    await insertCharges(t.db, { worker_id: worker.id, charge_type: 'Equipment Damage', amount: 25_000 });
    const codes = async (other_deductions: number) =>
      (await post(t, '/api/payslips/preview', { worker_id: worker.id, ...MARCH, other_deductions }))
        .json()
        .warnings.map((w: { code: string }) => w.code);
    // 250.00 damage is exactly 25%; 250.00 + 250.00 is exactly 50%: lawful.
    expect(await codes(250)).toEqual([]);
    expect(await codes(250.01)).toEqual(['DEDUCTIONS_OVER_HALF']);
    await insertCharges(t.db, { worker_id: worker.id, charge_type: 'Equipment Damage', amount: 1 });
    expect(await codes(0)).toEqual(['DAMAGE_OVER_QUARTER']);
    await insertCharges(t.db, { worker_id: worker.id, charge_type: 'Misconduct', amount: 500 });
    expect(await codes(0)).toEqual(['DAMAGE_OVER_QUARTER', 'FINE_DEDUCTED']);
  });
});

describe('POST /api/payslips', () => {
  it('recomputes and stores the payslip in cents and minutes with a snapshot of the worker, and audits it', async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    // A client's figures are ignored: the server recomputes.
    const response = await post(t, '/api/payslips', {
      worker_id: worker.id,
      ...MARCH,
      other_deductions: '20.5',
      nett_salary: 999_999,
      status: 'Paid',
    });
    expect(response.statusCode).toBe(201);
    const payslip = response.json();
    expect(payslip).toMatchObject({
      worker_id: worker.id,
      ...MARCH,
      total_hours_worked: 187.25,
      total_overtime_hours: 12.5,
      hourly_rate: 8.89,
      overtime_rate: 13.34,
      basic_salary: 1665.44,
      overtime_amount: 166.77,
      admin_charges_deduction: 75.5,
      other_deductions: 20.5,
      nett_salary: 1736.21,
      status: 'Generated',
      generated_by: 'Hui Min',
      paid_at: null,
      email_requested: false,
      email_error: null,
      rate_type: 'Monthly',
      salary_rate: 1850,
      worker: {
        first_name: 'Rahim',
        last_name: 'Uddin',
        worker_id: 'TD-4821',
        fin_no: 'G1234567X',
        wp_no: 'WP0001',
        email: 'rahim@example.com',
      },
    });
    expect(new Date(payslip.generated_at).toISOString()).toBe(payslip.generated_at);

    const stored = await t.db.selectFrom('payslips').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      total_hours_worked: 11_235,
      total_overtime_hours: 750,
      hourly_rate: 889,
      basic_salary: 166_544,
      overtime_amount: 16_677,
      admin_charges_deduction: 7_550,
      other_deductions: 2_050,
      nett_salary: 173_621,
    });
    const audit = await listAuditEntries(t.db, 'payslip', payslip.id);
    expect(audit).toMatchObject([{ action: 'create', user_name: 'Hui Min' }]);

    const read = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}` });
    expect(read.statusCode).toBe(200);
    const { email_error: _ignored, ...withoutEmailError } = payslip;
    expect(read.json()).toEqual(withoutEmailError);
  });

  it('e-mails at generation only when the worker has an address (SPEC 4: then Sent)', async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    const [noEmail] = await insertWorkers(t.db, { email: null });
    const withEmail = await generate(t, { worker_id: worker.id, ...MARCH, send_email: true });
    expect(withEmail).toMatchObject({ status: 'Sent', email_requested: true, email_error: null });
    const without = await generate(t, { worker_id: noEmail?.id, ...MARCH, send_email: true });
    expect(without).toMatchObject({ status: 'Generated', email_requested: false, email_error: null });
  });

  it('needs worker, start and end (SPEC 5), then valid dates in order', async () => {
    const t = await signedInApp();
    for (const payload of [{}, { ...MARCH }, { worker_id: SOME_ID, pay_period_start: '2025-03-01' }]) {
      const response = await post(t, '/api/payslips', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(M.completeRequired);
    }
    const reversed = await post(t, '/api/payslips', {
      worker_id: SOME_ID,
      pay_period_start: '2025-03-31',
      pay_period_end: '2025-03-01',
    });
    expect(reversed.json().error.message).toBe(M.startAfterEnd);
    const invalid = await post(t, '/api/payslips', { worker_id: SOME_ID, pay_period_start: 'x', pay_period_end: 'y' });
    expect(invalid.json().error.message).toBe(M.invalidDates);
    expect(await t.db.selectFrom('payslips').select('id').execute()).toHaveLength(0);
  });

  it('refuses a second payslip for the worker and period with the SPEC 8 message, and the Paid variant', async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    const first = await generate(t, { worker_id: worker.id, ...MARCH });
    const again = await post(t, '/api/payslips', { worker_id: worker.id, ...MARCH });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'A payslip for Rahim Uddin already exists for the selected period (01/03/2025 to 31/03/2025). You can view or edit the existing payslip instead.',
    );
    // The preview tells the screen before Generate is pressed.
    const preview = await post(t, '/api/payslips/preview', { worker_id: worker.id, ...MARCH });
    expect(preview.json().existing_payslip).toEqual({ id: first.id, status: 'Generated' });

    await post(t, '/api/payslips/mark-paid', { ids: [first.id] });
    const paid = await post(t, '/api/payslips', { worker_id: worker.id, ...MARCH });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toBe(
      'A payslip for Rahim Uddin already exists for the selected period (01/03/2025 to 31/03/2025) and has been marked as Paid. Paid payslips cannot be regenerated.',
    );
    expect(paid.json().error.message).toBe(payslipExistsMessage('Rahim Uddin', '2025-03-01', '2025-03-31', 'Paid'));
    // Another period of the same worker is fine (with a second April day, its earnings cover its
    // 99.99 charge: a negative nett is never generated, probe finding 17).
    await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-04-02' });
    const april = await post(t, '/api/payslips', {
      worker_id: worker.id,
      pay_period_start: '2025-04-01',
      pay_period_end: '2025-04-30',
    });
    expect(april.statusCode).toBe(201);
  });

  it('of two generations racing for the same worker and period, one wins and the other gets the 409', async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => post(t, '/api/payslips', { worker_id: worker.id, ...MARCH })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.message).toBe(
        payslipExistsMessage('Rahim Uddin', '2025-03-01', '2025-03-31', 'Generated'),
      );
    }
    expect(await t.db.selectFrom('payslips').select('id').execute()).toHaveLength(1);
  });

  it("keeps the worker's name and ids as they were after the worker is edited and deleted", async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    const payslip = await generate(t, { worker_id: worker.id, ...MARCH });
    await t.db.updateTable('workers').set({ first_name: 'Changed', fin_no: 'G7654321X' }).execute();
    expect((await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}` })).json().worker).toMatchObject({
      first_name: 'Rahim',
      fin_no: 'G1234567X',
    });
    const deleted = await t.request({ method: 'DELETE', url: `/api/workers/${worker.id}` });
    expect(deleted.statusCode).toBe(204);
    const after = (await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}` })).json();
    expect(after).toMatchObject({ worker_id: null, worker: { first_name: 'Rahim', worker_id: 'TD-4821' } });
    const listed = (await t.request({ method: 'GET', url: '/api/payslips?q=rahim' })).json();
    expect(listed.total).toBe(1);
  });
});

describe('GET /api/payslips and /summary', () => {
  async function givenPayslips(t: TestApp) {
    const [ann, bala, chen] = await insertWorkers(
      t.db,
      { first_name: 'Ann', last_name: 'Tan', worker_id: 'TD-1001' },
      { first_name: 'Bala', last_name: 'Krishnan', worker_id: 'TD-1002' },
      { first_name: 'Chen', last_name: 'Wei', worker_id: 'TD-1003' },
    );
    if (!ann || !bala || !chen) throw new Error('no workers');
    const march = await generate(t, { worker_id: ann.id, ...MARCH });
    const februaryToMarch = await generate(t, {
      worker_id: bala.id,
      pay_period_start: '2025-02-16',
      pay_period_end: '2025-03-15',
    });
    const april = await generate(t, {
      worker_id: chen.id,
      pay_period_start: '2025-04-01',
      pay_period_end: '2025-04-30',
    });
    const annApril = await generate(t, {
      worker_id: ann.id,
      pay_period_start: '2025-04-01',
      pay_period_end: '2025-04-30',
    });
    await post(t, '/api/payslips/mark-paid', { ids: [april.id] });
    await t.db.updateTable('payslips').set({ status: 'Sent' }).where('id', '=', annApril.id).execute();
    return { ann, bala, chen, march, februaryToMarch, april, annApril };
  }

  const list = async (t: TestApp, query: string) =>
    (await t.request({ method: 'GET', url: `/api/payslips?${query}` })).json();
  const idsOf = (result: { items: Array<{ id: string }> }) => result.items.map((item) => item.id).sort();

  it('filters by month (period overlap), name, worker and status, and pages on the server', async () => {
    const t = await signedInApp();
    const p = await givenPayslips(t);
    expect(idsOf(await list(t, 'month=2025-03'))).toEqual([p.march.id, p.februaryToMarch.id].sort());
    expect(idsOf(await list(t, 'month=2025-02'))).toEqual([p.februaryToMarch.id]);
    expect(idsOf(await list(t, 'month=2025-04'))).toEqual([p.april.id, p.annApril.id].sort());
    expect((await list(t, 'month=2025-05')).total).toBe(0);
    expect(idsOf(await list(t, 'q=ann%20t'))).toEqual([p.march.id, p.annApril.id].sort());
    expect(idsOf(await list(t, 'q=KRISH'))).toEqual([p.februaryToMarch.id]);
    expect(idsOf(await list(t, `worker_id=${p.ann.id}`))).toEqual([p.march.id, p.annApril.id].sort());
    expect(idsOf(await list(t, 'worker_id=TD-1003'))).toEqual([p.april.id]);
    expect(idsOf(await list(t, 'status=Paid'))).toEqual([p.april.id]);
    expect(idsOf(await list(t, 'status=Sent&month=2025-04'))).toEqual([p.annApril.id]);
    expect((await list(t, 'status=Nonsense')).total).toBe(0);

    const page1 = await list(t, 'pageSize=3&page=1');
    const page2 = await list(t, 'pageSize=3&page=2');
    expect(page1.total).toBe(4);
    expect(page1.items).toHaveLength(3);
    expect(page2.items).toHaveLength(1);
    // The latest period first.
    expect(page1.items[0].pay_period_start).toBe('2025-04-01');
    expect(page2.items[0].id).toBe(p.februaryToMarch.id);
  });

  it('refuses a malformed month and page with 400', async () => {
    const t = await signedInApp();
    for (const query of ['month=2025-13', 'month=March', 'page=0', 'pageSize=1000']) {
      expect((await t.request({ method: 'GET', url: `/api/payslips?${query}` })).statusCode).toBe(400);
    }
  });

  it('counts Total, Generated, Sent and Paid in one summary', async () => {
    const t = await signedInApp();
    await givenPayslips(t);
    const summary = (await t.request({ method: 'GET', url: '/api/payslips/summary' })).json();
    expect(summary).toEqual({ total: 4, generated: 2, sent: 1, paid: 1 });
    const april = (await t.request({ method: 'GET', url: '/api/payslips/summary?month=2025-04' })).json();
    expect(april).toEqual({ total: 2, generated: 0, sent: 1, paid: 1 });
  });
});

describe('POST /api/payslips/mark-paid', () => {
  it('sets Paid and moves every charge of the worker inside the period to Deducted, whatever its status', async () => {
    const t = await signedInApp();
    const { worker, charges } = await givenMarchMonthlyWorker(t.db);
    const [other] = await insertWorkers(t.db, { rate_type: 'Hourly' });
    if (!other) throw new Error('no worker');
    // A day's work above the other worker's charge (probe finding 17: no negative nett).
    await insertTimesheets(t.db, { worker_id: other.id, work_date: '2025-03-15' });
    const rejected = await insertCharges(
      t.db,
      { worker_id: worker.id, charge_date: '2025-03-15', status: 'Rejected', amount: 100 },
      { worker_id: worker.id, charge_date: '2025-03-16', status: 'Deducted', amount: 100 },
      { worker_id: other.id, charge_date: '2025-03-15', status: 'Approved', amount: 300 },
    );
    const mine = await generate(t, { worker_id: worker.id, ...MARCH });
    const theirs = await generate(t, { worker_id: other.id, ...MARCH });

    const response = await post(t, '/api/payslips/mark-paid', { ids: [mine.id, theirs.id] });
    expect(response.statusCode).toBe(200);
    // Two payslips; the first and last day's charges and the Rejected one of Rahim, and the other worker's.
    expect(response.json()).toEqual({ payslips: 2, admin_charges: 4 });
    expect(batchPaidSuccessMessage(2, 4)).toBe(
      'Successfully marked 2 payslip(s) as paid and updated 4 related admin charge(s) to Deducted status',
    );

    const statuses = await chargeStatuses(t.db);
    expect(statuses[charges[0]?.id ?? '']).toBe('Deducted');
    expect(statuses[charges[1]?.id ?? '']).toBe('Deducted');
    expect(statuses[charges[2]?.id ?? '']).toBe('Pending'); // 1 April: outside the period
    expect(statuses[rejected[0]?.id ?? '']).toBe('Deducted');
    expect(statuses[rejected[2]?.id ?? '']).toBe('Deducted');

    const read = (await t.request({ method: 'GET', url: `/api/payslips/${mine.id}` })).json();
    expect(read.status).toBe('Paid');
    expect(read.paid_at).not.toBeNull();
    const audit = await listAuditEntries(t.db, 'payslip', mine.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audit[1]?.changes ?? '{}').status).toEqual(['Generated', 'Paid']);
    expect(await listAuditEntries(t.db, 'admin_charge', charges[0]?.id ?? '')).toHaveLength(1);

    // Paying again changes and counts nothing.
    expect((await post(t, '/api/payslips/mark-paid', { ids: [mine.id] })).json()).toEqual({
      payslips: 0,
      admin_charges: 0,
    });
  });

  it('answers the SPEC 5 message when nothing is selected', async () => {
    const t = await signedInApp();
    for (const payload of [{ ids: [] }, {}]) {
      const response = await post(t, '/api/payslips/mark-paid', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(M.selectAtLeastOne);
    }
  });

  it('changes nothing when one id of the batch does not exist', async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    const payslip = await generate(t, { worker_id: worker.id, ...MARCH });
    const before = await chargeStatuses(t.db);
    const response = await post(t, '/api/payslips/mark-paid', { ids: [payslip.id, SOME_ID] });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(M.notFound);
    expect((await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}` })).json().status).toBe('Generated');
    expect(await chargeStatuses(t.db)).toEqual(before);
  });

  it('is one transaction: a failure half way (moving a charge) leaves every payslip and charge as it was', async () => {
    const t = await signedInApp();
    const { worker, charges } = await givenMarchMonthlyWorker(t.db);
    const [other] = await insertWorkers(t.db, {});
    if (!other) throw new Error('no worker');
    const mine = await generate(t, { worker_id: worker.id, ...MARCH });
    const theirs = await generate(t, { worker_id: other.id, ...MARCH });
    const failing = charges[1]?.id ?? '';
    if (databaseUnderTest === 'sqlite') {
      await sql
        .raw(
          `create trigger fail_charge before update on admin_charges when old.id = '${failing}' begin select raise(abort, 'simulated failure'); end`,
        )
        .execute(t.db);
    } else {
      await sql
        .raw(
          `create function fail_charge() returns trigger language plpgsql as $$ begin if old.id = '${failing}' then raise exception 'simulated failure'; end if; return new; end $$`,
        )
        .execute(t.db);
      await sql
        .raw('create trigger fail_charge before update on admin_charges for each row execute function fail_charge()')
        .execute(t.db);
    }
    const before = await chargeStatuses(t.db);
    const response = await post(t, '/api/payslips/mark-paid', { ids: [theirs.id, mine.id] });
    expect(response.statusCode).toBe(500);
    const statuses = await t.db.selectFrom('payslips').select('status').execute();
    expect(statuses.map((row) => row.status)).toEqual(['Generated', 'Generated']);
    expect(await chargeStatuses(t.db)).toEqual(before);
    expect(await listAuditEntries(t.db, 'payslip', mine.id)).toHaveLength(1);
  });
});

describe('GET and DELETE /api/payslips/:id', () => {
  it('answers 404 Payslip not found for unknown and malformed ids', async () => {
    const t = await signedInApp();
    for (const id of [SOME_ID, 'nope']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.request({ method, url: `/api/payslips/${id}` });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe(M.notFound);
      }
    }
  });

  it('deletes a payslip that is not Paid (audited) and refuses a Paid one with 409', async () => {
    const t = await signedInApp();
    const { worker } = await givenMarchMonthlyWorker(t.db);
    const payslip = await generate(t, { worker_id: worker.id, ...MARCH });
    const deleted = await t.request({ method: 'DELETE', url: `/api/payslips/${payslip.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}` })).statusCode).toBe(404);
    expect((await listAuditEntries(t.db, 'payslip', payslip.id)).map((e) => e.action)).toEqual(['create', 'delete']);

    const again = await generate(t, { worker_id: worker.id, ...MARCH });
    await post(t, '/api/payslips/mark-paid', { ids: [again.id] });
    const refused = await t.request({ method: 'DELETE', url: `/api/payslips/${again.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.paidCannotBeDeleted);
    expect((await t.request({ method: 'GET', url: `/api/payslips/${again.id}` })).statusCode).toBe(200);
  });
});
