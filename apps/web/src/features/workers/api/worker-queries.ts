import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ExpiringWorkerList,
  Worker,
  WorkerCompanies,
  WorkerDashboard,
  WorkerHistory,
  WorkerList,
  WorkerLookup,
  WorkerSort,
} from '@td/shared/schemas/worker';
import { api, withQuery } from '@/lib/api-client.ts';

/** What a worker list's search, filters and sort ask the server for (and its CSV export). */
export interface WorkerListCriteria {
  q?: string | undefined;
  nationality?: string | undefined;
  status?: string | undefined;
  type_of_pass?: string | undefined;
  supplied_to_company?: string | undefined;
  sort?: WorkerSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** SPEC 2 worker list, Worker Status Dashboard: server-side search, filter, sort and pagination. */
export interface WorkerListFilters extends WorkerListCriteria {
  page: number;
  pageSize: number;
}

/** SPEC 2 expiring work permits / coretrade: name search and nationality filter. */
export interface ExpiringFilters {
  q?: string | undefined;
  nationality?: string | undefined;
}

export type ExpiringKind = 'wp' | 'coretrade';

/** How many workers the picker asks for at a time (ARCHITECTURE differs 10). */
export const WORKER_LOOKUP_PAGE_SIZE = 20;

/** SPEC 2: the worker list shows 25 workers a page. */
export const WORKER_PAGE_SIZE = 25;

const EXPIRING_PATHS: Record<ExpiringKind, string> = {
  wp: '/api/workers/expiring-wp',
  coretrade: '/api/workers/expiring-coretrade',
};

/** Decision 024: the CSV download of what a list shows (a plain link: the browser saves the file). */
export const workerExportUrl = (criteria: WorkerListCriteria) => withQuery('/api/workers/export', { ...criteria });
export const expiringExportUrl = (kind: ExpiringKind, filters: ExpiringFilters) =>
  withQuery(`${EXPIRING_PATHS[kind]}/export`, { ...filters });

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
  history: (id: string) =>
    queryOptions({
      queryKey: [...workerQueries.all(), 'history', id] as const,
      queryFn: ({ signal }) => api<WorkerHistory>(`/api/workers/${encodeURIComponent(id)}/history`, { signal }),
    }),
  companies: () =>
    queryOptions({
      queryKey: [...workerQueries.all(), 'companies'] as const,
      queryFn: ({ signal }) => api<WorkerCompanies>('/api/workers/companies', { signal }),
      staleTime: 5 * 60_000,
    }),
  dashboard: () =>
    queryOptions({
      queryKey: [...workerQueries.all(), 'dashboard'] as const,
      queryFn: ({ signal }) => api<WorkerDashboard>('/api/workers/dashboard', { signal }),
    }),
  /** The worker picker: pages of workers matching `q` (name or TD- id), ordered by name. */
  lookup: (q: string) =>
    infiniteQueryOptions({
      queryKey: [...workerQueries.all(), 'lookup', q] as const,
      queryFn: ({ pageParam, signal }) =>
        api<WorkerLookup>(withQuery('/api/workers/lookup', { q, page: pageParam, pageSize: WORKER_LOOKUP_PAGE_SIZE }), {
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) =>
        pages.length * WORKER_LOOKUP_PAGE_SIZE < lastPage.total ? pages.length + 1 : undefined,
      // While the next query answers, the last results stay in `data`, marked as placeholder: the picker
      // offers none of them (worker-picker.tsx), so a quick Enter cannot choose from an earlier search.
      placeholderData: keepPreviousData,
    }),
  expiring: (kind: ExpiringKind, filters: ExpiringFilters) =>
    queryOptions({
      queryKey: [...workerQueries.all(), 'expiring', kind, filters] as const,
      queryFn: ({ signal }) => api<ExpiringWorkerList>(withQuery(EXPIRING_PATHS[kind], { ...filters }), { signal }),
      placeholderData: keepPreviousData,
    }),
};
