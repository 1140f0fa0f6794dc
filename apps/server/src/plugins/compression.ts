import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { preferredEncoding } from '../lib/accept-encoding.ts';
import { isJsonAnswer } from '../lib/json-answer.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this an answer goes as it is: compressing it would gain less than its headers cost. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Issue 15 (decision 040): JSON answers of 1 KB and more are compressed for clients that accept it
 * (every browser): a page of 25 workers is about 25 KB as JSON and 4 KB in brotli, which on a slow
 * phone link is most of the time the list takes to arrive. Brotli at quality 5 and gzip at level 6
 * (fast settings; the static files are compressed at the highest levels at build time instead), on
 * libuv's thread pool. Clients that send no Accept-Encoding (the benchmark's load generator) get the
 * plain answer, as before.
 */
export function registerCompression(app: FastifyInstance): void {
  // A plain hook: most answers pass it unchanged (small, not JSON, or for a client that accepts no
  // encoding), and only a compression waits for the thread pool (issue 15).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    if (!isJsonAnswer(reply)) return done(null, payload);
    // Whatever a cache keeps of this answer must depend on the header, even when it came plain.
    reply.header('Vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding || Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return done(null, payload);
    const compressed =
      encoding === 'br'
        ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipAsync(payload, { level: 6 });
    compressed.then(
      (body) => {
        reply.header('Content-Encoding', encoding).removeHeader('content-length');
        done(null, body);
      },
      (error: Error) => done(error),
    );
  });
}

function varyWithAcceptEncoding(vary: ReturnType<FastifyReply['getHeader']>): string {
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}
