import { queryOptions } from '@tanstack/react-query';
import type { Worker } from '@td/shared/schemas/worker';
import { api } from '@/lib/api-client.ts';

/**
 * What the employment letter screen reads: the worker it is for (SPEC 2 "Loads the worker"), through
 * the worker API itself rather than the workers feature's internals.
 */
export const employmentLetterQueries = {
  all: () => ['employment-letter'] as const,
  worker: (id: string) =>
    queryOptions({
      queryKey: [...employmentLetterQueries.all(), 'worker', id] as const,
      queryFn: ({ signal }) => api<Worker>(`/api/workers/${encodeURIComponent(id)}`, { signal }),
      // The letter must show the record as it is now, not as it was when last seen in this tab.
      staleTime: 0,
    }),
};
