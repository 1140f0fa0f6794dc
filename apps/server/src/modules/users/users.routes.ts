import { NewAccountInput, SessionUser } from '@td/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUser } from '../../auth/auth.service.ts';
import type { Db } from '../../db/database.ts';
import { currentUser } from '../../plugins/session.ts';
import { listUsers } from './users.repository.ts';

/** ARCHITECTURE differs 5: signed-in staff can see and add staff accounts. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    { schema: { tags: ['users'], response: { 200: z.object({ items: z.array(SessionUser) }) } } },
    async () => ({ items: await listUsers(db) }),
  );

  app.post(
    '/',
    { schema: { tags: ['users'], body: NewAccountInput, response: { 201: SessionUser } } },
    async (request, reply) => reply.status(201).send(await createUser(db, request.body, currentUser(request))),
  );
};
