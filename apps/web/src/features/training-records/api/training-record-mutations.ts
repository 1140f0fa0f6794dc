import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrainingRecord, TrainingRecordInput } from '@td/shared/schemas/training-record';
import { api } from '@/lib/api-client.ts';
import { trainingRecordQueries } from './training-record-queries.ts';

export const createTrainingRecord = (input: TrainingRecordInput) =>
  api<TrainingRecord>('/api/training-records', { method: 'POST', body: input });

export const updateTrainingRecord = (id: string, input: TrainingRecordInput) =>
  api<TrainingRecord>(`/api/training-records/${encodeURIComponent(id)}`, { method: 'PUT', body: input });

export const deleteTrainingRecord = (id: string) =>
  api<void>(`/api/training-records/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Lists, tiles and the worker view's list all change with any write. */
function useInvalidateTrainingRecords() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trainingRecordQueries.all() });
}

export function useCreateTrainingRecord() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTrainingRecords();
  return useMutation({
    mutationFn: createTrainingRecord,
    onSuccess: (record) => {
      queryClient.setQueryData(trainingRecordQueries.detail(record.id).queryKey, record);
      return invalidate();
    },
  });
}

export function useUpdateTrainingRecord(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTrainingRecords();
  return useMutation({
    mutationFn: (input: TrainingRecordInput) => updateTrainingRecord(id, input),
    onSuccess: (record) => {
      queryClient.setQueryData(trainingRecordQueries.detail(id).queryKey, record);
      return invalidate();
    },
  });
}
