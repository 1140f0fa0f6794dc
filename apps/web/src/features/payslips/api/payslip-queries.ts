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

/** Probe finding 25 (decision 024): the CSV of what the list's search and filters show, every page. */
export const payslipExportUrl = (criteria: Omit<PayslipListCriteria, 'page' | 'pageSize'>) =>
  withQuery('/api/payslips/export', { ...criteria });
/** The list query's largest page (the API refuses more). */
const LARGEST_PAGE = 100;

/**
 * Every payslip the list's search and filters match, page by page (probe finding 29: "Select all 60
 * in November" acts on all of them, not the page shown). A batch stays within one business's month,
 * a few hundred rows at most, so it is read in a handful of requests.
 */
export async function fetchAllPayslips(criteria: Omit<PayslipListCriteria, 'page' | 'pageSize'>): Promise<Payslip[]> {
  const items: Payslip[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api<PayslipList>(withQuery('/api/payslips', { ...criteria, page, pageSize: LARGEST_PAGE }));
    items.push(...answer.items);
    if (answer.items.length < LARGEST_PAGE || items.length >= answer.total) return items;
  }
}

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
  /** Probe finding 24: the tiles count what the list's filters cover, by status. */
  summary: (filters: Pick<PayslipListCriteria, 'q' | 'worker_id' | 'month' | 'pay_run_id'>) =>
    queryOptions({
      queryKey: [...payslipQueries.all(), 'summary', filters] as const,
      queryFn: ({ signal }) => api<PayslipSummary>(withQuery('/api/payslips/summary', { ...filters }), { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...payslipQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api<Payslip>(`/api/payslips/${encodeURIComponent(id)}`, { signal }),
    }),
};
