import type { FastifyReply } from 'fastify';

/** Whether the answer `reply` is sending is JSON (an API answer), as its content type says by `onSend`. */
export function isJsonAnswer(reply: FastifyReply): boolean {
  const contentType = reply.getHeader('content-type');
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
