import type { PayslipFigures } from '@td/shared/schemas/payslip';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayslipBreakdown } from './payslip-breakdown.tsx';
import { exactRate } from './payslip-display.ts';

const figures = (overrides: Partial<PayslipFigures>): PayslipFigures => ({
  total_hours_worked: 0,
  total_overtime_hours: 0,
  hourly_rate: 0,
  overtime_rate: 0,
  basic_salary: 0,
  overtime_amount: 0,
  admin_charges_deduction: 0,
  other_deductions: 0,
  nett_salary: 0,
  // Decision 092's fields: SPEC 9's payslip.
  pay_rules: 'seed',
  rest_day_pay: 0,
  public_holiday_pay: 0,
  declared_salary_topup: 0,
  gross_salary: 0,
  not_deducted: [],
  pay_lines: {
    basic: '',
    overtime: '',
    rest_day: 'Not paid under the seed rules',
    public_holiday: 'Not paid under the seed rules',
    declared_topup: 'Not paid under the seed rules',
  },
  ...overrides,
});

describe('exactRate (probe finding 22)', () => {
  it('writes a rate that ends within 6 decimals whole, and cuts one that does not with "…"', () => {
    expect(exactRate('Daily', 25)).toMatchObject({ text: '$3.125', exact: true });
    expect(exactRate('Daily', 25, { numerator: 3, denominator: 2 })).toMatchObject({ text: '$4.6875', exact: true });
    expect(exactRate('Hourly', 12.5)).toMatchObject({ text: '$12.50', exact: true });
    expect(exactRate('Monthly', 1850)).toEqual({ text: '$8.894230…', exact: false, division: '$1,850.00 ÷ 208 h' });
    expect(exactRate('Monthly', 1850, { numerator: 3, denominator: 2 })).toEqual({
      text: '$13.341346…',
      exact: false,
      division: '$1,850.00 × 1.5 ÷ 208 h',
    });
    expect(exactRate('Weekly', 100)).toBeNull();
    expect(exactRate('Daily', null)).toBeNull();
  });
});

describe('PayslipBreakdown', () => {
  it('shows the rate each line was multiplied by, so 45.00 h × $3.125 = $140.63 multiplies out', () => {
    // Daily 25.00: 25 / 8 = 3.125 an hour; 45 h = 140.625, rounded once to 140.63 (SPEC 9).
    render(
      <PayslipBreakdown
        figures={figures({
          total_hours_worked: 45,
          total_overtime_hours: 2,
          hourly_rate: 3.13,
          overtime_rate: 4.69,
          basic_salary: 140.63,
          overtime_amount: 9.38,
          nett_salary: 150.01,
        })}
        rateType="Daily"
        salaryRate={25}
        adminCharges={[]}
      />,
    );
    expect(screen.getByText('45.00 h × $3.125')).toBeVisible();
    expect(screen.getByText('2.00 h × $4.6875')).toBeVisible();
    expect(screen.queryByText(/× \$3\.13$/)).not.toBeInTheDocument();
  });

  it('gives the division beside a rate that does not end, and the rounded figure when the rate is unknown', () => {
    const { unmount } = render(
      <PayslipBreakdown
        figures={figures({ total_hours_worked: 187.25, hourly_rate: 8.89, basic_salary: 1665.44 })}
        rateType="Monthly"
        salaryRate={1850}
        adminCharges={[]}
      />,
    );
    expect(screen.getByText('187.25 h × $8.894230…')).toBeVisible();
    expect(screen.getByText('$1,850.00 ÷ 208 h')).toBeVisible();
    unmount();
    render(
      <PayslipBreakdown
        figures={figures({ total_hours_worked: 10, hourly_rate: 0 })}
        rateType="Weekly"
        salaryRate={100}
        adminCharges={[]}
      />,
    );
    expect(screen.getByText('10.00 h × $0.00')).toBeVisible();
  });
});

describe('PayslipBreakdown: additions, CPF, SDL and levy (decision 103)', () => {
  it("shows each addition, the employee's CPF as a deduction and the employer's contributions apart", () => {
    render(
      <PayslipBreakdown
        figures={{
          ...figures({ pay_rules: 'employment-act', basic_salary: 1800, gross_salary: 2500, nett_salary: 2000 }),
          additions: [
            { label: 'Transport allowance', amount: 200, kind: 'allowance' },
            { label: 'Performance bonus', amount: 500, kind: 'bonus' },
          ],
          cpf_ordinary_wages: 2000,
          cpf_additional_wages: 500,
          cpf_employee: 500,
          cpf_employer: 425,
          sdl: 6.25,
          levy: 0,
        }}
        rateType="Monthly"
        salaryRate={1800}
        adminCharges={[]}
      />,
    );
    const line = (label: string) => screen.getByText(label, { selector: 'dt span' }).closest('div');
    expect(line('Transport allowance')).toHaveTextContent('Allowance (ordinary wage for CPF)$200.00');
    expect(line('Performance bonus')).toHaveTextContent('Bonus (additional wage for CPF)$500.00');
    expect(line("CPF (employee's share)")).toHaveTextContent('− $500.00');
    const employer = screen.getByRole('region', { name: "Employer's contributions" });
    expect(employer).toHaveTextContent("CPF (employer's share)$425.00");
    expect(employer).toHaveTextContent('Skills Development Levy');
    expect(employer).toHaveTextContent('$6.25');
    expect(employer).not.toHaveTextContent('Foreign Worker Levy');
  });
});
