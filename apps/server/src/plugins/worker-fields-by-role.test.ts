/**
 * Decision 104, 108: walks every GET route of the app's own route table (so one added later is walked
 * too) for every role, with a worker, their timesheet, charge, history and a paid pay run's payslip on
 * record, and checks that no answer (JSON, CSV or PDF) carries a worker field the role may not see:
 * FIN, passport and WP numbers (`workers.identity`), phone and e-mail (`workers.contact`), the bank
 * account (`workers.pay`). Where a route searches (`q`), a role without `workers.identity` cannot find
 * the worker by their FIN either.
 */
import { randomUUID } from 'node:crypto';
import {
  type GuardedWorkerField,
  ROLES,
  type Role,
  roleCan,
  WORKER_FIELD_PERMISSIONS,
} from '@td/shared/rules/permissions';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { insertCharges, insertPayslipRow, insertTimesheets } from '../../test/payroll-factories.ts';
import { readPdf } from '../../test/pdf-text.ts';
import { routeTableOf } from '../app.ts';
import { recordAudit } from '../audit/audit.repository.ts';

const SECRETS = {
  fin_no: 'G7718293N',
  passport_no: 'K55443322',
  wp_no: 'WP77665544',
  phone_number: '+6591234477',
  email: 'sensitive.rahim@example.com',
  bank_account_no: '778899001122',
} as const satisfies Partial<Record<GuardedWorkerField, string>>;
const LAST_NAME = 'Quillfeather';

function textOf(response: LightMyRequestResponse): string {
  if (String(response.headers['content-type'] ?? '').includes('application/pdf'))
    return readPdf(response.rawPayload).text;
  return response.body;
}

describe('worker fields in every answer x every role (decision 104)', () => {
  it('no answer carries a field the role may not see, and no search finds a worker by a hidden FIN', async () => {
    const t = await buildTestApp();
    await t.app.ready();
    const cookies = {} as Record<Role, string>;
    for (const role of ROLES) {
      t.cookie = undefined;
      await t.signIn({ role, email: `${role}@example.com` });
      cookies[role] = t.cookie ?? '';
    }
    t.cookie = cookies.admin;
    const site = await t.request({
      method: 'POST',
      url: '/api/sites',
      payload: { name: 'Tuas Yard', client_company: 'Main Con Pte Ltd' },
    });
    expect(site.statusCode).toBe(201);
    const siteId: string = site.json().id;
    const [worker] = await insertWorkers(t.db, {
      first_name: 'Rahim',
      last_name: LAST_NAME,
      fin_no: SECRETS.fin_no,
      passport_no: SECRETS.passport_no,
      wp_no: SECRETS.wp_no,
      phone_number: SECRETS.phone_number,
      email: SECRETS.email,
      bank_swift_code: 'DBSSSGSG',
      bank_account_no: SECRETS.bank_account_no,
      wp_expiry_date: '2025-04-15',
      supplied_to_company: 'Main Con Pte Ltd',
    });
    if (!worker) throw new Error('no worker');
    const [timesheet] = await insertTimesheets(t.db, {
      worker_id: worker.id,
      work_date: '2025-03-03',
      site_id: siteId,
    });
    const [charge] = await insertCharges(t.db, { worker_id: worker.id, charge_date: '2025-03-04', amount: 1_000 });
    // The worker's history holds the fields as they were.
    await recordAudit(t.db, null, {
      action: 'update',
      entity: 'worker',
      entityId: worker.id,
      before: { phone_number: '+6580000000', fin_no: 'G0000000X', bank_account_no: '000111222333' },
      after: { phone_number: SECRETS.phone_number, fin_no: SECRETS.fin_no, bank_account_no: SECRETS.bank_account_no },
    });
    const runId = randomUUID();
    const stamp = new Date().toISOString();
    await t.db
      .insertInto('pay_runs')
      .values({
        id: runId,
        pay_period_start: '2025-03-01',
        pay_period_end: '2025-03-31',
        status: 'Paid',
        worker_ids: null,
        progress_total: 1,
        generated: 1,
        skipped: '[]',
        gross: 100_000,
        deductions: 0,
        nett_salary: 100_000,
        pay_by_date: '2025-04-07',
        payment_date: '2025-04-05',
        error: null,
        created_by: 'Admin',
        created_by_user_id: null,
        approved_by: 'Admin',
        approved_by_user_id: null,
        approved_at: stamp,
        paid_by: 'Admin',
        paid_by_user_id: null,
        paid_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const payslip = await insertPayslipRow(t.db, {
      worker_id: worker.id,
      pay_period_start: '2025-03-01',
      pay_period_end: '2025-03-31',
      pay_run_id: runId,
      status: 'Paid',
      paid_at: stamp,
      payment_date: '2025-04-05',
      payment_mode: 'GIRO',
      paid_bank_swift_code: 'DBSSSGSG',
      paid_bank_account_no: SECRETS.bank_account_no,
      worker_first_name: 'Rahim',
      worker_last_name: LAST_NAME,
      worker_code: worker.worker_id,
      worker_fin_no: SECRETS.fin_no,
      worker_wp_no: SECRETS.wp_no,
      worker_email: SECRETS.email,
      emailed_to: SECRETS.email,
      email_state: 'sent',
      hourly_rate: 1_000,
      basic_salary: 100_000,
      gross_salary: 100_000,
      nett_salary: 100_000,
      sdl: 250,
      levy: 30_000,
      cpf_employee: 0,
    });

    /** Each route's `:param` by the record the walk seeded; others get an id that is not there. */
    const idFor = (url: string): string => {
      if (url.startsWith('/api/workers') || url.startsWith('/api/compliance/workers')) return worker.id;
      if (url.startsWith('/api/payslips')) return payslip.id;
      if (url.startsWith('/api/pay-runs')) return runId;
      if (url.startsWith('/api/timesheets')) return timesheet?.id ?? randomUUID();
      if (url.startsWith('/api/admin-charges')) return charge?.id ?? randomUUID();
      if (url.startsWith('/api/sites')) return siteId;
      return randomUUID();
    };
    /** Query strings that make a route answer the seeded records (a route that takes none ignores them). */
    const QUERIES = [
      '',
      '?page=1&pageSize=100',
      `?month=2025-03&site_id=${siteId}`,
      '?month=2025-03',
      `?work_date=2025-03-03&company=${encodeURIComponent('Main Con Pte Ltd')}`,
      `?worker_id=${worker.id}`,
      '?days=3650',
    ];
    const routes = routeTableOf(t.app).filter(
      (route) =>
        route.url.startsWith('/api') &&
        route.methods.includes('GET') &&
        route.permission !== 'public' &&
        !route.url.startsWith('/api/docs') &&
        route.url !== '/api/files/*',
    );
    expect(routes.length).toBeGreaterThan(50);

    const leaks: string[] = [];
    const searchLeaks: string[] = [];
    const seen = new Map<GuardedWorkerField, number>();
    let answered = 0;
    let searched = 0;
    for (const role of ROLES) {
      const get = (url: string) =>
        t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie: cookies[role] } });
      for (const route of routes) {
        const path = route.url.replace(/:[A-Za-z_]+/g, () => idFor(route.url));
        for (const query of QUERIES) {
          const response = await get(`${path}${query}`);
          if (response.statusCode !== 200) continue;
          answered++;
          const text = textOf(response);
          for (const [field, value] of Object.entries(SECRETS) as Array<[keyof typeof SECRETS, string]>) {
            if (!text.includes(value)) continue;
            if (roleCan(role, WORKER_FIELD_PERMISSIONS[field])) seen.set(field, (seen.get(field) ?? 0) + 1);
            else leaks.push(`${role} GET ${route.url}${query}: ${field}`);
          }
        }
        // A search by the FIN finds the worker only for roles that see FINs, where the route searches by name.
        if (roleCan(role, 'workers.identity')) continue;
        const byName = await get(`${path}?q=${LAST_NAME}`);
        if (byName.statusCode !== 200 || !textOf(byName).includes(LAST_NAME)) continue;
        // A route that ignores `q` (a record's own page) answers the worker whatever is asked.
        const byNothing = await get(`${path}?q=Nobodyhere`);
        if (byNothing.statusCode === 200 && textOf(byNothing).includes(LAST_NAME)) continue;
        searched++;
        const byFin = await get(`${path}?q=${SECRETS.fin_no}`);
        if (byFin.statusCode === 200 && textOf(byFin).includes(LAST_NAME)) searchLeaks.push(`${role} GET ${route.url}`);
      }
    }
    console.info(
      `[fields] ${routes.length} GET routes x ${ROLES.length} roles, ${answered} answers read, ${searched} searches`,
    );
    expect(searched).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    expect(searchLeaks).toEqual([]);
    // The answers of a payslip computed on request (POST) follow the same rule: payroll has no `workers.contact`.
    const period = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };
    for (const [url, payload] of [
      ['/api/payslips/preview', { ...period, worker_id: worker.id }],
      ['/api/payroll-runs/preview', { ...period, worker_ids: [worker.id] }],
    ] as const) {
      for (const role of ['admin', 'payroll'] as const) {
        const answer = await t.app.inject({
          method: 'POST',
          url,
          headers: { origin: ORIGIN, cookie: cookies[role] },
          payload,
        });
        expect(answer.statusCode, `${role} ${url}`).toBe(200);
        expect(answer.body.includes(SECRETS.email), `${role} ${url}`).toBe(role === 'admin');
        expect(answer.body).toContain(SECRETS.fin_no);
      }
    }
    // The walk did read the fields where they may be seen (so a route that stopped answering them is noticed).
    for (const field of Object.keys(SECRETS) as Array<keyof typeof SECRETS>) {
      expect(seen.get(field) ?? 0, field).toBeGreaterThan(0);
    }
  }, 600_000);
});
