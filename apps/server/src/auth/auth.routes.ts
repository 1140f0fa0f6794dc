import { permissionsOf } from '@td/shared/rules/permissions';
import {
  ActiveSessionList,
  ChangePasswordInput,
  ChangePasswordResponse,
  LoginInput,
  LoginResponse,
  LoginTotpInput,
  NewAccountInput,
  type RequiredAction,
  SessionResponse,
  type SessionUser,
  SetupStatus,
  TotpDisableInput,
  TotpEnabled,
  TotpEnableInput,
  TotpSetup,
} from '@td/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import * as auth from './auth.service.ts';
import {
  authenticate,
  CHALLENGE_COOKIE,
  clearChallengeCookie,
  clearSessionCookie,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  setChallengeCookie,
  setDeviceCookie,
  setSessionCookie,
} from './session-cookie.ts';
import * as sessions from './sessions.service.ts';
import * as totp from './totp.service.ts';

/** Decision 104: the session answer carries the role, its permissions and what must be done first. */
export function sessionAnswer(user: SessionUser | null, requiredAction: RequiredAction | null = null): SessionResponse {
  if (!user) return { user: null, role: null, permissions: [], required_action: null };
  const permissions = [...permissionsOf(user.role)];
  return { user: { ...user, permissions }, role: user.role, permissions, required_action: requiredAction };
}

const PUBLIC = { permission: 'public' } as const;
const SIGNED_IN = { permission: 'signed-in' } as const;

function clientOf(request: FastifyRequest): auth.LoginClient {
  return { ip: request.ip, deviceToken: request.cookies[DEVICE_COOKIE], userAgent: request.headers['user-agent'] };
}

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
  app.get(
    '/session',
    { config: PUBLIC, schema: { tags: ['auth'], response: { 200: SessionResponse } } },
    async (request, reply) => {
      const user = await authenticate(db, sessionPolicy, request, reply);
      return sessionAnswer(user, user ? request.requiredAction : null);
    },
  );

  /** Decision 037: sign-in always opens a new session with a new id; one the browser still held ends. */
  async function signedInAnswer(request: FastifyRequest, reply: FastifyReply, signedIn: auth.SignedIn) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await auth.logout(db, previous, null);
    sendCookies(request, reply, signedIn);
    const session = await auth.readSession(db, signedIn.token, sessionPolicy);
    return sessionAnswer(signedIn.user, session?.requiredAction ?? null);
  }

  app.post(
    '/login',
    { config: PUBLIC, schema: { tags: ['auth'], body: LoginInput, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const result = await auth.login(db, request.body, clientOf(request), sessionPolicy);
      if ('challenge' in result) {
        // Decision 104: the password was right; no session until the code is (POST /login/totp).
        setChallengeCookie(request, reply, result.challenge.token, result.challenge.expiresAt);
        return { totp_required: true as const };
      }
      return signedInAnswer(request, reply, result);
    },
  );

  app.post(
    '/login/totp',
    { config: PUBLIC, schema: { tags: ['auth'], body: LoginTotpInput, response: { 200: SessionResponse } } },
    async (request, reply) => {
      const challenge = request.cookies[CHALLENGE_COOKIE];
      const signedIn = await totp.loginWithTotp(db, challenge, request.body, clientOf(request), sessionPolicy);
      clearChallengeCookie(request, reply);
      return signedInAnswer(request, reply, signedIn);
    },
  );

  app.post('/logout', { config: PUBLIC, schema: { tags: ['auth'] } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const user = await authenticate(db, sessionPolicy, request, reply);
      await auth.logout(db, token, user);
    }
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.get('/setup', { config: PUBLIC, schema: { tags: ['auth'], response: { 200: SetupStatus } } }, async () => ({
    setupRequired: await auth.isSetupRequired(db),
  }));

  app.post(
    '/setup',
    { config: PUBLIC, schema: { tags: ['auth'], body: NewAccountInput, response: { 201: SessionResponse } } },
    async (request, reply) => {
      const signedIn = await auth.setupFirstAccount(db, request.body, sessionPolicy);
      sendCookies(request, reply, signedIn);
      return reply.status(201).send(sessionAnswer(signedIn.user));
    },
  );
};

/**
 * Decision 037: the signed-in staff member's own account. Registered inside the guarded `/api` plugin
 * (prefix `/api/auth`), so it inherits the session guard like every other protected route.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; sessionPolicy: auth.SessionPolicy }> = async (
  app,
  { db },
) => {
  /** Behind the session guard: the session's user and cookie token. */
  function own(request: FastifyRequest): { user: SessionUser; token: string } {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.user) throw unauthorized();
    return { user: request.user, token };
  }

  app.post(
    '/password',
    {
      config: SIGNED_IN,
      schema: { tags: ['auth'], body: ChangePasswordInput, response: { 200: ChangePasswordResponse } },
    },
    async (request) => {
      const { user, token } = own(request);
      return auth.changePassword(db, user, token, request.body);
    },
  );

  // Decision 104: two-factor sign-in, enrolled from the account menu.
  app.get(
    '/totp',
    { config: SIGNED_IN, schema: { tags: ['auth'], response: { 200: z.object({ enabled: z.boolean() }) } } },
    (request) => totp.totpStatus(db, own(request).user),
  );
  app.post('/totp/setup', { config: SIGNED_IN, schema: { tags: ['auth'], response: { 200: TotpSetup } } }, (request) =>
    totp.setUpTotp(db, own(request).user),
  );
  app.post(
    '/totp/enable',
    { config: SIGNED_IN, schema: { tags: ['auth'], body: TotpEnableInput, response: { 200: TotpEnabled } } },
    (request) => totp.enableTotp(db, own(request).user, request.body.code),
  );
  app.post(
    '/totp/disable',
    { config: SIGNED_IN, schema: { tags: ['auth'], body: TotpDisableInput } },
    async (request, reply) => {
      await totp.disableTotp(db, own(request).user, request.body.password);
      return reply.status(204).send();
    },
  );

  // Decision 104: the account's own sessions, each of which it can end.
  app.get(
    '/sessions',
    { config: SIGNED_IN, schema: { tags: ['auth'], response: { 200: ActiveSessionList } } },
    (request) => {
      const { user, token } = own(request);
      return sessions.listOwnSessions(db, user, token);
    },
  );
  app.delete(
    '/sessions/:id',
    { config: SIGNED_IN, schema: { tags: ['auth'], params: SessionIdParams } },
    async (request, reply) => {
      if (!(await sessions.endOwnSession(db, own(request).user, request.params.id))) {
        throw notFound('This session has already ended.');
      }
      return reply.status(204).send();
    },
  );
};

/**
 * A session's id is the SHA-256 of its token in base64url (auth.service `sessionIdOf`): anything else is
 * refused with 400 before it reaches the database (a NUL byte made PostgreSQL answer 500 in the fuzz).
 */
const SessionIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Session id must be a session of this account.'),
});

export const HealthResponse = z.object({ status: z.literal('ok') });
