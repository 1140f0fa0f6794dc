import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';

let standardOutput: DestinationStream | undefined;

/**
 * Where the server's log lines go: standard output, written asynchronously by pino's own destination
 * (decision 056), so a line is never a blocking system call on a request's path. pino flushes what is
 * left when the process exits; a SIGKILL can lose the last few lines, never a database write. One
 * destination per process, however many apps it builds.
 */
export function logDestination(): DestinationStream {
  standardOutput ??= pino.destination({ dest: 1, sync: false });
  return standardOutput;
}

/**
 * One line per answered request (decision 076), written by pino through Fastify's own serialisers:
 * method, URL, host, client address and port (`req`), status (`res`), response time in ms and the
 * request id. The app is built with Fastify's request logging off (`disableRequestLogging`), which
 * would write an "incoming request" line and a "request completed" line without the URL; errors are
 * logged by the error handler (plugins/error-handler.ts). Headers, cookies and bodies are never logged.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
