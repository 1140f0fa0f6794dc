import type { Client } from './stack.ts';

/**
 * The pay run as the pay runs page starts it (apps/web/src/features/payslips/pages/pay-runs-page.tsx,
 * decision 082): `POST /api/pay-runs` for the period, then the run's page polls `GET /api/pay-runs/{id}`
 * until it leaves Generating. Measured end to end, the polling included, as a user waits for it.
 */
/** The run page's own interval (`pay-run-queries.ts`): measured as the page waits. */
export const POLL_MS = 100;

interface Started {
  id: string;
}

interface RunState {
  status: string;
  generated: number;
  progress?: { done: number; total: number };
  error: string | null;
}

export interface PayrollRun {
  payRunId: string;
  /** The POST's own time (the run recorded and its job started). */
  previewMs: number;
  /** From the POST to the answer that says Draft, in seconds. */
  runSeconds: number;
  requests: number;
  /** Decision 100: the distinct progress counts the polls saw between 0 and the whole (the bar moving). */
  progressSteps: number;
  generated: number;
  workerIds: string[];
  payslipIds: string[];
}

export async function payrollRunAsTheScreen(
  client: Client,
  period: { start: string; end: string },
): Promise<PayrollRun> {
  const started = performance.now();
  const post = await client.json<Started>('POST', '/api/pay-runs', {
    pay_period_start: period.start,
    pay_period_end: period.end,
  });
  let requests = 1;
  let run: RunState;
  const steps = new Set<number>();
  for (;;) {
    run = (await client.json<RunState>('GET', `/api/pay-runs/${post.body.id}`)).body;
    requests += 1;
    if (
      run.status === 'Generating' &&
      run.progress &&
      run.progress.done > 0 &&
      run.progress.done < run.progress.total
    ) {
      steps.add(run.progress.done);
    }
    if (run.status !== 'Generating') break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const runSeconds = (performance.now() - started) / 1000;
  if (run.status !== 'Draft') throw new Error(`the pay run ended ${run.status}: ${run.error ?? ''}`);
  const payslips: Array<{ id: string; worker_id: string | null }> = [];
  for (let page = 1; ; page++) {
    const list = await client.json<{ items: Array<{ id: string; worker_id: string | null }>; total: number }>(
      'GET',
      `/api/payslips?pay_run_id=${post.body.id}&page=${page}&pageSize=100`,
    );
    payslips.push(...list.body.items);
    if (payslips.length >= list.body.total || list.body.items.length === 0) break;
  }
  return {
    payRunId: post.body.id,
    previewMs: post.ms,
    runSeconds,
    requests,
    progressSteps: steps.size,
    generated: run.generated,
    workerIds: payslips.flatMap((payslip) => (payslip.worker_id ? [payslip.worker_id] : [])),
    payslipIds: payslips.map((payslip) => payslip.id),
  };
}
