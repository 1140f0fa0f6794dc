import { PAY_RUN_MESSAGES as M } from '@td/shared/options/pay-runs';
import { SKIP_REASONS } from '@td/shared/schemas/payslip';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertCharges, insertPayslipRow, insertTimesheets } from '../../../test/payroll-factories.ts';
import { readPdf } from '../../../test/pdf-text.ts';

/** Decision 082: the pay run's API, every transition and refusal, on SQLite and PostgreSQL. */

const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };

interface Staff {
  t: TestApp;
  /** The session cookies of two staff accounts: the creator and a second person. */
  first: string;
  second: string;
}

async function twoStaff(): Promise<Staff> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Second Person' });
  const second = t.cookie ?? '';
  // Signing in with a session cookie ends that session: the second account signs in without it.
  t.cookie = undefined;
  await t.signIn({ name: 'Hui Min' });
  return { t, first: t.cookie ?? '', second };
}

const as = (cookie: string) => ({ cookie });

async function request(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
  cookie?: string,
) {
  return t.request({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(cookie ? { headers: as(cookie) } : {}),
  });
}

/** Polls the run until it leaves Generating, as the page does. */
async function untilGenerated(t: TestApp, id: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await request(t, 'GET', `/api/pay-runs/${id}`);
    const run = response.json();
    if (run.status !== 'Generating') return run;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the run stayed Generating');
}

/** Three working workers with March timesheets and a charge each; one of them banks with DBS. */
async function givenWorkers(t: TestApp) {
  const workers = await insertWorkers(
    t.db,
    {
      status: 'Working',
      rate_type: 'Daily',
      salary_rate: 10_000,
      email: 'worker-one@example.com',
      bank_swift_code: 'DBSSSGSG',
      bank_account_no: '0123456789',
    },
    {
      status: 'Working',
      rate_type: 'Hourly',
      salary_rate: 1_050,
      bank_swift_code: 'OCBCSGSG',
      bank_account_no: '501234567001',
    },
    { status: 'Working', rate_type: 'Daily', salary_rate: 9_999, payment_mode: 'Cash' },
  );
  await insertTimesheets(
    t.db,
    ...workers.flatMap((worker) =>
      ['2025-03-03', '2025-03-04', '2025-03-05'].map((work_date) => ({
        worker_id: worker.id,
        work_date,
        hours_worked: 487,
        overtime_hours: 67,
      })),
    ),
  );
  const charges = await insertCharges(
    t.db,
    ...workers.map((worker) => ({
      worker_id: worker.id,
      charge_date: '2025-03-10',
      amount: 1_234,
      status: 'Approved' as const,
    })),
  );
  return { workers, charges };
}

async function draftRun(t: TestApp, workerIds: string[], cookie?: string) {
  const started = await request(t, 'POST', '/api/pay-runs', { ...MARCH, worker_ids: workerIds }, cookie);
  expect(started.statusCode).toBe(202);
  return untilGenerated(t, started.json().id);
}

describe('POST /api/pay-runs and GET /api/pay-runs/{id}', () => {
  it('answers 202 Generating, then reaches Draft with Draft payslips that name the run, totals and skips', async () => {
    const { t } = await twoStaff();
    const { workers } = await givenWorkers(t);
    // One worker already has a payslip of an overlapping period: skipped with the reason.
    await insertPayslipRow(t.db, {
      worker_id: workers[2]?.id ?? null,
      pay_period_start: '2025-02-15',
      pay_period_end: '2025-03-14',
    });

    const started = await request(t, 'POST', '/api/pay-runs', MARCH);
    expect(started.statusCode).toBe(202);
    expect(Object.keys(started.json())).toEqual(['id', 'status', 'pay_period_start', 'pay_period_end', 'progress']);
    expect(started.json()).toMatchObject({ status: 'Generating', ...MARCH });

    const run = await untilGenerated(t, started.json().id);
    expect(Object.keys(run)).toEqual([
      'id',
      'status',
      'pay_period_start',
      'pay_period_end',
      'pay_by_date',
      'progress',
      'generated',
      'skipped',
      'warnings',
      'totals',
      'created_by',
      'approved_by',
      'approved_at',
      'paid_at',
      'payment_date',
      'error',
    ]);
    expect(run).toMatchObject({
      status: 'Draft',
      // EA s.21: 7 days after the period ends.
      pay_by_date: '2025-04-07',
      progress: { done: 2, total: 2 },
      generated: 2,
      skipped: [{ worker_id: workers[2]?.id, reason: SKIP_REASONS.overlaps('2025-02-15', '2025-03-14') }],
      created_by: 'Hui Min',
      approved_by: null,
      error: null,
    });

    const payslips = await request(t, 'GET', `/api/payslips?pay_run_id=${run.id}`);
    expect(payslips.json().total).toBe(2);
    const items = payslips.json().items as Array<Record<string, number | string | null>>;
    for (const item of items) expect(item).toMatchObject({ status: 'Draft', pay_run_id: run.id, payment_date: null });
    const cents = (key: string) => items.reduce((sum, item) => sum + Math.round(Number(item[key]) * 100), 0);
    expect(run.totals).toEqual({
      gross: (cents('basic_salary') + cents('overtime_amount')) / 100,
      deductions: (cents('admin_charges_deduction') + cents('other_deductions')) / 100,
      nett_salary: cents('nett_salary') / 100,
    });

    const exported = await request(t, 'GET', '/api/pay-runs/export');
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body.replace('\uFEFF', '').split('\r\n')[1]).toMatch(/^2025-03-01,2025-03-31,Draft,2,/);
    const list = await request(t, 'GET', '/api/pay-runs');
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: run.id, status: 'Draft' }] });
    expect((await request(t, 'GET', '/api/pay-runs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await request(t, 'GET', '/api/pay-runs/not-a-run')).statusCode).toBe(404);
  });

  it('refuses a period longer than a month (400) and an overlapping run (409 naming it)', async () => {
    const { t } = await twoStaff();
    const { workers } = await givenWorkers(t);
    const long = await request(t, 'POST', '/api/pay-runs', {
      pay_period_start: '2025-03-01',
      pay_period_end: '2025-04-01',
    });
    expect(long.statusCode).toBe(400);

    await draftRun(t, [workers[0]?.id ?? '']);
    const again = await request(t, 'POST', '/api/pay-runs', {
      pay_period_start: '2025-03-15',
      pay_period_end: '2025-04-14',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CONFLICT', message: M.overlaps('2025-03-01', '2025-03-31', 'Draft') });
  });

  it('lets one of two runs for the same period started at once win; the other answers 409 naming it', async () => {
    const { t } = await twoStaff();
    await givenWorkers(t);
    const [a, b] = await Promise.all([
      request(t, 'POST', '/api/pay-runs', MARCH),
      request(t, 'POST', '/api/pay-runs', MARCH),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([202, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.message).toMatch(/^A pay run for 1-31 Mar 2025 already exists \((Generating|Draft)\)/);
    const winner = a.statusCode === 202 ? a : b;
    expect((await untilGenerated(t, winner.json().id)).status).toBe('Draft');
    expect((await request(t, 'GET', '/api/pay-runs')).json().total).toBe(1);
  });
});

describe('approve, reopen, pay and delete', () => {
  it('needs a second person to approve when there is more than one staff account', async () => {
    const { t, first, second } = await twoStaff();
    const { workers } = await givenWorkers(t);
    const run = await draftRun(
      t,
      workers.map((worker) => worker.id),
      first,
    );

    const own = await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, first);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toEqual({ code: 'CONFLICT', message: M.secondApprover });

    const approved = await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', approved_by: 'Second Person' });
    const payslips = (await request(t, 'GET', `/api/payslips?pay_run_id=${run.id}`)).json().items;
    expect(payslips.map((p: { status: string }) => p.status)).toEqual(['Generated', 'Generated', 'Generated']);

    const twice = await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(M.notDraftToApprove('Approved'));
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'pay_run').execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'update']);
  });

  it('lets a sole staff account approve its own run', async () => {
    const t = await buildTestApp();
    await t.signIn({ name: 'Only One' });
    const { workers } = await givenWorkers(t);
    const run = await draftRun(t, [workers[0]?.id ?? '']);
    const approved = await request(t, 'POST', `/api/pay-runs/${run.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approved_by).toBe('Only One');
  });

  it('reopens an Approved run to Draft (payslips Draft again) and refuses to reopen a Draft one', async () => {
    const { t, second } = await twoStaff();
    const { workers } = await givenWorkers(t);
    const run = await draftRun(t, [workers[0]?.id ?? '']);
    const notYet = await request(t, 'POST', `/api/pay-runs/${run.id}/reopen`);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.message).toBe(M.notApprovedToReopen('Draft'));
    await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    const reopened = await request(t, 'POST', `/api/pay-runs/${run.id}/reopen`);
    expect(reopened.json()).toMatchObject({ status: 'Draft', approved_by: null, approved_at: null });
    const payslips = (await request(t, 'GET', `/api/payslips?pay_run_id=${run.id}`)).json().items;
    expect(payslips[0].status).toBe('Draft');
  });

  it('deletes a Draft run with its payslips, refuses an Approved one, and removes a worker from a Draft run', async () => {
    const { t, second } = await twoStaff();
    const { workers } = await givenWorkers(t);
    const run = await draftRun(
      t,
      workers.map((worker) => worker.id),
    );
    const payslips = (await request(t, 'GET', `/api/payslips?pay_run_id=${run.id}`)).json().items;

    const removed = await request(t, 'DELETE', `/api/pay-runs/${run.id}/payslips/${payslips[0].id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().generated).toBe(2);
    const rest = payslips.slice(1) as Array<{ nett_salary: number }>;
    expect(removed.json().totals.nett_salary).toBe(
      rest.reduce((sum, payslip) => sum + Math.round(payslip.nett_salary * 100), 0) / 100,
    );

    await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    const refused = await request(t, 'DELETE', `/api/pay-runs/${run.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.notDraft('Approved'));
    // A payslip of an approved run is not deleted on its own either.
    const single = await request(t, 'DELETE', `/api/payslips/${payslips[1].id}`);
    expect(single.statusCode).toBe(409);
    expect(single.json().error.message).toBe(M.payslipOfLockedRun);

    await request(t, 'POST', `/api/pay-runs/${run.id}/reopen`);
    expect((await request(t, 'DELETE', `/api/pay-runs/${run.id}`)).statusCode).toBe(204);
    expect(await t.db.selectFrom('payslips').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('payslip_charges').select('charge_id').execute()).toEqual([]);
    expect((await request(t, 'GET', `/api/pay-runs/${run.id}`)).statusCode).toBe(404);
  });

  it("regenerates a Draft run's payslip with other deductions (same id, its charges, the totals), and refuses it once approved", async () => {
    const { t, second } = await twoStaff();
    const { workers, charges } = await givenWorkers(t);
    const run = await draftRun(
      t,
      workers.map((worker) => worker.id),
    );
    const payslips = (await request(t, 'GET', `/api/payslips?pay_run_id=${run.id}`)).json().items as Array<{
      id: string;
      worker_id: string;
      nett_salary: number;
      other_deductions: number;
    }>;
    const target = payslips.find((payslip) => payslip.worker_id === workers[0]?.id);
    if (!target) throw new Error('no payslip');

    const url = `/api/pay-runs/${run.id}/payslips/${target.id}/regenerate`;
    const regenerated = await request(t, 'POST', url, { other_deductions: 12.5 });
    expect(regenerated.json().error?.message).toBeUndefined();
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().status).toBe('Draft');
    expect(regenerated.json().totals.nett_salary).toBe(Math.round(run.totals.nett_salary * 100 - 1_250) / 100);
    expect(regenerated.json().totals.deductions).toBe(Math.round(run.totals.deductions * 100 + 1_250) / 100);
    const after = (await request(t, 'GET', `/api/payslips/${target.id}`)).json();
    expect(after).toMatchObject({ id: target.id, status: 'Draft', pay_run_id: run.id, other_deductions: 12.5 });
    expect(Math.round(after.nett_salary * 100)).toBe(Math.round(target.nett_salary * 100) - 1_250);
    // Decision 081: the payslip still records the charge it deducts, once.
    const links = await t.db
      .selectFrom('payslip_charges')
      .select('charge_id')
      .where('payslip_id', '=', target.id)
      .execute();
    expect(links.map((link) => link.charge_id)).toEqual([charges[0]?.id]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'payslip')
      .where('entity_id', '=', target.id)
      .execute();
    expect(audit.map((entry) => entry.action)).toContain('update');

    // Not a payslip of this run: 404; a negative nett: 409 with the reason, nothing changed.
    expect(
      (
        await request(t, 'POST', `/api/pay-runs/${run.id}/payslips/${crypto.randomUUID()}/regenerate`, {
          other_deductions: 1,
        })
      ).statusCode,
    ).toBe(404);
    const negative = await request(t, 'POST', url, { other_deductions: 99_999 });
    expect(negative.statusCode).toBe(409);
    expect((await request(t, 'GET', `/api/payslips/${target.id}`)).json().other_deductions).toBe(12.5);

    await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    const refused = await request(t, 'POST', url, { other_deductions: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.notDraft('Approved'));
  });

  it("answers the Pay dialog's lines (default mode, bank masked) and, once paid, the modes paid by; lists mask accounts", async () => {
    const { t, second } = await twoStaff();
    const { workers } = await givenWorkers(t);
    const run = await draftRun(
      t,
      workers.map((worker) => worker.id),
    );
    const before = await request(t, 'GET', `/api/pay-runs/${run.id}/payment`);
    expect(before.statusCode).toBe(200);
    const lineOf = (items: Array<{ worker_id: string }>, id: string | undefined) =>
      items.find((line) => line.worker_id === id);
    expect(lineOf(before.json().items, workers[0]?.id)).toMatchObject({
      mode: 'GIRO',
      bank_name: 'DBS Bank / POSB',
      bank_account: '******6789',
      has_bank_details: true,
      worker: { first_name: workers[0]?.first_name, last_name: workers[0]?.last_name },
    });
    expect(lineOf(before.json().items, workers[1]?.id)).toMatchObject({ mode: 'GIRO', bank_account: '********7001' });
    expect(lineOf(before.json().items, workers[2]?.id)).toMatchObject({
      mode: 'Cash',
      bank_name: null,
      bank_account: null,
      has_bank_details: false,
    });
    expect(JSON.stringify(before.json())).not.toContain('0123456789');
    expect((await request(t, 'GET', `/api/pay-runs/${crypto.randomUUID()}/payment`)).statusCode).toBe(404);

    await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    await request(t, 'POST', `/api/pay-runs/${run.id}/pay`, {
      payment_date: '2025-04-05',
      modes: { [workers[0]?.id ?? '']: 'Cheque' },
    });
    const after = (await request(t, 'GET', `/api/pay-runs/${run.id}/payment`)).json().items;
    expect(lineOf(after, workers[0]?.id)).toMatchObject({ mode: 'Cheque', bank_account: null });
    expect(lineOf(after, workers[1]?.id)).toMatchObject({ mode: 'GIRO', bank_account: '********7001' });

    // Decision 083: the list masks the account number; the worker's own answer (the edit form's) does not.
    const list = (await request(t, 'GET', '/api/workers?pageSize=100')).json().items as Array<{
      id: string;
      bank_account_no: string | null;
    }>;
    expect(list.find((worker) => worker.id === workers[0]?.id)?.bank_account_no).toBe('******6789');
    expect((await request(t, 'GET', `/api/workers/${workers[0]?.id}`)).json().bank_account_no).toBe('0123456789');
  });

  it('pays an Approved run: payslips Paid with date and mode, exactly their charges Deducted, the bank file to the cent', async () => {
    const { t, second } = await twoStaff();
    const { workers, charges } = await givenWorkers(t);
    // A charge of another worker in the period stays as it is.
    const [other] = await insertWorkers(t.db, { status: 'Working' });
    const [untouched] = await insertCharges(t.db, {
      worker_id: other?.id ?? '',
      charge_date: '2025-03-10',
      status: 'Approved',
    });
    const run = await draftRun(
      t,
      workers.map((worker) => worker.id),
    );

    const draftPay = await request(t, 'POST', `/api/pay-runs/${run.id}/pay`, { payment_date: '2025-04-05' });
    expect(draftPay.statusCode).toBe(409);
    expect(draftPay.json().error.message).toBe(M.notApprovedToPay('Draft'));
    const early = await request(t, 'GET', `/api/pay-runs/${run.id}/bank-file`);
    expect(early.statusCode).toBe(409);
    // Singly marking a run's payslip paid is refused: it is paid with the run.
    const payslipIds = (await request(t, 'GET', `/api/payslips?pay_run_id=${run.id}`))
      .json()
      .items.map((p: { id: string }) => p.id);
    const single = await request(t, 'POST', '/api/payslips/mark-paid', { ids: [payslipIds[0]] });
    expect(single.statusCode).toBe(409);
    expect(single.json().error.message).toBe(M.payslipOfRun);

    await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    // The Cash worker forced to GIRO has no bank details: the payment stops and names them.
    const third = workers[2];
    const missing = await request(t, 'POST', `/api/pay-runs/${run.id}/pay`, {
      payment_date: '2025-04-05',
      modes: { [third?.id ?? '']: 'GIRO' },
    });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.message).toBe(M.missingBankDetails([`${third?.first_name} ${third?.last_name}`]));

    const paid = await request(t, 'POST', `/api/pay-runs/${run.id}/pay`, {
      payment_date: '2025-04-05',
      modes: { [workers[1]?.id ?? '']: 'GIRO' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'Paid', payment_date: '2025-04-05' });
    const payslips = (await request(t, 'GET', `/api/payslips?pay_run_id=${run.id}&pageSize=100`)).json()
      .items as Array<{
      worker_id: string;
      status: string;
      payment_date: string;
      payment_mode: string;
      nett_salary: number;
    }>;
    const modeOf = new Map(payslips.map((p) => [p.worker_id, p.payment_mode]));
    expect([workers[0], workers[1], workers[2]].map((w) => modeOf.get(w?.id ?? ''))).toEqual(['GIRO', 'GIRO', 'Cash']);
    for (const payslip of payslips) expect(payslip).toMatchObject({ status: 'Paid', payment_date: '2025-04-05' });
    const chargeRows = await t.db.selectFrom('admin_charges').select(['id', 'status']).execute();
    const statusOf = new Map(chargeRows.map((row) => [row.id, row.status]));
    for (const charge of charges) expect(statusOf.get(charge.id)).toBe('Deducted');
    expect(statusOf.get(untouched?.id ?? '')).toBe('Approved');

    const again = await request(t, 'POST', `/api/pay-runs/${run.id}/pay`, { payment_date: '2025-04-05' });
    expect(again.statusCode).toBe(409);
    expect((await request(t, 'POST', `/api/pay-runs/${run.id}/reopen`)).statusCode).toBe(409);
    expect((await request(t, 'DELETE', `/api/pay-runs/${run.id}`)).statusCode).toBe(409);

    const bank = await request(t, 'GET', `/api/pay-runs/${run.id}/bank-file`);
    expect(bank.statusCode).toBe(200);
    expect(bank.headers['content-type']).toContain('text/csv');
    const lines = bank.body.trim().split('\r\n');
    expect(lines[0]).toBe('Beneficiary Name,Bank SWIFT Code,Account Number,Amount,Reference');
    expect(lines).toHaveLength(3);
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((row) => row[1]).sort()).toEqual(['DBSSSGSG', 'OCBCSGSG']);
    expect(rows.map((row) => row[2]).sort()).toEqual(['0123456789', '501234567001']);
    for (const row of rows) expect(row[3]).toMatch(/^-?\d+\.\d{2}$/);
    expect(rows.find((row) => row[1] === 'DBSSSGSG')?.[4]).toBe(`${workers[0]?.worker_id} SAL 20250301-20250331`);
    // The amounts add up to the GIRO payslips' nett, to the cent.
    const fileCents = rows.reduce((sum, row) => sum + Math.round(Number(row[3]) * 100), 0);
    const giroCents = payslips
      .filter((p) => p.payment_mode === 'GIRO')
      .reduce((sum, p) => sum + Math.round(p.nett_salary * 100), 0);
    expect(fileCents).toBe(giroCents);
    expect(giroCents).toBeGreaterThan(0);

    const csv = await request(t, 'GET', `/api/pay-runs/${run.id}/register.csv`);
    expect(csv.statusCode).toBe(200);
    const registerLines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(registerLines).toHaveLength(5);
    expect(registerLines[4]).toMatch(/^Total,3 payslips,/);
    const pdf = await request(t, 'GET', `/api/pay-runs/${run.id}/register.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // A Paid payslip of the run may be e-mailed (decision 082), and its PDF shows the mode.
    const withAddress = payslips.find((p) => p.worker_id === workers[0]?.id) as unknown as { id: string };
    const emailed = await request(t, 'POST', `/api/payslips/${withAddress.id}/email`);
    expect(emailed.statusCode).toBe(200);
    expect(emailed.json().status).toBe('Paid');
    // PAYROLL-SG 7: the payment date (as chosen, a Singapore date) and the mode.
    const payslipPdf = await request(t, 'GET', `/api/payslips/${withAddress.id}/pdf`);
    const pdfText = readPdf(payslipPdf.rawPayload).text.replace(/\s+/g, ' ');
    expect(pdfText).toContain('Date of payment 5 April 2025');
    expect(pdfText).toContain('Mode of payment GIRO');
  });

  it('refuses a Draft run payslip e-mail, and a pay without a payment date (400)', async () => {
    const { t } = await twoStaff();
    const { workers } = await givenWorkers(t);
    const run = await draftRun(t, [workers[0]?.id ?? '']);
    const [payslip] = (await request(t, 'GET', `/api/payslips?pay_run_id=${run.id}`)).json().items;
    expect((await request(t, 'POST', `/api/payslips/${payslip.id}/email`)).statusCode).toBe(409);
    expect((await request(t, 'POST', `/api/pay-runs/${run.id}/pay`, {})).statusCode).toBe(400);
  });
});

describe('the period lock', () => {
  it('refuses timesheet and admin charge changes of an Approved run (reopen it) and of a Paid run (closed)', async () => {
    const { t, second } = await twoStaff();
    const { workers, charges } = await givenWorkers(t);
    const worker = workers[0];
    const other = workers[2];
    const run = await draftRun(t, [worker?.id ?? '']);
    const timesheet = { worker_id: worker?.id, work_date: '2025-03-20', time_in: '08:00', time_out: '17:00' };

    await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    const approvedMessage = 'The pay run for 1-31 Mar 2025 is approved: reopen it to change this timesheet';
    const created = await request(t, 'POST', '/api/timesheets', timesheet);
    expect(created.statusCode).toBe(409);
    expect(created.json().error.message).toBe(approvedMessage);
    const charge = await request(t, 'POST', '/api/admin-charges', {
      worker_id: worker?.id,
      charge_date: '2025-03-21',
      charge_type: 'Other',
      amount: '10',
    });
    expect(charge.statusCode).toBe(409);
    expect(charge.json().error.message).toBe(
      'The pay run for 1-31 Mar 2025 is approved: reopen it to change this admin charge',
    );
    // A worker outside the run, and a day outside the period, are open.
    expect((await request(t, 'POST', '/api/timesheets', { ...timesheet, worker_id: other?.id })).statusCode).toBe(201);
    expect((await request(t, 'POST', '/api/timesheets', { ...timesheet, work_date: '2025-04-02' })).statusCode).toBe(
      201,
    );
    // Crew entry skips the closed day with the same message.
    const crew = await request(t, 'POST', '/api/timesheets/crew', {
      work_date: '2025-03-22',
      rows: [{ worker_id: worker?.id, time_in: '08:00', time_out: '17:00' }],
    });
    expect(crew.json()).toMatchObject({
      saved: 0,
      skipped: [{ message: 'The pay run for 1-31 Mar 2025 is approved: reopen it to change this timesheet' }],
    });

    await request(t, 'POST', `/api/pay-runs/${run.id}/reopen`);
    const reopened = await request(t, 'POST', '/api/timesheets', timesheet);
    expect(reopened.statusCode).toBe(201);
    await request(t, 'POST', `/api/pay-runs/${run.id}/approve`, undefined, second);
    await request(t, 'POST', `/api/pay-runs/${run.id}/pay`, { payment_date: '2025-04-05' });
    const edit = await request(t, 'PUT', `/api/timesheets/${reopened.json().id}`, { ...timesheet, time_out: '18:00' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe('The pay run for 1-31 Mar 2025 is paid: this month is closed');
    const removed = await request(t, 'DELETE', `/api/timesheets/${reopened.json().id}`);
    expect(removed.statusCode).toBe(409);
    expect(charges).toHaveLength(3);
  });

  it('closes the period of a Paid payslip outside any run too', async () => {
    const { t } = await twoStaff();
    const [worker] = await insertWorkers(t.db, { status: 'Working' });
    await insertPayslipRow(t.db, {
      worker_id: worker?.id ?? null,
      pay_period_start: '2025-02-01',
      pay_period_end: '2025-02-28',
      status: 'Paid',
    });
    const response = await request(t, 'POST', '/api/timesheets', {
      worker_id: worker?.id,
      work_date: '2025-02-10',
      time_in: '08:00',
      time_out: '17:00',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('The payslip for 1-28 Feb 2025 is paid: this month is closed');
  });
});
