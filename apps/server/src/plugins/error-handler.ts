import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { lingerAfterAnswer } from '../lib/lingering-close.ts';

/**
 * ARCHITECTURE, API conventions: every error answers `{ error: { code, message, fields? } }`.
 * Validation failures carry the spec's per-field messages; the first one is the summary message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      const message = Object.values(fields)[0] ?? 'The request is not valid';
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message, fields } });
    }
    // Decision 008: a body too large is not read to its end; closing the connection stops the reading,
    // after a short lingering close so that the client reads this answer (lingering-close.ts).
    if (error.statusCode === 413) {
      reply.header('Connection', 'close');
      lingerAfterAnswer(request.raw);
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error.link ? { link: error.link } : {}),
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } });
    }
    // Framework errors (bad JSON, too large, unsupported media type...) keep their status and message.
    return reply.status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}` } }),
  );
}

/**
 * What Fastify answers itself before any route or hook runs (an address the router cannot read, a path
 * parameter over its length limit), in the API's one error shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .status(tooLong ? 414 : 400)
    .header('cache-control', 'private, no-store')
    .send({
      error: tooLong
        ? { code: 'URI_TOO_LONG', message: 'The address is too long.' }
        : { code: 'BAD_URL', message: 'The address is not valid.' },
    });
}
