import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Payslip, PayslipList, PayslipSummary } from '@td/shared/schemas/payslip';
import { api, withQuery } from '@/lib/api-client.ts';

/** SPEC 2 payslip list: server-side search, filters and pagination (ARCHITECTURE differs 3). */
export interface PayslipListCriteria {
  q?: string | undefined;
  worker_id?: string | undefined;
  status?: string | undefined;
  /** `YYYY-MM`; undefined lists every month. */
  month?: string | undefined;
  /** Decision 082: one pay run's payslips. */
  pay_run_id?: string | undefined;
  page: number;
  pageSize: number;
}

export const PAYSLIP_PAGE_SIZE = 25;

/**
 * Query-key factory for everything the payslips feature reads. Every key starts with `payslips`, so one
 * invalidation of `payslipQueries.all()` refreshes the list, the tiles and the details after a write.
 */
export const payslipQueries = {
  all: () => ['payslips'] as const,
  list: (criteria: PayslipListCriteria) =>
    queryOptions({
      queryKey: [...payslipQueries.all(), 'list', criteria] as const,
      queryFn: ({ signal }) => api<PayslipList>(withQuery('/api/payslips', { ...criteria }), { signal }),
      placeholderData: keepPreviousData,
    }),
  summary: () =>
    queryOptions({
      queryKey: [...payslipQueries.all(), 'summary'] as const,
      queryFn: ({ signal }) => api<PayslipSummary>('/api/payslips/summary', { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...payslipQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api<Payslip>(`/api/payslips/${encodeURIComponent(id)}`, { signal }),
    }),
};
