import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHARGE_STATUSES } from '@td/shared/options/admin-charges';
import { PAYSLIP_STATUSES } from '@td/shared/options/payslips';
import { NATIONALITIES, PASS_TYPES, WORKER_STATUSES } from '@td/shared/options/workers';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from '../../test/build-test-app.ts';
import { expectStatusTotalsExact } from '../../test/status-totals.ts';
import { loadConfig } from '../config.ts';
import { createLocalFileStore } from '../files/local-file-store.ts';
import { DEMO_EMAIL, DemoRefused, generateDemoData, prepareDemo } from './demo-data.ts';
import { DEMO_SITES } from './demo-people.ts';

const NOW = new Date('2026-05-20T04:00:00Z');
const company = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir() }).company;

async function tempStore() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'td-demo-files-'));
  return { dir, store: createLocalFileStore(dir) };
}

describe('demo data (npm run demo)', () => {
  it('fills a new installation with every nationality, pass, status and state, readable through the app', async () => {
    const { dir, store } = await tempStore();
    const testApp = await buildTestApp({}, { fileStore: store });
    const { db } = testApp;
    try {
      const account = await prepareDemo(db, { force: false, password: 'demo-password-1' });
      expect(account.created).toEqual({ email: DEMO_EMAIL, password: 'demo-password-1' });
      const counts = await generateDemoData(db, {
        workers: 60,
        months: 3,
        timeZone: 'Asia/Singapore',
        company,
        store,
        actor: account.actor,
        now: NOW,
      });
      expect(counts.workers).toBe(60);
      expect(counts.trainingRecords).toBe(180);
      expect(counts.adminCharges).toBe(180);
      expect(counts.timesheets).toBeGreaterThan(2000);
      expect(counts.payslips).toBeGreaterThan(100);

      const distinct = async (table: 'workers' | 'payslips' | 'admin_charges', column: string) =>
        (
          await db
            .selectFrom(table)
            .select(column as never)
            .distinct()
            .execute()
        ).map((row) => Object.values(row)[0]);
      expect(new Set(await distinct('workers', 'nationality'))).toEqual(new Set(NATIONALITIES));
      expect(new Set(await distinct('workers', 'type_of_pass'))).toEqual(new Set(PASS_TYPES));
      expect(new Set(await distinct('workers', 'status'))).toEqual(new Set(WORKER_STATUSES));
      expect(new Set(await distinct('payslips', 'status'))).toEqual(new Set(PAYSLIP_STATUSES));
      expect(new Set(await distinct('admin_charges', 'status'))).toEqual(new Set(CHARGE_STATUSES));

      // Night shifts (out before in) and overtime, computed by the SPEC 9 rule.
      const night = await db
        .selectFrom('timesheets')
        .selectAll()
        .where('time_in', '=', '19:00')
        .executeTakeFirstOrThrow();
      expect(night).toMatchObject({ time_out: '07:00', hours_worked: 480, overtime_hours: 180 });

      // Decision 090: every timesheet is on one of the demo's sites, each site with its crew.
      const perSite = await db
        .selectFrom('timesheets')
        .innerJoin('sites', 'sites.id', 'timesheets.site_id')
        .select(['sites.name', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('sites.name')
        .execute();
      expect(perSite.map((site) => site.name).sort()).toEqual(DEMO_SITES.map((site) => site.name).sort());
      expect(perSite.reduce((sum, site) => sum + Number(site.count), 0)).toBe(counts.timesheets);

      // SPEC 4: a charge is Deducted exactly when a paid payslip of its worker covers its date.
      const charges = await db.selectFrom('admin_charges').selectAll().execute();
      const paid = await db.selectFrom('payslips').selectAll().where('status', '=', 'Paid').execute();
      for (const charge of charges) {
        const covered = paid.some(
          (p) =>
            p.worker_id === charge.worker_id &&
            p.pay_period_start <= charge.charge_date &&
            charge.charge_date <= p.pay_period_end,
        );
        expect(charge.status === 'Deducted').toBe(covered);
      }

      // Probe finding 17: no payslip with a negative nett salary.
      const negative = await db.selectFrom('payslips').select('id').where('nett_salary', '<', 0).execute();
      expect(negative).toEqual([]);

      // A payslip's hours are its worker's timesheets of the period.
      const payslip = paid[0];
      if (!payslip?.worker_id) throw new Error('no paid payslip');
      const hours = await db
        .selectFrom('timesheets')
        .select((eb) => eb.fn.sum<number>('hours_worked').as('minutes'))
        .where('worker_id', '=', payslip.worker_id)
        .where('work_date', '>=', payslip.pay_period_start)
        .where('work_date', '<=', payslip.pay_period_end)
        .executeTakeFirstOrThrow();
      expect(Number(hours.minutes ?? 0)).toBe(payslip.total_hours_worked);

      // Signed in as the demo account, the app lists the workers and serves their photos; each worker
      // saves unchanged through the edit form's validation (valid FIN check letters, ages, phones ...).
      const login = await testApp.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO_EMAIL, password: 'demo-password-1' },
      });
      expect(login.statusCode).toBe(200);
      testApp.cookie = `td_session=${login.cookies.find((c) => c.name === 'td_session')?.value}`;
      const list = (await testApp.request({ method: 'GET', url: '/api/workers?pageSize=100' })).json();
      expect(list.total).toBe(60);
      const withPhoto = list.items.find((w: { photo_url: string | null }) => w.photo_url);
      const photo = await testApp.request({ method: 'GET', url: withPhoto.photo_url });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      for (const worker of list.items.slice(0, 12)) {
        const form = Object.fromEntries(
          Object.entries(worker)
            .filter(([key]) => !['id', 'worker_id', 'created_at', 'updated_at'].includes(key))
            .map(([key, value]) => [key, value === null ? '' : String(value)]),
        );
        const saved = await testApp.request({ method: 'PUT', url: `/api/workers/${worker.id}`, payload: form });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const training = (await testApp.request({ method: 'GET', url: '/api/training-records/summary' })).json();
      expect(training).toMatchObject({ total: 180 });
      // The bulk loads and the one-statement deduction kept the payslip and charge tiles (decision 044).
      await expectStatusTotalsExact(testApp);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a database that already holds workers unless forced, and then adds without clashing', async () => {
    const db = await createTestDatabase();
    const { dir, store } = await tempStore();
    try {
      const first = await prepareDemo(db, { force: false, password: 'demo-password-1' });
      const options = {
        workers: 8,
        months: 1,
        timeZone: 'Asia/Singapore',
        company,
        store,
        actor: first.actor,
        now: NOW,
        workersWithFiles: 1,
      };
      await generateDemoData(db, options);
      await expect(prepareDemo(db, { force: false, password: 'x' })).rejects.toThrow(DemoRefused);
      // Forced: the existing account is used (no second, known-password account) and ids stay unique.
      const again = await prepareDemo(db, { force: true, password: 'other-password' });
      expect(again.created).toBeNull();
      expect(again.actor.id).toBe(first.actor.id);
      await generateDemoData(db, options);
      const workers = await db.selectFrom('workers').select(['worker_id', 'fin_no_key']).execute();
      expect(workers).toHaveLength(16);
      expect(new Set(workers.map((w) => w.worker_id)).size).toBe(16);
      expect(new Set(workers.map((w) => w.fin_no_key)).size).toBe(16);
      // The sites are reused, not added again.
      expect(await db.selectFrom('sites').select('name').execute()).toHaveLength(DEMO_SITES.length);
    } finally {
      await db.destroy();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
