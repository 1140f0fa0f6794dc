import type { RequiredAction, SessionUser } from '@td/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { readSession, type SessionPolicy } from './auth.service.ts';

export const SESSION_COOKIE = 'td_session';
/** Decision 006: marks a browser that signed in before; sent only to the sign-in routes. */
export const DEVICE_COOKIE = 'td_device';
const DEVICE_COOKIE_PATH = '/api/auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by `authenticate` (every route behind `requireSession`). */
    user: SessionUser | null;
    /** Decision 104: what the session must do first (change its password, enrol in two-factor sign-in). */
    requiredAction: RequiredAction | null;
  }
}

/** Decision 104: the second step of sign-in (the code) finds its first step by this cookie. */
export const CHALLENGE_COOKIE = 'td_login_challenge';

export function setChallengeCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearChallengeCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(CHALLENGE_COOKIE, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

/** Reads the session cookie into `request.user`, renewing the cookie when the session was extended. */
export async function authenticate(
  db: Db,
  policy: SessionPolicy,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const session = await readSession(db, token, policy);
  if (!session) {
    clearSessionCookie(request, reply);
    return null;
  }
  if (session.renewedUntil) setSessionCookie(request, reply, token, session.renewedUntil);
  request.user = session.user;
  request.requiredAction = session.requiredAction;
  return session.user;
}
