import { guardedValue } from '@td/shared/rules/permissions';
import type { SessionUser } from '@td/shared/schemas/auth';

/**
 * Decision 090, 104: where the manpower report's FIN is masked per role: in full for the roles holding
 * `workers.identity` (a main contractor's submission needs it), masked (`G****567X`, the workers' own
 * rule) for the others. The screen, the CSV and the PDF all read the FIN through it.
 */
export function finForViewer(fin: string | null, viewer: Pick<SessionUser, 'role'>): string | null {
  return guardedValue('fin_no', fin, viewer.role) as string | null;
}
