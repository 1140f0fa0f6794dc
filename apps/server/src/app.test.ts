import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { insertWorkers } from '../test/factories.ts';
import { createUser } from './auth/auth.service.ts';

/** A built web app as Vite leaves it: hashed assets, the shell, the manifest and the service worker. */
function fakeWebBuild(dataDir: string): string {
  const dist = path.join(dataDir, 'web-dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TD Workforce</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-Bx1c9aZ3.js'), 'console.log("app")');
  // What the build's precompress step writes beside it (apps/web/vite.config.ts).
  fs.writeFileSync(path.join(dist, 'assets', 'index-Bx1c9aZ3.js.br'), brotliCompressSync('console.log("app")'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-Bx1c9aZ3.js.gz'), gzipSync('console.log("app")'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-D4f0e1aa.css'), 'body{}');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"TD Workforce"}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

describe('caching of the web app (decision 007)', () => {
  async function appWithWebBuild(): Promise<TestApp> {
    const probe = await buildTestApp();
    fs.mkdirSync(probe.dataDir, { recursive: true });
    return buildTestApp({ WEB_DIST_DIR: fakeWebBuild(probe.dataDir) });
  }

  it('serves hashed assets as immutable for a year', async () => {
    const t = await appWithWebBuild();
    for (const url of ['/assets/index-Bx1c9aZ3.js', '/assets/index-D4f0e1aa.css']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the precompressed copy a browser accepts, and the plain file otherwise (decision 032)', async () => {
    const t = await appWithWebBuild();
    const url = '/assets/index-Bx1c9aZ3.js';
    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("app")');
    const plain = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('makes the shell, the service worker and the manifest revalidate every time', async () => {
    const t = await appWithWebBuild();
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/favicon.svg', '/worker-management']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('security headers (decision 007)', () => {
  it('sends HSTS only for requests that arrived over HTTPS', async () => {
    const plain = await buildTestApp();
    const overHttp = await plain.request({ method: 'GET', url: '/api/health' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // A client cannot claim HTTPS when no proxy is trusted.
    const claimed = await plain.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await buildTestApp({ TRUST_PROXY: 'loopback' });
    const overHttps = await proxied.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends a Permissions-Policy that turns off the powerful features the app does not use', async () => {
    const t = await buildTestApp();
    const response = await t.request({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
      expect(policy).toContain(feature);
    }
  });
});

describe('host check (decision 007)', () => {
  const login = (t: TestApp, host: string, origin = `http://${host}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'staff@example.com', password: 'correct horse battery' },
      headers: { host, origin },
    });

  it('refuses a DNS-rebinding host without PUBLIC_URL, even for first-account setup', async () => {
    const t = await buildTestApp();
    await t.signIn({ email: 'staff@example.com' });
    const rebound = await login(t, 'evil.example');
    expect(rebound.statusCode).toBe(421);
    expect(rebound.json().error.code).toBe('MISDIRECTED_REQUEST');
    expect(rebound.cookies).toEqual([]);
    const fresh = await buildTestApp();
    const setup = await fresh.app.inject({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { name: 'Evil', email: 'evil@example.com', password: 'long enough password' },
      headers: { host: 'evil.example:3000', origin: 'http://evil.example:3000' },
    });
    expect(setup.statusCode).toBe(421);
    expect(
      (await fresh.app.inject({ method: 'GET', url: '/api/auth/setup', headers: { host: 'evil.example' } })).statusCode,
    ).toBe(421);
    expect(await fresh.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('serves loopback names on any port, and the configured HOST', async () => {
    const t = await buildTestApp({ HOST: '192.168.1.10' });
    await t.signIn({ email: 'staff@example.com' });
    for (const host of ['localhost', 'localhost:4301', '127.0.0.1:3000', '[::1]:3000', '192.168.1.10:3000']) {
      expect((await login(t, host)).statusCode, host).toBe(200);
    }
    expect((await login(t, '192.168.1.11:3000')).statusCode).toBe(421);
  });

  it('with PUBLIC_URL serves only its host, and takes its origin as the app’s own', async () => {
    const t = await buildTestApp({ PUBLIC_URL: 'https://td.example.com' });
    await createUser(t.db, { name: 'Staff', email: 'staff@example.com', password: 'correct horse battery' }, null);
    // Behind a proxy that terminates HTTPS (not trusted here), the request itself is plain HTTP.
    expect((await login(t, 'td.example.com', 'https://td.example.com')).statusCode).toBe(200);
    expect((await login(t, 'TD.Example.com:443', 'https://td.example.com')).statusCode).toBe(200);
    expect((await login(t, 'evil.example', 'https://td.example.com')).statusCode).toBe(421);
    expect((await login(t, 'localhost', 'http://localhost')).statusCode).toBe(421);
    expect((await login(t, 'td.example.com:8443', 'https://td.example.com')).statusCode).toBe(421);
    // Health checks from the machine or a load balancer still answer.
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.5:3000' } });
    expect(health.statusCode).toBe(200);
  });
});

describe('compressed answers (decision 076, @fastify/compress)', () => {
  it('compresses JSON of 1 KB or more for a client that accepts it, brotli first, and only then', async () => {
    const t = await buildTestApp();
    await t.signIn();
    // Enough workers for a page of JSON well over the threshold.
    await insertWorkers(t.db, {}, {}, {}, {}, {}, {});
    const url = '/api/workers?page=1&pageSize=25';
    const plain = await t.request({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);

    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const identity = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);

    // A small answer goes as it is.
    const small = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('sends PDFs and stored files as they are', async () => {
    const t = await buildTestApp();
    const body = Buffer.alloc(8 * 1024, 'a');
    for (const type of ['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream']) {
      t.app.get(`/api/test-file/${type.replace('/', '-')}`, { config: { permission: 'public' } }, (_request, reply) =>
        reply.type(type).send(body),
      );
    }
    for (const type of ['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/test-file/${type.replace('/', '-')}`,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.headers['content-encoding'], type).toBeUndefined();
      expect(response.rawPayload.equals(body), type).toBe(true);
    }
  });
});
