import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { nowIso } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';

/** Decision 089: a client's key, a plain token (a UUID is typical). */
const KEY = /^[A-Za-z0-9._:-]{8,200}$/;
/** Keys are kept a day: long enough for any retry of a lost answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const claims = new WeakMap<FastifyRequest, { userId: string; key: string }>();

/**
 * Decision 089: a create (`POST`) sent with `Idempotency-Key` by a signed-in staff member is answered
 * once; the same key again (a client that lost the answer, a proxy's retry) gets the stored answer, on
 * any server, without doing the create twice. The key is claimed in the database before the create
 * runs (the primary key decides between two servers); while the first is still running a repeat
 * answers 409, and a key reused for another request 422. A 5xx answer is not kept (a retry runs again).
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const user = request.user as { id: string } | null;
    if (request.method !== 'POST' || typeof key !== 'string' || !user) return;
    if (!KEY.test(key)) {
      throw new AppError(400, 'BAD_IDEMPOTENCY_KEY', 'The Idempotency-Key must be 8 to 200 letters, digits or ._:-');
    }
    try {
      await db
        .insertInto('idempotency_keys')
        .values({
          user_id: user.id,
          key,
          method: request.method,
          url: request.url,
          status_code: null,
          body: null,
          content_type: null,
          created_at: nowIso(),
        })
        .execute();
      claims.set(request, { userId: user.id, key });
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const stored = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!stored || stored.url !== request.url || stored.method !== request.method) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request.');
    }
    if (stored.status_code === null) {
      throw new AppError(
        409,
        'IDEMPOTENCY_IN_PROGRESS',
        'The first request with this Idempotency-Key is still running.',
      );
    }
    reply.header('idempotent-replayed', 'true');
    if (stored.content_type) reply.header('content-type', stored.content_type);
    return reply.code(stored.status_code).send(Buffer.from(stored.body ?? new Uint8Array()));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const where = db.deleteFrom('idempotency_keys').where('user_id', '=', claim.userId).where('key', '=', claim.key);
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (reply.statusCode >= 500 || body === null) {
      await where.execute();
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: reply.statusCode, body, content_type: typeof contentType === 'string' ? contentType : null })
      .where('user_id', '=', claim.userId)
      .where('key', '=', claim.key)
      .execute();
    return payload;
  });
}

/** Forgets keys older than a day (a background job). */
export async function forgetOldIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', nowIso(new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .execute();
}
