import { describe, expect, it } from 'vitest';
import { insertAdminCharges } from '../../../test/admin-charge-factories.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

/** Probe finding 25: the admin charge list exports what it shows (decision 024's pattern). */
describe('GET /api/admin-charges/export', () => {
  it('answers 401 without a session', async () => {
    const t = await buildTestApp();
    expect((await t.request({ method: 'GET', url: '/api/admin-charges/export' })).statusCode).toBe(401);
  });

  it("downloads the charges with the list's filters and order, formulas neutralised", async () => {
    const t = await buildTestApp();
    await t.signIn({ name: 'Hui Min' });
    const [ravi, aung] = await insertWorkers(
      t.db,
      { first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-4321' },
      { first_name: 'Aung', last_name: 'Thu', worker_id: 'TD-1234' },
    );
    if (!ravi || !aung) throw new Error('workers not inserted');
    const [late, early] = await insertAdminCharges(
      t.db,
      {
        worker_id: ravi.id,
        charge_date: '2025-03-20',
        charge_type: 'Safety Violation',
        amount: 15050,
        description: '@cmd|calc',
        status: 'Approved',
        approved_by: 'Hui Min',
        // 01:30 on 21 March in Singapore.
        approved_at: '2025-03-20T17:30:00.000Z',
      },
      { worker_id: ravi.id, charge_date: '2025-03-02', amount: 500 },
      { worker_id: aung.id, charge_date: '2025-03-10', amount: 900 },
      { worker_id: ravi.id, charge_date: '2025-03-11', status: 'Rejected' },
    );
    if (!late || !early) throw new Error('charges not inserted');

    const response = await t.request({ method: 'GET', url: `/api/admin-charges/export?worker_id=${ravi.id}&status=` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="admin-charges-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'Reference,Worker ID,Worker Name,Charge Date,Charge Type,Amount (SGD),Status,Description,Decided By,Decided On',
    );
    expect(lines.slice(1)).toEqual([
      `${late.id.slice(-8)},TD-4321,Ravi Kumar,2025-03-20,Safety Violation,150.5,Approved,'@cmd|calc,Hui Min,2025-03-21`,
      expect.stringMatching(/^[0-9a-f-]{8},TD-4321,Ravi Kumar,2025-03-11,Attendance,50,Rejected,,,$/),
      `${early.id.slice(-8)},TD-4321,Ravi Kumar,2025-03-02,Attendance,5,Pending,,,`,
    ]);

    const pending = csvLines(
      (await t.request({ method: 'GET', url: '/api/admin-charges/export?status=Pending' })).body,
    );
    expect(pending.slice(1).map((line) => line.split(',')[2])).toEqual(['Aung Thu', 'Ravi Kumar']);
  });
});
