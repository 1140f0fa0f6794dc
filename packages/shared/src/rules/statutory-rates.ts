/**
 * Decision 103: the statutory rates as data, each table effective from a date. A later year
 * is a new entry appended to its table (its `effectiveFrom` the first day it applies); the rules in
 * cpf.ts, sdl.ts and levy.ts pick the entry in force and hold no figure of their own.
 *
 * Rates are in basis points (1% = 100) and money in integer cents, so the rules stay exact.
 */

/** One age band: applies from the month after the birthday month of `aboveAge` (PAYROLL-SG 5). */
export interface CpfAgeBand {
  /** The band covers ages above this one (0 for "55 and below"). */
  aboveAge: number;
  employerBp: number;
  employeeBp: number;
}

export interface CpfRateTable {
  effectiveFrom: string;
  /** PAYROLL-SG 5: Ordinary Wage ceiling a month, and the annual ceiling on all wages. */
  ordinaryWageCeilingCents: number;
  annualCeilingCents: number;
  /** PAYROLL-SG 5: total wages up to the first bring no CPF; up to the second the employer's share only;
   * up to the third the employee's share phases in at 3 x its rate on the wages above the second. */
  wageBandsCents: readonly [number, number, number];
  /** The multiple of the employee's rate phased in between the second and third wage bands. */
  phaseInFactor: number;
  /** Citizens, PRs from their third year and PRs on full rates (F/F). */
  full: readonly CpfAgeBand[];
  /** PRs in their first and second years on the default graduated rates (G/G). */
  prGraduatedYear1: readonly CpfAgeBand[];
  prGraduatedYear2: readonly CpfAgeBand[];
}

/**
 * cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay (2026 tables), as
 * PAYROLL-SG.md section 5 copies them. The PR graduated bands above 55 are not in PAYROLL-SG; see
 * decision 103 for where they come from and how far they were verified.
 */
export const CPF_RATE_TABLES: readonly CpfRateTable[] = [
  {
    effectiveFrom: '2026-01-01',
    ordinaryWageCeilingCents: 800_000,
    annualCeilingCents: 10_200_000,
    wageBandsCents: [5_000, 50_000, 75_000],
    phaseInFactor: 3,
    full: [
      { aboveAge: 0, employerBp: 1700, employeeBp: 2000 },
      { aboveAge: 55, employerBp: 1600, employeeBp: 1800 },
      { aboveAge: 60, employerBp: 1250, employeeBp: 1250 },
      { aboveAge: 65, employerBp: 900, employeeBp: 750 },
      { aboveAge: 70, employerBp: 750, employeeBp: 500 },
    ],
    prGraduatedYear1: [
      { aboveAge: 0, employerBp: 400, employeeBp: 500 },
      { aboveAge: 55, employerBp: 400, employeeBp: 500 },
      { aboveAge: 60, employerBp: 350, employeeBp: 500 },
      { aboveAge: 65, employerBp: 350, employeeBp: 500 },
      { aboveAge: 70, employerBp: 350, employeeBp: 500 },
    ],
    prGraduatedYear2: [
      { aboveAge: 0, employerBp: 900, employeeBp: 1500 },
      { aboveAge: 55, employerBp: 600, employeeBp: 1250 },
      { aboveAge: 60, employerBp: 350, employeeBp: 750 },
      { aboveAge: 65, employerBp: 350, employeeBp: 500 },
      { aboveAge: 70, employerBp: 350, employeeBp: 500 },
    ],
  },
];

export interface SdlRateTable {
  effectiveFrom: string;
  rateBp: number;
  minimumCents: number;
  maximumCents: number;
}

/** SkillsFuture Singapore's SDL page (PAYROLL-SG 6): 0.25% of total wages, at least $2, at most $11.25. */
export const SDL_RATE_TABLES: readonly SdlRateTable[] = [
  { effectiveFrom: '2026-01-01', rateBp: 25, minimumCents: 200, maximumCents: 1_125 },
];

/** The construction sector's levy tiers: R1 (higher-skilled) or R2 (basic-skilled) by source group. */
export const LEVY_TIERS = ['R1-MNP', 'R1-NTS', 'R2-MNP', 'R2-NTS'] as const;
export type LevyTier = (typeof LEVY_TIERS)[number];

export const LEVY_TIER_LABELS: Readonly<Record<LevyTier, string>> = {
  'R1-MNP': 'R1, Malaysia, North Asia or PRC',
  'R1-NTS': 'R1, non-traditional source',
  'R2-MNP': 'R2, Malaysia, North Asia or PRC',
  'R2-NTS': 'R2, non-traditional source',
};

export interface LevyRateTable {
  effectiveFrom: string;
  monthlyCents: Readonly<Record<LevyTier, number>>;
  /** The day of the next month the levy is paid by GIRO. */
  dueDayOfNextMonth: number;
}

/** mom.gov.sg/passes-and-permits/work-permit-for-foreign-worker/foreign-worker-levy (PAYROLL-SG 6). */
export const LEVY_RATE_TABLES: readonly LevyRateTable[] = [
  {
    effectiveFrom: '2024-01-01',
    monthlyCents: { 'R1-MNP': 30_000, 'R1-NTS': 50_000, 'R2-MNP': 70_000, 'R2-NTS': 90_000 },
    dueDayOfNextMonth: 17,
  },
];

/** PAYROLL-SG 5: CPF contributions are due by the 14th of the next month. */
export const CPF_DUE_DAY_OF_NEXT_MONTH = 14;

/** The entry of an effective-dated table in force on `date` (YYYY-MM-DD); the earliest before any. */
export function inForce<T extends { effectiveFrom: string }>(tables: readonly T[], date: string): T {
  let found: T | undefined;
  for (const table of tables) {
    if (table.effectiveFrom <= date && (!found || table.effectiveFrom >= found.effectiveFrom)) found = table;
  }
  const first = found ?? [...tables].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))[0];
  if (!first) throw new RangeError('No rate table');
  return first;
}
