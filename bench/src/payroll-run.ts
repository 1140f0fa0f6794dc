import type { Client } from './stack.ts';

/**
 * The payroll run as the run screen sends it (apps/web/src/features/payslips/pages/payroll-run-page.tsx):
 * the preview the page opens with, then, on Run, the workers still to pay in chunks of 250, one
 * request (and one transaction) after the other. Decision 078 budgets the chunks' whole wall time.
 */
export const RUN_CHUNK = 250;

interface Preview {
  items: Array<{ worker_id: string; existing_payslip: unknown }>;
}

interface RunPart {
  generated: number;
  payslip_ids: string[];
}

export interface PayrollRun {
  previewMs: number;
  /** Wall time of every chunk, one after the other, in seconds. */
  runSeconds: number;
  requests: number;
  generated: number;
  workerIds: string[];
  payslipIds: string[];
}

export async function payrollRunAsTheScreen(
  client: Client,
  period: { start: string; end: string },
): Promise<PayrollRun> {
  const input = { pay_period_start: period.start, pay_period_end: period.end };
  const preview = await client.json<Preview>('POST', '/api/payroll-runs/preview', input);
  const ids = preview.body.items.filter((row) => row.existing_payslip === null).map((row) => row.worker_id);
  const payslipIds: string[] = [];
  let generated = 0;
  let requests = 0;
  const started = performance.now();
  for (let i = 0; i < ids.length; i += RUN_CHUNK) {
    const part = await client.json<RunPart>('POST', '/api/payroll-runs', {
      ...input,
      worker_ids: ids.slice(i, i + RUN_CHUNK),
    });
    generated += part.body.generated;
    payslipIds.push(...part.body.payslip_ids);
    requests += 1;
  }
  const runSeconds = (performance.now() - started) / 1000;
  if (ids.length > 0 && generated === 0) throw new Error('the payroll run generated no payslip');
  return {
    previewMs: preview.ms,
    runSeconds,
    requests,
    generated,
    workerIds: preview.body.items.map((row) => row.worker_id),
    payslipIds,
  };
}
