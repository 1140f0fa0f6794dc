import {
  NewStaffAccountInput,
  PasswordResetInput,
  StaffAccount,
  StaffAccountList,
  StaffAccountUpdate,
  StaffSettings,
  StaffSettingsInput,
} from '@td/shared/schemas/auth';
import { IdParams } from '@td/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionPolicy } from '../../auth/auth.service.ts';
import type { Db } from '../../db/database.ts';
import { currentUser } from '../../plugins/session.ts';
import { listUsers } from './users.repository.ts';
import * as users from './users.service.ts';

const tags = ['users'];
const config = { permission: 'users.manage' } as const;

/** Decision 104: staff accounts, their roles and two-factor requirement (`/settings/staff`, admin). */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db; sessionPolicy: SessionPolicy }> = async (
  app,
  { db, sessionPolicy },
) => {
  app.get('/', { config, schema: { tags, response: { 200: StaffAccountList } } }, async () => ({
    items: await listUsers(db),
  }));

  app.post(
    '/',
    { config, schema: { tags, body: NewStaffAccountInput, response: { 201: StaffAccount } } },
    async (request, reply) =>
      reply.status(201).send(await users.addStaffAccount(db, request.body, currentUser(request))),
  );

  app.get('/settings', { config, schema: { tags, response: { 200: StaffSettings } } }, () =>
    users.staffSettings(db, sessionPolicy),
  );

  app.put(
    '/settings',
    { config, schema: { tags, body: StaffSettingsInput, response: { 200: StaffSettings } } },
    (request) => users.updateStaffSettings(db, request.body.require_2fa_roles, currentUser(request), sessionPolicy),
  );

  app.put(
    '/:id',
    { config, schema: { tags, params: IdParams, body: StaffAccountUpdate, response: { 200: StaffAccount } } },
    (request) => users.updateStaffAccount(db, request.params.id, request.body, currentUser(request)),
  );

  app.post(
    '/:id/password',
    { config, schema: { tags, params: IdParams, body: PasswordResetInput } },
    async (request, reply) => {
      await users.resetStaffPassword(db, request.params.id, request.body.password, currentUser(request));
      return reply.status(204).send();
    },
  );
};
