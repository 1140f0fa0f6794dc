import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';

const site = {
  name: 'Tengah Block 12',
  client_company: 'Acme Builders',
  project_reference: 'P-0042',
  address: '12 Tengah Dr',
  active: true,
};

async function signedIn() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

describe('sites API (decision 090)', () => {
  it('creates, lists, reads, updates and deletes a site, with audit entries', async () => {
    const t = await signedIn();
    const created = await t.request({ method: 'POST', url: '/api/sites', payload: site });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(Object.keys(body)).toEqual([
      'id',
      'name',
      'client_company',
      'project_reference',
      'address',
      'active',
      'created_at',
      'updated_at',
    ]);
    expect(body).toMatchObject(site);

    const list = await t.request({ method: 'GET', url: '/api/sites?q=tengah' });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: body.id, name: 'Tengah Block 12' }] });
    expect((await t.request({ method: 'GET', url: '/api/sites?active=false' })).json().total).toBe(0);

    const updated = await t.request({
      method: 'PUT',
      url: `/api/sites/${body.id}`,
      payload: { ...site, active: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().active).toBe(false);
    expect((await t.request({ method: 'GET', url: `/api/sites/${body.id}` })).json().active).toBe(false);

    expect((await t.request({ method: 'DELETE', url: `/api/sites/${body.id}` })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/sites/${body.id}` })).statusCode).toBe(404);
    const audit = await listAuditEntries(t.db, 'site', body.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses a second site of the same name in any case (409), a missing name and client (400)', async () => {
    const t = await signedIn();
    expect((await t.request({ method: 'POST', url: '/api/sites', payload: site })).statusCode).toBe(201);
    const again = await t.request({
      method: 'POST',
      url: '/api/sites',
      payload: { ...site, name: ' tengah BLOCK 12 ' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A site with this name already exists.');
    const empty = await t.request({ method: 'POST', url: '/api/sites', payload: { name: '', client_company: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      name: 'Site Name is required',
      client_company: 'Client Company is required',
    });
  });

  it('a timesheet names its site (site: { id, name }), the list and summary filter by it, deleting the site keeps the timesheet', async () => {
    const t = await signedIn();
    const [ravi, aung] = await insertWorkers(
      t.db,
      { first_name: 'Ravi', last_name: 'Kumar' },
      { first_name: 'Aung', last_name: 'Thu' },
    );
    const siteId = (await t.request({ method: 'POST', url: '/api/sites', payload: site })).json().id;
    const onSite = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: { worker_id: ravi?.id, work_date: '2026-11-03', time_in: '08:00', time_out: '17:00', site_id: siteId },
    });
    expect(onSite.statusCode).toBe(201);
    expect(onSite.json().site).toEqual({ id: siteId, name: 'Tengah Block 12' });
    await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: { worker_id: aung?.id, work_date: '2026-11-03', time_in: '08:00', time_out: '12:00' },
    });

    const list = (await t.request({ method: 'GET', url: `/api/timesheets?month=2026-11&site_id=${siteId}` })).json();
    expect(list.total).toBe(1);
    expect(list.items[0].site).toEqual({ id: siteId, name: 'Tengah Block 12' });
    const summary = (
      await t.request({ method: 'GET', url: `/api/timesheets/summary?month=2026-11&site_id=${siteId}` })
    ).json();
    expect(summary).toMatchObject({ workers: 1, timesheets: 1, total_hours: 8 });
    expect((await t.request({ method: 'GET', url: '/api/timesheets/summary?month=2026-11' })).json().timesheets).toBe(
      2,
    );

    const unknownSite = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: {
        worker_id: aung?.id,
        work_date: '2026-11-04',
        time_in: '08:00',
        time_out: '17:00',
        site_id: '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55',
      },
    });
    expect(unknownSite.statusCode).toBe(400);
    expect(unknownSite.json().error.fields).toEqual({ site_id: 'Site not found' });

    const crew = await t.request({
      method: 'POST',
      url: '/api/timesheets/crew',
      payload: {
        work_date: '2026-11-05',
        site_id: siteId,
        rows: [{ worker_id: aung?.id, time_in: '08:00', time_out: '17:00' }],
      },
    });
    expect(crew.json()).toEqual({ saved: 1, skipped: [], warnings: [] });
    expect(
      (await t.request({ method: 'GET', url: `/api/timesheets?month=2026-11&site_id=${siteId}` })).json().total,
    ).toBe(2);

    await t.request({ method: 'DELETE', url: `/api/sites/${siteId}` });
    const kept = (await t.request({ method: 'GET', url: `/api/timesheets/${onSite.json().id}` })).json();
    expect(kept).toMatchObject({ site_id: null, site: null });
  });
});
