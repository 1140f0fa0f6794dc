import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

export const HOST_NOT_SERVED = 'This address is not served here. Please open the app at its usual address.';

/** Names that always mean this machine; a DNS-rebinding page cannot make a browser send them as Host. */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);
/** Host names whose answer is kept; more distinct names than this start the list afresh. */
const KEPT_HOST_ANSWERS = 64;

export interface HostCheckOptions {
  /** `PUBLIC_URL` as an origin: when set, only its host is served. */
  publicOrigin: string | undefined;
  /** `HOST`, the address the server listens on: served besides the loopback names when it is specific. */
  listenHost: string;
}

/** Hostname (lower case, IPv6 in brackets) and port of a Host header; null when it is not one. */
function parseHost(host: string): { hostname: string; port: string } | null {
  try {
    const url = new URL(`http://${host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    // `new URL` drops :80 for http; the port only matters when one is named.
    const port = /:(\d+)$/.exec(host)?.[1] ?? '';
    return { hostname: url.hostname, port };
  } catch {
    return null;
  }
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/**
 * Decision 007, DNS rebinding: a page on evil.example whose name is made to resolve to this server is
 * "same origin" with it in the browser. It gets no session cookie (that belongs to our name), but it
 * could try passwords or reach first-account setup on a fresh install. Its requests carry
 * `Host: evil.example`, so the server answers only for its own names: the `PUBLIC_URL` host when set,
 * otherwise the loopback names and the configured `HOST`. `/api/health` answers any name (probes).
 */
export function registerHostCheck(app: FastifyInstance, { publicOrigin, listenHost }: HostCheckOptions): void {
  const publicUrl = publicOrigin ? new URL(publicOrigin) : undefined;
  const configured = parseHost(listenHost)?.hostname;
  const isServed = (name: string): boolean => {
    const host = parseHost(name);
    if (!host) return false;
    if (publicUrl) {
      return (
        host.hostname === publicUrl.hostname &&
        (host.port === '' || host.port === (publicUrl.port || defaultPort(publicUrl.protocol)))
      );
    }
    return LOOPBACK.test(host.hostname) || (!WILDCARD_HOSTS.has(listenHost) && host.hostname === configured);
  };

  // Every request asks, nearly always with the same few names: each name's answer is kept (decision 057),
  // up to a bound, so that a flood of made-up names cannot grow it.
  const answers = new Map<string, boolean>();
  const served = (request: FastifyRequest): boolean => {
    const name = request.host;
    let answer = answers.get(name);
    if (answer === undefined) {
      answer = isServed(name);
      if (answers.size >= KEPT_HOST_ANSWERS) answers.clear();
      answers.set(name, answer);
    }
    return answer;
  };

  // A plain hook, not an async one: every request passes it.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url === '/api/health' || served(request)) {
      done();
      return;
    }
    request.log.warn(
      { host: request.host },
      'refused a request for a host this server does not serve (set PUBLIC_URL to the address users open)',
    );
    done(new AppError(421, 'MISDIRECTED_REQUEST', HOST_NOT_SERVED));
  });
}
