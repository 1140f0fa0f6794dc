import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** One year, subdomains included: what helmet sends by default, but only where it means something. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Issue 7.12: powerful browser features the app never uses are switched off for it and anything it
 * frames (the PDF preview), so an injected script or a framed document cannot ask for them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Security headers of every answer (ARCHITECTURE, plugins): helmet's set with our CSP, plus
 * `Permissions-Policy`. HSTS only over HTTPS (issue 7.12): over plain HTTP browsers ignore it, and
 * sending it there only tells that the app was meant to be reached another way. HTTPS is the
 * connection's or, with TRUST_PROXY, the trusted proxy's `X-Forwarded-Proto`.
 *
 * helmet itself, made once: `@fastify/helmet` built a new helmet (parsing the CSP directives again) on
 * every request, about 3% of the CPU of a small answer (issue 15, docs/performance.md); we use neither
 * its per-route options nor CSP nonces.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHelmetHeaders = helmet({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-src': ["'self'", 'blob:'],
        'worker-src': ["'self'"],
        // Issue 16: nobody frames the app (clickjacking); its own PDF previews are blob: frames,
        // which this does not touch (frame-ancestors is read from the framed response's headers).
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // The same for browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    // Sets the headers on the raw response, as the Express-style middleware it is; Fastify's own
    // `reply.header`s (swagger-ui's CSP for its pages) are written over them.
    setHelmetHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
