import { formatHours } from '@td/shared/rules/timesheet-hours';
import type { ChargeTotal, PayslipAddition, PayslipFigures } from '@td/shared/schemas/payslip';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn.ts';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { formatSgd, orNA } from '@/lib/format.ts';
import { exactRate } from './payslip-display.ts';

/** SPEC 9: overtime is paid at 1.5 times the hourly rate. */
const OVERTIME = { numerator: 3, denominator: 2 };

/**
 * A rate as it was used (probe finding 22): exact where it ends within 6 decimals, else cut with "…" and
 * the division it comes from; the rounded figure when the rate type or salary is unknown.
 */
function RateText({ rate, fallback }: { rate: ReturnType<typeof exactRate>; fallback: number }) {
  if (rate === null) return <>{formatSgd(fallback)}</>;
  return (
    <>
      {rate.text}
      {!rate.exact && <span className="block text-xs text-ink-muted">{rate.division}</span>}
    </>
  );
}

/** Decision 103: the additions and statutory figures, when the answer carries them. */
interface StatutoryValues {
  additions?: readonly PayslipAddition[];
  cpf_ordinary_wages?: number;
  cpf_additional_wages?: number;
  cpf_employee?: number;
  cpf_employer?: number;
  sdl?: number;
  levy?: number;
}

interface PayslipBreakdownProps {
  figures: PayslipFigures & StatutoryValues;
  rateType: string | null;
  /** Dollars, as the worker's rate was. */
  salaryRate: number | null;
  adminCharges: ReadonlyArray<ChargeTotal>;
  /** How many timesheets the hours come from, when known. */
  timesheetCount?: number | undefined;
  /** Replaces the Other Deductions amount, e.g. by the generate screen's editable field. */
  otherDeductionsField?: ReactNode;
  /** Heading level of the section titles. */
  level?: 2 | 3;
  className?: string;
}

function Section({ title, level, children }: { title: string; level: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="flex flex-col gap-3">
      <Heading className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{title}</Heading>
      {children}
    </section>
  );
}

export function BreakdownLine({
  label,
  detail,
  amount,
  tone = 'plain',
}: {
  label: ReactNode;
  detail?: ReactNode;
  amount: ReactNode;
  tone?: 'plain' | 'deduction' | 'total';
}) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5',
        tone === 'total' && 'mt-1 border-t-2 border-ink/80 pt-3 text-base font-semibold',
      )}
    >
      <dt className="min-w-0">
        <span className={tone === 'total' ? 'text-ink' : 'text-sm text-ink'}>{label}</span>
        {detail && <span className="block text-xs text-ink-muted tabular-nums">{detail}</span>}
      </dt>
      <dd className={cn('tabular-nums', tone === 'deduction' && 'text-danger', tone !== 'total' && 'text-sm')}>
        {amount}
      </dd>
    </div>
  );
}

/**
 * SPEC 2 Hours Summary, Rate Information and Salary Calculation of a payslip: the same three sections
 * on the generate screen, in the Payslip Details popup and on the detail page. Each amount is shown as
 * it was rounded; the nett is their sum (ARCHITECTURE, Data), so the lines add up as printed.
 */
export function PayslipBreakdown({
  figures,
  rateType,
  salaryRate,
  adminCharges,
  timesheetCount,
  otherDeductionsField,
  level = 2,
  className,
}: PayslipBreakdownProps) {
  const chargeDetail =
    adminCharges.length > 0
      ? adminCharges.map((charge) => `${charge.charge_type} ${formatSgd(charge.amount)} (${charge.count})`).join(' · ')
      : figures.pay_rules === 'employment-act'
        ? 'No admin charges deducted in this period'
        : 'No admin charges in this period';
  // Probe finding 22: SPEC 9's rates shown exact. The Employment Act's rates are its own (decision 092):
  // shown as computed, and each line's basis comes from the server.
  const seedRules = figures.pay_rules !== 'employment-act';
  const hasCpf = (figures.cpf_employee ?? 0) > 0 || (figures.cpf_employer ?? 0) > 0;
  const hourly = seedRules ? exactRate(rateType, salaryRate) : null;
  const overtime = seedRules ? exactRate(rateType, salaryRate, OVERTIME) : null;
  return (
    <div className={cn('grid gap-6 lg:grid-cols-2', className)}>
      <div className="flex flex-col gap-6">
        <Section title="Hours Summary" level={level}>
          <DetailList
            columns={2}
            items={[
              { label: 'Total Hours Worked', value: formatHours(figures.total_hours_worked) },
              { label: 'Total Overtime Hours', value: formatHours(figures.total_overtime_hours) },
              ...(timesheetCount !== undefined ? [{ label: 'Timesheets', value: String(timesheetCount) }] : []),
            ]}
          />
        </Section>
        <Section title="Rate Information" level={level}>
          <DetailList
            columns={2}
            items={[
              { label: 'Rate Type', value: orNA(rateType) },
              { label: 'Salary Rate', value: salaryRate === null ? 'N/A' : formatSgd(salaryRate) },
              { label: 'Hourly Rate', value: <RateText rate={hourly} fallback={figures.hourly_rate} /> },
              { label: 'Overtime Rate (1.5x)', value: <RateText rate={overtime} fallback={figures.overtime_rate} /> },
            ]}
          />
        </Section>
      </div>
      <Section title="Salary Calculation" level={level}>
        <dl className="divide-y divide-line rounded-xl border border-line bg-canvas/40 px-4">
          <BreakdownLine
            label="Basic Salary"
            detail={
              seedRules
                ? `${formatHours(figures.total_hours_worked)} h × ${hourly?.text ?? formatSgd(figures.hourly_rate)}`
                : figures.pay_lines.basic
            }
            amount={formatSgd(figures.basic_salary)}
          />
          <BreakdownLine
            label="Overtime Amount"
            detail={
              seedRules
                ? `${formatHours(figures.total_overtime_hours)} h × ${overtime?.text ?? formatSgd(figures.overtime_rate)}`
                : figures.pay_lines.overtime
            }
            amount={formatSgd(figures.overtime_amount)}
          />
          {/* Decision 092: the lines the Employment Act adds, each with its basis. */}
          {figures.pay_rules === 'employment-act' && (
            <>
              <BreakdownLine
                label="Rest-day Pay"
                detail={figures.pay_lines.rest_day}
                amount={formatSgd(figures.rest_day_pay)}
              />
              <BreakdownLine
                label="Public Holiday Pay"
                detail={figures.pay_lines.public_holiday}
                amount={formatSgd(figures.public_holiday_pay)}
              />
              {figures.declared_salary_topup > 0 && (
                <BreakdownLine
                  label="Declared salary top-up"
                  detail={figures.pay_lines.declared_topup}
                  amount={formatSgd(figures.declared_salary_topup)}
                />
              )}
            </>
          )}
          {(figures.additions ?? []).map((addition, index) => (
            <BreakdownLine
              // biome-ignore lint/suspicious/noArrayIndexKey: additions have no id; their order is fixed
              key={index}
              label={addition.label}
              detail={
                addition.kind === 'bonus' ? 'Bonus (additional wage for CPF)' : 'Allowance (ordinary wage for CPF)'
              }
              amount={formatSgd(addition.amount)}
            />
          ))}
          <BreakdownLine label="Gross Salary" amount={formatSgd(figures.gross_salary)} />
          <BreakdownLine
            label="Admin Charges Deduction"
            detail={chargeDetail}
            amount={`− ${formatSgd(figures.admin_charges_deduction)}`}
            tone="deduction"
          />
          {otherDeductionsField ?? (
            <BreakdownLine
              label="Other Deductions"
              amount={`− ${formatSgd(figures.other_deductions)}`}
              tone="deduction"
            />
          )}
          {hasCpf && (
            <BreakdownLine
              label="CPF (employee's share)"
              detail={`Ordinary wages ${formatSgd(figures.cpf_ordinary_wages ?? 0)} · additional wages ${formatSgd(figures.cpf_additional_wages ?? 0)}`}
              amount={`− ${formatSgd(figures.cpf_employee ?? 0)}`}
              tone="deduction"
            />
          )}
          <BreakdownLine label="Nett Salary" amount={formatSgd(figures.nett_salary)} tone="total" />
        </dl>
        {figures.sdl !== undefined && (
          <section aria-label="Employer's contributions" className="flex flex-col gap-1">
            <h4 className="text-sm font-semibold text-ink">Employer's contributions (not deducted)</h4>
            <dl className="divide-y divide-line rounded-xl border border-line px-4">
              {hasCpf && <BreakdownLine label="CPF (employer's share)" amount={formatSgd(figures.cpf_employer ?? 0)} />}
              <BreakdownLine
                label="Skills Development Levy"
                detail="0.25% of total wages, $2.00 to $11.25"
                amount={formatSgd(figures.sdl)}
              />
              {(figures.levy ?? 0) > 0 && (
                <BreakdownLine label="Foreign Worker Levy" amount={formatSgd(figures.levy ?? 0)} />
              )}
            </dl>
          </section>
        )}
        <p className="text-xs text-ink-muted">
          {figures.pay_rules === 'employment-act'
            ? 'Computed by the Employment Act rules (Part IV: overtime, rest days, public holidays, lawful deductions).'
            : 'Computed by the seed rules (SPEC 9: salary / 26 / 8 an hour, every charge of the period deducted).'}
        </p>
        {figures.not_deducted.length > 0 && (
          <section aria-label="Charges not deducted" className="flex flex-col gap-1 text-sm">
            <h4 className="font-semibold text-ink">Not deducted</h4>
            <ul className="list-disc pl-5 text-ink-muted">
              {figures.not_deducted.map((item) => (
                <li key={`${item.admin_charge_id}-${item.reason}`}>
                  {formatSgd(item.amount)}: {item.reason}
                </li>
              ))}
            </ul>
          </section>
        )}
      </Section>
    </div>
  );
}
