import { type ReactNode, useState } from 'react';
import { errorMessage } from '@/lib/api-client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { type ToastOptions, useToast } from './toast.tsx';

interface ConfirmDeleteDialogProps<T> {
  /** The record to delete; null keeps the dialog closed. */
  record: T | null;
  title(record: T | null): string;
  /** The question the spec asks: "Are you sure you want to delete this worker?". */
  question: string;
  /** Names the record under the question. */
  detail?(record: T): ReactNode;
  /** Sends the delete; resolves once it is done (and the lists are refreshed). */
  remove(record: T): Promise<unknown>;
  /** The toast that confirms it. */
  deleted(record: T): ToastOptions;
  /** SPEC 8's failure, logged and said in the dialog before the server's reason: "Failed to delete worker". */
  failure: string;
  onClose(): void;
  onDeleted?(): void;
}

/**
 * SPEC 2: a delete that asks first. While it runs the dialog stays open (Delete shows a spinner); once
 * done a toast confirms it. SPEC 8 has a failure only logged; we log it and also say so in the dialog,
 * which stays open so the user can try again or cancel.
 */
export function ConfirmDeleteDialog<T>({
  record,
  title,
  question,
  detail,
  remove,
  deleted,
  failure,
  onClose,
  onDeleted,
}: ConfirmDeleteDialogProps<T>) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (record === null) return;
    setProblem(null);
    setBusy(true);
    try {
      await remove(record);
    } catch (error) {
      console.error(failure, error);
      setProblem(`${failure}: ${errorMessage(error, 'Please try again.')}`);
      return;
    } finally {
      setBusy(false);
    }
    toast.show(deleted(record));
    close();
    onDeleted?.();
  };

  return (
    <ConfirmDialog
      open={record !== null}
      title={title(record)}
      message={
        <>
          <span className="block">{question}</span>
          {record !== null && detail && <span className="mt-1 block text-ink">{detail(record)}</span>}
          {problem && (
            <span role="alert" className="mt-2 block font-medium text-danger">
              {problem}
            </span>
          )}
        </>
      }
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={close}
    />
  );
}
