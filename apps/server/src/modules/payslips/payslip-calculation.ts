import {
  DEFAULT_REST_DAY,
  isPayRules,
  type PayRules,
  type RestDayRequester,
  WEEKDAYS,
  type Weekday,
} from '@td/shared/options/pay-rules';
import { negativeNettMessage } from '@td/shared/options/payslips';
import { actWeeksStart } from '@td/shared/rules/act-overtime';
import type { DateRange } from '@td/shared/rules/dates';
import { levyTierOf } from '@td/shared/rules/levy';
import type { PayslipBasis } from '@td/shared/rules/payslip-preview';
import { computeRuledPayslip, type RuledBasis } from '@td/shared/rules/payslip-rules';
import {
  type CpfYearToDate,
  cpfBasis,
  NO_YEAR_TO_DATE,
  type PayslipAddition,
  type StatutoryPayslip,
  type StatutoryWorker,
  withStatutory,
} from '@td/shared/rules/payslip-statutory';
import type { PayslipWorker } from '@td/shared/schemas/payslip';
import { isResidentPass } from '@td/shared/schemas/worker';
import type { Actor } from '../../audit/audit.repository.ts';
import { newId } from '../../lib/clock.ts';
import type { ChargeTypeTotal, PayrollCharge } from '../admin-charges/public.ts';
import type { PayrollWorker, TimesheetDay, TimesheetTotals } from './payroll-reads.repository.ts';
import type { NewPayslipRow, PayDetail } from './payslips.repository.ts';

/**
 * The server's part of a payslip: it reads the rows and hands them to the one shared calculation
 * (`computePayslip` in packages/shared rules/payslip-preview, SPEC 9), which the generate screen, the
 * server's generation and the payroll run all call, so that they can never disagree (decision 075).
 */

/**
 * The rows a payslip is computed from: its worker, the period's timesheet totals and charge totals, and
 * the ids of the charges summed, which the payslip records as the ones it deducted (decision 081).
 */
export interface PayslipSource {
  worker: PayrollWorker;
  timesheets: TimesheetTotals;
  charges: readonly ChargeTypeTotal[];
  chargeIds: readonly string[];
  /** Decision 092: the period's charges one by one (the Act deducts some of them only). */
  chargeRows: readonly PayrollCharge[];
  /** The worker's days from the Monday of the period's first week (see `actWeeksRange`). */
  days: readonly TimesheetDay[];
  /** The public holidays observed in that range. */
  holidays: ReadonlyArray<{ date: string; name: string }>;
  /** Decision 103: the worker's CPF wages on earlier payslips of the year (the AW ceiling); none when left out. */
  yearToDate?: CpfYearToDate;
}

/**
 * Decision 092: the Act's weeks run Monday to Sunday and belong to the period holding their Sunday, so
 * the days read reach back to the Monday of the period's first week.
 */
export const actWeeksRange = (period: DateRange): DateRange => ({ start: actWeeksStart(period), end: period.end });

const weekdayOrDefault = (value: string): Weekday =>
  (WEEKDAYS as readonly string[]).includes(value) ? (value as Weekday) : DEFAULT_REST_DAY;

/** The shared rules' input from the rows as stored (decision 092: one entry point for every payslip). */
export function ruledBasisOf(source: PayslipSource, period: DateRange, payRules: PayRules): RuledBasis {
  const { worker } = source;
  return {
    payRules,
    period,
    rateType: worker.rate_type,
    salaryRateCents: worker.salary_rate,
    restDay: weekdayOrDefault(worker.rest_day),
    workingDaysPerWeek: Number(worker.working_days_per_week),
    normalMinutesPerDay: Number(worker.normal_minutes_per_day),
    employmentStartDate: worker.employment_start_date,
    employmentEndDate: worker.employment_end_date,
    // The Work Passes Regulations' floor binds work-pass holders only (ARCHITECTURE differs 11).
    declaredMonthlySalaryCents:
      worker.declared_monthly_salary === null || isResidentPass(worker.type_of_pass)
        ? null
        : Number(worker.declared_monthly_salary),
    workedMinutes: source.timesheets.worked_minutes,
    overtimeMinutes: source.timesheets.overtime_minutes,
    days: source.days.map((day) => ({
      workDate: day.work_date,
      minutes: day.minutes,
      restDayRequestedBy: (day.rest_day_requested_by === 'Employee' ? 'Employee' : 'Employer') as RestDayRequester,
    })),
    publicHolidays: source.holidays,
    charges: source.chargeRows.map((charge) => ({
      id: charge.id,
      chargeType: charge.charge_type,
      status: charge.status,
      chargeDate: charge.charge_date,
      amountCents: charge.amount,
      consentDate: charge.consent_date,
      inquiryDate: charge.inquiry_date,
    })),
  };
}

/** What CPF, SDL and the levy read of the worker (decision 103). */
export function statutoryWorkerOf(worker: PayrollWorker): StatutoryWorker {
  return {
    typeOfPass: worker.type_of_pass,
    dateOfBirth: worker.date_of_birth,
    prStartDate: worker.pr_start_date,
    prScheme: worker.pr_cpf_scheme === 'F/F' ? 'F/F' : 'G/G',
    levyTier: levyTierOf({
      typeOfPass: worker.type_of_pass,
      nationality: worker.nationality,
      coretrade: worker.coretrade,
      levy: worker.levy,
      override: worker.levy_tier,
    }),
    permit: { issuedOn: worker.date_of_issuance, cancelledOn: worker.wp_cancellation_date },
  };
}

/**
 * The single per-worker computation every payslip takes (the preview, generation, the payroll run):
 * the worker's rows in, the payslip by the installation's rules out (decision 092), with its additions,
 * CPF, SDL and levy (decision 103).
 */
export function computeSourcePayslip(
  source: PayslipSource,
  period: DateRange,
  payRules: PayRules,
  otherDeductionsCents: number,
  additions: readonly PayslipAddition[] = [],
): StatutoryPayslip {
  const ruled = computeRuledPayslip(ruledBasisOf(source, period, payRules), otherDeductionsCents);
  return withStatutory(ruled, {
    additions,
    worker: statutoryWorkerOf(source.worker),
    workerName: workerDisplayName(source.worker),
    period,
    yearToDate: source.yearToDate ?? NO_YEAR_TO_DATE,
  });
}

/** The rules a stored payslip says it was computed by. */
export const payRulesOf = (value: string): PayRules => (isPayRules(value) ? value : 'seed');

/** The shared calculation's input from the rows as stored (cents and minutes). */
export function basisOf({ worker, timesheets, charges }: PayslipSource): PayslipBasis {
  return {
    rateType: worker.rate_type,
    salaryRateCents: worker.salary_rate,
    workedMinutes: timesheets.worked_minutes,
    overtimeMinutes: timesheets.overtime_minutes,
    charges: charges.map((charge) => ({ chargeType: charge.charge_type, amountCents: charge.amount })),
  };
}

/**
 * Probe finding 17: a payslip is never generated with a negative nett salary, whatever the pay rules
 * compute (the seed's or the Employment Act's, decision 092); answers the reason, or null when the
 * payslip may be generated (a nett of 0.00 may). The one negative-nett rule: a single generation or
 * preview refuses with it (409), a run skips the worker with it.
 */
export function negativeNettReason(computed: Pick<StatutoryPayslip, 'figures' | 'statutory'>): string | null {
  // Decision 103: a Citizen's or PR's payslip without a date of birth cannot be computed (CPF needs the age).
  if (computed.statutory.refusal !== null) return computed.statutory.refusal;
  const nett = computed.figures.nettSalaryCents;
  return nett < 0 ? negativeNettMessage(nett) : null;
}

export function workerSnapshot(worker: PayrollWorker): PayslipWorker {
  return {
    first_name: worker.first_name,
    last_name: worker.last_name,
    worker_id: worker.worker_id,
    fin_no: worker.fin_no,
    wp_no: worker.wp_no,
    email: worker.email,
  };
}

export const workerDisplayName = (worker: Pick<PayrollWorker, 'first_name' | 'last_name'>) =>
  `${worker.first_name} ${worker.last_name}`;

/** A payslip row ready to insert: the computed figures plus the worker snapshot (ARCHITECTURE, Data). */
export function buildPayslipRow({
  source,
  computed,
  period,
  actor,
  timestamp,
  emailRequested,
}: {
  source: PayslipSource;
  computed: StatutoryPayslip;
  period: DateRange;
  actor: Actor;
  timestamp: string;
  emailRequested: boolean;
}): NewPayslipRow {
  const { worker } = source;
  const { figures } = computed;
  const detail: PayDetail = {
    lines: computed.lines,
    not_deducted: computed.notDeducted.map((item) => ({
      admin_charge_id: item.adminChargeId,
      amount: item.amountCents,
      reason: item.reason,
    })),
    warnings: computed.warnings,
    cpf_basis: cpfBasis(computed.statutory.cpf),
  };
  const { statutory } = computed;
  return {
    id: newId(),
    worker_id: worker.id,
    pay_period_start: period.start,
    pay_period_end: period.end,
    // Minutes: the seed's are the timesheets' sums; the Act's the hours it counted (decision 092).
    total_hours_worked: computed.workedMinutes,
    total_overtime_hours: computed.overtimeMinutes,
    hourly_rate: figures.hourlyRateCents,
    overtime_rate: figures.overtimeRateCents,
    basic_salary: figures.basicSalaryCents,
    overtime_amount: figures.overtimeAmountCents,
    admin_charges_deduction: figures.adminChargesDeductionCents,
    other_deductions: figures.otherDeductionsCents,
    nett_salary: figures.nettSalaryCents,
    // SPEC 4: Generated; Sent only once an e-mail has actually gone (the mailer sets it).
    status: 'Generated',
    generated_by: actor.name,
    generated_by_user_id: actor.id,
    generated_at: timestamp,
    paid_at: null,
    email_requested: emailRequested ? 1 : 0,
    rate_type: worker.rate_type,
    salary_rate: worker.salary_rate,
    admin_charges_by_type: JSON.stringify(
      computed.deductedByType.map((total) => ({
        charge_type: total.chargeType,
        amount: total.amountCents,
        count: total.count,
      })),
    ),
    pay_rules: computed.payRules,
    rest_day_pay: computed.restDayPayCents,
    public_holiday_pay: computed.publicHolidayPayCents,
    declared_salary_topup: computed.declaredTopupCents,
    gross_salary: figures.grossSalaryCents,
    pay_detail: JSON.stringify(detail),
    worker_first_name: worker.first_name,
    worker_last_name: worker.last_name,
    worker_code: worker.worker_id,
    worker_fin_no: worker.fin_no,
    worker_wp_no: worker.wp_no,
    worker_email: worker.email,
    created_at: timestamp,
    updated_at: timestamp,
    // Decision 103: the additions, CPF, SDL and levy (integer cents).
    additions:
      statutory.additions.length === 0
        ? null
        : JSON.stringify(
            statutory.additions.map((addition) => ({
              label: addition.label,
              amount: addition.amountCents,
              kind: addition.kind,
            })),
          ),
    allowances_amount: statutory.allowancesCents,
    bonuses_amount: statutory.bonusesCents,
    cpf_ordinary_wages: statutory.cpf.ordinaryWagesCents,
    cpf_additional_wages: statutory.cpf.additionalWagesCents,
    cpf_employee: statutory.cpf.employeeCents,
    cpf_employer: statutory.cpf.employerCents,
    sdl: statutory.sdlCents,
    levy: statutory.levyCents,
  };
}
