import { addDays, type DateRange, daysBetween as daysFromTo } from './dates.ts';
import { addMonthsToMonth, monthRange as monthBounds } from './months.ts';
import { inForce, LEVY_RATE_TABLES, type LevyRateTable, type LevyTier } from './statutory-rates.ts';

/**
 * Decision 103: the Foreign Worker Levy on a Work Permit holder, the employer's cost and never
 * deducted from pay (PAYROLL-SG 4 and 6). Source:
 * mom.gov.sg/passes-and-permits/work-permit-for-foreign-worker/foreign-worker-levy.
 *
 * - Construction tiers: R1 (higher-skilled) or R2 (basic-skilled) by the source group of the nationality.
 * - A month the permit is valid throughout pays the monthly rate; a month it is valid in part pays the
 *   daily rate (monthly x 12 / 365, rounded up to the cent) for each day it was valid, from the date
 *   of issuance to the cancellation (both counted).
 * - Paid by GIRO on the 17th of the next month.
 */

/** Malaysia, North Asian sources (Hong Kong, Macau, South Korea, Taiwan) and the PRC. */
const MNP_NATIONALITIES = new Set(['Malaysian', 'Chinese', 'Hong Konger', 'Macanese', 'South Korean', 'Taiwanese']);
/** Non-traditional sources the construction sector may recruit from. */
const NTS_NATIONALITIES = new Set(['Bangladeshi', 'Burmese', 'Indian', 'Thai', 'Filipino', 'Sri Lankan']);
/** The levy field's amounts as they name a tier (the amounts are unique to a tier). */
const TIER_BY_LEVY: Readonly<Record<string, LevyTier>> = {
  $300: 'R1-MNP',
  $500: 'R1-NTS',
  $700: 'R2-MNP',
  $900: 'R2-NTS',
};

export interface LevyTierSource {
  typeOfPass: string | null;
  nationality: string | null;
  coretrade: string | null;
  /** The worker's levy field ($300, $500, $700 or $900), read when the nationality or skill cannot tell. */
  levy: string | null;
  /** What staff set; wins over everything. */
  override: string | null;
}

/** A Work Permit holder's tier: staff's choice, else nationality and R1/R2, else the levy field; null when it cannot be told. */
export function levyTierOf(worker: LevyTierSource): LevyTier | null {
  if (worker.typeOfPass !== 'WP') return null;
  if (worker.override && isLevyTier(worker.override)) return worker.override;
  const group = worker.nationality
    ? MNP_NATIONALITIES.has(worker.nationality)
      ? 'MNP'
      : NTS_NATIONALITIES.has(worker.nationality)
        ? 'NTS'
        : null
    : null;
  const skill = worker.coretrade === 'R1' || worker.coretrade === 'R2' ? worker.coretrade : null;
  if (group && skill) return `${skill}-${group}` as LevyTier;
  return (worker.levy && TIER_BY_LEVY[worker.levy]) || null;
}

export const isLevyTier = (value: string): value is LevyTier =>
  value === 'R1-MNP' || value === 'R1-NTS' || value === 'R2-MNP' || value === 'R2-NTS';

/** The daily rate: monthly x 12 / 365, rounded up to the cent. */
export const levyDailyRateCents = (monthlyCents: number) => Math.ceil((monthlyCents * 12) / 365);

export interface LevyValidity {
  /** The permit's date of issuance; null: no permit yet, no levy. */
  issuedOn: string | null;
  /** The permit's cancellation; null: still valid. */
  cancelledOn: string | null;
}

export interface LevyMonth {
  /** The days of the month the permit was valid. */
  days: number;
  monthlyCents: number;
  amountCents: number;
}

/** Days from `start` to `end`, both counted. */
const daysBetween = (start: string, end: string) => daysFromTo(start, end) + 1;
const monthRange = (month: string): DateRange => {
  const { from, to } = monthBounds(month);
  return { start: from, end: to };
};

/** The days of `range` the permit was valid (both ends counted). */
export function validDays(validity: LevyValidity, range: DateRange): number {
  if (!validity.issuedOn) return 0;
  const start = validity.issuedOn > range.start ? validity.issuedOn : range.start;
  const end = validity.cancelledOn && validity.cancelledOn < range.end ? validity.cancelledOn : range.end;
  return end < start ? 0 : daysBetween(start, end);
}

export function levyRateTable(month: string, tables: readonly LevyRateTable[] = LEVY_RATE_TABLES) {
  return inForce(tables, `${month}-01`);
}

/** One month's levy (`YYYY-MM`) for a tier, over the days the permit was valid. */
export function levyForMonth(
  tier: LevyTier,
  validity: LevyValidity,
  month: string,
  tables: readonly LevyRateTable[] = LEVY_RATE_TABLES,
): LevyMonth {
  const range = monthRange(month);
  const monthlyCents = levyRateTable(month, tables).monthlyCents[tier];
  const days = validDays(validity, range);
  const monthDays = daysBetween(range.start, range.end);
  const amountCents = days === monthDays ? monthlyCents : days * levyDailyRateCents(monthlyCents);
  return { days, monthlyCents, amountCents };
}

/**
 * The levy of a pay period (at most a month, possibly across two): each calendar month's share, a
 * month the period covers whole at its monthly levy, a part of a month by the day.
 */
export function levyForPeriod(
  tier: LevyTier,
  validity: LevyValidity,
  period: DateRange,
  tables: readonly LevyRateTable[] = LEVY_RATE_TABLES,
): number {
  let total = 0;
  let cursor = period.start;
  while (cursor <= period.end) {
    const month = cursor.slice(0, 7);
    const whole = monthRange(month);
    const end = whole.end < period.end ? whole.end : period.end;
    if (cursor === whole.start && end === whole.end) {
      total += levyForMonth(tier, validity, month, tables).amountCents;
    } else {
      const monthlyCents = levyRateTable(month, tables).monthlyCents[tier];
      const days = validDays(validity, { start: cursor, end });
      const monthDays = daysBetween(whole.start, whole.end);
      total += days === monthDays ? monthlyCents : days * levyDailyRateCents(monthlyCents);
    }
    cursor = addDays(end, 1);
  }
  return total;
}

/** The day a month's levy or CPF is due: `day` of the next month. */
export function dueDateAfter(month: string, day: number): string {
  return `${addMonthsToMonth(month, 1)}-${String(day).padStart(2, '0')}`;
}
