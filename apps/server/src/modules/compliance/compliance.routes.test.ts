import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers, multipart } from '../../../test/factories.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { runDigestTick } from './compliance-digest.ts';

/** A mailer that keeps what it was given (the outbox mailer writes the same messages to files). */
function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return { delivered: 'outbox', file: `${sent.length}.eml` };
    },
    close() {},
  };
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('compliance calendar (decision 094, 095)', () => {
  it('answers every active worker item overdue or due in the window, counts by kind, the contract shape', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [ali, , gone] = await insertWorkers(
      t.db,
      {
        first_name: 'Ali',
        last_name: 'Rahman',
        nationality: 'Bangladeshi',
        wp_expiry_date: inDays(10),
        security_bond_expiry_date: inDays(-3),
        medical_insurance_expiry_date: inDays(200),
        passport_expiry_date: inDays(40),
      },
      { first_name: 'Somchai', last_name: 'K', nationality: 'Thai', wp_expiry_date: inDays(5) },
      { first_name: 'Left', last_name: 'Already', status: 'Terminated', wp_expiry_date: inDays(1) },
    );
    const response = await t.request({ method: 'GET', url: '/api/compliance' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.items[0])).toEqual(['worker', 'kind', 'due_date', 'state', 'title', 'nationality']);
    expect(
      body.items.map((i: { kind: string; due_date: string; state: string }) => [i.kind, i.due_date, i.state]),
    ).toEqual([
      ['security_bond', inDays(-3), 'overdue'],
      ['work_permit', inDays(5), 'due'],
      ['work_permit', inDays(10), 'due'],
      ['passport', inDays(40), 'due'],
    ]);
    expect(body.items[0].worker).toEqual({
      id: ali?.id,
      worker_id: ali?.worker_id,
      first_name: 'Ali',
      last_name: 'Rahman',
    });
    expect(body.items.some((i: { worker: { id: string } }) => i.worker.id === gone?.id)).toBe(false);
    expect(body.counts.work_permit).toEqual({ overdue: 0, due: 2 });
    expect(body.counts.security_bond).toEqual({ overdue: 1, due: 0 });
    expect(body.counts.medical_insurance).toEqual({ overdue: 0, due: 0 });
    expect(body.total).toBe(4);

    const filtered = (
      await t.request({
        method: 'GET',
        url: `/api/compliance?kind=work_permit&q=ali&from=${today()}&to=${inDays(300)}`,
      })
    ).json();
    expect(filtered.items).toHaveLength(1);
    expect(filtered.counts.passport).toEqual({ overdue: 0, due: 0 });
    expect((await t.request({ method: 'GET', url: '/api/compliance?nationality=Thai' })).json().total).toBe(1);
    expect((await t.request({ method: 'GET', url: '/api/compliance?kind=nope' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/compliance?from=2026-02-01&to=2026-01-01' })).statusCode).toBe(
      400,
    );

    const csv = await t.request({ method: 'GET', url: '/api/compliance/export' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('Due Date');
    expect(csv.body).toContain('Security bond');
  });

  it('counts a training certificate until a newer record of the course renews it, and a KETs letter 14 days after start', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [worker] = await insertWorkers(t.db, {
      employment_start_date: inDays(-20),
      type_of_pass: 'WP',
      nationality: 'Indian',
    });
    if (!worker) throw new Error('no worker');
    const record = (expiry: string | null, trained: string) => ({
      id: crypto.randomUUID(),
      worker_id: worker.id,
      training_name: 'CSOC',
      training_date: trained,
      expiry_date: expiry,
      certificate_number: null,
      training_provider: null,
      notes: null,
      certificate_url: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    await t.db
      .insertInto('training_records')
      .values(record(inDays(-5), inDays(-400)))
      .execute();
    let counts = (await t.request({ method: 'GET', url: '/api/compliance' })).json().counts;
    expect(counts.training).toEqual({ overdue: 1, due: 0 });
    // SIP and KETs both fell due 14 days after the start (6 days ago).
    expect(counts.sip).toEqual({ overdue: 1, due: 0 });
    expect(counts.employment_letter).toEqual({ overdue: 1, due: 0 });
    await t.db
      .insertInto('training_records')
      .values(record(inDays(700), inDays(-1)))
      .execute();
    const issued = await t.request({ method: 'POST', url: `/api/workers/${worker.id}/employment-letter` });
    expect(issued.statusCode).toBe(200);
    counts = (await t.request({ method: 'GET', url: '/api/compliance' })).json().counts;
    expect(counts.training).toEqual({ overdue: 0, due: 0 });
    expect(counts.employment_letter).toEqual({ overdue: 0, due: 0 });
    const letters = (await t.request({ method: 'GET', url: `/api/workers/${worker.id}/employment-letters` })).json();
    expect(letters.items).toHaveLength(1);
    expect(letters.items[0].generated_by).toEqual(expect.any(String));
  });

  it('counts each course of a worker once, as the page lists it: the latest expiry, never one renewed for good', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [ali, bala, gone] = await insertWorkers(
      t.db,
      { first_name: 'Ali', nationality: 'Indian' },
      { first_name: 'Bala', nationality: 'Bangladeshi' },
      { first_name: 'Chan', nationality: 'Indian', status: 'Terminated' },
    );
    if (!ali || !bala || !gone) throw new Error('no workers');
    const record = (workerId: string, name: string, expiry: string | null) => ({
      id: crypto.randomUUID(),
      worker_id: workerId,
      training_name: name,
      training_date: inDays(-800),
      expiry_date: expiry,
      certificate_number: null,
      training_provider: null,
      notes: null,
      certificate_url: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    await t.db
      .insertInto('training_records')
      .values([
        // Two records of one course with the same expiry: one item.
        record(ali.id, 'CSOC', inDays(-10)),
        record(ali.id, 'CSOC', inDays(-10)),
        // Renewed by a later expiry: the later one is the item, due in the window.
        record(ali.id, 'Work at Height', inDays(-30)),
        record(ali.id, 'Work at Height', inDays(20)),
        // Renewed by a record that never expires: no item.
        record(bala.id, 'CSOC', inDays(-5)),
        record(bala.id, 'CSOC', null),
        record(bala.id, 'Rigger', inDays(40)),
        // A terminated worker's certificates are no item.
        record(gone.id, 'CSOC', inDays(-3)),
      ])
      .execute();
    const calendar = async (query = '') =>
      (await t.request({ method: 'GET', url: `/api/compliance?kind=training${query}` })).json();
    const all = await calendar();
    expect(all.counts.training).toEqual({ overdue: 1, due: 2 });
    expect(
      all.items.map((item: { worker: { first_name: string }; due_date: string }) => [
        item.worker.first_name,
        item.due_date,
      ]),
    ).toEqual([
      ['Ali', inDays(-10)],
      ['Ali', inDays(20)],
      ['Bala', inDays(40)],
    ]);
    expect((await calendar('&nationality=Indian')).counts.training).toEqual({ overdue: 1, due: 1 });
    expect((await calendar('&q=bala')).counts.training).toEqual({ overdue: 0, due: 1 });
    expect((await calendar(`&from=${inDays(30)}`)).counts.training).toEqual({ overdue: 1, due: 1 });
  });

  it('records bond and insurance on the worker, flags a permit beyond the passport or bond, renews with history', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [worker] = await insertWorkers(t.db, { wp_expiry_date: '2027-06-30' });
    if (!worker) throw new Error('no worker');
    const current = (await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json();
    const { id, worker_id, created_at, updated_at, compliance_flags, sip_required_override, ...fields } = current;
    const put = await t.request({
      method: 'PUT',
      url: `/api/workers/${worker.id}`,
      payload: {
        ...fields,
        sip_required: null,
        security_bond_number: 'BG-1',
        security_bond_issuer: 'DBS Bank',
        security_bond_amount: '5000',
        security_bond_expiry_date: '2027-05-31',
        medical_insurer: 'NTUC Income',
        medical_policy_number: 'MI-9',
        medical_insurance_expiry_date: '2027-01-31',
        passport_expiry_date: '2027-07-15',
        probation_months: '3',
      },
    });
    expect(put.statusCode).toBe(200);
    const saved = put.json();
    expect(saved.security_bond_amount).toBe(5000);
    expect(saved.probation_months).toBe(3);
    expect(saved.sip_required).toBe(true);
    expect(saved.compliance_flags.map((f: { code: string }) => f.code)).toEqual([
      'PERMIT_BEYOND_PASSPORT',
      'PERMIT_BEYOND_BOND',
    ]);

    const renewed = await t.request({
      method: 'POST',
      url: `/api/compliance/workers/${worker.id}/renewals`,
      payload: { kind: 'security_bond', expiry_date: '2028-06-30', reference: 'BG-2' },
    });
    expect(renewed.statusCode).toBe(201);
    expect(renewed.json().renewals[0]).toMatchObject({
      kind: 'security_bond',
      previous_expiry_date: '2027-05-31',
      new_expiry_date: '2028-06-30',
      previous_reference: 'BG-1',
      new_reference: 'BG-2',
    });
    const after = (await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json();
    expect(after.security_bond_expiry_date).toBe('2028-06-30');
    expect(after.compliance_flags.map((f: { code: string }) => f.code)).toEqual(['PERMIT_BEYOND_PASSPORT']);
    const earlier = await t.request({
      method: 'POST',
      url: `/api/compliance/workers/${worker.id}/renewals`,
      payload: { kind: 'security_bond', expiry_date: '2028-01-01' },
    });
    expect(earlier.statusCode).toBe(400);
  });

  it('keeps the dated items when a PUT leaves them out, clears one sent as null (decision 096)', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [worker] = await insertWorkers(t.db, {
      type_of_pass: 'WP',
      nationality: 'Bangladeshi',
      passport_expiry_date: '2030-01-31',
      security_bond_number: 'BG-5',
      security_bond_amount: 500_000,
      medical_insurance_expiry_date: '2027-03-31',
      sip_required: 0,
      probation_months: 0,
    });
    if (!worker) throw new Error('no worker');
    const current = (await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json();
    // An older client: it knows none of migration 0029's fields.
    const older = Object.fromEntries(
      Object.entries(current).filter(
        ([key]) =>
          ![
            'id',
            'worker_id',
            'created_at',
            'updated_at',
            'compliance_flags',
            'sip_required_override',
            'passport_expiry_date',
            'security_bond_number',
            'security_bond_issuer',
            'security_bond_amount',
            'security_bond_expiry_date',
            'medical_insurer',
            'medical_policy_number',
            'medical_insurance_expiry_date',
            'sip_required',
            'sip_attended_date',
            'probation_months',
          ].includes(key),
      ),
    );
    const kept = await t.request({ method: 'PUT', url: `/api/workers/${worker.id}`, payload: older });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      passport_expiry_date: '2030-01-31',
      security_bond_number: 'BG-5',
      security_bond_amount: 5000,
      medical_insurance_expiry_date: '2027-03-31',
      sip_required: false,
      sip_required_override: false,
      probation_months: 0,
    });
    const cleared = await t.request({
      method: 'PUT',
      url: `/api/workers/${worker.id}`,
      payload: { ...older, medical_insurance_expiry_date: null, sip_required: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    // Blank SIP choice: derived again (a non-Malaysian WP holder must attend).
    expect(cleared.json()).toMatchObject({
      medical_insurance_expiry_date: null,
      sip_required: true,
      sip_required_override: null,
      security_bond_number: 'BG-5',
    });
  });

  it('serves a private iCalendar feed by token, without identity numbers; a reset or DELETE ends the old URL', async () => {
    const t = await buildTestApp();
    await t.signIn();
    await insertWorkers(t.db, {
      first_name: 'Ali',
      last_name: 'Rahman',
      fin_no: 'G1234567X',
      passport_no: 'BD999',
      wp_expiry_date: inDays(12),
    });
    const on = await t.request({ method: 'POST', url: '/api/compliance/feed' });
    expect(on.statusCode).toBe(201);
    const { pathname } = new URL(on.json().url);
    const feed = await t.app.inject({ method: 'GET', url: pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).not.toContain('G1234567X');
    expect(feed.body).not.toContain('BD999');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    expect(events[0]?.summary).toContain('Work permit due: Ali Rahman');
    expect(events[0]?.startDate.toString()).toBe(inDays(12));

    expect((await t.app.inject({ method: 'GET', url: `${pathname.slice(0, -8)}AAAAAAA.ics` })).statusCode).toBe(404);
    const reset = (await t.request({ method: 'POST', url: '/api/compliance/feed' })).json().url;
    expect((await t.app.inject({ method: 'GET', url: pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(reset).pathname })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/compliance/feed' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: new URL(reset).pathname })).statusCode).toBe(404);
  });

  it('sends the weekly digest once a week per person across servers, a missed week on return, and on demand', async () => {
    const mailer = recordingMailer();
    const t = await buildTestApp({}, { mailer });
    await t.signIn({ email: 'digest@example.com' });
    await insertWorkers(t.db, { first_name: 'Ali', last_name: 'Rahman', wp_expiry_date: inDays(3) });
    expect(
      (await t.request({ method: 'PUT', url: '/api/auth/me/notifications', payload: { weekly_digest: true } })).json(),
    ).toEqual({
      weekly_digest: true,
      feed_enabled: false,
    });
    const ctx = { db: t.db, mailer, timeZone: 'Asia/Singapore' };
    // Monday 2026-12-07 07:00 SGT; two servers tick at once.
    const monday = new Date('2026-12-06T23:00:00Z');
    const both = await Promise.all([
      runDigestTick({ ...ctx, now: () => monday }),
      runDigestTick({ ...ctx, now: () => monday }),
    ]);
    expect(both.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(mailer.sent[0]?.to).toBe('digest@example.com');
    expect(mailer.sent[0]?.text).toContain('Ali Rahman');
    expect((await runDigestTick({ ...ctx, now: () => new Date('2026-12-10T01:00:00Z') })).sent).toBe(0);
    // The server was down all of the next week's Monday: the week is sent when it comes back.
    expect((await runDigestTick({ ...ctx, now: () => new Date('2026-12-16T03:00:00Z') })).sent).toBe(1);
    const now = await t.request({ method: 'POST', url: '/api/compliance/digest/send-now' });
    expect(now.json()).toEqual({ sent: 1, failed: 0 });
    expect(mailer.sent).toHaveLength(3);
  });
});

describe('timesheets on a lapsed permit (decision 094)', () => {
  it('refuses a date after wp_expiry_date with PERMIT_EXPIRED naming the date, single and crew', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [worker] = await insertWorkers(t.db, {
      first_name: 'Ali',
      last_name: 'Rahman',
      wp_expiry_date: '2025-03-10',
    });
    if (!worker) throw new Error('no worker');
    const sheet = { worker_id: worker.id, time_in: '08:00', time_out: '17:00', notes: '' };
    const onExpiry = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: { ...sheet, work_date: '2025-03-10' },
    });
    expect(onExpiry.statusCode).toBe(201);
    const after = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: { ...sheet, work_date: '2025-03-11' },
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.code).toBe('PERMIT_EXPIRED');
    expect(after.json().error.message).toContain('2025-03-10');
    const crew = await t.request({
      method: 'POST',
      url: '/api/timesheets/crew',
      payload: {
        work_date: '2025-03-12',
        rows: [{ worker_id: worker.id, time_in: '08:00', time_out: '17:00', notes: '' }],
      },
    });
    expect(crew.json()).toMatchObject({ saved: 0, skipped: [{ worker_id: worker.id, code: 'PERMIT_EXPIRED' }] });
  });

  it('warns of a lapsed safety certificate until the staff member confirms', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [worker] = await insertWorkers(t.db, { wp_expiry_date: '2027-01-01' });
    if (!worker) throw new Error('no worker');
    await t.request({
      method: 'POST',
      url: '/api/training-records',
      payload: { worker_id: worker.id, training_name: 'CSOC', training_date: '2024-01-01', expiry_date: '2025-01-01' },
    });
    const sheet = { worker_id: worker.id, work_date: '2025-03-03', time_in: '08:00', time_out: '17:00', notes: '' };
    const warned = await t.request({ method: 'POST', url: '/api/timesheets', payload: sheet });
    expect(warned.statusCode).toBe(409);
    expect(warned.json().error.code).toBe('CERTIFICATE_LAPSED');
    expect(warned.json().error.message).toContain('CSOC certificate lapsed on 2025-01-01');
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: { ...sheet, confirm_lapsed_certificates: true },
    });
    expect(confirmed.statusCode).toBe(201);
  });

  it('puts an imported row after the permit expired, or with a lapsed certificate, in error (the shared per-row check)', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [lapsedPermit, lapsedCertificate, fine] = await insertWorkers(
      t.db,
      { first_name: 'Ali', last_name: 'Rahman', worker_id: 'TD-0101', wp_expiry_date: '2025-03-10' },
      { first_name: 'Bala', last_name: 'Subra', worker_id: 'TD-0102', wp_expiry_date: '2027-01-01' },
      { first_name: 'Chen', last_name: 'Hao', worker_id: 'TD-0103', wp_expiry_date: '2027-01-01' },
    );
    if (!lapsedPermit || !lapsedCertificate || !fine) throw new Error('workers not inserted');
    await t.request({
      method: 'POST',
      url: '/api/training-records',
      payload: {
        worker_id: lapsedCertificate.id,
        training_name: 'CSOC',
        training_date: '2024-01-01',
        expiry_date: '2025-01-01',
      },
    });
    const csv = [
      'Worker,Date,In,Out',
      'TD-0101,11/03/2025,08:00,17:00',
      'TD-0102,11/03/2025,08:00,17:00',
      'TD-0103,11/03/2025,08:00,17:00',
    ].join('\n');
    const body = multipart(
      {
        mapping: JSON.stringify({
          worker: 'Worker',
          date: 'Date',
          date_format: 'DD/MM/YYYY',
          time_in: 'In',
          time_out: 'Out',
        }),
      },
      { name: 'attendance.csv', data: Buffer.from(csv) },
    );
    const preview = await t.request({
      method: 'POST',
      url: '/api/timesheet-imports',
      payload: body.payload,
      headers: body.headers,
    });
    expect(preview.statusCode).toBe(200);
    const rows: Array<{ outcome: string; message?: string }> = preview.json().rows;
    expect(rows.map((row) => row.outcome)).toEqual(['error', 'error', 'new']);
    expect(rows[0]?.message).toContain('work permit expired on 2025-03-10');
    expect(rows[1]?.message).toContain('CSOC certificate lapsed on 2025-01-01');
  });
});
