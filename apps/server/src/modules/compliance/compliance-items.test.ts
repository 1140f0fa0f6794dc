import { randomUUID } from 'node:crypto';
import { COMPLIANCE_KINDS } from '@td/shared/options/compliance';
import { addDays } from '@td/shared/rules/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from '../../../test/build-test-app.ts';
import { dayCounts, expectedItems, keptItems, monthCounts } from '../../../test/compliance-oracle.ts';
import { buildWorker, givenStoredFile, insertWorkers } from '../../../test/factories.ts';
import { buildTrainingRecord, buildTrainingRecordRow } from '../../../test/training-record-factories.ts';
import type { Db } from '../../db/database.ts';
import { countItems, countRanges } from './compliance.repository.ts';

/** The kept items, day and month counts equal what the rules give from the tables as they are now. */
async function expectKeptAsComputed(db: Db): Promise<number> {
  const expected = await expectedItems(db);
  const kept = await keptItems(db);
  expect(kept.items).toEqual(expected);
  expect(kept.counts).toEqual(dayCounts(expected));
  expect(kept.monthCounts).toEqual(monthCounts(expected));
  return expected.length;
}

const today = () => new Date().toISOString().slice(0, 10);
/** A few dates around today (overdue and due), so that items often share a day. */
const aDate = fc.integer({ min: -40, max: 120 }).map((days) => addDays(today(), days));
const maybeDate = fc.option(aDate, { nil: null, freq: 3 });
const WORKER_FIELDS = {
  status: fc.constantFrom('Working', 'Terminated', 'Resigned', null),
  wp_expiry_date: maybeDate,
  passport_expiry_date: maybeDate,
  security_bond_expiry_date: maybeDate,
  medical_insurance_expiry_date: maybeDate,
  coretrade_expiry_date: maybeDate,
  employment_start_date: maybeDate,
  sip_required: fc.constantFrom(null, 0, 1),
  sip_attended_date: maybeDate,
  type_of_pass: fc.constantFrom('WP', 'SPass', 'PR', null),
  nationality: fc.constantFrom('Malaysian', 'Bangladeshi', 'Indian', null),
};
const newWorker = fc.record(WORKER_FIELDS);
const workerChange = fc.record(WORKER_FIELDS, { requiredKeys: [] });
const COURSES = ['CSOC', 'WAH', 'Rigger'];
const pick = fc.nat({ max: 1000 });
const operation = fc.oneof(
  fc.record({ op: fc.constant('add workers' as const), workers: fc.array(newWorker, { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant('update worker' as const), pick, fields: workerChange }),
  fc.record({
    op: fc.constant('terminate by nationality' as const),
    nationality: fc.constantFrom('Malaysian', 'Bangladeshi', 'Indian'),
    status: fc.constantFrom('Terminated', 'Working'),
  }),
  fc.record({ op: fc.constant('delete worker' as const), pick }),
  fc.record({
    op: fc.constant('add records' as const),
    records: fc.array(fc.record({ pick, course: fc.constantFrom(...COURSES), expiry: maybeDate }), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.record({
    op: fc.constant('update record' as const),
    pick,
    course: fc.option(fc.constantFrom(...COURSES), { nil: undefined }),
    expiry: fc.option(maybeDate, { nil: undefined }),
    worker: fc.option(pick, { nil: undefined }),
  }),
  fc.record({ op: fc.constant('delete record' as const), pick }),
  fc.record({ op: fc.constant('add letter' as const), pick }),
  fc.record({ op: fc.constant('delete letter' as const), pick }),
  fc.record({ op: fc.constant('move letter' as const), pick, to: pick }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

async function ids(db: Db, table: 'workers' | 'training_records' | 'employment_letters') {
  return (await db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);
}
const at = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

/** One write of any kind, straight to the tables as any writer (screen, import, loader) would. */
async function apply(db: Db, step: Operation) {
  const workers = await ids(db, 'workers');
  switch (step.op) {
    case 'add workers':
      await insertWorkers(db, ...step.workers);
      return;
    case 'update worker': {
      const id = at(workers, step.pick);
      if (id && Object.keys(step.fields).length > 0) {
        await db.updateTable('workers').set(step.fields).where('id', '=', id).execute();
      }
      return;
    }
    case 'terminate by nationality':
      await db
        .updateTable('workers')
        .set({ status: step.status })
        .where('nationality', '=', step.nationality)
        .execute();
      return;
    case 'delete worker': {
      const id = at(workers, step.pick);
      if (id) await db.deleteFrom('workers').where('id', '=', id).execute();
      return;
    }
    case 'add records': {
      if (workers.length === 0) return;
      const rows = step.records.map((record) =>
        buildTrainingRecordRow({
          worker_id: at(workers, record.pick) ?? null,
          training_name: record.course,
          training_date: addDays(today(), -400),
          expiry_date: record.expiry,
        }),
      );
      await db.insertInto('training_records').values(rows).execute();
      return;
    }
    case 'update record': {
      const id = at(await ids(db, 'training_records'), step.pick);
      const set = {
        ...(step.course !== undefined ? { training_name: step.course } : {}),
        ...(step.expiry !== undefined ? { expiry_date: step.expiry } : {}),
        ...(step.worker !== undefined && workers.length > 0 ? { worker_id: at(workers, step.worker) ?? null } : {}),
      };
      if (id && Object.keys(set).length > 0)
        await db.updateTable('training_records').set(set).where('id', '=', id).execute();
      return;
    }
    case 'delete record': {
      const id = at(await ids(db, 'training_records'), step.pick);
      if (id) await db.deleteFrom('training_records').where('id', '=', id).execute();
      return;
    }
    case 'add letter': {
      const worker = at(workers, step.pick);
      if (!worker) return;
      await db
        .insertInto('employment_letters')
        .values({
          id: randomUUID(),
          worker_id: worker,
          generated_by: 'Test',
          generated_by_user_id: null,
          generated_at: new Date().toISOString(),
        })
        .execute();
      return;
    }
    case 'delete letter': {
      const id = at(await ids(db, 'employment_letters'), step.pick);
      if (id) await db.deleteFrom('employment_letters').where('id', '=', id).execute();
      return;
    }
    case 'move letter': {
      const id = at(await ids(db, 'employment_letters'), step.pick);
      const worker = at(workers, step.to);
      if (id && worker)
        await db.updateTable('employment_letters').set({ worker_id: worker }).where('id', '=', id).execute();
      return;
    }
  }
}

describe('the kept compliance items (decision 107, migration 0037)', () => {
  it('equal what the rules give after any sequence of writes to workers, training records and letters', async () => {
    const db = await createTestDatabase();
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) await apply(db, step);
        compared += await expectKeptAsComputed(db);
      }),
      { numRuns: 25 },
    );
    // The sequences left items of every kind to compare.
    expect(compared).toBeGreaterThan(100);
  }, 120_000);

  it("cover each day of the calendar's window once with whole months and cut days (decision 110)", () => {
    const day = fc.integer({ min: 0, max: 800 }).map((days) => addDays('2025-12-20', days));
    fc.assert(
      fc.property(day, day, fc.integer({ min: 0, max: 400 }), (today, from, length) => {
        const window = { today, from, to: addDays(from, length) };
        const ranges = countRanges(window);
        const lower = from > today ? from : today;
        for (let date = '2025-11-01'; date <= '2028-03-31'; date = addDays(date, 1)) {
          const month = `${date.slice(0, 8)}01`;
          const byMonth = ranges.months.filter(
            (range) => (range.from === null || month >= range.from) && month < range.before,
          ).length;
          const byDay = ranges.days.filter((range) => date >= range.from && date <= range.to).length;
          const inWindow = date <= window.to && (date < today || date >= lower);
          expect(byMonth + byDay, `${date} in ${JSON.stringify(window)}`).toBe(inWindow ? 1 : 0);
          // A whole month read is wholly overdue or wholly due: its first day says which.
          if (byMonth === 1) expect(month < today).toBe(date < today);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("give the calendar's counts from whole months and cut days as a count of the items would (decision 110)", async () => {
    const db = await createTestDatabase();
    const window = fc
      .tuple(aDate, aDate, fc.integer({ min: 0, max: 150 }))
      .map(([day, from, length]) => ({ today: day, from, to: addDays(from, length) }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 6 }),
        window,
        fc.option(fc.constantFrom(...COMPLIANCE_KINDS), { nil: undefined }),
        async (steps, asked, kind) => {
          for (const step of steps) await apply(db, step);
          const lower = asked.from > asked.today ? asked.from : asked.today;
          const expected = new Map<string, { overdue: number; due: number }>();
          for (const item of await expectedItems(db)) {
            if (kind && item.kind !== kind) continue;
            const overdue = item.due_date < asked.today && item.due_date <= asked.to;
            if (!overdue && !(item.due_date >= lower && item.due_date <= asked.to)) continue;
            const count = expected.get(item.kind) ?? { overdue: 0, due: 0 };
            if (overdue) count.overdue += 1;
            else count.due += 1;
            expected.set(item.kind, count);
          }
          const counted = await countItems(db, asked, {}, kind);
          expect(Object.fromEntries([...counted].filter(([, count]) => count.overdue + count.due > 0))).toEqual(
            Object.fromEntries(expected),
          );
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('follow the API writers: worker create, update, renewal, training, letter, status and delete', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const created = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({
        ipa_url: await givenStoredFile(t.db, 'ipa'),
        nationality: 'Bangladeshi',
        type_of_pass: 'WP',
        wp_expiry_date: addDays(today(), 30),
        employment_start_date: addDays(today(), -20),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const worker = created.json();
    await expectKeptAsComputed(t.db);
    const kinds = async () => (await keptItems(t.db)).items.map((item) => item.kind).sort();
    expect(await kinds()).toEqual(['coretrade', 'employment_letter', 'sip', 'work_permit']);

    const training = await t.request({
      method: 'POST',
      url: '/api/training-records',
      payload: buildTrainingRecord(worker.id, { expiry_date: addDays(today(), 10) }),
    });
    expect(training.statusCode, training.body).toBe(201);
    await expectKeptAsComputed(t.db);

    const renewed = await t.request({
      method: 'POST',
      url: `/api/compliance/workers/${worker.id}/renewals`,
      payload: { kind: 'work_permit', expiry_date: addDays(today(), 400) },
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect((await keptItems(t.db)).items.find((item) => item.kind === 'work_permit')?.due_date).toBe(
      addDays(today(), 400),
    );

    expect((await t.request({ method: 'POST', url: `/api/workers/${worker.id}/employment-letter` })).statusCode).toBe(
      200,
    );
    await expectKeptAsComputed(t.db);
    expect(await kinds()).toEqual(['coretrade', 'sip', 'training', 'work_permit']);

    const current = (await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json();
    const updated = await t.request({
      method: 'PUT',
      url: `/api/workers/${worker.id}`,
      payload: { ...pickFormFields(current), sip_attended_date: today(), status: 'Terminated' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await expectKeptAsComputed(t.db);
    expect(await kinds()).toEqual([]);

    const calendar = (await t.request({ method: 'GET', url: '/api/compliance' })).json();
    expect(calendar.total).toBe(0);
    expect((await t.request({ method: 'DELETE', url: `/api/workers/${worker.id}` })).statusCode).toBe(204);
    await expectKeptAsComputed(t.db);
  });
});

/** The form fields of a worker answer (a PUT sends the whole form). */
function pickFormFields(answer: Record<string, unknown>) {
  const form = buildWorker();
  return Object.fromEntries(
    Object.keys(form).map((field) => [field, answer[field] ?? form[field as keyof typeof form]]),
  );
}
