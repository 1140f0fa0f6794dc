import { useQueryClient } from '@tanstack/react-query';
import {
  emailFailedMessage,
  PAYSLIP_DOCUMENT_MESSAGES as M,
  payslipEmailedMessage,
} from '@td/shared/options/payslip-documents';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { emailPayslip, PAYSLIP_QUERY_ROOT } from '../api/payslip-documents.ts';

/** What a batch needs of each selected payslip (a payslip of the list fits). */
export interface BatchEmailTarget {
  id: string;
  status: string;
  worker: { first_name: string; last_name: string };
  pay_period_start: string;
  pay_period_end: string;
}

export interface BatchEmailItem {
  id: string;
  /** Worker name and period, as the list shows them. */
  label: string;
  status: 'waiting' | 'sending' | 'sent' | 'skipped' | 'failed';
  message: string | null;
}

export interface BatchEmailRun {
  items: BatchEmailItem[];
  running: boolean;
  /** Sent, skipped or failed so far. */
  done: number;
}

const STOPPED = 'Not sent: the batch was stopped.';

function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return emailFailedMessage(error instanceof Error && error.message ? error.message : 'unknown error');
}

/**
 * Batch e-mail (decision 025, beyond the spec): e-mails the selected payslips one after the other, so the
 * screen can show progress and each payslip's result. A run never e-mails a payslip twice: a second
 * press while a run is going is ignored, a payslip selected twice is sent once, and Paid ones are
 * skipped with SPEC 5's reason before any request.
 */
export function useBatchEmail() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BatchEmailRun | null>(null);
  const running = useRef(false);
  const stopRequested = useRef(false);

  const update = useCallback((id: string, change: Partial<BatchEmailItem>) => {
    setRun((current) =>
      current
        ? {
            ...current,
            items: current.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
            done: current.done + (change.status && change.status !== 'sending' && change.status !== 'waiting' ? 1 : 0),
          }
        : current,
    );
  }, []);

  const start = useCallback(
    async (targets: readonly BatchEmailTarget[]) => {
      if (running.current) return;
      running.current = true;
      stopRequested.current = false;
      const unique = [...new Map(targets.map((target) => [target.id, target])).values()];
      setRun({
        running: true,
        done: 0,
        items: unique.map((target) => ({
          id: target.id,
          label: `${target.worker.first_name} ${target.worker.last_name}, ${formatDate(target.pay_period_start)} to ${formatDate(target.pay_period_end)}`,
          status: 'waiting',
          message: null,
        })),
      });
      try {
        for (const target of unique) {
          if (stopRequested.current) {
            update(target.id, { status: 'skipped', message: STOPPED });
            continue;
          }
          // Decision 082: a Paid payslip may be e-mailed; a Draft pay run's is not issued yet.
          if (target.status === 'Draft') {
            update(target.id, { status: 'skipped', message: M.draftCannotBeEmailed });
            continue;
          }
          update(target.id, { status: 'sending' });
          try {
            const { delivery } = await emailPayslip(target.id);
            update(target.id, { status: 'sent', message: payslipEmailedMessage(delivery.name, delivery.to) });
          } catch (error) {
            update(target.id, { status: 'failed', message: failureOf(error) });
          }
        }
      } finally {
        running.current = false;
        setRun((current) => (current ? { ...current, running: false } : current));
        await queryClient.invalidateQueries({ queryKey: PAYSLIP_QUERY_ROOT });
      }
    },
    [queryClient, update],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);

  const clear = useCallback(() => {
    if (!running.current) setRun(null);
  }, []);

  return { run, start, stop, clear };
}
