import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';

async function signedIn() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

describe('public holidays API (decision 092)', () => {
  it("is seeded with Singapore's 2026 holidays, a Sunday's observed on the Monday", async () => {
    const t = await signedIn();
    const list = await t.request({ method: 'GET', url: '/api/public-holidays?year=2026' });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Array<{ id: string; date: string; name: string; observed_date: string }>;
    expect(Object.keys(items[0] ?? {})).toEqual(['id', 'date', 'name', 'observed_date']);
    expect(items.map((item) => [item.date, item.observed_date])).toEqual([
      ['2026-01-01', '2026-01-01'],
      ['2026-02-17', '2026-02-17'],
      ['2026-02-18', '2026-02-18'],
      ['2026-03-21', '2026-03-21'],
      ['2026-04-03', '2026-04-03'],
      ['2026-05-01', '2026-05-01'],
      ['2026-05-27', '2026-05-27'],
      // PAYROLL-SG 3: Vesak Day, National Day and Deepavali fall on Sundays in 2026.
      ['2026-05-31', '2026-06-01'],
      ['2026-08-09', '2026-08-10'],
      ['2026-11-08', '2026-11-09'],
      ['2026-12-25', '2026-12-25'],
    ]);
    expect((await t.request({ method: 'GET', url: '/api/public-holidays?year=2027' })).json()).toEqual({ items: [] });
  });

  it('adds, edits and deletes a holiday, with audit entries; a Sunday defaults to the Monday', async () => {
    const t = await signedIn();
    // 2027-03-28 is a Sunday.
    const created = await t.request({
      method: 'POST',
      url: '/api/public-holidays',
      payload: { date: '2027-03-28', name: 'Test Day' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ date: '2027-03-28', name: 'Test Day', observed_date: '2027-03-29' });

    const updated = await t.request({
      method: 'PUT',
      url: `/api/public-holidays/${body.id}`,
      payload: { date: '2027-03-26', name: 'Good Friday', observed_date: '2027-03-26' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      id: body.id,
      date: '2027-03-26',
      name: 'Good Friday',
      observed_date: '2027-03-26',
    });
    expect((await t.request({ method: 'GET', url: '/api/public-holidays?year=2027' })).json().items).toEqual([
      updated.json(),
    ]);

    expect((await t.request({ method: 'DELETE', url: `/api/public-holidays/${body.id}` })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/api/public-holidays/${body.id}` })).statusCode).toBe(404);
    const audit = await listAuditEntries(t.db, 'public_holiday', body.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses a second holiday on a date (409), an observed date before the date and a missing name (400)', async () => {
    const t = await signedIn();
    const again = await t.request({
      method: 'POST',
      url: '/api/public-holidays',
      payload: { date: '2026-12-25', name: 'Christmas again' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ date: 'A public holiday on 2026-12-25 already exists' });
    const early = await t.request({
      method: 'POST',
      url: '/api/public-holidays',
      payload: { date: '2027-01-02', name: 'X', observed_date: '2027-01-01' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.observed_date).toBe('Observed date cannot be before the date');
    const nameless = await t.request({ method: 'POST', url: '/api/public-holidays', payload: { date: '2027-01-02' } });
    expect(nameless.statusCode).toBe(400);
    expect(Object.keys(nameless.json().error.fields)).toEqual(['name']);
    expect((await t.request({ method: 'GET', url: '/api/public-holidays?year=20x6' })).statusCode).toBe(400);
  });

  it('answers 401 to a request that is not signed in', async () => {
    const t = await buildTestApp();
    expect((await t.request({ method: 'GET', url: '/api/public-holidays?year=2026' })).statusCode).toBe(401);
  });
});
