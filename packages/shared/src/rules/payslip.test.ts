import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePayslip, HOURS_PER_RATE_UNIT, otherDeductionsToCents } from './payslip.ts';
import { minutesToHours } from './timesheet-hours.ts';

const base = { workedMinutes: 0, overtimeMinutes: 0, adminChargesCents: 0, otherDeductionsCents: 0 };
const hours = (h: number) => Math.round(h * 60);

describe('calculatePayslip: SPEC 9 figures with awkward amounts', () => {
  it.each([
    {
      case: 'Monthly 1,850.00 over 187.25 h and 12.5 h overtime, charges of 50.00 and 25.50',
      input: {
        rateType: 'Monthly',
        salaryRateCents: 185_000,
        workedMinutes: hours(187.25),
        overtimeMinutes: hours(12.5),
        adminChargesCents: 5_000 + 2_550,
        otherDeductionsCents: 0,
      },
      // 1850 / 26 / 8 = 8.894230769...; 187.25 h x that = 1665.4447...; 12.5 h x 13.341346... = 166.7668...
      expected: {
        totalHoursWorked: 187.25,
        totalOvertimeHours: 12.5,
        hourlyRateCents: 889,
        overtimeRateCents: 1334,
        basicSalaryCents: 166_544,
        overtimeAmountCents: 16_677,
        adminChargesDeductionCents: 7_550,
        otherDeductionsCents: 0,
        nettSalaryCents: 175_671,
        grossSalaryCents: 183_221,
      },
    },
    {
      case: 'Daily 95.00: an hourly rate of 11.875 shows as 11.88 (the half cent rounds up)',
      input: {
        rateType: 'Daily',
        salaryRateCents: 9_500,
        workedMinutes: hours(176),
        overtimeMinutes: hours(10.25),
        adminChargesCents: 0,
        otherDeductionsCents: 0,
      },
      // 176 h x 11.875 = 2090.00 exactly; 10.25 h x 17.8125 = 182.578125.
      expected: {
        totalHoursWorked: 176,
        totalOvertimeHours: 10.25,
        hourlyRateCents: 1_188,
        overtimeRateCents: 1_781,
        basicSalaryCents: 209_000,
        overtimeAmountCents: 18_258,
        adminChargesDeductionCents: 0,
        otherDeductionsCents: 0,
        nettSalaryCents: 227_258,
        grossSalaryCents: 227_258,
      },
    },
    {
      case: 'Hourly 12.35: 160.5 h is 1982.175 and 1 h overtime at 18.525, both half cents that round up',
      input: {
        rateType: 'Hourly',
        salaryRateCents: 1_235,
        workedMinutes: hours(160.5),
        overtimeMinutes: hours(1),
        adminChargesCents: 0,
        otherDeductionsCents: 1_234,
      },
      expected: {
        totalHoursWorked: 160.5,
        totalOvertimeHours: 1,
        hourlyRateCents: 1_235,
        overtimeRateCents: 1_853,
        basicSalaryCents: 198_218,
        overtimeAmountCents: 1_853,
        adminChargesDeductionCents: 0,
        otherDeductionsCents: 1_234,
        nettSalaryCents: 198_837,
        grossSalaryCents: 200_071,
      },
    },
    {
      case: 'an unknown rate type pays nothing but still deducts (the nett may go below zero)',
      input: { ...base, rateType: 'Weekly', salaryRateCents: 50_000, workedMinutes: 600, adminChargesCents: 1_000 },
      expected: {
        totalHoursWorked: 10,
        totalOvertimeHours: 0,
        hourlyRateCents: 0,
        overtimeRateCents: 0,
        basicSalaryCents: 0,
        overtimeAmountCents: 0,
        adminChargesDeductionCents: 1_000,
        otherDeductionsCents: 0,
        nettSalaryCents: -1_000,
        grossSalaryCents: 0,
      },
    },
  ])('$case', ({ input, expected }) => {
    expect(calculatePayslip(input)).toEqual(expected);
  });

  it('a worker without a rate type or salary rate earns 0', () => {
    expect(
      calculatePayslip({ ...base, rateType: null, salaryRateCents: 10_000, workedMinutes: 480 }).basicSalaryCents,
    ).toBe(0);
    expect(
      calculatePayslip({ ...base, rateType: 'Hourly', salaryRateCents: null, workedMinutes: 480 }).basicSalaryCents,
    ).toBe(0);
  });

  it('no timesheets and no charges give a $0 payslip', () => {
    const figures = calculatePayslip({ ...base, rateType: 'Monthly', salaryRateCents: 185_000 });
    expect(figures.nettSalaryCents).toBe(0);
    expect(figures.hourlyRateCents).toBe(889);
  });

  it('refuses fractional minutes or cents: callers convert first', () => {
    expect(() => calculatePayslip({ ...base, rateType: 'Hourly', salaryRateCents: 1_000, workedMinutes: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => calculatePayslip({ ...base, rateType: 'Hourly', salaryRateCents: -1 })).toThrow(RangeError);
  });
});

describe('calculatePayslip: properties', () => {
  const inputs = fc.record({
    rateType: fc.constantFrom('Hourly', 'Daily', 'Monthly', 'Weekly', null),
    salaryRateCents: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
    workedMinutes: fc.integer({ min: 0, max: 31 * 24 * 60 }),
    overtimeMinutes: fc.integer({ min: 0, max: 31 * 24 * 60 }),
    adminChargesCents: fc.integer({ min: 0, max: 10_000_000 }),
    otherDeductionsCents: fc.integer({ min: 0, max: 10_000_000 }),
  });

  it('nett is exactly the sum of the rounded lines, so the payslip adds up as printed', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const f = calculatePayslip(input);
        expect(f.nettSalaryCents).toBe(
          f.basicSalaryCents + f.overtimeAmountCents - f.adminChargesDeductionCents - f.otherDeductionsCents,
        );
        expect(f.grossSalaryCents).toBe(f.basicSalaryCents + f.overtimeAmountCents);
        for (const amount of [f.basicSalaryCents, f.overtimeAmountCents, f.hourlyRateCents, f.overtimeRateCents]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
        }
      }),
    );
  });

  it('each amount is the exact product rounded half-up to the cent (never from a rounded rate)', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const f = calculatePayslip(input);
        const unit = input.rateType === null ? undefined : HOURS_PER_RATE_UNIT[input.rateType];
        const rate = unit === undefined || input.salaryRateCents === null ? 0n : BigInt(input.salaryRateCents);
        const perUnit = BigInt(unit ?? 1);
        // basic = rate x minutes / (60 x perUnit): rounding half-up means rounded - exact lies in (-1/2, 1/2].
        const basicNumerator = rate * BigInt(input.workedMinutes);
        const basicDenominator = 60n * perUnit;
        const basicError = 2n * (BigInt(f.basicSalaryCents) * basicDenominator - basicNumerator);
        expect(basicError > -basicDenominator && basicError <= basicDenominator).toBe(true);
        const overtimeNumerator = rate * BigInt(input.overtimeMinutes) * 3n;
        const overtimeDenominator = 120n * perUnit;
        const overtimeError = 2n * (BigInt(f.overtimeAmountCents) * overtimeDenominator - overtimeNumerator);
        expect(overtimeError > -overtimeDenominator && overtimeError <= overtimeDenominator).toBe(true);
      }),
    );
  });

  it('more hours never pay less, and whole hours of an Hourly worker pay exactly rate x hours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 60 }),
        (rateCents, wholeHours, extraMinutes) => {
          const at = (minutes: number) =>
            calculatePayslip({ ...base, rateType: 'Hourly', salaryRateCents: rateCents, workedMinutes: minutes });
          expect(at(wholeHours * 60).basicSalaryCents).toBe(rateCents * wholeHours);
          expect(at(wholeHours * 60 + extraMinutes).basicSalaryCents).toBeGreaterThanOrEqual(rateCents * wholeHours);
        },
      ),
    );
  });
});

describe('minutesToHours: the payslip hours are the timesheet rule (rules/timesheet-hours)', () => {
  it.each([
    [0, 0],
    [450, 7.5],
    [11_235, 187.25],
    [7, 0.12],
    [1, 0.02],
    [20, 0.33],
  ])('%i minutes are %d hours', (minutes, expected) => {
    expect(minutesToHours(minutes)).toBe(expected);
  });

  it('agrees with the exact half-up rounding the payslip used before for every whole number of minutes', () => {
    // minutes x 100 / 60 never ends in exactly .5 (10 x minutes is even, 6k + 3 is odd), so the float
    // form cannot round a tie the wrong way; this checks the float error never matters either.
    const exact = (minutes: number) => Number((BigInt(minutes) * 200n + 60n) / 120n) / 100;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (minutes) => {
        expect(minutesToHours(minutes)).toBe(exact(minutes));
      }),
      { numRuns: 20_000 },
    );
    for (let minutes = 0; minutes <= 31 * 24 * 60; minutes++) expect(minutesToHours(minutes)).toBe(exact(minutes));
  });
});

describe('otherDeductionsToCents: SPEC 5 "invalid counts as 0", never negative', () => {
  it.each([
    [12.34, 1_234],
    ['12.34', 1_234],
    [' 7 ', 700],
    ['0.005', 1],
    [1.005, 101],
    ['12.345', 1_235],
    ['.5', 50],
    [0, 0],
    ['', 0],
    ['abc', 0],
    ['-5', 0],
    [-5, 0],
    ['1e3', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
    [{}, 0],
    [10_000_001, 0],
  ])('%j -> %i cents', (value, cents) => {
    expect(otherDeductionsToCents(value)).toBe(cents);
  });
});
