import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';

/** Decision 104: the audit log screen's answers. */
describe('audit log', () => {
  it('lists who did what to which record, newest first, filtered and paged, and exports it', async () => {
    const t = await buildTestApp();
    const me = await t.signIn({ name: 'Ada Admin' });
    for (const name of ['Hana', 'Sam', 'Pat']) {
      await t.request({
        method: 'POST',
        url: '/api/users',
        payload: { name, email: `${name.toLowerCase()}@example.com`, password: 'long enough password', role: 'hr' },
      });
    }
    const all = (await t.request({ method: 'GET', url: '/api/audit-log?pageSize=2' })).json();
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.items).toHaveLength(2);
    expect(all.items[0]).toMatchObject({ user_name: 'Ada Admin', action: 'create', entity: 'user' });
    expect(JSON.parse(all.items[0].changes)).toHaveProperty('name');
    const users = (await t.request({ method: 'GET', url: `/api/audit-log?entity=user&user_id=${me.id}` })).json();
    expect(users.items.every((entry: { entity: string }) => entry.entity === 'user')).toBe(true);
    // Her own account (made by herself) and the three she added.
    expect(users.total).toBe(4);
    const future = (await t.request({ method: 'GET', url: '/api/audit-log?from=2099-01-01' })).json();
    expect(future.total).toBe(0);
    const choices = (await t.request({ method: 'GET', url: '/api/audit-log/choices' })).json();
    expect(choices.entities).toContain('user');
    expect(choices.people.map((person: { name: string }) => person.name)).toContain('Ada Admin');
    const csv = await t.request({ method: 'GET', url: '/api/audit-log/export?entity=user' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('Who');
    expect(csv.body).toContain('Hana');
    expect((await t.request({ method: 'GET', url: '/api/audit-log?user_id=nobody' })).statusCode).toBe(400);
  });

  it('filters by the business day (Asia/Singapore), not the UTC day (decision 108)', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const entry = (id: string, created_at: string) => ({
      id,
      user_id: null,
      user_name: 'Clock Probe',
      action: 'update',
      entity: 'worker',
      entity_id: id,
      changes: null,
      created_at,
    });
    await t.db
      .insertInto('audit_log')
      .values([
        // 23:30 on 5 May 2026 in Singapore (15:30 UTC), and 00:30 on 6 May there (16:30 UTC on 5 May).
        entry('01969a00-0000-7000-8000-000000000001', '2026-05-05T15:30:00.000Z'),
        entry('01969a00-0000-7000-8000-000000000002', '2026-05-05T16:30:00.000Z'),
        // 07:59 on 5 May in Singapore (23:59 UTC on 4 May).
        entry('01969a00-0000-7000-8000-000000000003', '2026-05-04T23:59:00.000Z'),
      ])
      .execute();
    const ids = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/audit-log?entity=worker&${query}` }))
        .json()
        .items.map((item: { id: string }) => item.id.slice(-1));
    expect(await ids('from=2026-05-05&to=2026-05-05')).toEqual(['1', '3']);
    expect(await ids('from=2026-05-06&to=2026-05-06')).toEqual(['2']);
    expect(await ids('to=2026-05-04')).toEqual([]);
    const csv = await t.request({ method: 'GET', url: '/api/audit-log/export?entity=worker&from=2026-05-06' });
    expect(csv.body).toContain('01969a00-0000-7000-8000-000000000002');
    expect(csv.body).not.toContain('01969a00-0000-7000-8000-000000000001');
    // The time as Singapore's clock read it, under a header naming the zone.
    const [header, row] = csv.body.split(/\r?\n/);
    expect(header).toMatch(/^\uFEFF?When \(Asia\/Singapore\),/);
    expect(row).toMatch(/^2026-05-06 00:30:00,/);
  });

  it('is for admins and viewers', async () => {
    const t = await buildTestApp();
    await t.signIn({ role: 'viewer' });
    expect((await t.request({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(200);
    t.cookie = undefined;
    await t.signIn({ role: 'hr' });
    expect((await t.request({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(403);
  });
});
