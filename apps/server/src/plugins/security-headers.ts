import type { FastifyInstance } from 'fastify';

/**
 * Decision 035's content security policy: only the app's own scripts (no inline script), images also
 * from `data:` and `blob:` (photo previews), and its own PDF previews framed as `blob:`. Nobody frames
 * the app (clickjacking): `frame-ancestors` is read from the framed response, so the previews are not
 * affected.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' https: 'unsafe-inline'",
  "frame-src 'self' blob:",
  "worker-src 'self'",
].join(';');

/**
 * Powerful browser features the app never uses are switched off for it and anything it frames (the PDF
 * preview), so an injected script or a framed document cannot ask for them. Only features Chromium
 * knows: an unknown one (`bluetooth`) logged a warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
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
 * Decision 076: the security headers of every answer, one literal set (the values helmet 8 sends for
 * the options decision 035 chose, which need nothing of the request). Set when the request arrives, so
 * a route's own `reply.header` replaces ours (swagger-ui's CSP for its pages).
 */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  // The same as frame-ancestors, for browsers that predate it.
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // The XSS filter of old browsers did more harm than good; off, as helmet sends it.
  'x-xss-protection': '0',
  'permissions-policy': PERMISSIONS_POLICY,
};

/**
 * HSTS only over HTTPS (the connection's, or with TRUST_PROXY the trusted proxy's `X-Forwarded-Proto`):
 * over plain HTTP browsers ignore it, and sending it there only tells that the app was meant to be
 * reached another way. One year, subdomains included.
 */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * API answers carry personal data (workers' ids and pay, the session) or errors about them: no browser or
 * proxy cache keeps them, as stored files and PDFs already say for themselves (PDPA; decision 008).
 */
const API_CACHE_CONTROL = 'private, no-store';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/')) reply.header('cache-control', API_CACHE_CONTROL);
    done();
  });
}
