/**
 * ARCHITECTURE, Data: money is integer cents inside (tables, sums, payslip maths) and dollars with at
 * most 2 decimals at the API and UI edge. These helpers are the only place the two meet.
 *
 * The conversion works on the decimal digits, never on a binary float: `Math.round(1.005 * 100)` is
 * 100 because 1.005 is stored as 1.00499999999999989..., and `Number('0x10')` is 16. A money value is
 * a plain decimal: optional minus, digits, optionally a point and 1 or 2 digits. Anything else (hex,
 * binary, exponents, a third decimal, thousands separators, `Infinity`) is refused, not rounded.
 */

/** Digits of a plain decimal with up to 2 decimals: `12`, `12.5`, `0.05`, `-3.10`. */
const PLAIN_MONEY = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
/** A plain decimal that only fails for having 3 or more decimals. */
const TOO_MANY_DECIMALS = /^-?\d+\.\d{3,}$/;
/** Whole-dollar digits beyond this cannot be exact in a JavaScript number of cents. */
const MAX_DOLLAR_DIGITS = 13;

export type MoneyParse = { ok: true; cents: number } | { ok: false; problem: 'format' | 'decimals' };

/**
 * Reads an amount of dollars as integer cents, exactly. Strings are read as written (surrounding spaces
 * ignored); numbers as their shortest decimal form (`1.1` reads "1.1"), so a JSON number with more than
 * 2 decimals or an exponent form (`1e21`, `1e-7`) is refused like the same text would be.
 */
export function parseMoney(value: string | number): MoneyParse {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, problem: 'format' };
    text = String(value);
  } else {
    text = value.trim();
  }
  const match = PLAIN_MONEY.exec(text);
  if (!match) return { ok: false, problem: TOO_MANY_DECIMALS.test(text) ? 'decimals' : 'format' };
  const [, sign = '', dollars = '', decimals = ''] = match;
  const wholeDigits = dollars.replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > MAX_DOLLAR_DIGITS) return { ok: false, problem: 'format' };
  // Integer arithmetic on the digits: "1.05" is 1 * 100 + 5, never 1.05 * 100.
  const cents = Number(wholeDigits) * 100 + Number(decimals.padEnd(2, '0'));
  return { ok: true, cents: sign === '-' && cents !== 0 ? -cents : cents };
}

/** Dollars (a plain decimal, see `parseMoney`) to integer cents; throws a RangeError on anything else. */
export function toCents(value: string | number): number {
  const parsed = parseMoney(value);
  if (!parsed.ok) throw new RangeError(`Not an amount of money with at most 2 decimals: ${String(value)}`);
  return parsed.cents;
}

/** Integer cents to the dollars the API answers: `185050` -> `1850.5` (the nearest double prints exactly). */
export function fromCents(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** Integer cents as fixed 2-decimal text: `185050` -> `"1850.50"`, `-5` -> `"-0.05"`. */
export function centsToText(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * `numerator / denominator` rounded half away from zero to an integer, exactly (integer arithmetic).
 * For payslip maths on integer cents and minutes: basic pay in cents is
 * `roundHalfUpDivide(minutes * hourlyRateCents, 60)`, and a Monthly rate's unrounded hourly rate
 * (salary / 26 / 8) stays exact as `roundHalfUpDivide(minutes * salaryCents, 60 * 26 * 8)`.
 */
export function roundHalfUpDivide(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('Division by zero');
  const negative = n < 0n !== d < 0n;
  const absN = n < 0n ? -n : n;
  const absD = d < 0n ? -d : d;
  const quotient = (2n * absN + absD) / (2n * absD);
  const result = Number(negative ? -quotient : quotient);
  if (!Number.isSafeInteger(result)) throw new RangeError('Result is too large');
  return result === 0 ? 0 : result;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number: ${cents}`);
}

let sgd: Intl.NumberFormat | undefined;

/** SPEC 9: SGD, Singapore-style formatting, 2 decimals. Takes dollars as the API answers them. */
export function formatSgd(amount: number): string {
  // Made on first use, not when the module loads: a page's first Intl number format loads ICU's data
  // (20-30 ms in Chromium here), which the pages that show no money should not pay (decision 032).
  sgd ??= new Intl.NumberFormat('en-SG', { style: 'currency', currency: 'SGD', minimumFractionDigits: 2 });
  return sgd.format(amount);
}
