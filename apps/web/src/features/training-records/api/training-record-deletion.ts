import { useQueryClient } from '@tanstack/react-query';
import { TRAINING_DELETE_FAILED, type TrainingRecord } from '@td/shared/schemas/training-record';
import { useSyncExternalStore } from 'react';
import { useToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { recordWorkerName } from '../components/training-record-display.ts';
import { deleteTrainingRecord } from './training-record-mutations.ts';
import { trainingRecordQueries } from './training-record-queries.ts';

/**
 * Records deleted with Undo still pending (decision 022: the request is sent when the toast closes).
 * Kept outside React so the list hides the row wherever the delete was started (list or detail page).
 */
const pending = new Set<string>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<string> = new Set();

function change(update: (ids: Set<string>) => void) {
  update(pending);
  snapshot = new Set(pending);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The ids of records whose deletion waits on its Undo toast: lists leave them out. */
export function usePendingDeletions(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/**
 * Deletes a training record with Undo (the spec asks no confirmation): the row disappears at once,
 * the DELETE is sent when the toast closes without Undo (or the page is left). A failure puts the row
 * back and says SPEC 8's "Failed to delete training record. Please try again."
 */
export function useDeleteTrainingRecord() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return (record: Pick<TrainingRecord, 'id' | 'training_name' | 'worker'>) => {
    change((ids) => ids.add(record.id));
    toast.undoable({
      title: 'Training record deleted',
      description: `${record.training_name} · ${recordWorkerName(record)}`,
      commit: async () => {
        await deleteTrainingRecord(record.id);
        queryClient.removeQueries({ queryKey: trainingRecordQueries.detail(record.id).queryKey });
        await queryClient.invalidateQueries({ queryKey: trainingRecordQueries.all() });
        change((ids) => ids.delete(record.id));
      },
      undo: () => change((ids) => ids.delete(record.id)),
      onCommitError: (error) => {
        console.error('Failed to delete training record', error);
        change((ids) => ids.delete(record.id));
        toast.show({
          tone: 'error',
          title: TRAINING_DELETE_FAILED,
          description: errorMessage(error, 'The record was not deleted.'),
        });
      },
    });
  };
}
