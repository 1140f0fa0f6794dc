import fs from 'node:fs';
import path from 'node:path';
import { TRAINING_STATUS_FILTERS } from '@td/shared/options/training';
import { isExpiringSoonOnDay, trainingDay, trainingStatus } from '@td/shared/rules/training-status';
import {
  FILE_TOO_LARGE,
  INVALID_CERTIFICATE_TYPE,
  MAX_UPLOAD_BYTES,
  uploadedFileMissing,
} from '@td/shared/schemas/file';
import {
  EXPIRY_BEFORE_TRAINING,
  INVALID_TRAINING_NAME,
  TRAINING_DATE_REQUIRED,
  TRAINING_NAME_REQUIRED,
  TRAINING_RECORD_NOT_FOUND,
  type TrainingRecord,
  WORKER_REQUIRED,
} from '@td/shared/schemas/training-record';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { givenStoredFile, insertWorkers, multipart, sampleFiles } from '../../../test/factories.ts';
import { buildTrainingRecord, insertTrainingRecords } from '../../../test/training-record-factories.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MISSING_ID = '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55';
const CERTIFICATE_MISSING = uploadedFileMissing('Certificate');

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

/** Fixes "now" (Date only, so timers and the database keep working). */
function fixClock(instant: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}

async function givenWorker(t: TestApp, first = 'Rahim', last = 'Uddin') {
  const [worker] = await insertWorkers(t.db, { first_name: first, last_name: last });
  if (!worker) throw new Error('no worker');
  return worker;
}

async function post(t: TestApp, payload: unknown) {
  return t.request({ method: 'POST', url: '/api/training-records', payload: payload as Record<string, unknown> });
}

async function addRecord(t: TestApp, workerId: string, overrides: Parameters<typeof buildTrainingRecord>[1] = {}) {
  const response = await post(t, buildTrainingRecord(workerId, overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json() as TrainingRecord;
}

function upload(t: TestApp, kind: string, name: string, data: Buffer) {
  const body = multipart({ kind }, { name, data });
  return t.request({ method: 'POST', url: '/api/files', payload: body.payload, headers: body.headers });
}

const fileOnDisk = (t: TestApp, url: string) => path.join(t.dataDir, 'files', url.replace('/api/files/', ''));

describe('training record routes need a session', () => {
  it.each([
    ['GET', '/api/training-records'],
    ['GET', '/api/training-records/summary'],
    ['GET', `/api/training-records/${MISSING_ID}`],
    ['POST', '/api/training-records'],
    ['PUT', `/api/training-records/${MISSING_ID}`],
    ['DELETE', `/api/training-records/${MISSING_ID}`],
  ] as const)('%s %s answers 401 without one', async (method, url) => {
    const t = await buildTestApp();
    const response = await t.request({
      method,
      url,
      ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/training-records', () => {
  it('answers 201 with the record, its computed status and its worker, and audits it', async () => {
    fixClock('2025-03-15T02:00:00Z'); // 15 March 2025 in Singapore
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const certificate_url = await givenStoredFile(t.db, 'certificate');
    const response = await post(t, {
      worker_id: worker.id,
      training_name: 'Perform Work in Confined Space',
      training_date: '2025-03-01',
      expiry_date: '2025-04-14',
      certificate_number: 'CS-7781',
      training_provider: 'SCAL Academy',
      notes: 'Refresher due before expiry.',
      certificate_url,
      id: 'mine',
    });
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      worker_id: worker.id,
      training_name: 'Perform Work in Confined Space',
      training_date: '2025-03-01',
      expiry_date: '2025-04-14',
      certificate_number: 'CS-7781',
      training_provider: 'SCAL Academy',
      notes: 'Refresher due before expiry.',
      certificate_url,
      created_at: '2025-03-15T02:00:00.000Z',
      updated_at: '2025-03-15T02:00:00.000Z',
      status: 'Valid',
      expiring_soon: true,
      days_until_expiry: 30,
      worker: { id: worker.id, worker_id: worker.worker_id, first_name: 'Rahim', last_name: 'Uddin' },
      first_name: 'Rahim',
      last_name: 'Uddin',
      worker_code: worker.worker_id,
    });

    const audit = await listAuditEntries(t.db, 'training_record', record.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', user_name: 'Hui Min' });
    expect(JSON.parse(audit[0]?.changes ?? '{}').certificate_number).toEqual([null, 'CS-7781']);
  });

  it.each([
    ['2025-03-14', 'Expired'],
    ['2025-03-15', 'Valid'],
    [null, 'No Expiry'],
  ] as const)('computes the status of an expiry on %s as %s', async (expiry_date, status) => {
    fixClock('2025-03-15T02:00:00Z');
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const record = await addRecord(t, worker.id, { training_date: '2023-03-15', expiry_date });
    expect(record.status).toBe(status);
  });

  it('saves empty optional values as null', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const record = await addRecord(t, worker.id, {
      expiry_date: '',
      certificate_number: '   ',
      training_provider: '',
      notes: undefined,
      certificate_url: null,
    });
    expect(record).toMatchObject({
      expiry_date: null,
      certificate_number: null,
      training_provider: null,
      notes: null,
      certificate_url: null,
      status: 'No Expiry',
      expiring_soon: false,
      days_until_expiry: null,
    });
    const row = await t.db.selectFrom('training_records').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ expiry_date: null, certificate_number: null, training_provider: null, notes: null });
  });

  it('answers every required-field message at once (SPEC 5)', async () => {
    const t = await signedInApp();
    const response = await post(t, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: WORKER_REQUIRED,
      fields: {
        worker_id: WORKER_REQUIRED,
        training_name: TRAINING_NAME_REQUIRED,
        training_date: TRAINING_DATE_REQUIRED,
      },
    });
    expect(await t.db.selectFrom('training_records').select('id').execute()).toHaveLength(0);
  });

  it('refuses an unknown training, malformed dates and an expiry before the training date', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const bad = await post(
      t,
      buildTrainingRecord(worker.id, {
        training_name: 'Basket Weaving',
        training_date: '31/01/2025',
        expiry_date: '2025-02-30',
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      training_name: INVALID_TRAINING_NAME,
      training_date: 'Invalid Training Date format. Please use YYYY-MM-DD format.',
      expiry_date: 'Invalid Expiry Date format. Please use YYYY-MM-DD format.',
    });
    const early = await post(
      t,
      buildTrainingRecord(worker.id, { training_date: '2025-01-06', expiry_date: '2025-01-05' }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({
      message: EXPIRY_BEFORE_TRAINING,
      fields: { expiry_date: EXPIRY_BEFORE_TRAINING },
    });
  });

  it('refuses a worker that does not exist, and bodies of the wrong shape, without a 500', async () => {
    const t = await signedInApp();
    for (const [worker_id, message] of [
      [MISSING_ID, 'Worker not found'],
      ['not-a-uuid', 'Please choose a worker from the list'],
    ] as const) {
      const response = await post(t, buildTrainingRecord(worker_id));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ message, fields: { worker_id: message } });
    }
    const worker = await givenWorker(t);
    for (const payload of [
      { ...buildTrainingRecord(worker.id), training_date: 20250106 },
      { ...buildTrainingRecord(worker.id), notes: { text: 'x' } },
      [],
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/training-records', payload });
      expect(response.statusCode).toBe(400);
    }
    expect(await t.db.selectFrom('training_records').select('id').execute()).toHaveLength(0);
  });

  it('links a certificate uploaded as kind certificate, and refuses one of another kind or not stored here', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const uploaded = await upload(t, 'certificate', 'CSOC certificate.pdf', sampleFiles.pdf());
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json();
    expect(url).toMatch(/^\/api\/files\/certificates\/[0-9a-f-]{36}\.pdf$/);
    expect((await addRecord(t, worker.id, { certificate_url: url })).certificate_url).toBe(url);

    const ipa = await givenStoredFile(t.db, 'ipa');
    for (const certificate_url of [
      ipa,
      'https://elsewhere.example/certificate.pdf',
      `/api/files/certificates/${MISSING_ID}.pdf`,
      '/api/files/../../etc/passwd',
    ]) {
      const response = await post(t, buildTrainingRecord(worker.id, { certificate_url }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: CERTIFICATE_MISSING,
        fields: { certificate_url: CERTIFICATE_MISSING },
      });
    }
    expect(await t.db.selectFrom('training_records').select('id').execute()).toHaveLength(1);
  });
});

describe('certificate uploads (SPEC 5, ARCHITECTURE differs 6)', () => {
  it.each([
    ['cert.pdf', sampleFiles.pdf()],
    ['cert.jpg', sampleFiles.jpg()],
    ['cert.JPEG', sampleFiles.jpg()],
    ['cert.png', sampleFiles.png()],
    ['cert.doc', sampleFiles.doc()],
    ['cert.docx', sampleFiles.docx()],
  ])('accepts %s', async (name, data) => {
    const t = await signedInApp();
    const response = await upload(t, 'certificate', name, data);
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toMatch(/^\/api\/files\/certificates\//);
  });

  it.each([
    ['a GIF', 'cert.gif', sampleFiles.gif()],
    ['a text file', 'cert.txt', Buffer.from('hello')],
    ['a program renamed .pdf', 'cert.pdf', sampleFiles.exe()],
    ['a PNG named .pdf', 'cert.pdf', sampleFiles.png()],
  ])('refuses %s with the certificate message', async (_what, name, data) => {
    const t = await signedInApp();
    const response = await upload(t, 'certificate', name, data);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(INVALID_CERTIFICATE_TYPE);
  });

  it('refuses more than 5 MB with 413 (SPEC states it; we enforce it)', async () => {
    const t = await signedInApp();
    const response = await upload(
      t,
      'certificate',
      'big.pdf',
      Buffer.concat([sampleFiles.pdf(), Buffer.alloc(MAX_UPLOAD_BYTES)]),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(FILE_TOO_LARGE);
  });
});

describe('GET /api/training-records/:id', () => {
  it('reads one record, and answers 404 with the SPEC 8 message for unknown and malformed ids', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const created = await addRecord(t, worker.id);
    const read = await t.request({ method: 'GET', url: `/api/training-records/${created.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    for (const id of [MISSING_ID, 'nope', '1%20or%201=1']) {
      const missing = await t.request({ method: 'GET', url: `/api/training-records/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toEqual({ code: 'NOT_FOUND', message: TRAINING_RECORD_NOT_FOUND });
    }
  });
});

describe('PUT /api/training-records/:id', () => {
  it('replaces the fields, keeps created_at, and audits what changed', async () => {
    const t = await signedInApp();
    const first = await givenWorker(t, 'Rahim', 'Uddin');
    const second = await givenWorker(t, 'Zaw', 'Min');
    const created = await addRecord(t, first.id);
    const response = await t.request({
      method: 'PUT',
      url: `/api/training-records/${created.id}`,
      payload: buildTrainingRecord(second.id, {
        training_name: 'WAH Supervisor',
        expiry_date: '',
        certificate_number: 'WAH-1',
        notes: '',
      }),
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: created.id,
      worker_id: second.id,
      training_name: 'WAH Supervisor',
      expiry_date: null,
      status: 'No Expiry',
      certificate_number: 'WAH-1',
      notes: null,
      created_at: created.created_at,
      worker: { first_name: 'Zaw', last_name: 'Min', worker_id: second.worker_id },
    });
    const audit = await listAuditEntries(t.db, 'training_record', created.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    const changes = JSON.parse(audit[1]?.changes ?? '{}');
    expect(changes.training_name).toEqual(['CSOC', 'WAH Supervisor']);
    expect(changes.worker_id).toEqual([first.id, second.id]);
    expect(changes.created_at).toBeUndefined();
  });

  it('answers 404 for a missing record and 400 for a missing worker, changing nothing', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const missing = await t.request({
      method: 'PUT',
      url: `/api/training-records/${MISSING_ID}`,
      payload: buildTrainingRecord(worker.id),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(TRAINING_RECORD_NOT_FOUND);

    const created = await addRecord(t, worker.id);
    const noWorker = await t.request({
      method: 'PUT',
      url: `/api/training-records/${created.id}`,
      payload: buildTrainingRecord(MISSING_ID, { training_name: 'BCSS' }),
    });
    expect(noWorker.statusCode).toBe(400);
    expect(noWorker.json().error.fields).toEqual({ worker_id: 'Worker not found' });
    const row = await t.db.selectFrom('training_records').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ worker_id: worker.id, training_name: 'CSOC' });
  });

  it('keeps an unchanged certificate, and removes a replaced one from the store only on save (ARCHITECTURE differs 11)', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const first = (await upload(t, 'certificate', 'first.pdf', sampleFiles.pdf())).json().url as string;
    const created = await addRecord(t, worker.id, { certificate_url: first });
    const save = (certificate_url: string | null) =>
      t.request({
        method: 'PUT',
        url: `/api/training-records/${created.id}`,
        payload: buildTrainingRecord(worker.id, { certificate_url }),
      });

    // Unchanged: accepted as it is, nothing removed.
    expect((await save(first)).statusCode).toBe(200);
    expect(fs.existsSync(fileOnDisk(t, first))).toBe(true);

    // Replaced: the form uploaded a second file; the first stays until the record is saved with the second.
    const second = (await upload(t, 'certificate', 'second.png', sampleFiles.png())).json().url as string;
    expect(fs.existsSync(fileOnDisk(t, first))).toBe(true);
    const replaced = await save(second);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().certificate_url).toBe(second);
    expect(fs.existsSync(fileOnDisk(t, first))).toBe(false);
    expect((await t.request({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: second })).statusCode).toBe(200);

    // Removed: saved without a certificate.
    const removed = await save(null);
    expect(removed.json().certificate_url).toBeNull();
    expect(fs.existsSync(fileOnDisk(t, second))).toBe(false);
    const deletions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'stored_file')
      .where('action', '=', 'delete')
      .execute();
    expect(deletions).toHaveLength(2);
  });

  it('keeps a replaced certificate that another record still links, and refuses a new unknown one', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const shared = await givenStoredFile(t.db, 'certificate');
    const a = await addRecord(t, worker.id, { certificate_url: shared });
    await addRecord(t, worker.id, { certificate_url: shared, training_name: 'BCSS' });
    const cleared = await t.request({
      method: 'PUT',
      url: `/api/training-records/${a.id}`,
      payload: buildTrainingRecord(worker.id, { certificate_url: '' }),
    });
    expect(cleared.statusCode).toBe(200);
    expect(await t.db.selectFrom('stored_files').select('url').where('url', '=', shared).execute()).toHaveLength(1);

    const unknown = await t.request({
      method: 'PUT',
      url: `/api/training-records/${a.id}`,
      payload: buildTrainingRecord(worker.id, { certificate_url: await givenStoredFile(t.db, 'contract') }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ certificate_url: CERTIFICATE_MISSING });
  });
});

describe('DELETE /api/training-records/:id', () => {
  it('deletes and audits the record, then answers 404; the certificate file stays', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const certificate_url = await givenStoredFile(t.db, 'certificate');
    const created = await addRecord(t, worker.id, { certificate_url });
    const deleted = await t.request({ method: 'DELETE', url: `/api/training-records/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    const again = await t.request({ method: 'DELETE', url: `/api/training-records/${created.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(TRAINING_RECORD_NOT_FOUND);
    expect((await t.request({ method: 'GET', url: `/api/training-records/${created.id}` })).statusCode).toBe(404);
    const audit = await listAuditEntries(t.db, 'training_record', created.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect(await t.db.selectFrom('stored_files').select('url').execute()).toEqual([{ url: certificate_url }]);
  });

  it('answers 404 for malformed ids', async () => {
    const t = await signedInApp();
    const response = await t.request({ method: 'DELETE', url: '/api/training-records/x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('records outlive their worker (ARCHITECTURE, Data)', () => {
  it('keeps the record with no worker after the worker is deleted', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const created = await addRecord(t, worker.id);
    const deleted = await t.request({ method: 'DELETE', url: `/api/workers/${worker.id}` });
    expect(deleted.statusCode).toBe(204);
    const read = (await t.request({ method: 'GET', url: `/api/training-records/${created.id}` })).json();
    expect(read).toMatchObject({
      id: created.id,
      worker_id: null,
      worker: null,
      first_name: null,
      last_name: null,
      worker_code: null,
      training_name: 'CSOC',
    });
    const list = (await t.request({ method: 'GET', url: '/api/training-records' })).json();
    expect(list.total).toBe(1);
    const summary = (await t.request({ method: 'GET', url: '/api/training-records/summary' })).json();
    expect(summary).toMatchObject({ total: 1, workers_trained: 0 });
  });
});

describe('GET /api/training-records and /summary', () => {
  // 10 January 2025 in Singapore: the Expiring Soon window runs to 9 February.
  const NOW = '2025-01-10T01:30:00Z';

  async function seeded() {
    fixClock(NOW);
    const t = await signedInApp();
    const [rahim, zaw, priya] = await insertWorkers(
      t.db,
      { first_name: 'Rahim', last_name: 'Uddin' },
      { first_name: 'Zaw', last_name: 'Min' },
      { first_name: 'Priya', last_name: 'Kumar_100%' },
    );
    if (!rahim || !zaw || !priya) throw new Error('no workers');
    await insertTrainingRecords(
      t.db,
      {
        worker_id: rahim.id,
        training_name: 'CSOC',
        training_date: '2023-01-01',
        expiry_date: '2025-01-09',
        certificate_number: 'CSOC-881',
      },
      {
        worker_id: rahim.id,
        training_name: 'WAH Supervisor',
        training_date: '2024-12-01',
        expiry_date: '2025-02-09',
        certificate_number: 'WAH-2024-07',
      },
      {
        worker_id: zaw.id,
        training_name: 'CSOC',
        training_date: '2024-11-20',
        expiry_date: '2025-01-10',
        certificate_number: 'CSOC-990',
      },
      {
        worker_id: zaw.id,
        training_name: 'Occupational First Aid',
        training_date: '2024-10-01',
        expiry_date: '2025-02-10',
        certificate_number: null,
      },
      {
        worker_id: priya.id,
        training_name: 'BCSS',
        training_date: '2024-09-15',
        expiry_date: null,
        certificate_number: 'bcss-5521',
      },
    );
    return { t, rahim, zaw, priya };
  }

  const list = async (t: TestApp, query = '') => {
    const response = await t.request({ method: 'GET', url: `/api/training-records${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as { items: TrainingRecord[]; total: number };
  };
  const numbers = (body: { items: TrainingRecord[] }) => body.items.map((r) => r.certificate_number);

  it('lists newest training first with statuses, workers and the total', async () => {
    const { t, rahim } = await seeded();
    const body = await list(t);
    expect(body.total).toBe(5);
    expect(body.items.map((r) => [r.training_date, r.status, r.expiring_soon])).toEqual([
      ['2024-12-01', 'Valid', true],
      ['2024-11-20', 'Valid', true],
      ['2024-10-01', 'Valid', false],
      ['2024-09-15', 'No Expiry', false],
      ['2023-01-01', 'Expired', false],
    ]);
    expect(body.items[0]?.worker).toEqual({
      id: rahim.id,
      worker_id: rahim.worker_id,
      first_name: 'Rahim',
      last_name: 'Uddin',
    });
  });

  it('searches worker first name, last name, both, training name and certificate number, case-insensitively', async () => {
    const { t } = await seeded();
    const search = async (q: string) => numbers(await list(t, `?q=${encodeURIComponent(q)}`));
    expect(await search('rahim')).toEqual(['WAH-2024-07', 'CSOC-881']);
    expect(await search('MIN')).toEqual(['CSOC-990', null]);
    expect(await search('zaw min')).toEqual(['CSOC-990', null]);
    expect(await search('first aid')).toEqual([null]);
    expect(await search('csoc')).toEqual(['CSOC-990', 'CSOC-881']);
    expect(await search('BCSS-55')).toEqual(['bcss-5521']);
    expect(await search('_100%')).toEqual(['bcss-5521']);
    expect(await search('%')).toEqual(['bcss-5521']);
    expect(await search('nobody')).toEqual([]);
  });

  it('filters by worker and training; a malformed worker id matches nothing', async () => {
    const { t, zaw } = await seeded();
    expect(numbers(await list(t, `?worker_id=${zaw.id}`))).toEqual(['CSOC-990', null]);
    expect(numbers(await list(t, '?training_name=CSOC'))).toEqual(['CSOC-990', 'CSOC-881']);
    expect(numbers(await list(t, `?worker_id=${zaw.id}&training_name=CSOC&q=990`))).toEqual(['CSOC-990']);
    expect(await list(t, '?worker_id=nope')).toEqual({ items: [], total: 0 });
    expect(await list(t, '?training_name=Unknown')).toEqual({ items: [], total: 0 });
  });

  it('filters by status and by the Expiring Soon window', async () => {
    const { t } = await seeded();
    expect(numbers(await list(t, '?status=Expired'))).toEqual(['CSOC-881']);
    expect(numbers(await list(t, '?status=Valid'))).toEqual(['WAH-2024-07', 'CSOC-990', null]);
    expect(numbers(await list(t, '?status=No%20Expiry'))).toEqual(['bcss-5521']);
    expect(numbers(await list(t, '?status=Expiring%20Soon'))).toEqual(['WAH-2024-07', 'CSOC-990']);
    const bad = await t.request({ method: 'GET', url: '/api/training-records?status=Soon' });
    expect(bad.statusCode).toBe(400);
    // Empty filters mean "no filter", as a form's empty select sends them.
    expect((await list(t, '?status=&worker_id=&training_name=&q=')).total).toBe(5);
  });

  it('paginates with the total of all matches, and refuses bad paging with 400', async () => {
    const { t } = await seeded();
    const second = await list(t, '?page=2&pageSize=2');
    expect(second.total).toBe(5);
    expect(second.items.map((r) => r.training_date)).toEqual(['2024-10-01', '2024-09-15']);
    expect((await list(t, '?page=99&pageSize=2')).items).toEqual([]);
    for (const query of ['?page=0', '?pageSize=1000', '?page=abc']) {
      expect((await t.request({ method: 'GET', url: `/api/training-records${query}` })).statusCode).toBe(400);
    }
  });

  it('counts the tiles in one aggregate, following the search and filters', async () => {
    const { t, zaw } = await seeded();
    const summary = async (query = '') =>
      (await t.request({ method: 'GET', url: `/api/training-records/summary${query}` })).json();
    expect(await summary()).toEqual({ total: 5, workers_trained: 3, expiring_soon: 2, expired: 1 });
    expect(await summary(`?worker_id=${zaw.id}`)).toEqual({
      total: 2,
      workers_trained: 1,
      expiring_soon: 1,
      expired: 0,
    });
    expect(await summary('?training_name=CSOC')).toEqual({
      total: 2,
      workers_trained: 2,
      expiring_soon: 1,
      expired: 1,
    });
    expect(await summary('?q=nobody')).toEqual({ total: 0, workers_trained: 0, expiring_soon: 0, expired: 0 });
  });
});

describe('the server and the shared status rule agree at the edges (SPEC 4, 9)', () => {
  // Around midnight in Singapore, where "today" turns over (16:00 UTC).
  it.each(['2025-01-31T15:59:59Z', '2025-01-31T16:00:00Z', '2024-02-28T16:30:00Z', '2025-12-31T23:59:00Z'])(
    'at %s',
    async (instant) => {
      fixClock(instant);
      const t = await signedInApp();
      const worker = await givenWorker(t);
      const { today, expiringSoonUntil } = trainingDay(new Date(instant), 'Asia/Singapore');
      const shift = (days: number) => {
        const date = new Date(`${today}T00:00:00Z`);
        date.setUTCDate(date.getUTCDate() + days);
        return date.toISOString().slice(0, 10);
      };
      // Yesterday, today, tomorrow, 29, 30 and 31 days ahead, and none.
      const expiries = [shift(-1), today, shift(1), shift(29), expiringSoonUntil, shift(31), null];
      await insertTrainingRecords(
        t.db,
        ...expiries.map((expiry_date, i) => ({
          worker_id: worker.id,
          training_date: '2020-01-01',
          expiry_date,
          certificate_number: `EDGE-${i}`,
        })),
      );

      const all = (await t.request({ method: 'GET', url: '/api/training-records?pageSize=100' })).json();
      const now = new Date();
      for (const record of all.items as TrainingRecord[]) {
        expect(record.status).toBe(trainingStatus(record.expiry_date, now, 'Asia/Singapore'));
        expect(record.expiring_soon).toBe(isExpiringSoonOnDay(record.expiry_date, { today, expiringSoonUntil }));
      }
      expect((all.items as TrainingRecord[]).map((r) => r.status).sort()).toEqual(
        ['Expired', 'No Expiry', 'Valid', 'Valid', 'Valid', 'Valid', 'Valid'].sort(),
      );

      const summary = (await t.request({ method: 'GET', url: '/api/training-records/summary' })).json();
      const byRule = (pick: (r: TrainingRecord) => boolean) => (all.items as TrainingRecord[]).filter(pick);
      expect(summary).toEqual({
        total: 7,
        workers_trained: 1,
        expired: byRule((r) => r.status === 'Expired').length,
        expiring_soon: byRule((r) => r.expiring_soon).length,
      });
      // Today, tomorrow, 29 and 30 days ahead.
      expect(summary).toMatchObject({ expired: 1, expiring_soon: 4 });

      for (const status of TRAINING_STATUS_FILTERS) {
        const filtered = (
          await t.request({ method: 'GET', url: `/api/training-records?status=${encodeURIComponent(status)}` })
        ).json();
        const expected = byRule((r) => (status === 'Expiring Soon' ? r.expiring_soon : r.status === status));
        expect(filtered.items.map((r: TrainingRecord) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
      }
    },
  );
});
