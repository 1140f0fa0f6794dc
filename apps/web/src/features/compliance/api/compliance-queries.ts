import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplianceKind } from '@td/shared/options/compliance';
import type {
  ComplianceCalendar,
  ComplianceFeed,
  EmploymentLetterRecords,
  NotificationSettings,
  RenewalInput,
  WorkerCompliance,
} from '@td/shared/schemas/compliance';
import { api, withQuery } from '@/lib/api-client.ts';

/** What the compliance calendar asks for (decision 095); the CSV export takes the same. */
export interface ComplianceFilters {
  from?: string | undefined;
  to?: string | undefined;
  kind?: ComplianceKind | undefined;
  q?: string | undefined;
  nationality?: string | undefined;
}

/**
 * The calendar's page size: 50 rows, as every list (decision 115; the API's default stays decision 095's
 * 100). `npm run bench` loads the same first page.
 */
export const COMPLIANCE_PAGE_SIZE = 50;

export const complianceExportUrl = (filters: ComplianceFilters) => withQuery('/api/compliance/export', { ...filters });

/** Every key starts with `compliance`; a renewal or a worker's save refreshes them all. */
export const complianceQueries = {
  all: () => ['compliance'] as const,
  calendar: (filters: ComplianceFilters & { page: number }) =>
    queryOptions({
      queryKey: [...complianceQueries.all(), 'calendar', filters] as const,
      queryFn: ({ signal }) =>
        api<ComplianceCalendar>(withQuery('/api/compliance', { ...filters, pageSize: COMPLIANCE_PAGE_SIZE }), {
          signal,
        }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  worker: (id: string) =>
    queryOptions({
      queryKey: [...complianceQueries.all(), 'worker', id] as const,
      queryFn: ({ signal }) => api<WorkerCompliance>(`/api/compliance/workers/${encodeURIComponent(id)}`, { signal }),
      staleTime: 0,
    }),
  letters: (id: string) =>
    queryOptions({
      queryKey: [...complianceQueries.all(), 'letters', id] as const,
      queryFn: ({ signal }) =>
        api<EmploymentLetterRecords>(`/api/workers/${encodeURIComponent(id)}/employment-letters`, { signal }),
      staleTime: 0,
    }),
  notifications: () =>
    queryOptions({
      queryKey: [...complianceQueries.all(), 'notifications'] as const,
      queryFn: ({ signal }) => api<NotificationSettings>('/api/auth/me/notifications', { signal }),
    }),
};

/** Decision 094: a renewal keeps the previous expiry as history; the worker's record changes too. */
export function useRenewItem(workerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RenewalInput) =>
      api<WorkerCompliance>(`/api/compliance/workers/${encodeURIComponent(workerId)}/renewals`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(complianceQueries.worker(workerId).queryKey, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: complianceQueries.all() }),
        // The worker's own record holds the expiry (and its number); its lists and view read it.
        queryClient.invalidateQueries({ queryKey: ['workers'] }),
      ]);
    },
  });
}

export function useSetWeeklyDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weekly_digest: boolean) =>
      api<NotificationSettings>('/api/auth/me/notifications', { method: 'PUT', body: { weekly_digest } }),
    onSuccess: (settings) => queryClient.setQueryData(complianceQueries.notifications().queryKey, settings),
  });
}

/** Turns the feed on, or gives it a new address (the old one stops answering). */
export function useEnableFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ComplianceFeed>('/api/compliance/feed', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceQueries.notifications().queryKey }),
  });
}

export function useDisableFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/compliance/feed', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceQueries.notifications().queryKey }),
  });
}
