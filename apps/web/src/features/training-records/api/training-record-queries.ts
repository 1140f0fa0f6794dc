import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TrainingStatusFilter } from '@td/shared/options/training';
import type { TrainingRecord, TrainingRecordList, TrainingSummary } from '@td/shared/schemas/training-record';
import { api, withQuery } from '@/lib/api-client.ts';

/** SPEC 2 training list: search and filters, answered by the server. */
export interface TrainingFilters {
  q?: string | undefined;
  /** workers.id */
  worker_id?: string | undefined;
  training_name?: string | undefined;
}

export interface TrainingListFilters extends TrainingFilters {
  status?: TrainingStatusFilter | undefined;
  page: number;
  pageSize: number;
}

export const TRAINING_PAGE_SIZE = 25;

/** Probe finding 25 (decision 024): the CSV of what the list's search, filters and status show, every page. */
export const trainingExportUrl = (filters: Omit<TrainingListFilters, 'page' | 'pageSize'>) =>
  withQuery('/api/training-records/export', { ...filters });
/** The worker view lists up to this many of the worker's records; more are one link away. */
export const WORKER_TRAINING_LIMIT = 50;

/**
 * Query-key factory of the training records feature. Every key starts with `training-records`, so one
 * invalidation of `trainingRecordQueries.all()` refreshes lists, tiles and details after a write.
 */
export const trainingRecordQueries = {
  all: () => ['training-records'] as const,
  list: (filters: TrainingListFilters) =>
    queryOptions({
      queryKey: [...trainingRecordQueries.all(), 'list', filters] as const,
      queryFn: ({ signal }) => api<TrainingRecordList>(withQuery('/api/training-records', { ...filters }), { signal }),
      // Keep the current page on screen while the next page or search answers.
      placeholderData: keepPreviousData,
    }),
  summary: (filters: TrainingFilters) =>
    queryOptions({
      queryKey: [...trainingRecordQueries.all(), 'summary', filters] as const,
      queryFn: ({ signal }) =>
        api<TrainingSummary>(withQuery('/api/training-records/summary', { ...filters }), { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...trainingRecordQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api<TrainingRecord>(`/api/training-records/${encodeURIComponent(id)}`, { signal }),
    }),
};
