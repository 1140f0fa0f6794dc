import { z } from 'zod';
import { weekdayOf } from '../options/pay-rules.ts';
import { addDays } from '../rules/dates.ts';
import { isoDate, optional, requiredText } from './fields.ts';

/**
 * Decision 092: the public holidays payroll reads (EA s.88; Holidays Act), edited on
 * `/settings/public-holidays`. `observed_date` is the day the holiday is taken: the date itself, or the
 * Monday after a holiday on a Sunday (the default when none is given).
 */

export const PUBLIC_HOLIDAY_LABELS = { date: 'Date', name: 'Name', observed_date: 'Observed date' } as const;
export const PUBLIC_HOLIDAY_NOT_FOUND = 'The requested public holiday could not be found.';
export const publicHolidayExistsMessage = (date: string) => `A public holiday on ${date} already exists`;
export const OBSERVED_BEFORE_DATE = 'Observed date cannot be before the date';
export const YEAR_INVALID = 'Year must be a year between 2000 and 2099';

/** Holidays Act s.4: a holiday on a Sunday is observed on the Monday after. */
export const defaultObservedDate = (date: string) => (weekdayOf(date) === 'Sunday' ? addDays(date, 1) : date);

export const PublicHolidayInput = z
  .object({
    date: isoDate({ label: PUBLIC_HOLIDAY_LABELS.date, min: '2000-01-01' }),
    name: requiredText(100, { label: PUBLIC_HOLIDAY_LABELS.name }),
    observed_date: optional(isoDate({ label: PUBLIC_HOLIDAY_LABELS.observed_date, min: '2000-01-01' })),
  })
  .transform((input, ctx) => {
    const observed = input.observed_date ?? defaultObservedDate(input.date);
    if (observed < input.date) {
      ctx.addIssue({ code: 'custom', path: ['observed_date'], message: OBSERVED_BEFORE_DATE });
      return z.NEVER;
    }
    return { ...input, observed_date: observed };
  });
export type PublicHolidayInput = z.output<typeof PublicHolidayInput>;
export type PublicHolidayFormValues = z.input<typeof PublicHolidayInput>;

export const PublicHoliday = z.object({
  id: z.string(),
  date: z.string(),
  name: z.string(),
  observed_date: z.string(),
});
export type PublicHoliday = z.infer<typeof PublicHoliday>;

export const PublicHolidayListQuery = z.object({
  year: z.coerce
    .number({ error: YEAR_INVALID })
    .int(YEAR_INVALID)
    .min(2000, YEAR_INVALID)
    .max(2099, YEAR_INVALID)
    .optional(),
});
export type PublicHolidayListQuery = z.input<typeof PublicHolidayListQuery>;

export const PublicHolidayList = z.object({ items: z.array(PublicHoliday) });
export type PublicHolidayList = z.infer<typeof PublicHolidayList>;
