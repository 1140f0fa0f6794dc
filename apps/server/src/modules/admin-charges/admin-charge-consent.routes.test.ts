import { uploadedFileMissing } from '@td/shared/schemas/file';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { givenStoredFile, insertWorkers } from '../../../test/factories.ts';
import { findUnlinkedStoredFiles } from '../../files/files.repository.ts';

async function setup() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  const [worker] = await insertWorkers(t.db, { first_name: 'Rahim', last_name: 'Uddin' });
  if (!worker) throw new Error('no worker');
  return { t, worker };
}

const charge = (workerId: string, overrides: Record<string, unknown> = {}) => ({
  worker_id: workerId,
  charge_date: '2026-03-14',
  charge_type: 'Safety Violation',
  amount: '50',
  description: 'No helmet',
  ...overrides,
});

describe('admin charge consent and inquiry (decision 092, EA s.27, s.28)', () => {
  it('records the consent date and the signed consent as a stored file; an edit that leaves them out keeps them, blank clears', async () => {
    const { t, worker } = await setup();
    const consent = await givenStoredFile(t.db, 'consent_letter');
    const created = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: charge(worker.id, { consent_date: '2026-03-01', consent_url: consent }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ consent_date: '2026-03-01', consent_url: consent, inquiry_date: null });
    const id = created.json().id as string;

    const kept = await t.request({
      method: 'PUT',
      url: `/api/admin-charges/${id}`,
      payload: charge(worker.id, { amount: '40' }),
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ amount: 40, consent_date: '2026-03-01', consent_url: consent });

    const cleared = await t.request({
      method: 'PUT',
      url: `/api/admin-charges/${id}`,
      payload: charge(worker.id, { consent_date: '', consent_url: null }),
    });
    expect(cleared.json()).toMatchObject({ consent_date: null, consent_url: null });
  });

  it('refuses a signed consent that is not a stored consent letter (400 under consent_url)', async () => {
    const { t, worker } = await setup();
    const certificate = await givenStoredFile(t.db, 'certificate');
    for (const url of ['/api/files/documents/consent-letter/nothing.pdf', certificate]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/admin-charges',
        payload: charge(worker.id, { consent_date: '2026-03-01', consent_url: url }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ consent_url: uploadedFileMissing('signed consent') });
    }
    const badDate = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: charge(worker.id, { charge_type: 'Equipment Damage', inquiry_date: '2026-02-30' }),
    });
    expect(badDate.statusCode).toBe(400);
    expect(Object.keys(badDate.json().error.fields)).toEqual(['inquiry_date']);
  });

  it("keeps a charge's signed consent through the sweep of unlinked files", async () => {
    const { t, worker } = await setup();
    const consent = await givenStoredFile(t.db, 'consent_letter');
    const unlinked = await givenStoredFile(t.db, 'consent_letter');
    await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: charge(worker.id, { consent_date: '2026-03-01', consent_url: consent }),
    });
    const swept = await findUnlinkedStoredFiles(t.db, new Date(Date.now() + 86_400_000).toISOString(), 100);
    expect(swept.map((file) => file.url)).toContain(unlinked);
    expect(swept.map((file) => file.url)).not.toContain(consent);
  });
});
