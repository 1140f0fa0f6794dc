import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isJsonAnswer } from '../lib/json-answer.ts';

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
 * helmet's headers for these options, read once from its own middleware: with no CSP nonces and no
 * per-route options they are the same for every request, so each answer gets one ready-made set
 * instead of a dozen middleware steps, each validating and storing its header on the raw response
 * (about 4% of the CPU of a small answer, issue 15, decision 053).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader() {},
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middleware is synchronous; a version that is not would leave the set incomplete.
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return headers;
}

/**
 * The names as Fastify keeps them: `reply.header` lowercases every name it is given, which for a name
 * already in lower case is the same string, not a new one (a dozen fewer strings a request, issue 15).
 */
function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * helmet's headers that only mean something for a page a browser renders and runs: a JSON answer has
 * no script to isolate (`Origin-Agent-Cluster`), opens no window (`Cross-Origin-Opener-Policy`), holds
 * no links to prefetch (`X-DNS-Prefetch-Control`) and is no file for Internet Explorer 8 to open
 * (`X-Download-Options`), for Flash or Acrobat to read a policy from (`X-Permitted-Cross-Domain-Policies`)
 * or for the XSS filter browsers no longer have (`X-XSS-Protection: 0`). Decision 063: the twelve
 * headers cost a small JSON answer about 9-10 us to store, check and write on a slow hour, these six
 * about 3-4 us of it (issue 15).
 */
const PAGE_ONLY = new Set([
  'origin-agent-cluster',
  'cross-origin-opener-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * Security headers of every answer (ARCHITECTURE, plugins): helmet's set with our CSP, plus
 * `Permissions-Policy`. HSTS only over HTTPS (issue 7.12): over plain HTTP browsers ignore it, and
 * sending it there only tells that the app was meant to be reached another way. HTTPS is the
 * connection's or, with TRUST_PROXY, the trusted proxy's `X-Forwarded-Proto`.
 *
 * The headers every answer needs (the CSP, nosniff, framing, referrer, resource and permissions
 * policies) are set as Fastify reply headers when the request arrives, so a route's own `reply.header`
 * (swagger-ui's CSP for its pages) replaces ours; the page-only ones are added when the answer turns
 * out not to be JSON (the app shell, its files, the API docs, PDFs and uploaded files).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = lowerCaseNames({
    ...helmetHeaders({
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
    }),
    'Permissions-Policy': PERMISSIONS_POLICY,
  });
  const everyAnswer = Object.fromEntries(Object.entries(headers).filter(([name]) => !PAGE_ONLY.has(name)));
  const pageOnly = Object.entries(headers).filter(([name]) => PAGE_ONLY.has(name));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(everyAnswer);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!isJsonAnswer(reply)) {
      for (const [name, value] of pageOnly) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}
