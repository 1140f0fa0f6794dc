import type { SessionUser } from '@td/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionPolicy } from '../auth/auth.service.ts';
import { authenticate } from '../auth/session-cookie.ts';
import type { Db } from '../db/database.ts';
import { unauthorized } from '../lib/errors.ts';

/**
 * The session guard (ARCHITECTURE, plugins/). It depends on auth/ and auth/ never on it (decision
 * 076): the sign-in routes read the cookie through `auth/session-cookie.ts` themselves.
 */

/** Every route registered in this instance (and its children) answers 401 without a valid session. */
export function requireSession(app: FastifyInstance, db: Db, policy: SessionPolicy): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!(await authenticate(db, policy, request, reply))) throw unauthorized();
  });
}

/** The signed-in user of a route behind `requireSession`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
