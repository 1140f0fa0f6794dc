import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Worker, WorkerFormValues } from '@td/shared/schemas/worker';
import { api } from '@/lib/api-client.ts';
import { workerQueries } from './worker-queries.ts';

export const createWorker = (input: WorkerFormValues) => api<Worker>('/api/workers', { method: 'POST', body: input });

export const updateWorker = (id: string, input: WorkerFormValues) =>
  api<Worker>(`/api/workers/${encodeURIComponent(id)}`, { method: 'PUT', body: input });

export const deleteWorker = (id: string) => api<void>(`/api/workers/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Lists, figures and expiring views all change with any write, so every worker query is refreshed. */
function useInvalidateWorkers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workerQueries.all() });
}

export function useCreateWorker() {
  const invalidate = useInvalidateWorkers();
  return useMutation({ mutationFn: createWorker, onSuccess: invalidate });
}

export function useUpdateWorker(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWorkers();
  return useMutation({
    mutationFn: (input: WorkerFormValues) => updateWorker(id, input),
    onSuccess: (worker) => {
      queryClient.setQueryData(workerQueries.detail(id).queryKey, worker);
      return invalidate();
    },
  });
}

export function useDeleteWorker() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWorkers();
  return useMutation({
    mutationFn: (worker: Pick<Worker, 'id'>) => deleteWorker(worker.id),
    onSuccess: (_result, worker) => {
      queryClient.removeQueries({ queryKey: workerQueries.detail(worker.id).queryKey });
      return invalidate();
    },
  });
}
