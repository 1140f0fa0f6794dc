import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekdayOf } from '../options/pay-rules.ts';
import { addDays } from './dates.ts';
import {
  computeEmploymentActPay,
  deductCharges,
  deductionsOverHalf,
  type EmploymentActInput,
  type PayCharge,
  type PayDay,
  withOtherDeductions,
} from './employment-act-pay.ts';
import { calculatePayslip } from './payslip.ts';

const h = (hours: number) => Math.round(hours * 60);
const FEB_2026 = { start: '2026-02-01', end: '2026-02-28' };
// PAYROLL-SG.md section 3: Singapore's 2026 holidays as observed.
const HOLIDAYS_2026 = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-02-17', name: 'Chinese New Year' },
  { date: '2026-02-18', name: 'Chinese New Year' },
  { date: '2026-03-21', name: 'Hari Raya Puasa' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-05-01', name: 'Labour Day' },
  { date: '2026-05-27', name: 'Hari Raya Haji' },
  { date: '2026-06-01', name: 'Vesak Day (observed)' },
  { date: '2026-08-10', name: 'National Day (observed)' },
  { date: '2026-11-09', name: 'Deepavali (observed)' },
  { date: '2026-12-25', name: 'Christmas Day' },
];

function input(overrides: Partial<EmploymentActInput> = {}): EmploymentActInput {
  return {
    period: FEB_2026,
    rateType: 'Monthly',
    salaryRateCents: 180_000,
    restDay: 'Sunday',
    workingDaysPerWeek: 6,
    normalMinutesPerDay: h(8),
    employmentStartDate: null,
    employmentEndDate: null,
    declaredMonthlySalaryCents: null,
    publicHolidays: HOLIDAYS_2026,
    days: [],
    charges: [],
    otherDeductionsCents: 0,
    ...overrides,
  };
}

/** `hours` on each date from start to end that passes `keep`. */
function daysFrom(start: string, end: string, hours: number, keep: (date: string) => boolean = () => true): PayDay[] {
  const days: PayDay[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (keep(date)) days.push({ workDate: date, minutes: h(hours), restDayRequestedBy: 'Employer' });
  }
  return days;
}
const holidayDates = new Set(HOLIDAYS_2026.map((holiday) => holiday.date));
const workingDay = (date: string) => weekdayOf(date) !== 'Sunday' && !holidayDates.has(date);

describe('computeEmploymentActPay: PAYROLL-SG.md worked figures ($1,800 a month, Mon-Sat, 8 h days)', () => {
  it('every working day of February 2026 worked: $1,913.29 due where the seed pays $1,523.08', () => {
    const days = daysFrom('2026-02-01', '2026-02-28', 8, workingDay);
    const pay = computeEmploymentActPay(input({ days }));
    // The weeks of 2-8 and 9-15 Feb hold 48 h each: 4 h past 44 each; 16-22 has the two CNY days;
    // 23-28 belongs to March's period (its Sunday is 1 March).
    expect(pay.basic.cents).toBe(180_000);
    expect(pay.overtimeMinutes).toBe(h(8));
    expect(pay.overtime.cents).toBe(11_329); // 8 x 14.160839...
    expect(pay.overtime.basis).toBe('8.00 h past 44 a week at $14.16 an hour (1.5 x the hourly basic rate)');
    expect(pay.grossCents).toBe(191_329);
    expect(pay.hourlyRateCents).toBe(944);
    expect(pay.overtimeRateCents).toBe(1416);
    expect(pay.dailyRateCents).toBe(6923);
    const seed = calculatePayslip({
      rateType: 'Monthly',
      salaryRateCents: 180_000,
      workedMinutes: days.reduce((sum, day) => sum + day.minutes, 0),
      overtimeMinutes: 0,
      adminChargesCents: 0,
      otherDeductionsCents: 0,
    });
    expect(seed.grossSalaryCents).toBe(152_308);
    expect(pay.grossCents - seed.grossSalaryCents).toBe(39_021);
  });

  it.each([
    { hours: 8, requestedBy: 'Employer', restDay: 13_846, overtime: 0, total: 13_846 },
    { hours: 11, requestedBy: 'Employer', restDay: 13_846, overtime: 4_248, total: 18_094 },
    { hours: 4, requestedBy: 'Employer', restDay: 6_923, overtime: 0, total: 6_923 },
    { hours: 4.25, requestedBy: 'Employer', restDay: 13_846, overtime: 0, total: 13_846 },
    { hours: 8, requestedBy: 'Employee', restDay: 6_923, overtime: 0, total: 6_923 },
    { hours: 4, requestedBy: 'Employee', restDay: 3_462, overtime: 0, total: 3_462 },
  ] as const)(
    'a Sunday worked $hours h at the $requestedBy request: rest-day pay $restDay, overtime $overtime',
    (row) => {
      const pay = computeEmploymentActPay(
        input({ days: [{ workDate: '2026-02-08', minutes: h(row.hours), restDayRequestedBy: row.requestedBy }] }),
      );
      expect(pay.restDay.cents).toBe(row.restDay);
      expect(pay.overtime.cents).toBe(row.overtime);
      expect(pay.restDay.cents + pay.overtime.cents).toBe(row.total);
      expect(pay.basic.cents).toBe(180_000);
    },
  );

  it("labels rest days by who asked: 2 rest days at the employer's request", () => {
    const pay = computeEmploymentActPay(
      input({ days: daysFrom('2026-02-01', '2026-02-08', 8, (d) => weekdayOf(d) === 'Sunday') }),
    );
    expect(pay.restDay.basis).toBe("2 rest days at the employer's request (EA s.37)");
    expect(pay.restDay.cents).toBe(27_692); // 4 x 69.230769... rounded once
  });

  it('the week of Mon 2 - Sat 7 Feb 2026, 48 h: 4 weekly overtime hours, $56.64 on top', () => {
    const pay = computeEmploymentActPay(input({ days: daysFrom('2026-02-02', '2026-02-07', 8) }));
    expect(pay.overtimeMinutes).toBe(h(4));
    expect(pay.overtime.cents).toBe(5_664);
    expect(pay.overtime.basis).toContain('4.00 h past 44 a week');
  });
});

describe('computeEmploymentActPay: rate types', () => {
  it('Daily $80: hours at $10 an hour, both CNY days paid though not worked, 10 h days past 8', () => {
    const days = daysFrom('2026-02-02', '2026-02-07', 10); // Mon-Sat, 60 h
    const pay = computeEmploymentActPay(input({ rateType: 'Daily', salaryRateCents: 8_000, days }));
    // 6 x 8 h at $10 + 2 holidays x $80; 12 h past 8 a day + 4 h past 44 a week at $15.
    expect(pay.basic.cents).toBe(48_000 + 16_000);
    expect(pay.basic.basis).toBe('48.00 h at $10.00 an hour + 2 public holidays at $80.00 a day');
    expect(pay.overtimeMinutes).toBe(h(16));
    expect(pay.overtime.cents).toBe(24_000);
  });

  it('Hourly $12.50 on a 5.5-day week: a daily rate of 8 h and 1.5 x the rate for overtime', () => {
    const days = [
      { workDate: '2026-02-17', minutes: h(9), restDayRequestedBy: 'Employer' as const }, // CNY worked
      { workDate: '2026-02-19', minutes: h(8), restDayRequestedBy: 'Employer' as const },
    ];
    const pay = computeEmploymentActPay(
      input({ rateType: 'Hourly', salaryRateCents: 1_250, workingDaysPerWeek: 5.5, days }),
    );
    // Basic: 8 h x 12.50 + 2 holidays x 100.00; holiday worked: 100.00 on top; 1 h overtime at 18.75.
    expect(pay.basic.cents).toBe(10_000 + 20_000);
    expect(pay.publicHoliday.cents).toBe(10_000);
    expect(pay.publicHoliday.basis).toBe('1 public holiday worked at $100.00 a day on top (EA s.88)');
    expect(pay.overtime.cents).toBe(1_875);
    expect(pay.grossCents).toBe(41_875);
  });

  it('Monthly on a 5-day week: the daily rate divides by 5 (12 x 2,600 / 260 = 120.00)', () => {
    const pay = computeEmploymentActPay(
      input({
        salaryRateCents: 260_000,
        workingDaysPerWeek: 5,
        days: [{ workDate: '2026-02-17', minutes: h(8), restDayRequestedBy: 'Employer' }],
      }),
    );
    expect(pay.dailyRateCents).toBe(12_000);
    expect(pay.publicHoliday.cents).toBe(12_000);
  });

  it('an unknown rate type pays nothing (SPEC 9) and still counts the hours', () => {
    const pay = computeEmploymentActPay(input({ rateType: 'Weekly', days: daysFrom('2026-02-02', '2026-02-03', 13) }));
    expect(pay.grossCents).toBe(0);
    expect(pay.workedMinutes).toBe(h(26));
    expect(pay.warnings.map((w) => w.code)).toEqual(['DAY_OVER_12_HOURS']);
  });
});

describe('computeEmploymentActPay: weeks, holidays and months', () => {
  it('a week straddling two periods is paid in the period holding its Sunday, counting its earlier days', () => {
    const days = daysFrom('2026-02-23', '2026-02-28', 8); // Mon 23 - Sat 28 Feb; its Sunday is 1 March
    const february = computeEmploymentActPay(input({ days }));
    expect(february.overtimeMinutes).toBe(0);
    const march = computeEmploymentActPay(input({ period: { start: '2026-03-01', end: '2026-03-31' }, days }));
    expect(march.overtimeMinutes).toBe(h(4));
    expect(march.workedMinutes).toBe(0); // February's days are February's pay
    expect(march.overtime.cents).toBe(5_664);
  });

  it('a holiday on a Sunday is observed on the Monday: Vesak 31 May 2026 paid on 1 June', () => {
    const daily = input({
      rateType: 'Daily',
      salaryRateCents: 8_000,
      period: { start: '2026-06-01', end: '2026-06-30' },
    });
    expect(computeEmploymentActPay(daily).basic.cents).toBe(8_000); // 1 June not worked, still paid
    const worked = computeEmploymentActPay({
      ...daily,
      days: [{ workDate: '2026-06-01', minutes: h(8), restDayRequestedBy: 'Employer' }],
    });
    expect(worked.basic.cents).toBe(8_000);
    expect(worked.publicHoliday.cents).toBe(8_000);
    // The Sunday itself is a rest day.
    const may = computeEmploymentActPay({
      ...daily,
      period: { start: '2026-05-01', end: '2026-05-31' },
      days: [{ workDate: '2026-05-31', minutes: h(8), restDayRequestedBy: 'Employer' }],
    });
    expect(may.restDay.cents).toBe(16_000);
    expect(may.publicHoliday.cents).toBe(0);
  });

  it('counts the working days of a part month as walking each day does (decision 111)', () => {
    const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
    const walked = (start: string, end: string, restDay: string, from: string | null, to: string | null) => {
      let count = 0;
      for (let date = start; date <= end; date = addDays(date, 1)) {
        if (weekdayOf(date) !== restDay && (from === null || date >= from) && (to === null || date <= to)) count += 1;
      }
      return count;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 35 }).map((n) => addDays('2025-01-01', n * 31).slice(0, 7)),
        fc.constantFrom(...WEEK),
        fc.option(fc.constant(0)),
        fc.option(fc.constant(0)),
        fc.integer({ min: 0, max: 1_000 }),
        (month, restDay, hasStart, hasEnd, seed) => {
          const start = hasStart === null ? null : addDays(`${month}-01`, (seed % 50) - 10);
          const end = hasEnd === null ? null : addDays(`${month}-01`, ((seed * 7) % 60) - 5);
          const period = { start: `${month}-01`, end: addDays(addDays(`${month}-28`, 4).slice(0, 7) + '-01', -1) };
          const pay = computeEmploymentActPay(
            input({ period, restDay, employmentStartDate: start, employmentEndDate: end, days: [] }),
          );
          const inMonth = walked(period.start, period.end, restDay, null, null);
          const employed = walked(period.start, period.end, restDay, start, end);
          const expected = inMonth > 0 ? Math.floor((180_000 * employed) / inMonth + 0.5) : 0;
          expect(Math.abs(pay.basic.cents - expected)).toBeLessThanOrEqual(1);
          if (pay.basic.basis.includes(' x '))
            expect(pay.basic.basis).toContain(`x ${employed} of ${inMonth} working days`);
        },
      ),
    );
  });

  it('a part month: joined Monday 16 Feb 2026, 12 of 24 working days, $900.00', () => {
    const pay = computeEmploymentActPay(input({ employmentStartDate: '2026-02-16' }));
    expect(pay.basic.cents).toBe(90_000);
    expect(pay.basic.basis).toBe('$1,800.00 a month x 12 of 24 working days of 2026-02 (EA s.20A)');
  });

  it('left on Tuesday 10 Feb: 8 of 24 working days, unrounded until the line ($600.00)', () => {
    expect(computeEmploymentActPay(input({ employmentEndDate: '2026-02-10' })).basic.cents).toBe(60_000);
    // $1,850 x 7 / 24 = 539.5833...
    const pay = computeEmploymentActPay(input({ salaryRateCents: 185_000, employmentEndDate: '2026-02-09' }));
    expect(pay.basic.cents).toBe(53_958);
  });

  it('a period across two months is paid by each month part (15 Jan - 14 Feb 2026)', () => {
    const pay = computeEmploymentActPay(input({ period: { start: '2026-01-15', end: '2026-02-14' } }));
    // January: 15-31 holds 15 working days of 27; February 1-14: 12 of 24.
    expect(pay.basic.cents).toBe(Math.round(180_000 * (15 / 27) + 180_000 * (12 / 24)));
  });

  it('a daily-rated worker employed from 18 Feb is paid only the holiday in his employment', () => {
    const pay = computeEmploymentActPay(
      input({ rateType: 'Daily', salaryRateCents: 8_000, employmentStartDate: '2026-02-18' }),
    );
    expect(pay.basic.cents).toBe(8_000);
  });

  it('warns past 12 hours a day and 72 overtime hours a month, and pays them', () => {
    const days = daysFrom('2026-03-02', '2026-03-31', 12.25, (d) => weekdayOf(d) !== 'Sunday');
    const pay = computeEmploymentActPay(input({ period: { start: '2026-03-01', end: '2026-03-31' }, days }));
    expect(pay.warnings.map((w) => w.code)).toEqual(['DAY_OVER_12_HOURS', 'OVERTIME_OVER_72']);
    expect(pay.overtimeMinutes).toBeGreaterThan(h(72));
  });

  it('exactly 12 hours a day and 72 overtime hours are within the limits', () => {
    // 18 days of 12 h: 4 h past 8 each = 72 h (weeks of 48 normal hours add 4 h each: keep them short).
    const days = daysFrom('2026-03-02', '2026-03-31', 12, (d) =>
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].includes(weekdayOf(d)),
    ).slice(0, 18);
    const pay = computeEmploymentActPay(input({ period: { start: '2026-03-01', end: '2026-03-31' }, days }));
    expect(pay.overtimeMinutes).toBe(h(72));
    expect(pay.warnings).toEqual([]);
  });
});

describe('computeEmploymentActPay: the declared salary floor (WP holders)', () => {
  it('a daily-rated worker below the declared $1,800 is topped up to it', () => {
    const days = daysFrom('2026-02-02', '2026-02-12', 8, workingDay); // 10 days
    const pay = computeEmploymentActPay(
      input({ rateType: 'Daily', salaryRateCents: 5_000, declaredMonthlySalaryCents: 180_000, days }),
    );
    expect(pay.basic.cents).toBe(50_000 + 10_000); // 10 days + 2 holidays
    expect(pay.declaredTopup.cents).toBe(120_000);
    expect(pay.declaredTopup.basis).toBe(
      'Declared salary $1,800.00 x 24 of 24 working days of 2026-02, less the basic salary',
    );
  });

  it('is pro-rated for a part month and absent when the basic salary reaches it', () => {
    const part = computeEmploymentActPay(
      input({
        rateType: 'Daily',
        salaryRateCents: 5_000,
        declaredMonthlySalaryCents: 180_000,
        employmentStartDate: '2026-02-16',
      }),
    );
    expect(part.basic.cents).toBe(10_000);
    expect(part.declaredTopup.cents).toBe(90_000 - 10_000);
    const above = computeEmploymentActPay(input({ declaredMonthlySalaryCents: 180_000 }));
    expect(above.declaredTopup.cents).toBe(0);
  });
});

const charge = (overrides: Partial<PayCharge>): PayCharge => ({
  id: 'c1',
  chargeType: 'Attendance',
  status: 'Approved',
  chargeDate: '2026-02-10',
  amountCents: 5_000,
  consentDate: null,
  inquiryDate: null,
  ...overrides,
});

describe('deductCharges: only lawful deductions (EA s.27, s.28)', () => {
  it.each([
    { case: 'Approved Attendance', c: {}, deducted: 5_000, code: undefined },
    { case: 'Pending', c: { status: 'Pending' }, deducted: 0, code: 'CHARGES_NOT_APPROVED' },
    { case: 'Rejected', c: { status: 'Rejected' }, deducted: 0, code: 'CHARGES_NOT_APPROVED' },
    { case: 'Misconduct without consent', c: { chargeType: 'Misconduct' }, deducted: 0, code: 'CONSENT_MISSING' },
    {
      case: 'Safety Violation, consent the same day',
      c: { chargeType: 'Safety Violation', consentDate: '2026-02-10' },
      deducted: 5_000,
      code: undefined,
    },
    {
      case: 'Other, consent a day after the charge',
      c: { chargeType: 'Other', consentDate: '2026-02-11' },
      deducted: 0,
      code: 'CONSENT_MISSING',
    },
    { case: 'Damage, not heard', c: { chargeType: 'Equipment Damage' }, deducted: 0, code: 'INQUIRY_MISSING' },
    {
      case: 'Damage at exactly 25%',
      c: { chargeType: 'Equipment Damage', inquiryDate: '2026-02-12', amountCents: 45_000 },
      deducted: 45_000,
      code: undefined,
    },
    {
      case: 'Damage a cent over 25%',
      c: { chargeType: 'Equipment Damage', inquiryDate: '2026-02-12', amountCents: 45_001 },
      deducted: 45_000,
      code: 'DAMAGE_OVER_QUARTER',
    },
  ] as const)('$case', ({ c, deducted, code }) => {
    const result = deductCharges([charge(c)], 180_000);
    expect(result.deductedCents).toBe(deducted);
    expect(result.warnings.map((w) => w.code)).toEqual(code ? [code] : []);
    expect(result.notDeducted.reduce((sum, item) => sum + item.amountCents, 0)).toBe(
      5_000 === charge(c).amountCents ? 5_000 - deducted : charge(c).amountCents - deducted,
    );
  });

  it('caps damage charges together, the earlier first, and records the part deducted', () => {
    const result = deductCharges(
      [
        charge({
          id: 'b',
          chargeType: 'Equipment Damage',
          inquiryDate: '2026-02-20',
          chargeDate: '2026-02-20',
          amountCents: 30_000,
        }),
        charge({
          id: 'a',
          chargeType: 'Equipment Damage',
          inquiryDate: '2026-02-05',
          chargeDate: '2026-02-05',
          amountCents: 30_000,
        }),
      ],
      180_000,
    );
    expect(result.deductedCents).toBe(45_000);
    expect(result.deductedIds).toEqual(['a', 'b']);
    expect(result.notDeducted).toEqual([
      {
        adminChargeId: 'b',
        amountCents: 15_000,
        reason: "Over 25% of one month's basic salary for damage or loss (EA s.28)",
      },
    ]);
  });
});

describe('deductions against the salary (EA s.32) and a negative nett', () => {
  const pay = computeEmploymentActPay(input({ charges: [charge({ amountCents: 90_000 })] }));
  it('exactly half is within the cap; a cent more warns', () => {
    expect(deductionsOverHalf(180_000, 90_000)).toBe(false);
    expect(pay.warnings).toEqual([]);
    const over = withOtherDeductions(pay, 1);
    expect(over.warnings.map((w) => w.code)).toEqual(['DEDUCTIONS_OVER_HALF']);
    expect(over.nettCents).toBe(89_999);
  });
  it('a nett below zero is warned (generation refuses it)', () => {
    const negative = withOtherDeductions(pay, 90_001);
    expect(negative.nettCents).toBe(-1);
    expect(negative.warnings.map((w) => w.code)).toEqual(['DEDUCTIONS_OVER_HALF', 'NEGATIVE_NETT']);
    expect(withOtherDeductions(pay, 90_000).warnings.map((w) => w.code)).toEqual(['DEDUCTIONS_OVER_HALF']);
  });
});

describe('property: the Act never pays a Part IV worker less gross than the seed for the same timesheets', () => {
  const month = fc.constantFrom('2026-02', '2026-03', '2026-05', '2026-06', '2026-08', '2026-11', '2026-12');
  // A day's timesheet as the spec's rule makes it: quarter hours, 8 regular and the rest overtime.
  const day = fc.record({
    quarterHours: fc.integer({ min: 0, max: 14 * 4 }),
    requestedBy: fc.constantFrom('Employer' as const, 'Employee' as const),
  });
  it('holds for Monthly, Daily and Hourly workers under $4,500 a month', () => {
    fc.assert(
      fc.property(
        month,
        fc.constantFrom('Monthly', 'Daily', 'Hourly'),
        fc.integer({ min: 1, max: 450_000 }),
        fc.array(day, { minLength: 31, maxLength: 31 }),
        fc.array(fc.boolean(), { minLength: 31, maxLength: 31 }),
        (m, rateType, rate, sheets, worked) => {
          const start = `${m}-01`;
          const end = addDays(
            `${m === '2026-12' ? '2027-01' : `2026-${String(Number(m.slice(5)) + 1).padStart(2, '0')}`}-01`,
            -1,
          );
          const salaryRateCents =
            rateType === 'Monthly' ? rate : rateType === 'Daily' ? Math.ceil(rate / 26) : Math.ceil(rate / 208);
          const days: PayDay[] = [];
          let regular = 0;
          let overtime = 0;
          for (let i = 0, date = start; date <= end; i++, date = addDays(date, 1)) {
            const sheet = sheets[i];
            if (!sheet || !worked[i]) continue;
            const minutes = sheet.quarterHours * 15;
            days.push({ workDate: date, minutes, restDayRequestedBy: sheet.requestedBy });
            regular += Math.min(minutes, h(8));
            overtime += Math.max(0, minutes - h(8));
          }
          const act = computeEmploymentActPay(input({ period: { start, end }, rateType, salaryRateCents, days }));
          const seed = calculatePayslip({
            rateType,
            salaryRateCents,
            workedMinutes: regular,
            overtimeMinutes: overtime,
            adminChargesCents: 0,
            otherDeductionsCents: 0,
          });
          expect(act.grossCents).toBeGreaterThanOrEqual(seed.grossSalaryCents);
        },
      ),
      { numRuns: 300 },
    );
  });
});
