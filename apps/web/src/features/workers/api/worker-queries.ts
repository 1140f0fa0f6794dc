import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExpiringWorkerList, Worker, WorkerDashboard, WorkerList } from '@td/shared/schemas/worker';
import { api, withQuery } from '../../../lib/api-client.ts';

/** SPEC 2 worker list, Worker Status Dashboard: server-side search, filter and pagination. */
export interface WorkerListFilters {
  q?: string | undefined;
  nationality?: string | undefined;
  status?: string | undefined;
  page: number;
  pageSize: number;
}

/** SPEC 2 expiring work permits / coretrade: name search and nationality filter. */
export interface ExpiringFilters {
  q?: string | undefined;
  nationality?: string | undefined;
}

export type ExpiringKind = 'wp' | 'coretrade';

/** SPEC 2: the worker list shows 25 workers a page. */
export const WORKER_PAGE_SIZE = 25;

const EXPIRING_PATHS: Record<ExpiringKind, string> = {
  wp: '/api/workers/expiring-wp',
  coretrade: '/api/workers/expiring-coretrade',
};

/**
 * Query-key factory for everything the workers feature reads. Every key starts with `workers`, so
 * one invalidation of `workerQueries.all()` refreshes lists, figures and details after a write.
 */
export const workerQueries = {
  all: () => ['workers'] as const,
  lists: () => [...workerQueries.all(), 'list'] as const,
  list: (filters: WorkerListFilters) =>
    queryOptions({
      queryKey: [...workerQueries.lists(), filters] as const,
      queryFn: ({ signal }) => api<WorkerList>(withQuery('/api/workers', { ...filters }), { signal }),
      // Keep the current page on screen while the next page or search answers.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...workerQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api<Worker>(`/api/workers/${encodeURIComponent(id)}`, { signal }),
    }),
  dashboard: () =>
    queryOptions({
      queryKey: [...workerQueries.all(), 'dashboard'] as const,
      queryFn: ({ signal }) => api<WorkerDashboard>('/api/workers/dashboard', { signal }),
    }),
  expiring: (kind: ExpiringKind, filters: ExpiringFilters) =>
    queryOptions({
      queryKey: [...workerQueries.all(), 'expiring', kind, filters] as const,
      queryFn: ({ signal }) => api<ExpiringWorkerList>(withQuery(EXPIRING_PATHS[kind], { ...filters }), { signal }),
      placeholderData: keepPreviousData,
    }),
};
