import {
  ChangePasswordInput,
  ChangePasswordResponse,
  LoginInput,
  NewAccountInput,
  SessionResponse,
  SetupStatus,
} from '@td/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { unauthorized } from '../lib/errors.ts';
import * as auth from './auth.service.ts';
import {
  authenticate,
  clearSessionCookie,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  setDeviceCookie,
  setSessionCookie,
} from './session-cookie.ts';

interface AuthRoutesOptions {
  db: Db;
  sessionPolicy: auth.SessionPolicy;
}

/** Sends the session cookie, and the known-device cookie when the browser just became one. */
function sendCookies(request: FastifyRequest, reply: FastifyReply, signedIn: auth.SignedIn): void {
  setSessionCookie(request, reply, signedIn.token, signedIn.expiresAt);
  if (signedIn.device) setDeviceCookie(request, reply, signedIn.device.token, signedIn.device.expiresAt);
}

/** SPEC 2 Login, 4 Auth; ARCHITECTURE differs 5. Public routes: they work without a session. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, sessionPolicy }) => {
  app.get('/session', { schema: { tags: ['auth'], response: { 200: SessionResponse } } }, async (request, reply) => ({
    user: await authenticate(db, sessionPolicy, request, reply),
  }));

  app.post(
    '/login',
    { schema: { tags: ['auth'], body: LoginInput, response: { 200: SessionResponse } } },
    async (request, reply) => {
      const client = { ip: request.ip, deviceToken: request.cookies[DEVICE_COOKIE] };
      const signedIn = await auth.login(db, request.body, client, sessionPolicy);
      // Decision 037: sign-in always opens a new session with a new id; a session the browser still held
      // (another user's, or one planted by someone else) ends on the server rather than living on.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await auth.logout(db, previous, null);
      sendCookies(request, reply, signedIn);
      return { user: signedIn.user };
    },
  );

  app.post('/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const user = await authenticate(db, sessionPolicy, request, reply);
      await auth.logout(db, token, user);
    }
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.get('/setup', { schema: { tags: ['auth'], response: { 200: SetupStatus } } }, async () => ({
    setupRequired: await auth.isSetupRequired(db),
  }));

  app.post(
    '/setup',
    { schema: { tags: ['auth'], body: NewAccountInput, response: { 201: SessionResponse } } },
    async (request, reply) => {
      const signedIn = await auth.setupFirstAccount(db, request.body, sessionPolicy);
      sendCookies(request, reply, signedIn);
      return reply.status(201).send({ user: signedIn.user });
    },
  );
};

/**
 * Decision 037: the signed-in staff member's own account. Registered inside the guarded `/api` plugin
 * (prefix `/api/auth`), so it inherits the session guard like every other protected route.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/password',
    { schema: { tags: ['auth'], body: ChangePasswordInput, response: { 200: ChangePasswordResponse } } },
    async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      // Behind the session guard: `request.user` is the session's user.
      if (!token || !request.user) throw unauthorized();
      return auth.changePassword(db, request.user, token, request.body);
    },
  );
};

export const HealthResponse = z.object({ status: z.literal('ok') });
