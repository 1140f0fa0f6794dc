import type { Worker } from '@td/shared/schemas/worker';
import { memo } from 'react';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog.tsx';
import { useDeleteWorker } from '../api/worker-mutations.ts';
import { workerLabel } from './worker-display.ts';

export const DELETE_WORKER_QUESTION = 'Are you sure you want to delete this worker?';

type DeletedWorker = Pick<Worker, 'id' | 'first_name' | 'last_name' | 'worker_id'>;

interface DeleteWorkerDialogProps {
  /** The worker to delete; null keeps the dialog closed. */
  worker: DeletedWorker | null;
  onClose(): void;
}

/**
 * SPEC 2: delete asks "Are you sure you want to delete this worker?", then the lists reload (the
 * mutation refreshes every worker query) and a toast confirms it (decision 022). Memoized: the worker
 * list renders it beside its table, and a row's state changes should not render it again.
 */
export const DeleteWorkerDialog = memo(function DeleteWorkerDialog({ worker, onClose }: DeleteWorkerDialogProps) {
  const deletion = useDeleteWorker();
  return (
    <ConfirmDeleteDialog<DeletedWorker>
      record={worker}
      title={(record) => (record ? `Delete ${workerLabel(record)}?` : 'Delete worker?')}
      question={DELETE_WORKER_QUESTION}
      remove={deletion.mutateAsync}
      deleted={(record) => ({ title: 'Worker deleted', description: workerLabel(record) })}
      failure="Failed to delete worker"
      onClose={onClose}
    />
  );
});
