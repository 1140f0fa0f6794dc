import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildWorker, givenStoredFile } from '../../test/factories.ts';
import { startDraining } from '../lib/shutdown.ts';

const TOKEN = 'metrics-token-0123456789';

describe('operations endpoints (decision 089)', () => {
  it('answers /api/health and /api/ready, and /api/ready 503 from the moment the server drains', async () => {
    const t = await buildTestApp();
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ok' });

    startDraining(t.app);

    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe('SHUTTING_DOWN');
    // Requests are still served while draining, each asking the client to reconnect elsewhere.
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
  });

  it('keeps a proxy-given X-Request-Id, makes a UUID otherwise or for an unsafe one, and sends it back', async () => {
    const t = await buildTestApp();
    const given = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'nginx-4f2a.17' } });
    expect(given.headers['x-request-id']).toBe('nginx-4f2a.17');
    const made = await t.request({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const unsafe = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\nforged' } });
    expect(unsafe.headers['x-request-id']).not.toContain('forged');
  });

  it('serves Prometheus metrics only with the bearer token, and none without METRICS_TOKEN', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    await t.request({ method: 'GET', url: '/api/health' });
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } }))
        .statusCode,
    ).toBe(401);
    const metrics = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('email_outbox_waiting 0');
    expect(metrics.body).toContain('process_resident_memory_bytes');
    expect(metrics.body).toContain('nodejs_eventloop_lag_seconds');

    const without = await buildTestApp();
    expect((await without.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('answers a create sent again with the same Idempotency-Key once, with the stored answer', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const create = (key: string, payload = buildWorker({ ipa_url })) =>
      t.request({ method: 'POST', url: '/api/workers', payload, headers: { 'idempotency-key': key } });
    const payload = buildWorker({ ipa_url });

    const first = await create('retry-key-0001', payload);
    const again = await create('retry-key-0001', payload);

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await t.db.selectFrom('workers').select('id').execute()).length).toBe(1);
    // The same key on another route is refused; a fresh key creates.
    const other = await t.request({
      method: 'POST',
      url: '/api/admin-charges',
      payload: {},
      headers: { 'idempotency-key': 'retry-key-0001' },
    });
    expect([400, 422]).toContain(other.statusCode);
    const fresh = await create('retry-key-0002', buildWorker({ ipa_url, fin_no: 'G7654321N', first_name: 'Other' }));
    expect(fresh.statusCode).not.toBe(409);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
  });
});
