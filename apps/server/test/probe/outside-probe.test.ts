import { chargeReference } from '@td/shared/schemas/admin-charge';
import { describe, expect, it } from 'vitest';
import { buildAdminCharge } from '../admin-charge-factories.ts';
import { buildTestApp } from '../build-test-app.ts';
import { buildWorker, givenStoredFile } from '../factories.ts';
import { buildTrainingRecord } from '../training-record-factories.ts';

/**
 * The probe findings (docs/probe-findings.md) "Done when": the outside probe's reproductions, short, as an outsider sends them: over a real
 * socket with `fetch`, a session cookie and the page's Origin, against the app on the database under
 * test (this file runs on SQLite and on PostgreSQL like every server test). Each module holds the full
 * tests of its fix (races of 40 rounds and more); this probe keeps the outside view of all of them in
 * one place and fails when any of them comes back.
 */

interface Answer {
  status: number;
  body: string;
  headers: Headers;
  json<T = Record<string, unknown>>(): T;
}

/** The app listening on a free port, a signed-in session, and a `call` that speaks HTTP to it. */
async function probe() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Probe' });
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        cookie: t.cookie ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text, headers: response.headers, json: () => JSON.parse(text) };
  };
  /** A worker added as the form adds one (an IPA document uploaded first). */
  const addWorker = async (overrides: Parameters<typeof buildWorker>[0] = {}) => {
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const answer = await call('POST', '/api/workers', buildWorker({ ipa_url, ...overrides }));
    expect(answer.status, answer.body).toBe(201);
    return answer.json<{ id: string; worker_id: string }>();
  };
  const day = (workerId: string, work_date: string, time_out = '17:00') =>
    call('POST', '/api/timesheets', { worker_id: workerId, work_date, time_in: '08:00', time_out, notes: '' });
  return { t, call, addWorker, day };
}

/** A probe answer is never a server error, and an error always has the app's shape. */
function expectHandled(answer: Answer, label: string) {
  expect(answer.status, `${label}: ${answer.body}`).toBeLessThan(500);
  if (answer.status >= 400) {
    const error = answer.json<{ error?: { code?: unknown; message?: unknown } }>().error;
    expect(typeof error?.code, `${label}: ${answer.body}`).toBe('string');
    expect(typeof error?.message, `${label}: ${answer.body}`).toBe('string');
  }
}

describe('outside probe (docs/probe-findings.md): money and records', () => {
  it('items 1, 2, 3 and 17: one side wins a race, charges follow the payslip, periods never overlap, no negative nett', async () => {
    const { call, addWorker, day } = await probe();
    const worker = await addWorker({ rate_type: 'Daily', salary_rate: '100' });
    for (const date of ['2025-03-03', '2025-03-04', '2025-03-05'])
      expect((await day(worker.id, date)).status).toBe(201);
    const charge = await call(
      'POST',
      '/api/admin-charges',
      buildAdminCharge({ worker_id: worker.id, charge_type: 'Attendance', amount: '10.00' }),
    );
    expect(charge.status, charge.body).toBe(201);
    const chargeId = charge.json<{ id: string }>().id;
    expect((await call('POST', `/api/admin-charges/${chargeId}/approve`)).status).toBe(200);

    const march = {
      worker_id: worker.id,
      pay_period_start: '2025-03-01',
      pay_period_end: '2025-03-31',
      other_deductions: 0,
    };
    const payslip = await call('POST', '/api/payslips', march);
    expect(payslip.status, payslip.body).toBe(201);
    const payslipId = payslip.json<{ id: string }>().id;

    // Item 3: an overlapping period of the same worker, and a period over a month, are refused.
    for (const [start, end] of [
      ['2025-03-15', '2025-03-31'],
      ['2025-03-20', '2025-03-20'],
      ['2025-02-20', '2025-03-05'],
    ] as const) {
      const overlap = await call('POST', '/api/payslips', { ...march, pay_period_start: start, pay_period_end: end });
      expect(overlap.status, `${start}..${end}`).toBe(409);
      expectHandled(overlap, 'overlap');
    }
    const long = await call('POST', '/api/payslips', {
      ...march,
      pay_period_start: '2025-04-01',
      pay_period_end: '2025-05-15',
    });
    expect(long.status).toBe(400);

    // Item 2: the charge the payslip deducted cannot change under it, nor be deleted.
    const raise = await call(
      'PUT',
      `/api/admin-charges/${chargeId}`,
      buildAdminCharge({ worker_id: worker.id, charge_type: 'Attendance', amount: '50.00' }),
    );
    expect(raise.status, raise.body).toBe(409);
    expect((await call('DELETE', `/api/admin-charges/${chargeId}`)).status).toBe(409);

    // Item 1: mark-paid and delete of the same payslip at the same moment: exactly one wins.
    const [paid, deleted] = await Promise.all([
      call('POST', '/api/payslips/mark-paid', { ids: [payslipId] }),
      call('DELETE', `/api/payslips/${payslipId}`),
    ]);
    expectHandled(paid, 'mark-paid');
    expectHandled(deleted, 'delete');
    expect([paid.status < 300, deleted.status < 300].filter(Boolean), `${paid.body} ${deleted.body}`).toHaveLength(1);
    const after = await call('GET', `/api/admin-charges/${chargeId}`);
    expect(after.json<{ status: string }>().status).toBe(paid.status < 300 ? 'Deducted' : 'Approved');

    // Item 17: a payslip whose deductions exceed its gross is never generated.
    const poor = await addWorker({ rate_type: 'Daily', salary_rate: '50' });
    expect((await day(poor.id, '2025-03-03')).status).toBe(201);
    const negative = await call('POST', '/api/payslips', { ...march, worker_id: poor.id, other_deductions: 500 });
    expect(negative.status, negative.body).toBe(409);
    expectHandled(negative, 'negative nett');
  }, 60_000);

  it('item 4: a worker deleted during a PUT, a payslip and a timesheet answers 404 or 409, never 500', async () => {
    const { call, addWorker, day } = await probe();
    for (let round = 0; round < 5; round++) {
      const worker = await addWorker({ rate_type: 'Daily', salary_rate: '100' });
      expect((await day(worker.id, '2025-03-03')).status).toBe(201);
      const answers = await Promise.all([
        call('DELETE', `/api/workers/${worker.id}`),
        call('PUT', `/api/workers/${worker.id}`, {
          ...buildWorker({ ipa_url: '', first_name: 'Renamed' }),
          worker_id: worker.worker_id,
        }),
        call('POST', '/api/payslips', {
          worker_id: worker.id,
          pay_period_start: '2025-03-01',
          pay_period_end: '2025-03-31',
          other_deductions: 0,
        }),
        day(worker.id, '2025-03-04'),
      ]);
      for (const [i, answer] of answers.entries()) expectHandled(answer, `round ${round}, request ${i}`);
    }
  }, 60_000);
});

describe('outside probe (docs/probe-findings.md): input edges', () => {
  it('items 7 to 14 and 21: refused with 400 and the app error shape, ids read one way, personal data not cached', async () => {
    const { call, addWorker, day } = await probe();
    const worker = await addWorker();
    const refused = async (label: string, answer: Promise<Answer>, status = 400) => {
      const settled = await answer;
      expect(settled.status, `${label}: ${settled.body}`).toBe(status);
      expectHandled(settled, label);
    };
    // Item 7: over-long training text is refused, not cut.
    await refused(
      'certificate number of 150 characters',
      call('POST', '/api/training-records', buildTrainingRecord(worker.id, { certificate_number: 'C'.repeat(150) })),
    );
    // Item 8: lone surrogates and control characters are refused; invisible-only text is no text.
    for (const notes of ['ab\ud800cd', 'line\u0085break']) {
      await refused(
        `timesheet notes ${JSON.stringify(notes)}`,
        call('POST', '/api/timesheets', {
          worker_id: worker.id,
          work_date: '2025-03-03',
          time_in: '08:00',
          time_out: '17:00',
          notes,
        }),
      );
    }
    const invisible = await call('POST', '/api/timesheets', {
      worker_id: worker.id,
      work_date: '2025-03-03',
      time_in: '08:00',
      time_out: '17:00',
      notes: '\u200b\u200b',
    });
    expectHandled(invisible, 'zero-width notes');
    if (invisible.status === 201) expect(invisible.json<{ notes: string | null }>().notes).toBeNull();
    await refused(
      'charge description with a lone surrogate',
      call('POST', '/api/admin-charges', buildAdminCharge({ worker_id: worker.id, description: 'x\udfffy' })),
    );
    // Item 9: seconds past 59.
    for (const time_in of ['08:00:61', '08:00:99']) {
      await refused(
        `time_in ${time_in}`,
        call('POST', '/api/timesheets', {
          worker_id: worker.id,
          work_date: '2025-03-03',
          time_in,
          time_out: '17:00',
          notes: '',
        }),
      );
    }
    // Item 10: implausible dates.
    for (const training_date of ['1899-12-31', '9999-12-31']) {
      await refused(
        `training date ${training_date}`,
        call('POST', '/api/training-records', buildTrainingRecord(worker.id, { training_date })),
      );
    }
    await refused(
      'a pay period in the year 9999',
      call('POST', '/api/payslips', {
        worker_id: worker.id,
        pay_period_start: '9999-01-01',
        pay_period_end: '9999-01-31',
        other_deductions: 0,
      }),
    );
    // Item 11: an upper-case id reads the same record as its lower-case form.
    const timesheet = await day(worker.id, '2025-03-05');
    expect(timesheet.status, timesheet.body).toBe(201);
    const timesheetId = timesheet.json<{ id: string }>().id;
    const upper = await call('GET', `/api/timesheets/${timesheetId.toUpperCase()}`);
    expect(upper.status, upper.body).toBe(200);
    expect(upper.json<{ id: string }>().id).toBe(timesheetId);
    const keep = await call('PUT', `/api/timesheets/${timesheetId.toUpperCase()}`, {
      worker_id: worker.id,
      work_date: '2025-03-05',
      time_in: '08:00',
      time_out: '18:00',
      notes: '',
    });
    expect(keep.status, keep.body).toBe(200);
    // Item 12: an absurd path parameter has the app's error shape.
    const longId = await call('DELETE', `/api/workers/${'a'.repeat(5_000)}`);
    expect(longId.status).toBeGreaterThanOrEqual(400);
    expectHandled(longId, 'a 5,000-character id');
    // Item 13: a PUT that leaves out fields is refused and names them; nothing is cleared.
    const partial = await call('PUT', `/api/workers/${worker.id}`, { first_name: 'Only', last_name: 'Names' });
    expect(partial.status, partial.body).toBe(400);
    expect(Object.keys(partial.json<{ error: { fields: object } }>().error.fields).length).toBeGreaterThan(0);
    expect((await call('GET', `/api/workers/${worker.id}`)).json<{ ipa_url: string | null }>().ipa_url).not.toBeNull();
    // Item 14: answers with personal data are not kept by caches.
    for (const path of ['/api/workers', `/api/workers/${worker.id}`, '/api/payslips', '/api/auth/session']) {
      expect((await call('GET', path)).headers.get('cache-control'), path).toContain('no-store');
    }
    // Item 21: charges added within the same minute have references that tell them apart.
    const references = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const added = await call('POST', '/api/admin-charges', buildAdminCharge({ worker_id: worker.id }));
      expect(added.status, added.body).toBe(201);
      references.add(chargeReference(added.json<{ id: string }>().id));
    }
    expect(references.size).toBe(3);
  }, 60_000);

  it('fuzz: a hundred malformed bodies on the writing routes answer 4xx in the app error shape', async () => {
    const { call, addWorker } = await probe();
    const worker = await addWorker();
    const routes = [
      ['POST', '/api/workers'],
      ['PUT', `/api/workers/${worker.id}`],
      ['POST', '/api/timesheets'],
      ['POST', '/api/timesheets/crew'],
      ['POST', '/api/admin-charges'],
      ['POST', '/api/training-records'],
      ['POST', '/api/payslips'],
      ['POST', '/api/payslips/preview'],
      ['POST', '/api/payslips/mark-paid'],
      ['POST', '/api/pay-runs'],
    ] as const;
    const bodies = [
      '{',
      'null',
      '[]',
      '"text"',
      '{"worker_id":{"$ne":null}}',
      '{"worker_id":"\u0000"}',
      JSON.stringify({ worker_id: worker.id, amount: 1e308, other_deductions: -1, ids: 'x' }),
      JSON.stringify({ work_date: '2025-02-30', pay_period_start: '2025-13-01', rows: [{}] }),
      JSON.stringify({ first_name: 'x'.repeat(100_000) }),
      JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
    ];
    for (const [method, path] of routes) {
      for (const body of bodies) {
        const answer = await call(method, path, body);
        expect(
          answer.status,
          `${method} ${path} ${body.slice(0, 40)}: ${answer.body.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expectHandled(answer, `${method} ${path} ${body.slice(0, 40)}`);
      }
    }
  }, 60_000);
});
