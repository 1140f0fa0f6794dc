import { inForce, SDL_RATE_TABLES, type SdlRateTable } from './statutory-rates.ts';

/**
 * Decision 103: the Skills Development Levy on one employee's month, the employer's cost.
 * Source: SkillsFuture Singapore's SDL page (PAYROLL-SG 6): 0.25% of the month's total wages, at least
 * $2 and at most $11.25 (wages above $4,500 pay the cap), for every employee, WP holders included. The
 * employee's figure is rounded half-up to the cent; the company's month total is rounded down to the
 * dollar (`sdlCompanyTotalCents`).
 */
export function computeSdl(totalWagesCents: number, date: string, tables: readonly SdlRateTable[] = SDL_RATE_TABLES) {
  if (!Number.isSafeInteger(totalWagesCents) || totalWagesCents < 0) {
    throw new RangeError('Total wages must be a whole number of cents >= 0');
  }
  // No wages, no levy: the minimum applies to an employee paid something in the month.
  if (totalWagesCents === 0) return 0;
  const table = inForce(tables, date);
  const levy = Math.floor((2 * totalWagesCents * table.rateBp + 10_000) / 20_000);
  return Math.min(table.maximumCents, Math.max(table.minimumCents, levy));
}

/** The company's SDL for the month: the employees' figures summed, rounded down to the dollar. */
export function sdlCompanyTotalCents(employeeSdlCents: readonly number[]): number {
  const sum = employeeSdlCents.reduce((total, cents) => total + cents, 0);
  return Math.floor(sum / 100) * 100;
}
