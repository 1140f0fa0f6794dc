import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deductionWarnings } from './deduction-warnings.ts';

const codes = (input: Parameters<typeof deductionWarnings>[0]) => deductionWarnings(input).map((w) => w.code);
const charge = (chargeType: string, amountCents: number) => ({ chargeType, amountCents });

describe('deductionWarnings: Employment Act s.32, 50% of the period salary', () => {
  it('exactly half is lawful; one cent more warns', () => {
    expect(
      codes({
        grossSalaryCents: 100_000,
        adminChargesByType: [charge('Attendance', 30_000)],
        otherDeductionsCents: 20_000,
      }),
    ).toEqual([]);
    expect(
      codes({
        grossSalaryCents: 100_000,
        adminChargesByType: [charge('Attendance', 30_000)],
        otherDeductionsCents: 20_001,
      }),
    ).toEqual(['DEDUCTIONS_OVER_HALF']);
  });

  it('an odd salary: half of 100.01 is 50.005, so 50.00 is lawful and 50.01 is not', () => {
    expect(codes({ grossSalaryCents: 10_001, adminChargesByType: [], otherDeductionsCents: 5_000 })).toEqual([]);
    expect(codes({ grossSalaryCents: 10_001, adminChargesByType: [], otherDeductionsCents: 5_001 })).toEqual([
      'DEDUCTIONS_OVER_HALF',
    ]);
  });

  it('any deduction from a $0 salary passes the cap; no deductions never warn', () => {
    expect(codes({ grossSalaryCents: 0, adminChargesByType: [charge('Other', 1)], otherDeductionsCents: 0 })).toEqual([
      'DEDUCTIONS_OVER_HALF',
    ]);
    expect(codes({ grossSalaryCents: 0, adminChargesByType: [], otherDeductionsCents: 0 })).toEqual([]);
  });

  it('names the amounts and the section', () => {
    const [warning] = deductionWarnings({
      grossSalaryCents: 100_000,
      adminChargesByType: [charge('Other', 60_000)],
      otherDeductionsCents: 0,
    });
    expect(warning?.message).toContain('$600.00');
    expect(warning?.message).toContain('$1,000.00');
    expect(warning?.message).toContain('s.32');
  });
});

describe('deductionWarnings: damage or loss, 25% (s.27(1)(b), s.28)', () => {
  it('Equipment Damage of exactly a quarter is lawful; one cent more warns', () => {
    expect(
      codes({
        grossSalaryCents: 200_000,
        adminChargesByType: [charge('Equipment Damage', 50_000)],
        otherDeductionsCents: 0,
      }),
    ).toEqual([]);
    expect(
      codes({
        grossSalaryCents: 200_000,
        adminChargesByType: [charge('Equipment Damage', 50_001)],
        otherDeductionsCents: 0,
      }),
    ).toEqual(['DAMAGE_OVER_QUARTER']);
  });

  it('only Equipment Damage counts toward the quarter', () => {
    expect(
      codes({
        grossSalaryCents: 200_000,
        adminChargesByType: [charge('Equipment Damage', 40_000), charge('Attendance', 40_000)],
        otherDeductionsCents: 0,
      }),
    ).toEqual([]);
  });

  it('both caps can be passed at once', () => {
    expect(
      codes({
        grossSalaryCents: 100_000,
        adminChargesByType: [charge('Equipment Damage', 60_000)],
        otherDeductionsCents: 0,
      }),
    ).toEqual(['DEDUCTIONS_OVER_HALF', 'DAMAGE_OVER_QUARTER']);
  });
});

describe('deductionWarnings: fines are not authorised deductions (s.27)', () => {
  it.each(['Safety Violation', 'Misconduct'])('a %s charge deducted warns, however small', (chargeType) => {
    const warnings = deductionWarnings({
      grossSalaryCents: 500_000,
      adminChargesByType: [charge(chargeType, 1)],
      otherDeductionsCents: 0,
    });
    expect(warnings.map((w) => w.code)).toEqual(['FINE_DEDUCTED']);
    expect(warnings[0]?.message).toContain("Commissioner's approval");
  });

  it('a $0 fine is no deduction; Attendance and Other are not fines', () => {
    expect(
      codes({
        grossSalaryCents: 500_000,
        adminChargesByType: [charge('Misconduct', 0), charge('Attendance', 100), charge('Other', 100)],
        otherDeductionsCents: 0,
      }),
    ).toEqual([]);
  });
});

describe('deductionWarnings: properties', () => {
  it('the 50% warning appears exactly when deductions exceed half the salary', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(
          fc.record({
            chargeType: fc.constantFrom('Attendance', 'Other', 'Equipment Damage', 'Misconduct', 'Safety Violation'),
            amountCents: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          { maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 1_000_000 }),
        (grossSalaryCents, adminChargesByType, otherDeductionsCents) => {
          const total = adminChargesByType.reduce((sum, c) => sum + c.amountCents, 0) + otherDeductionsCents;
          const warned = codes({ grossSalaryCents, adminChargesByType, otherDeductionsCents }).includes(
            'DEDUCTIONS_OVER_HALF',
          );
          expect(warned).toBe(total > grossSalaryCents / 2);
        },
      ),
    );
  });
});
