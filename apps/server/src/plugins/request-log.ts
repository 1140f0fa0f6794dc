import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

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
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
