import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_ORIGIN_REFUSED = 'This request did not come from the app and was refused.';

/**
 * CSRF defence: a request that changes state must come from the app's own origin. Browsers send
 * `Origin` on such requests; without it, `Sec-Fetch-Site: same-origin` is accepted. Anything else,
 * including a request with neither header, is refused.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!comesFromOwnOrigin(request, allowedOrigins)) throw forbidden(CROSS_ORIGIN_REFUSED);
  });
}

function comesFromOwnOrigin(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (origin) {
    const own = `${request.protocol}://${request.host}`;
    return origin === own || allowedOrigins.includes(origin);
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}
