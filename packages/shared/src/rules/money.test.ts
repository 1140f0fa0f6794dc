import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToText, fromCents, parseMoney, roundHalfUpDivide, toCents } from './money.ts';

/** Cents up to ten billion dollars: every one is exact as a JavaScript number of dollars too. */
const anyCents = fc.integer({ min: -1e12, max: 1e12 });

describe('parseMoney / toCents (decision 009: exact decimal, at most 2 decimals)', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.05', 5],
    ['1.01', 101],
    ['007.10', 710],
    ['  1850.5 ', 185050],
    ['-3.10', -310],
    ['-0', 0],
    [1.1, 110],
    [1850.5, 185050],
    [0.07, 7],
    [4.35, 435], // 4.35 * 100 is 434.99999999999994
    [1.15, 115], // 1.15 * 100 is 114.99999999999999
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseMoney(input)).toEqual({ ok: true, cents });
    expect(toCents(input)).toBe(cents);
  });

  it.each([
    '0x10',
    '0b101',
    '0o7',
    '1e3',
    '1E3',
    '1e-2',
    '+5',
    '.5',
    '5.',
    '1,000',
    '1 000',
    '12abc',
    'Infinity',
    'NaN',
    '',
    ' ',
    '--1',
    '١٢', // Arabic-Indic digits: not a plain decimal for this form
    '99999999999999.99', // beyond exact cents
    1e21,
    1e-7,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('refuses %j as not a plain decimal', (input) => {
    expect(parseMoney(input)).toEqual({ ok: false, problem: 'format' });
    expect(() => toCents(input)).toThrow(RangeError);
  });

  it.each(['1.005', '0.001', '12.345', 1.005, 0.125, '-1.999'])(
    'refuses %j for having more than 2 decimals',
    (input) => {
      expect(parseMoney(input)).toEqual({ ok: false, problem: 'decimals' });
    },
  );

  it('reads any 2-decimal text as the integer its digits spell (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.boolean(), (digits, negative) => {
        const whole = digits / 100n;
        const fraction = String(digits % 100n).padStart(2, '0');
        const text = `${negative ? '-' : ''}${whole}.${fraction}`;
        const expected = Number(digits) * (negative && digits !== 0n ? -1 : 1);
        expect(toCents(text)).toBe(expected);
      }),
    );
  });

  it('round-trips cents through dollars, as a number and as text (property)', () => {
    fc.assert(
      fc.property(anyCents, (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
        expect(toCents(centsToText(cents))).toBe(cents);
        expect(centsToText(cents)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });

  it('never accepts a third decimal, whatever the digits (property)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1e9 }),
        fc.stringMatching(/^\d{2}[1-9]\d{0,3}$/),
        (whole, decimals) => !parseMoney(`${whole}.${decimals}`).ok,
      ),
    );
  });

  it('agrees with the sum of its parts: cents of a + b is cents of a plus cents of b (property)', () => {
    fc.assert(
      fc.property(anyCents, anyCents, (a, b) => {
        expect(toCents(centsToText(a + b))).toBe(toCents(centsToText(a)) + toCents(centsToText(b)));
      }),
    );
  });
});

describe('fromCents and centsToText', () => {
  it('answers dollars and fixed 2-decimal text', () => {
    expect(fromCents(185050)).toBe(1850.5);
    expect(fromCents(7)).toBe(0.07);
    expect(centsToText(185050)).toBe('1850.50');
    expect(centsToText(-5)).toBe('-0.05');
    expect(centsToText(0)).toBe('0.00');
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });
});

describe('roundHalfUpDivide (payslip maths on integer cents and minutes)', () => {
  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [1, 3, 0],
    [2, 3, 1],
    [-5, 2, -3],
    [5, -2, -3],
    [-1, 3, 0],
    // 7 h 30 min at $12.35 an hour: 450 * 1235 / 60 = 9262.5 cents -> 9263
    [450 * 1235, 60, 9263],
    // Monthly $2,000.00: 1 minute = 200000 / 26 / 8 / 60 = 16.0256... cents -> 16
    [200000, 26 * 8 * 60, 16],
  ])('%i / %i rounds to %i', (numerator, denominator, expected) => {
    expect(roundHalfUpDivide(numerator, denominator)).toBe(expected);
  });

  it('matches half-up rounding of the exact quotient (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        const result = BigInt(roundHalfUpDivide(n, d));
        const [bn, bd] = [BigInt(n), BigInt(d)];
        // result - 1/2 <= n/d < result + 1/2, in integers: 2n - d < 2 d result <= 2n + d
        expect(2n * bd * result <= 2n * bn + bd).toBe(true);
        expect(2n * bd * result > 2n * bn - bd).toBe(true);
      }),
    );
  });

  it('refuses division by zero', () => {
    expect(() => roundHalfUpDivide(1, 0)).toThrow(RangeError);
  });
});
