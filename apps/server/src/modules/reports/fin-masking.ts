import type { Actor } from '../../audit/audit.repository.ts';

/**
 * Decision 090: where the manpower report's FIN is masked per role. Every signed-in staff member has
 * the same access today, so the FIN is shown in full (a main contractor's submission needs it). When
 * roles exist, this is the one function to change: decide from the actor's role whether to answer
 * `maskFin(fin)` instead. The screen, the CSV and the PDF all read the FIN through it.
 */
export function finForViewer(fin: string | null, _viewer: Actor): string | null {
  return fin;
}

/** `S****567A`: the first letter and the last four characters, as NRIC/FIN masking guidance shows it. */
export function maskFin(fin: string | null): string | null {
  if (fin === null) return null;
  const compact = fin.replace(/\s+/g, '');
  if (compact.length <= 5) return '*'.repeat(compact.length);
  return `${compact.slice(0, 1)}${'*'.repeat(compact.length - 5)}${compact.slice(-4)}`;
}
