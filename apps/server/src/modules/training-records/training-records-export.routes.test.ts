import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertTrainingRecords } from '../../../test/training-record-factories.ts';

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

/** Probe finding 25: the training list exports what it shows (decision 024's pattern). */
describe('GET /api/training-records/export', () => {
  it('answers 401 without a session', async () => {
    const t = await buildTestApp();
    expect((await t.request({ method: 'GET', url: '/api/training-records/export' })).statusCode).toBe(401);
  });

  it("downloads the records with the list's search, status and order, formulas neutralised", async () => {
    const t = await buildTestApp();
    await t.signIn({ name: 'Hui Min' });
    const [ravi, aung] = await insertWorkers(
      t.db,
      { first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-4321' },
      { first_name: 'Aung', last_name: 'Thu', worker_id: 'TD-1234' },
    );
    if (!ravi || !aung) throw new Error('workers not inserted');
    await insertTrainingRecords(
      t.db,
      {
        worker_id: ravi.id,
        training_name: 'BCSS',
        training_date: '2024-06-01',
        certificate_number: '+CERT-1',
        training_provider: 'Acme, Training',
      },
      {
        worker_id: ravi.id,
        training_name: 'BCSS',
        training_date: '2020-01-01',
        expiry_date: '2021-01-01',
        certificate_number: 'OLD-1',
      },
      { worker_id: aung.id, training_name: 'BCSS', training_date: '2024-07-01', certificate_number: 'A-1' },
    );

    const response = await t.request({ method: 'GET', url: `/api/training-records/export?q=ravi` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="training-records-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csvLines(response.body)).toEqual([
      'Worker ID,Worker Name,Training Name,Certificate Number,Training Date,Expiry Date,Status,Training Provider,Notes',
      `TD-4321,Ravi Kumar,BCSS,'+CERT-1,2024-06-01,,No Expiry,"Acme, Training",`,
      'TD-4321,Ravi Kumar,BCSS,OLD-1,2020-01-01,2021-01-01,Expired,,',
    ]);

    const expired = csvLines(
      (await t.request({ method: 'GET', url: '/api/training-records/export?status=Expired' })).body,
    );
    expect(expired.slice(1)).toEqual(['TD-4321,Ravi Kumar,BCSS,OLD-1,2020-01-01,2021-01-01,Expired,,']);
  });
});
