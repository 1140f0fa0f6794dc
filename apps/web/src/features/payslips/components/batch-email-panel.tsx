import { AlertCircle, CheckCircle2, CircleDashed, Loader2, MinusCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import type { BatchEmailItem, BatchEmailRun } from './use-batch-email.ts';

const ICONS: Record<BatchEmailItem['status'], ReactNode> = {
  waiting: <CircleDashed aria-hidden="true" className="h-4 w-4 shrink-0 text-ink-muted" />,
  sending: <Loader2 aria-hidden="true" className="h-4 w-4 shrink-0 animate-spin text-accent" />,
  sent: <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0 text-success" />,
  skipped: <MinusCircle aria-hidden="true" className="h-4 w-4 shrink-0 text-ink-muted" />,
  failed: <AlertCircle aria-hidden="true" className="h-4 w-4 shrink-0 text-danger" />,
};

const STATUS_TEXT: Record<BatchEmailItem['status'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Failed',
};

export function batchEmailSummary(run: BatchEmailRun): string {
  const count = (status: BatchEmailItem['status']) => run.items.filter((item) => item.status === status).length;
  if (run.running) return `Emailing payslips: ${run.done} of ${run.items.length} done`;
  const parts = [`${count('sent')} emailed`];
  if (count('skipped')) parts.push(`${count('skipped')} skipped`);
  if (count('failed')) parts.push(`${count('failed')} failed`);
  return `Finished: ${parts.join(', ')} of ${run.items.length} payslip(s)`;
}

interface BatchEmailPanelProps {
  run: BatchEmailRun;
  onStop(): void;
  onClose(): void;
}

/** Progress and each payslip's result of a batch e-mail run. */
export function BatchEmailPanel({ run, onStop, onClose }: BatchEmailPanelProps) {
  const failed = run.items.some((item) => item.status === 'failed');
  return (
    <section aria-label="Batch e-mail" className="space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-semibold">
          {batchEmailSummary(run)}
        </p>
        {run.running ? (
          <Button variant="secondary" size="sm" onClick={onStop}>
            Stop
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        )}
      </div>
      <progress
        aria-label="Batch e-mail progress"
        className="h-2 w-full overflow-hidden rounded-full accent-accent"
        max={Math.max(run.items.length, 1)}
        value={run.done}
      />
      {!run.running && failed && (
        <Alert tone="error">Some payslips could not be emailed; see the reasons below and try them again.</Alert>
      )}
      <ul className="max-h-72 divide-y divide-line overflow-y-auto text-sm">
        {run.items.map((item) => (
          <li key={item.id} className="flex items-start gap-2 py-2">
            <span className="mt-0.5">{ICONS[item.status]}</span>
            <div className="min-w-0">
              <p className="font-medium">
                {item.label} <span className="sr-only">: </span>
                <span className="font-normal text-ink-muted">{STATUS_TEXT[item.status]}</span>
              </p>
              {item.message && <p className="text-ink-muted">{item.message}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
