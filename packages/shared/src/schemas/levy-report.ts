import { z } from 'zod';
import { isMonth } from '../rules/months.ts';
import { LEVY_TIERS } from '../rules/statutory-rates.ts';

/** Decision 103: the month's Foreign Worker Levy, per Work Permit holder. */
export const LEVY_MONTH_INVALID = 'Month must be a month as YYYY-MM';

export const LevyQuery = z.object({
  month: z.string({ error: LEVY_MONTH_INVALID }).trim().refine(isMonth, LEVY_MONTH_INVALID),
});
export type LevyQuery = z.output<typeof LevyQuery>;

/**
 * `GET /api/reports/levy?month=`: per WP holder (workers.id) the days the permit was valid, the tier's
 * monthly rate and the month's levy (dollars); the total and the day it is paid by GIRO.
 */
export const LevyReport = z.object({
  items: z.array(
    z.object({ worker_id: z.string(), days: z.number().int(), monthly_rate: z.number(), amount: z.number() }),
  ),
  total: z.number(),
  due_date: z.string(),
});
export type LevyReport = z.infer<typeof LevyReport>;

/** What the screen shows: the report with each worker's name, FIN and tier, and the WP holders whose tier is unknown. */
export const LevySheet = z.object({
  month: z.string(),
  items: z.array(
    z.object({
      worker_id: z.string(),
      worker_code: z.string(),
      name: z.string(),
      fin: z.string().nullable(),
      levy_tier: z.enum(LEVY_TIERS),
      date_of_issuance: z.string().nullable(),
      wp_cancellation_date: z.string().nullable(),
      days: z.number().int(),
      monthly_rate: z.number(),
      amount: z.number(),
    }),
  ),
  total: z.number(),
  due_date: z.string(),
  /** WP holders with a permit in the month whose tier cannot be told: asked on the worker form. */
  without_tier: z.array(z.object({ worker_id: z.string(), worker_code: z.string(), name: z.string() })),
});
export type LevySheet = z.infer<typeof LevySheet>;
