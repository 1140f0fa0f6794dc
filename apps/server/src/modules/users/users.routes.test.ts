import { LAST_ADMIN } from '@td/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestDatabase,
  migrateAround,
  ORIGIN,
  sessionCookieOf,
} from '../../../test/build-test-app.ts';

const password = 'long enough password';

/** Decision 104: staff accounts, roles, deactivation and password resets (`/settings/staff`). */
describe('staff accounts', () => {
  it('lists, adds with a role and changes a role, answering the contract of decision 104', async () => {
    const t = await buildTestApp();
    await t.signIn({ name: 'Ada Admin', email: 'ada@example.com' });
    const added = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Sam Supervisor', email: 'sam@example.com', password, role: 'supervisor' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(String),
      name: 'Sam Supervisor',
      email: 'sam@example.com',
      role: 'supervisor',
      active: true,
      totp_enabled: false,
    });
    const changed = await t.request({ method: 'PUT', url: `/api/users/${added.json().id}`, payload: { role: 'hr' } });
    expect(changed.json().role).toBe('hr');
    const list = await t.request({ method: 'GET', url: '/api/users' });
    expect(list.json()).toEqual({
      items: [
        {
          id: expect.any(String),
          name: 'Ada Admin',
          email: 'ada@example.com',
          role: 'admin',
          active: true,
          totp_enabled: false,
        },
        {
          id: added.json().id,
          name: 'Sam Supervisor',
          email: 'sam@example.com',
          role: 'hr',
          active: true,
          totp_enabled: false,
        },
      ],
    });
    const noRole = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'No Role', email: 'none@example.com', password },
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().error.fields).toEqual({ role: 'Choose a role' });
  });

  it('ends the sessions of a deactivated account at once and refuses its sign-in', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const admin = t.cookie;
    const hr = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Hana', email: 'hana@example.com', password, role: 'hr' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'hana@example.com', password },
    });
    const hana = sessionCookieOf(login) ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/api/workers', headers: { cookie: hana } })).statusCode).toBe(
      200,
    );
    const off = await t.request({ method: 'PUT', url: `/api/users/${hr.json().id}`, payload: { active: false } });
    expect(off.json().active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/workers', headers: { cookie: hana } })).statusCode).toBe(
      401,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'hana@example.com', password },
    });
    expect(again.statusCode).toBe(401);
    t.cookie = admin;
    const on = await t.request({ method: 'PUT', url: `/api/users/${hr.json().id}`, payload: { active: true } });
    expect(on.json().active).toBe(true);
  });

  it('keeps the last active admin: neither demoted nor deactivated', async () => {
    const t = await buildTestApp();
    const me = await t.signIn();
    const demote = await t.request({ method: 'PUT', url: `/api/users/${me.id}`, payload: { role: 'viewer' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(LAST_ADMIN);
    const off = await t.request({ method: 'PUT', url: `/api/users/${me.id}`, payload: { active: false } });
    expect(off.statusCode).toBe(409);
    const other = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Second Admin', email: 'second@example.com', password, role: 'admin' },
    });
    const now = await t.request({ method: 'PUT', url: `/api/users/${other.json().id}`, payload: { role: 'payroll' } });
    expect(now.statusCode).toBe(200);
    // Deactivated admins do not count: demoting the only active one is still refused.
    await t.request({ method: 'PUT', url: `/api/users/${other.json().id}`, payload: { role: 'admin', active: false } });
    expect((await t.request({ method: 'PUT', url: `/api/users/${me.id}`, payload: { role: 'hr' } })).statusCode).toBe(
      409,
    );
  });

  it('resets a password: the person signs in with it and may only change it', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const payroll = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Pat', email: 'pat@example.com', password, role: 'payroll' },
    });
    const reset = await t.request({
      method: 'POST',
      url: `/api/users/${payroll.json().id}/password`,
      payload: { password: 'temporary password 1' },
    });
    expect(reset.statusCode).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'pat@example.com', password: 'temporary password 1' },
    });
    expect(login.json().required_action).toBe('change_password');
    const cookie = sessionCookieOf(login) ?? '';
    const refused = await t.app.inject({ method: 'GET', url: '/api/payslips', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie, origin: ORIGIN },
      payload: { currentPassword: 'temporary password 1', newPassword: 'my own new password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/payslips', headers: { cookie } })).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const t = await buildTestApp();
    await t.signIn({ role: 'hr' });
    const refused = await t.request({ method: 'GET', url: '/api/users' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
  });
});

describe('migration 0034: roles', () => {
  it('makes every account that was there an admin', async () => {
    const db = await createTestDatabase(
      migrateAround('0033-cpf-sdl-levy', async (database) => {
        const now = new Date().toISOString();
        await (database as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
          .insertInto('users')
          .values({
            id: '00000000-0000-4000-8000-000000000001',
            name: 'Old',
            email: 'old@example.com',
            password_hash: 'x',
            created_at: now,
            updated_at: now,
          })
          .execute();
      }),
    );
    const rows = await db.selectFrom('users').select(['role', 'deactivated_at', 'must_change_password']).execute();
    expect(rows).toEqual([{ role: 'admin', deactivated_at: null, must_change_password: 0 }]);
    await db.destroy();
  });
});
