import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { insertWorkers } from '../../test/factories.ts';
import { preferredEncoding } from '../lib/accept-encoding.ts';
import { COMPRESS_FROM_BYTES } from './compression.ts';

describe('compressed API answers (issue 15, decision 040)', () => {
  it('compresses a JSON answer of 1 KB or more for a client that accepts it, and only then', async () => {
    const t = await buildTestApp();
    await t.signIn();
    // Enough workers for a page of JSON well over the threshold.
    await insertWorkers(t.db, {}, {}, {}, {}, {}, {});
    const url = '/api/workers?page=1&pageSize=25';
    const plain = await t.request({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(COMPRESS_FROM_BYTES);

    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // A small answer goes as it is; so do errors under the threshold.
    const small = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(Buffer.byteLength(small.body)).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('chooses brotli, then gzip, and respects q=0', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('BR;q=0.5')).toBe('br');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('gzip');
  });
});
