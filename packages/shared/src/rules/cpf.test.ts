import { describe, expect, it } from 'vitest';
import { type CpfInput, computeCpf, prYearOf } from './cpf.ts';
import { computeSdl, sdlCompanyTotalCents } from './sdl.ts';

const dollars = (amount: number) => Math.round(amount * 100);

function cpf(overrides: Partial<CpfInput> = {}) {
  const result = computeCpf({
    month: '2026-03',
    residency: 'citizen',
    dateOfBirth: '1990-05-20',
    prStartDate: null,
    prScheme: 'G/G',
    ordinaryWagesCents: dollars(1800),
    additionalWagesCents: 0,
    yearOrdinaryWagesBeforeCents: 0,
    yearAdditionalWagesBeforeCents: 0,
    monthOrdinaryWagesBeforeCents: 0,
    ...overrides,
  });
  return {
    ow: result.ordinaryWagesCents / 100,
    aw: result.additionalWagesCents / 100,
    employee: result.employeeCents / 100,
    employer: result.employerCents / 100,
    total: result.totalCents / 100,
    band: result.ageBand,
    prYear: result.prYear,
  };
}

describe('CPF (PAYROLL-SG 5)', () => {
  it('pays 37% for 55 and below: total to the dollar, employee cents dropped, employer the rest', () => {
    expect(cpf()).toMatchObject({ total: 666, employee: 360, employer: 306, band: '55 and below' });
    // 456.7872 -> 457; 246.912 -> 246; 457 - 246 = 211.
    expect(cpf({ ordinaryWagesCents: 123_456 })).toMatchObject({ total: 457, employee: 246, employer: 211 });
    // 50 cents rounds the total up: 0.37 x 1,350 = 499.50 -> 500; 270 employee.
    expect(cpf({ ordinaryWagesCents: dollars(1350) })).toMatchObject({ total: 500, employee: 270, employer: 230 });
  });

  it.each([
    // [total wages, total, employee, employer]
    [50, 0, 0, 0],
    [50.01, 9, 0, 9], // 17% x 50.01 = 8.5017 -> 9, the employer's only
    [500, 85, 0, 85],
    [500.01, 85, 0, 85], // 85.0017 + 0.006 -> 85; 0.006 employee -> 0
    [600, 162, 60, 102], // 102 + 0.6 x 100
    [750, 278, 150, 128], // 127.50 + 150 = 277.50 -> 278
    [750.01, 278, 150, 128], // full rates: 277.5037 -> 278; 150.002 -> 150
  ])('wage band edge: total wages $%s -> total %s, employee %s, employer %s', (wages, total, employee, employer) => {
    expect(cpf({ ordinaryWagesCents: dollars(wages) })).toMatchObject({ total, employee, employer });
  });

  it('caps ordinary wages at the $8,000 ceiling', () => {
    expect(cpf({ ordinaryWagesCents: dollars(10_000) })).toMatchObject({
      ow: 8000,
      total: 2960,
      employee: 1600,
      employer: 1360,
    });
    // A second payslip in the same month only has what the first left of the ceiling.
    expect(cpf({ ordinaryWagesCents: dollars(3000), monthOrdinaryWagesBeforeCents: dollars(6000) })).toMatchObject({
      ow: 2000,
    });
  });

  it.each([
    // [date of birth, band, total, employee, employer] on $1,800 in March 2026
    ['1990-05-20', '55 and below', 666, 360, 306],
    ['1968-01-10', 'above 55 to 60', 612, 324, 288],
    ['1963-01-10', 'above 60 to 65', 450, 225, 225],
    ['1958-01-10', 'above 65 to 70', 297, 135, 162],
    ['1950-01-10', 'above 70', 225, 90, 135],
  ])('age band: born %s is %s', (dateOfBirth, band, total, employee, employer) => {
    expect(cpf({ dateOfBirth })).toMatchObject({ band, total, employee, employer });
  });

  it('changes the age band the month after the birthday month', () => {
    // 55th birthday on 15 June 2026: June is still "55 and below", July is "above 55 to 60".
    expect(cpf({ dateOfBirth: '1971-06-15', month: '2026-06' })).toMatchObject({ band: '55 and below', total: 666 });
    expect(cpf({ dateOfBirth: '1971-06-15', month: '2026-07' })).toMatchObject({
      band: 'above 55 to 60',
      total: 612,
    });
    // A birthday on the 1st changes nothing earlier: still the month after.
    expect(cpf({ dateOfBirth: '1966-03-01', month: '2026-03' })).toMatchObject({ band: 'above 55 to 60' });
    expect(cpf({ dateOfBirth: '1966-03-01', month: '2026-04' })).toMatchObject({ band: 'above 60 to 65' });
  });

  it('takes a December bonus up to the Additional Wage ceiling left by the year', () => {
    // $8,000 a month all year: the year's OW 96,000 with December's, so the AW ceiling is 6,000.
    const december = {
      month: '2026-12',
      ordinaryWagesCents: dollars(8000),
      additionalWagesCents: dollars(10_000),
      yearOrdinaryWagesBeforeCents: dollars(88_000),
    };
    expect(cpf(december)).toMatchObject({ ow: 8000, aw: 6000, total: 5180, employee: 2800, employer: 2380 });
    // A $2,000 bonus already paid that year leaves 4,000.
    expect(cpf({ ...december, yearAdditionalWagesBeforeCents: dollars(2000) })).toMatchObject({
      aw: 4000,
      total: 4440,
      employee: 2400,
      employer: 2040,
    });
    // A smaller salary leaves the whole bonus under the ceiling: $3,000 a month, a $5,000 bonus.
    expect(
      cpf({
        ...december,
        ordinaryWagesCents: dollars(3000),
        yearOrdinaryWagesBeforeCents: dollars(33_000),
        additionalWagesCents: dollars(5000),
      }),
    ).toMatchObject({ ow: 3000, aw: 5000, total: 2960, employee: 1600, employer: 1360 });
  });

  it('pays a PR the graduated rates (G/G) in years 1 and 2 and full rates from year 3', () => {
    const pr = { residency: 'pr' as const };
    expect(cpf({ ...pr, prStartDate: '2026-01-10' })).toMatchObject({
      prYear: 1,
      total: 162,
      employee: 90,
      employer: 72,
    });
    expect(cpf({ ...pr, prStartDate: '2025-02-01' })).toMatchObject({
      prYear: 2,
      total: 432,
      employee: 270,
      employer: 162,
    });
    expect(cpf({ ...pr, prStartDate: '2024-03-01' })).toMatchObject({ prYear: null, total: 666, employee: 360 });
    // Full rates agreed (F/F) from the first year.
    expect(cpf({ ...pr, prStartDate: '2026-01-10', prScheme: 'F/F' })).toMatchObject({ prYear: null, total: 666 });
    // Year 1 in the phase-in band: 4% x 600 + 3 x 5% x 100 = 24 + 15.
    expect(cpf({ ...pr, prStartDate: '2026-01-10', ordinaryWagesCents: dollars(600) })).toMatchObject({
      total: 39,
      employee: 15,
      employer: 24,
    });
    // Year 2 above 55 (graduated 6% / 12.5%): 18.5% x 1,800 = 333; 225 employee.
    expect(cpf({ ...pr, prStartDate: '2025-02-01', dateOfBirth: '1968-01-10' })).toMatchObject({
      total: 333,
      employee: 225,
      employer: 108,
    });
    // Before the month PR was granted: none.
    expect(cpf({ ...pr, prStartDate: '2026-04-02' })).toMatchObject({ total: 0, employee: 0 });
  });

  it('counts PR years in calendar months from the month PR was granted', () => {
    expect(prYearOf('2026-03-31', '2026-03')).toBe(1);
    expect(prYearOf('2026-03-31', '2027-02')).toBe(1);
    expect(prYearOf('2026-03-31', '2027-03')).toBe(2);
    expect(prYearOf('2026-03-31', '2028-03')).toBe(3);
    expect(prYearOf('2026-03-31', '2026-02')).toBe(0);
  });
});

describe('SDL (PAYROLL-SG 6)', () => {
  it.each([
    [0, 0],
    [500, 2],
    [800, 2],
    [800.04, 2],
    [1234.56, 3.09],
    [2000, 5],
    [4500, 11.25],
    [4500.01, 11.25],
    [12_000, 11.25],
  ])('total wages $%s -> $%s', (wages, levy) => {
    expect(computeSdl(dollars(wages), '2026-03-01') / 100).toBe(levy);
  });

  it('rounds the company total down to the dollar', () => {
    expect(sdlCompanyTotalCents([200, 309, 1125])).toBe(1600);
  });
});
