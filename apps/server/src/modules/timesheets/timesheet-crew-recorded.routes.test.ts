import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertTimesheets } from '../../../test/timesheet-factories.ts';

/** Crew entry says before Save which workers already have that day (probe finding 18). */
describe('GET /api/timesheets/crew/recorded', () => {
  it('answers 401 without a session', async () => {
    const t = await buildTestApp();
    const response = await t.request({ method: 'GET', url: '/api/timesheets/crew/recorded?work_date=2025-03-10' });
    expect(response.statusCode).toBe(401);
  });

  it('lists the workers with a timesheet on that date, and only that date', async () => {
    const t = await buildTestApp();
    await t.signIn({ name: 'Hui Min' });
    const [ravi, aung, siti] = await insertWorkers(
      t.db,
      { first_name: 'Ravi', last_name: 'Kumar' },
      { first_name: 'Aung', last_name: 'Thu' },
      { first_name: 'Siti', last_name: 'Aminah' },
    );
    if (!ravi || !aung || !siti) throw new Error('workers not inserted');
    await insertTimesheets(
      t.db,
      { worker_id: ravi.id, work_date: '2025-03-10' },
      { worker_id: aung.id, work_date: '2025-03-10' },
      { worker_id: siti.id, work_date: '2025-03-11' },
      // A timesheet whose worker was deleted belongs to no one in a crew.
      { worker_id: null, work_date: '2025-03-10' },
    );
    const response = await t.request({ method: 'GET', url: '/api/timesheets/crew/recorded?work_date=2025-03-10' });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { work_date: string; worker_ids: string[] };
    expect(answer.work_date).toBe('2025-03-10');
    expect([...answer.worker_ids].sort()).toEqual([ravi.id, aung.id].sort());

    const empty = await t.request({ method: 'GET', url: '/api/timesheets/crew/recorded?work_date=2025-03-12' });
    expect(empty.json()).toEqual({ work_date: '2025-03-12', worker_ids: [] });
  });

  it('refuses a date that is not one with 400', async () => {
    const t = await buildTestApp();
    await t.signIn({ name: 'Hui Min' });
    for (const date of ['2025-02-30', 'tomorrow', '']) {
      const response = await t.request({ method: 'GET', url: `/api/timesheets/crew/recorded?work_date=${date}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
  });
});
