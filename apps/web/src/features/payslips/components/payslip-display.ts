import { PAYSLIP_BADGE_COLOURS, type PayslipStatus } from '@td/shared/options/payslips';
import { toCents } from '@td/shared/rules/money';
import { HOURS_PER_RATE_UNIT } from '@td/shared/rules/payslip';
import type { PayslipWorker } from '@td/shared/schemas/payslip';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import { formatDate, formatSgd, localIsoDate } from '@/lib/format.ts';

export const payslipWorkerName = (worker: Pick<PayslipWorker, 'first_name' | 'last_name'>) =>
  `${worker.first_name} ${worker.last_name}`;

/** A pay period in the browser's local date format (SPEC 2 "dates as local dates"). */
export const formatPeriod = (start: string, end: string) => `${formatDate(start)} – ${formatDate(end)}`;

/** SPEC 4 badge colours; any other status grey. */
export const payslipStatusTone = (status: string): BadgeTone =>
  PAYSLIP_BADGE_COLOURS[status as PayslipStatus] ?? 'gray';

/** The payroll run's default period: the last calendar month, first to last day. */
export function lastMonthPeriod(now = new Date()): { start: string; end: string } {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return { start: localIsoDate(first), end: localIsoDate(last) };
}

/** The most decimals a rate is written with; a rate needing more is cut there and marked "…". */
const RATE_DECIMALS = 6;
const rateFormats = new Map<boolean, Intl.NumberFormat>();

/**
 * Probe finding 22: the rate an amount was multiplied by, with the precision that was used. SPEC 9's
 * hourly rate is the salary rate over 1 (Hourly), 8 (Daily) or 208 (Monthly) hours, never rounded before
 * it is multiplied (rules/payslip.ts), so "45.00 h × $3.13 = $140.63" did not multiply out where
 * "45.00 h × $3.125" does. A rate that ends within 6 decimals is written whole; one that does not
 * (1,850 / 208 = 8.894230769…) is written to 6 decimals with "…", which still multiplies out to the cent
 * for any month's hours, and the division it comes from is given beside it.
 *
 * `multiplier` is the overtime factor as a fraction (SPEC 9: 1.5 = 3/2); null when the rate is unknown.
 */
export function exactRate(
  rateType: string | null,
  salaryRate: number | null,
  multiplier: { numerator: number; denominator: number } = { numerator: 1, denominator: 1 },
): { text: string; exact: boolean; division: string } | null {
  const hours = rateType === null ? undefined : HOURS_PER_RATE_UNIT[rateType];
  if (hours === undefined || salaryRate === null) return null;
  const cents = BigInt(toCents(salaryRate)) * BigInt(multiplier.numerator);
  const divisor = BigInt(hours) * BigInt(multiplier.denominator);
  // The rate in millionths of a dollar (10^4 per cent), cut (never rounded up) to RATE_DECIMALS.
  const scale = 10n ** BigInt(RATE_DECIMALS - 2);
  const micros = (cents * scale) / divisor;
  const exact = (cents * scale) % divisor === 0n;
  // An exact rate ends where its digits end; a cut one shows all 6, so it reads as cut, not as exact.
  let format = rateFormats.get(exact);
  if (!format) {
    format = new Intl.NumberFormat('en-SG', {
      style: 'currency',
      currency: 'SGD',
      minimumFractionDigits: exact ? 2 : RATE_DECIMALS,
      maximumFractionDigits: RATE_DECIMALS,
    });
    rateFormats.set(exact, format);
  }
  const text = `${format.format(Number(micros) / 10 ** RATE_DECIMALS)}${exact ? '' : '…'}`;
  const factor =
    multiplier.numerator === multiplier.denominator ? '' : ` × ${multiplier.numerator / multiplier.denominator}`;
  return { text, exact, division: `${formatSgd(salaryRate)}${factor} ÷ ${hours} h` };
}
