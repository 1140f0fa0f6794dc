import { describe, expect, it } from 'vitest';
import { dueDateAfter, levyDailyRateCents, levyForMonth, levyForPeriod, levyTierOf } from './levy.ts';

describe('Foreign Worker Levy (PAYROLL-SG 6)', () => {
  it('derives the tier from nationality and R1/R2, else the levy field, else cannot tell', () => {
    const wp = { typeOfPass: 'WP', levy: null, override: null };
    expect(levyTierOf({ ...wp, nationality: 'Bangladeshi', coretrade: 'R2' })).toBe('R2-NTS');
    expect(levyTierOf({ ...wp, nationality: 'Malaysian', coretrade: 'R1' })).toBe('R1-MNP');
    expect(levyTierOf({ ...wp, nationality: 'Chinese', coretrade: 'R2' })).toBe('R2-MNP');
    expect(levyTierOf({ ...wp, nationality: 'Indian', coretrade: 'R1' })).toBe('R1-NTS');
    expect(levyTierOf({ ...wp, nationality: 'Vietnamese', coretrade: 'R2' })).toBeNull();
    expect(levyTierOf({ ...wp, nationality: 'Indian', coretrade: 'Abv 6 Years' })).toBeNull();
    expect(levyTierOf({ ...wp, nationality: 'Vietnamese', coretrade: 'R2', levy: '$700' })).toBe('R2-MNP');
    expect(levyTierOf({ ...wp, nationality: 'Indian', coretrade: 'R2', override: 'R1-NTS' })).toBe('R1-NTS');
    expect(levyTierOf({ ...wp, typeOfPass: 'PR', nationality: 'Indian', coretrade: 'R2' })).toBeNull();
  });

  it('rounds the daily rate up to the cent', () => {
    expect(levyDailyRateCents(90_000)).toBe(2959); // 29.589...
    expect(levyDailyRateCents(30_000)).toBe(987); // 9.863...
    expect(levyDailyRateCents(70_000)).toBe(2302); // 23.013...
  });

  it('prorates a permit issued mid-month by the day, both ends counted', () => {
    const validity = { issuedOn: '2026-03-16', cancelledOn: null };
    expect(levyForMonth('R2-NTS', validity, '2026-03')).toEqual({
      days: 16,
      monthlyCents: 90_000,
      amountCents: 47_344,
    });
    expect(levyForMonth('R2-NTS', validity, '2026-04')).toEqual({
      days: 30,
      monthlyCents: 90_000,
      amountCents: 90_000,
    });
    expect(levyForMonth('R2-NTS', validity, '2026-02')).toEqual({ days: 0, monthlyCents: 90_000, amountCents: 0 });
  });

  it('stops at the cancellation', () => {
    const validity = { issuedOn: '2025-01-02', cancelledOn: '2026-03-10' };
    expect(levyForMonth('R1-MNP', validity, '2026-03')).toEqual({ days: 10, monthlyCents: 30_000, amountCents: 9870 });
    expect(levyForMonth('R1-MNP', { issuedOn: null, cancelledOn: null }, '2026-03').amountCents).toBe(0);
  });

  it('splits a period across two months', () => {
    const validity = { issuedOn: '2025-01-02', cancelledOn: null };
    // 15 Mar to 14 Apr: 17 days of March and 14 of April by the day.
    expect(levyForPeriod('R2-MNP', validity, { start: '2026-03-15', end: '2026-04-14' })).toBe(31 * 2302);
    expect(levyForPeriod('R2-MNP', validity, { start: '2026-03-01', end: '2026-03-31' })).toBe(70_000);
  });

  it('is due on the 17th of the next month', () => {
    expect(dueDateAfter('2026-03', 17)).toBe('2026-04-17');
    expect(dueDateAfter('2026-12', 17)).toBe('2027-01-17');
  });
});
