import { z } from 'zod';
import { isMonth } from '../rules/months.ts';
import { isUuid } from './fields.ts';

/** Decision 090: the monthly manpower report of one site. */
export const MANPOWER_SITE_REQUIRED = 'Please choose a site';
export const MANPOWER_MONTH_INVALID = 'Month must be a month as YYYY-MM';

export const ManpowerQuery = z.object({
  site_id: z
    .string({ error: MANPOWER_SITE_REQUIRED })
    .trim()
    .refine(isUuid, MANPOWER_SITE_REQUIRED)
    .transform((value) => value.toLowerCase()),
  month: z.string({ error: MANPOWER_MONTH_INVALID }).trim().refine(isMonth, MANPOWER_MONTH_INVALID),
});
export type ManpowerQuery = z.output<typeof ManpowerQuery>;

/** The contract's answer: per worker (workers.id) the days and hours (regular and overtime) worked there. */
export const ManpowerReport = z.object({
  items: z.array(z.object({ worker_id: z.string(), days: z.number().int(), hours: z.number() })),
});
export type ManpowerReport = z.infer<typeof ManpowerReport>;

/** What the screen, the CSV and the PDF show of each worker, in the report's column order (decision 090). */
export const ManpowerSheet = z.object({
  site: z.object({
    id: z.string(),
    name: z.string(),
    client_company: z.string(),
    project_reference: z.string().nullable(),
  }),
  month: z.string(),
  items: z.array(
    z.object({
      worker_id: z.string(),
      fin: z.string().nullable(),
      name: z.string(),
      nationality: z.string().nullable(),
      trade: z.string().nullable(),
      pass_type: z.string().nullable(),
      days: z.number().int(),
      hours: z.number(),
    }),
  ),
});
export type ManpowerSheet = z.infer<typeof ManpowerSheet>;

/** Decision 090: the report's columns in order (no published BCA order was found; this one is documented). */
export const MANPOWER_COLUMNS = [
  'S/N',
  'FIN',
  'Name',
  'Nationality',
  'Trade',
  'Pass Type',
  'Days Worked',
  'Hours Worked',
] as const;
