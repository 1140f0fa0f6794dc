import { fromCents } from '@td/shared/rules/money';

/** Text formats shared by the PDF documents (SPEC 9: SGD, Singapore-style formatting, 2 decimals). */

const sgd = new Intl.NumberFormat('en-SG', {
  style: 'currency',
  currency: 'SGD',
  currencyDisplay: 'code',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `1234.5` -> `SGD 1,234.50`. The code, not `$`, so a printed contract cannot be read as another dollar. */
export function formatSgd(amount: number): string {
  // Intl puts a no-break space after the code; a plain one copies and searches as people expect.
  return sgd.format(amount).replace(/\s/g, ' ');
}

/** Integer cents as `SGD 1,234.50`: documents add money up in cents and convert it once, here. */
export const formatCents = (cents: number): string => formatSgd(fromCents(cents));

const longDate = new Intl.DateTimeFormat('en-SG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2025-03-05` -> `5 March 2025`, the unambiguous form a Singapore letter uses. */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${isoDate}`);
  return longDate.format(date);
}

/** A value or the fallback when it is missing or blank. */
export function orDefault(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

/**
 * Keeps a short phrase on one line ("8:00 am to 5:00 pm", "SGD 1,234.50 per day"): its spaces become
 * no-break spaces, which the standard fonts draw, and text extraction reads, as ordinary spaces.
 */
export function nowrap(phrase: string): string {
  return phrase.replace(/ /g, '\u00a0');
}
