import { roleCan } from '@td/shared/rules/permissions';
import type { SessionUser } from '@td/shared/schemas/auth';

/**
 * Decision 090, 104: where the manpower report's FIN is masked per role: in full for the roles holding
 * `workers.identity` (a main contractor's submission needs it), masked for the others. The screen, the
 * CSV and the PDF all read the FIN through it.
 */
export function finForViewer(fin: string | null, viewer: Pick<SessionUser, 'role'>): string | null {
  return roleCan(viewer.role, 'workers.identity') ? fin : maskFin(fin);
}

/** `S****567A`: the first letter and the last four characters, as NRIC/FIN masking guidance shows it. */
export function maskFin(fin: string | null): string | null {
  if (fin === null) return null;
  const compact = fin.replace(/\s+/g, '');
  if (compact.length <= 5) return '*'.repeat(compact.length);
  return `${compact.slice(0, 1)}${'*'.repeat(compact.length - 5)}${compact.slice(-4)}`;
}
