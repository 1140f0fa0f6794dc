import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminCharge,
  AdminChargeDefaults,
  AdminChargeList,
  AdminChargeSummary,
} from '@td/shared/schemas/admin-charge';
import type { Worker } from '@td/shared/schemas/worker';
import { api, withQuery } from '@/lib/api-client.ts';

/** SPEC 2 admin charge list filters (server-side search, filters and pagination). */
export interface AdminChargeListFilters {
  q?: string | undefined;
  worker_id?: string | undefined;
  status?: string | undefined;
  charge_type?: string | undefined;
}

/** Probe finding 25 (decision 024): the CSV of what the list's search and filters show, every page. */
export const adminChargeExportUrl = (filters: AdminChargeListFilters) =>
  withQuery('/api/admin-charges/export', { ...filters });

const byId = (id: string) => `/api/admin-charges/${encodeURIComponent(id)}`;

/**
 * Query-key factory for everything the admin charges feature reads. Every key starts with
 * `admin-charges`, so one invalidation of `adminChargeQueries.all()` refreshes lists, tiles and details.
 */
export const adminChargeQueries = {
  all: () => ['admin-charges'] as const,
  list: (filters: AdminChargeListFilters & { page: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...adminChargeQueries.all(), 'list', filters] as const,
      queryFn: ({ signal }) => api<AdminChargeList>(withQuery('/api/admin-charges', { ...filters }), { signal }),
      // Keep the current page on screen while the next page or search answers.
      placeholderData: keepPreviousData,
    }),
  summary: (filters: AdminChargeListFilters) =>
    queryOptions({
      queryKey: [...adminChargeQueries.all(), 'summary', filters] as const,
      queryFn: ({ signal }) =>
        api<AdminChargeSummary>(withQuery('/api/admin-charges/summary', { ...filters }), { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...adminChargeQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api<AdminCharge>(byId(id), { signal }),
    }),
  defaults: () =>
    queryOptions({
      queryKey: [...adminChargeQueries.all(), 'defaults'] as const,
      queryFn: ({ signal }) => api<AdminChargeDefaults>('/api/admin-charges/defaults', { signal }),
      // Today changes at midnight: read it afresh for each new form.
      staleTime: 0,
      gcTime: 0,
    }),
  /** The worker of the list's popup (SPEC 2 "worker name click opens a details popup"). */
  worker: (workerId: string) =>
    queryOptions({
      queryKey: [...adminChargeQueries.all(), 'worker', workerId] as const,
      queryFn: ({ signal }) => api<Worker>(`/api/workers/${encodeURIComponent(workerId)}`, { signal }),
    }),
};
