import type { Role } from '@td/shared/rules/permissions';
import {
  LAST_ADMIN,
  type NewStaffAccountInput,
  type StaffAccount,
  type StaffAccountUpdate,
  type StaffSettings,
} from '@td/shared/schemas/auth';
import type { Actor } from '../../audit/audit.repository.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import * as authRepo from '../../auth/auth.repository.ts';
import { createUser, REQUIRE_2FA_SETTING, rolesRequiringTotp, type SessionPolicy } from '../../auth/auth.service.ts';
import { hashPassword } from '../../auth/password.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './users.repository.ts';

export const STAFF_NOT_FOUND = 'This staff account does not exist.';

export async function addStaffAccount(db: Db, input: NewStaffAccountInput, actor: Actor): Promise<StaffAccount> {
  const user = await createUser(db, input, actor);
  return { ...user, active: true, totp_enabled: false };
}

/**
 * Decision 104: an admin changes a role or deactivates an account. A deactivated account's sessions end
 * in the same transaction. The last active admin can be neither demoted nor deactivated.
 */
export async function updateStaffAccount(
  db: Db,
  id: string,
  input: StaffAccountUpdate,
  actor: Actor,
  now = new Date(),
): Promise<StaffAccount> {
  return db.transaction().execute(async (trx) => {
    const admins = await repo.lockActiveAdmins(trx);
    const before = await repo.findUser(trx, id);
    if (!before) throw notFound(STAFF_NOT_FOUND);
    const wasActive = before.deactivated_at === null;
    const active = input.active ?? wasActive;
    const role = input.role ?? before.role;
    const leavesAdmins = before.role === 'admin' && wasActive && (role !== 'admin' || !active);
    if (leavesAdmins && admins.filter((adminId) => adminId !== id).length === 0) throw conflict(LAST_ADMIN);
    const deactivatedAt = active ? null : (before.deactivated_at ?? nowIso(now));
    await repo.updateUser(trx, id, { role, deactivated_at: deactivatedAt, updated_at: nowIso(now) });
    const endedSessions = active ? 0 : await authRepo.deleteAllSessions(trx, id);
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      before: { role: before.role, active: wasActive },
      after: { role, active, ...(endedSessions ? { ended_sessions: endedSessions } : {}) },
    });
    return repo.staffAccountOf({ ...before, role, deactivated_at: deactivatedAt });
  });
}

/** Decision 104: an admin sets a new password; the person must change it at next sign-in; sessions end. */
export async function resetStaffPassword(db: Db, id: string, password: string, actor: Actor, now = new Date()) {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findUser(trx, id))) throw notFound(STAFF_NOT_FOUND);
    await authRepo.updatePasswordHash(trx, id, passwordHash, nowIso(now), true);
    const ended = await authRepo.deleteAllSessions(trx, id);
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      after: { password_reset: true, ended_sessions: ended },
    });
  });
}

export async function staffSettings(db: Db, policy: SessionPolicy): Promise<StaffSettings> {
  const fromServer = [...(policy.totpRoles ?? [])];
  const all = await rolesRequiringTotp(db, { totpRoles: [] });
  return { require_2fa_roles: all, require_2fa_roles_from_server: fromServer };
}

export async function updateStaffSettings(
  db: Db,
  roles: Role[],
  actor: Actor,
  policy: SessionPolicy,
  now = new Date(),
): Promise<StaffSettings> {
  const unique = [...new Set(roles)];
  await db.transaction().execute(async (trx) => {
    await authRepo.writeSetting(trx, REQUIRE_2FA_SETTING, JSON.stringify(unique), nowIso(now));
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'setting',
      entityId: null,
      after: { require_2fa_roles: unique },
    });
  });
  return staffSettings(db, policy);
}
