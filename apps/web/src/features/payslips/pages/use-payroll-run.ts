import { fromCents, toCents } from '@td/shared/rules/money';
import type { PayrollRunResult } from '@td/shared/schemas/payslip';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client.ts';
import { runPayroll, useInvalidatePayslips } from '../api/payslip-mutations.ts';

/**
 * Workers per request: each answers quickly, each is its own transaction, and the bar moves as they
 * come back. The benchmark's payroll run sends the same chunks (docs/performance.md).
 */
export const PAYROLL_RUN_CHUNK = 250;

export interface PayrollRunPeriod {
  pay_period_start: string;
  pay_period_end: string;
}

export interface PayrollRunProgress {
  done: number;
  total: number;
}

export interface PayrollRunSummary {
  generated: number;
  /** Dollars, summed in integer cents (ARCHITECTURE, Data). */
  nett: number;
  skipped: PayrollRunResult['skipped'];
  /** The run stopped on this error; what was generated before it stays. */
  error: string | null;
}

/**
 * The payroll run's loop: the chosen workers in chunks of PAYROLL_RUN_CHUNK, one request after the
 * other, the progress after each, and a summary at the end. A failed chunk stops the run; the
 * payslips generated before it stay, and running again skips them (the server refuses a second
 * payslip for a worker and period).
 */
export function usePayrollRun() {
  const invalidate = useInvalidatePayslips();
  const [progress, setProgress] = useState<PayrollRunProgress | null>(null);
  const [summary, setSummary] = useState<PayrollRunSummary | null>(null);

  const start = async (period: PayrollRunPeriod, workerIds: ReadonlyArray<string>): Promise<PayrollRunSummary> => {
    let generated = 0;
    let nettCents = 0;
    const skipped: PayrollRunSummary['skipped'] = [];
    let error: string | null = null;
    setSummary(null);
    setProgress({ done: 0, total: workerIds.length });
    for (let i = 0; i < workerIds.length; i += PAYROLL_RUN_CHUNK) {
      try {
        const part = await runPayroll({ ...period, worker_ids: workerIds.slice(i, i + PAYROLL_RUN_CHUNK) });
        generated += part.generated;
        nettCents += toCents(part.nett_salary);
        skipped.push(...part.skipped);
      } catch (failure) {
        error = errorMessage(failure, 'The server could not be reached.');
        break;
      }
      setProgress({ done: Math.min(i + PAYROLL_RUN_CHUNK, workerIds.length), total: workerIds.length });
    }
    const result: PayrollRunSummary = { generated, nett: fromCents(nettCents), skipped, error };
    setSummary(result);
    await invalidate();
    return result;
  };

  /** Forgets the last run (a new period is shown). */
  const reset = () => {
    setProgress(null);
    setSummary(null);
  };

  return {
    progress,
    summary,
    /** Started and not finished. */
    running: progress !== null && summary === null,
    start,
    reset,
  };
}
