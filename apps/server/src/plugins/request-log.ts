import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Decision 053: one log line per request, written when it is answered, in place of Fastify's two
 * ("incoming request" and "request completed"). The line has what both had (method, URL, host, client
 * address and port, status, response time, request id), so nothing is lost but the line of a request
 * still running; every line is serialised and written once instead of twice, which on a small answer
 * was about a tenth of the server's CPU once its output went to a pipe, as in production (issue 15,
 * docs/performance.md). Errors, 404s and stream failures are logged as Fastify logs them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if ((reply.log as Logger).isLevelEnabled('info')) {
      writeAccessLine(request, reply);
    }
  }
}

const { chindingsSym, streamSym } = pino.symbols;
const INFO = pino.levels.values.info;

/**
 * Decision 068: the access line is put together here and handed to the logger's own destination,
 * instead of through `reply.log.info`. It is the line pino wrote, field for field and in the same order
 * (level, time, pid, hostname, reqId, the request and reply as Fastify's serialisers describe them,
 * response time, message), made with one `JSON.stringify` of a small plain object. Timed in one server
 * on alternate requests (issue 15): 5.7-6.0 us a line against 7.1-7.8 us through pino's serialisers
 * and its key-by-key writing of the object. Every other line still goes through pino. The logger
 * options that reshape a line (`formatters`, `mixin`, `redact`, `timestamp`) do not reach this one:
 * the app sets none; one added in `app.ts` must be applied here too.
 */
function writeAccessLine(request: FastifyRequest, reply: FastifyReply): void {
  // What pino keeps on every logger: its bindings, already JSON, and its destination.
  const logger = reply.log as unknown as Record<symbol, unknown>;
  const bindings = logger[chindingsSym] as string;
  const destination = logger[streamSym] as DestinationStream;
  const fields = JSON.stringify({
    req: {
      method: request.method,
      url: request.url,
      version: request.headers['accept-version'],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    },
    res: { statusCode: reply.statusCode },
    responseTime: reply.elapsedTime,
    msg: 'request completed',
  });
  // `fields` starts with "{": the level, time and bindings go before the rest of it.
  destination.write(`{"level":${INFO},"time":${Date.now()}${bindings},${fields.slice(1)}\n`);
}

let standardOutput: DestinationStream | undefined;

/**
 * Decision 061: lines are written once this many bytes are waiting (about 14 request lines), or when
 * `FLUSH_EVERY_MS` has passed, whichever comes first. Every asynchronous write is a trip through
 * libuv's thread pool and a system call; at 18,000 small answers a second nearly every line had been
 * a write of its own (issue 15: 2-4 us of server CPU less a small answer).
 */
const BATCH_BYTES = 4096;
export const FLUSH_EVERY_MS = 100;

/**
 * Where the server's log lines go: standard output, written asynchronously (decision 056). pino's
 * default writes each line with its own blocking `write` system call; to a pipe, as under a service
 * manager or the benchmark, that was about a fifth of the CPU of a small answer (issue 15: 125 us a
 * request against 100 us with the log off). Written asynchronously, the lines that arrive while one
 * write is under way go out together in the next. Since decision 061 a line waits for a batch of
 * others or for the next flush (at most `FLUSH_EVERY_MS`). pino flushes what is left synchronously when
 * the process exits; a SIGKILL can lose the lines of the last `FLUSH_EVERY_MS`, never a database write.
 */
export function logDestination(): DestinationStream {
  standardOutput ??= pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_EVERY_MS });
  return standardOutput;
}
