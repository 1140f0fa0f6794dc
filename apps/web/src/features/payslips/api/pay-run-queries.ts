import { queryOptions } from '@tanstack/react-query';
import type { PayRun, PayRunList, PayRunPayment, PayRunPayValues, PayRunStarted } from '@td/shared/schemas/pay-run';
import type { PayslipList } from '@td/shared/schemas/payslip';
import { api, withQuery } from '@/lib/api-client.ts';

/** Decision 082: the pay runs. Every key starts with `pay-runs`, so one invalidation refreshes them all. */
export const payRunQueries = {
  all: () => ['pay-runs'] as const,
  list: (page: number) =>
    queryOptions({
      queryKey: [...payRunQueries.all(), 'list', page] as const,
      queryFn: ({ signal }) => api<PayRunList>(withQuery('/api/pay-runs', { page, pageSize: 25 }), { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...payRunQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api<PayRun>(`/api/pay-runs/${encodeURIComponent(id)}`, { signal }),
      // The page polls while the run is generated, so the bar moves; every 100 ms, so a run of the month
      // (about 1.5 s, decision 111) shows as done within a tenth of a second, as npm run bench measures it.
      refetchInterval: (query) => (query.state.data?.status === 'Generating' ? 100 : false),
    }),
  /** The Pay dialog's lines (each payslip's mode and bank details, masked); the e-mail batch's payslips. */
  payment: (id: string) =>
    queryOptions({
      queryKey: [...payRunQueries.all(), 'payment', id] as const,
      queryFn: ({ signal }) => api<PayRunPayment>(`/api/pay-runs/${encodeURIComponent(id)}/payment`, { signal }),
    }),
  payslips: (id: string, page: number) =>
    queryOptions({
      queryKey: [...payRunQueries.all(), 'payslips', id, page] as const,
      queryFn: ({ signal }) =>
        api<PayslipList>(withQuery('/api/payslips', { pay_run_id: id, page, pageSize: 100 }), { signal }),
    }),
};

export const startPayRun = (input: {
  pay_period_start: string;
  pay_period_end: string;
  worker_ids?: string[];
  /** Decision 103: allowances and bonuses by worker. */
  additions?: Array<{ worker_id: string; label: string; amount: string; kind: 'allowance' | 'bonus' }>;
}) => api<PayRunStarted>('/api/pay-runs', { method: 'POST', body: input });

export const payRunAction = (id: string, action: 'approve' | 'reopen') =>
  api<PayRun>(`/api/pay-runs/${encodeURIComponent(id)}/${action}`, { method: 'POST' });

export const payPayRun = (id: string, input: PayRunPayValues) =>
  api<PayRun>(`/api/pay-runs/${encodeURIComponent(id)}/pay`, { method: 'POST', body: input });

export const deletePayRun = (id: string) => api<void>(`/api/pay-runs/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Decision 082: a Draft run's payslip computed again with another figure of other deductions. */
export const regenerateRunPayslip = (id: string, payslipId: string, otherDeductions: string) =>
  api<PayRun>(`/api/pay-runs/${encodeURIComponent(id)}/payslips/${encodeURIComponent(payslipId)}/regenerate`, {
    method: 'POST',
    body: { other_deductions: otherDeductions },
  });

/** Decision 082: a worker removed from a Draft run (their payslip deleted). */
export const removeRunPayslip = (id: string, payslipId: string) =>
  api<PayRun>(`/api/pay-runs/${encodeURIComponent(id)}/payslips/${encodeURIComponent(payslipId)}`, {
    method: 'DELETE',
  });
