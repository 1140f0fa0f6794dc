import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_ORIGIN_REFUSED = 'This request did not come from the app and was refused.';

/** The origin (`scheme://host[:port]`) of a URL header, or null when it is not an http(s) URL. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * CSRF defence (decisions 002, 035): a request that changes state must come from the app's own
 * origin. Browsers send `Origin` on such requests; when it is absent, the `Referer` must name our
 * origin instead. Anything else is refused: another origin, `Origin: null` (sandboxed frames, data:
 * URLs, some redirects), a malformed value, or neither header. A browser's `Sec-Fetch-Site` saying
 * the request is cross-site or same-site (another subdomain) is refused whatever the other headers say.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  // A plain hook, not an async one: every request passes it, and a reading one at once (decision 057).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || comesFromOwnOrigin(request, allowedOrigins)) done();
    else done(forbidden(CROSS_ORIGIN_REFUSED));
  });
}

function comesFromOwnOrigin(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
  const own = `${request.protocol}://${request.host}`;
  const owns = new Set([own, originOf(own), ...allowedOrigins]);
  const trusted = (origin: string | null) => origin !== null && owns.has(origin);
  const origin = request.headers.origin;
  // `new URL` normalises (default ports, case); "null" and junk are not URLs and fail.
  if (origin !== undefined) return origin === own || trusted(originOf(origin));
  const referer = request.headers.referer;
  return referer !== undefined && trusted(originOf(referer));
}
