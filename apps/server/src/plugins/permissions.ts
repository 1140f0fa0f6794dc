import {
  FORBIDDEN_MESSAGE,
  type Permission,
  type Role,
  type RoutePermission,
  roleCan,
  roleMayUse,
} from '@td/shared/rules/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';

/**
 * Decision 104: every `/api` route declares its permission beside itself, in its `config`:
 * `app.get('/x', { config: { permission: 'workers.read' }, schema }, handler)`. A hook checks it before
 * the handler (and before the body is read); `buildApp` refuses to start with an `/api` route that
 * declares none.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}

export const PASSWORD_CHANGE_REQUIRED = 'Please change your password before you continue.';
export const TOTP_ENROLMENT_REQUIRED = 'Please turn on two-factor sign-in before you continue.';

/** Checks the declared permission of every route of this instance; behind `requireSession`. */
export function requirePermissions(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config.permission;
    if (declared === 'public') return;
    const user = request.user;
    if (!user) throw unauthorized();
    // Decision 104: a reset password or compulsory two-factor sign-in first; only the account's own routes answer.
    if (request.requiredAction && declared !== 'signed-in') {
      throw request.requiredAction === 'change_password'
        ? new AppError(403, 'PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED)
        : new AppError(403, 'TOTP_ENROLMENT_REQUIRED', TOTP_ENROLMENT_REQUIRED);
    }
    if (declared === undefined || !roleMayUse(user.role, declared)) throw forbidden(FORBIDDEN_MESSAGE);
  });
}

/** The signed-in role (routes behind `requirePermissions`). */
export function roleOf(request: FastifyRequest): Role {
  if (!request.user) throw unauthorized();
  return request.user.role;
}

/** For a route whose answer depends on what it serves (a stored file's kind): a second, finer check. */
export function demandPermission(request: FastifyRequest, permission: Permission): void {
  if (!roleCan(roleOf(request), permission)) throw forbidden(FORBIDDEN_MESSAGE);
}

/** The `/api` routes of a route table that declare no permission (the app refuses to start with any). */
export function undeclaredApiRoutes(
  routes: ReadonlyArray<{ methods: readonly string[]; url: string; config?: { permission?: RoutePermission } }>,
): string[] {
  return routes
    .filter((route) => route.url.startsWith('/api') && route.config?.permission === undefined)
    .flatMap((route) => route.methods.map((method) => `${method} ${route.url}`));
}
