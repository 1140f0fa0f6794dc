import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complianceFlags, digestWeek, itemState, sipRequired, weekStart } from './compliance.ts';

const worker = (overrides: Partial<Parameters<typeof complianceFlags>[0]> = {}) => ({
  type_of_pass: 'WP',
  wp_expiry_date: '2027-06-30',
  passport_expiry_date: '2028-01-01',
  security_bond_expiry_date: '2027-08-01',
  ...overrides,
});

describe('complianceFlags', () => {
  it.each([
    ['no flag when the permit ends a month before the passport and before the bond', worker(), []],
    [
      'permit one day into the last month of the passport',
      worker({ passport_expiry_date: '2027-07-29' }),
      ['PERMIT_BEYOND_PASSPORT'],
    ],
    ['permit exactly one month before the passport', worker({ passport_expiry_date: '2027-07-30' }), []],
    ['permit after the bond', worker({ security_bond_expiry_date: '2027-06-29' }), ['PERMIT_BEYOND_BOND']],
    ['permit on the bond expiry', worker({ security_bond_expiry_date: '2027-06-30' }), []],
    ['no permit date, no flag', worker({ wp_expiry_date: null, passport_expiry_date: '2020-01-01' }), []],
    ['no passport or bond date, no flag', worker({ passport_expiry_date: null, security_bond_expiry_date: null }), []],
  ])('%s', (_name, input, codes) => {
    expect(complianceFlags(input).map((flag) => flag.code)).toEqual(codes);
  });

  it('names the dates in its messages', () => {
    const [flag] = complianceFlags(worker({ passport_expiry_date: '2027-07-01' }));
    expect(flag?.message).toContain('2027-06-30');
    expect(flag?.message).toContain('2027-07-01');
  });
});

describe('sipRequired', () => {
  it.each([
    [null, 'WP', 'Bangladeshi', true],
    [null, 'WP', 'Malaysian', false],
    [null, 'SPass', 'Indian', false],
    [false, 'WP', 'Indian', false],
    [true, 'SPass', 'Malaysian', true],
  ] as const)('override %s, %s, %s: %s', (override, pass, nationality, expected) => {
    expect(sipRequired(override, pass, nationality)).toBe(expected);
  });
});

describe('dates of the calendar and the digest', () => {
  it('an item before today is overdue; today and later are due', () => {
    expect(itemState('2026-12-06', '2026-12-07')).toBe('overdue');
    expect(itemState('2026-12-07', '2026-12-07')).toBe('due');
  });

  it('weeks start on Monday', () => {
    expect(weekStart('2026-12-07')).toBe('2026-12-07');
    expect(weekStart('2026-12-13')).toBe('2026-12-07');
    expect(weekStart('2026-12-14')).toBe('2026-12-14');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (offset) => {
        const date = new Date(Date.UTC(2000, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        const monday = weekStart(date);
        return new Date(`${monday}T00:00:00Z`).getUTCDay() === 1 && monday <= date;
      }),
    );
  });

  it('the digest week turns at Monday 07:00 Singapore time', () => {
    const tz = 'Asia/Singapore';
    // Monday 2026-12-07 06:59 SGT is 2026-12-06 22:59 UTC: still the week before.
    expect(digestWeek(new Date('2026-12-06T22:59:00Z'), tz)).toBe('2026-11-30');
    expect(digestWeek(new Date('2026-12-06T23:00:00Z'), tz)).toBe('2026-12-07');
    expect(digestWeek(new Date('2026-12-13T15:00:00Z'), tz)).toBe('2026-12-07');
  });
});
