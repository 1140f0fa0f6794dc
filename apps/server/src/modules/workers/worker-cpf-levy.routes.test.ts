import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildWorker, givenStoredFile } from '../../../test/factories.ts';

/** Decision 103 on both databases: the worker's PR, CPF and levy fields. */

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn();
  return t;
}

async function addWorker(t: TestApp, overrides: Parameters<typeof buildWorker>[0] = {}) {
  const ipa_url = await givenStoredFile(t.db, 'ipa');
  const response = await t.request({
    method: 'POST',
    url: '/api/workers',
    payload: buildWorker({ ipa_url, ...overrides }),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json();
}

describe('worker PR, CPF and levy fields (decision 103)', () => {
  it('derives the levy tier, takes an override, keeps the fields a PUT leaves out and answers them last', async () => {
    const t = await signedInApp();
    const worker = await addWorker(t, { nationality: 'Bangladeshi', coretrade: 'R2', levy: '$900' });
    expect(worker).toMatchObject({
      pr_start_date: null,
      pr_cpf_scheme: 'G/G',
      wp_cancellation_date: null,
      levy_tier: 'R2-NTS',
      levy_tier_override: null,
    });
    expect(Object.keys(worker).slice(-5)).toEqual([
      'pr_start_date',
      'pr_cpf_scheme',
      'wp_cancellation_date',
      'levy_tier',
      'levy_tier_override',
    ]);
    const {
      id,
      worker_id,
      created_at,
      updated_at,
      compliance_flags,
      sip_required_override,
      levy_tier_override,
      ...rest
    } = worker;
    const updated = await t.request({
      method: 'PUT',
      url: `/api/workers/${id}`,
      payload: { ...rest, levy_tier: 'R1-NTS', wp_cancellation_date: '2026-03-10', sip_required: null },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      levy_tier: 'R1-NTS',
      levy_tier_override: 'R1-NTS',
      wp_cancellation_date: '2026-03-10',
    });
    // Left out, they are kept.
    const { pr_start_date, pr_cpf_scheme, wp_cancellation_date, levy_tier, ...withoutThem } = rest;
    const kept = await t.request({
      method: 'PUT',
      url: `/api/workers/${id}`,
      payload: { ...withoutThem, sip_required: null },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ levy_tier: 'R1-NTS', wp_cancellation_date: '2026-03-10' });
    // Blank clears the override: derived again.
    const cleared = await t.request({
      method: 'PUT',
      url: `/api/workers/${id}`,
      payload: { ...withoutThem, sip_required: null, levy_tier: '' },
    });
    expect(cleared.json()).toMatchObject({ levy_tier: 'R2-NTS', levy_tier_override: null });
  });

  it("stores a PR's start date and full rates, and refuses an unknown tier or scheme", async () => {
    const t = await signedInApp();
    const pr = await addWorker(t, {
      type_of_pass: 'PR',
      nationality: 'Indian',
      pr_start_date: '2025-06-01',
      pr_cpf_scheme: 'F/F',
    });
    expect(pr).toMatchObject({ pr_start_date: '2025-06-01', pr_cpf_scheme: 'F/F', levy_tier: null });
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const bad = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({ ipa_url, levy_tier: 'R3-XYZ', pr_cpf_scheme: 'F/G' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['levy_tier', 'pr_cpf_scheme']));
  });
});
