import { TIMESHEET_DELETE_FAILED, type Timesheet } from '@td/shared/schemas/timesheet';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { useDeleteTimesheet } from '../api/timesheet-mutations.ts';
import { timesheetWorkerName } from './timesheet-display.ts';

export const DELETE_TIMESHEET_QUESTION = 'Are you sure you want to delete this timesheet?';

interface DeleteTimesheetDialogProps {
  /** The timesheet to delete; null keeps the dialog closed. */
  timesheet: Pick<Timesheet, 'id' | 'worker' | 'work_date'> | null;
  onClose(): void;
  onDeleted?(): void;
}

/**
 * SPEC 2: delete with confirmation, then the list reloads (every timesheet query is refreshed). SPEC 8:
 * a failure says Failed to delete timesheet; the dialog stays open to try again or cancel.
 */
export function DeleteTimesheetDialog({ timesheet, onClose, onDeleted }: DeleteTimesheetDialogProps) {
  const deletion = useDeleteTimesheet();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    deletion.reset();
    onClose();
  };

  const confirm = () => {
    if (!timesheet) return;
    setFailure(null);
    deletion.mutate(timesheet, {
      onSuccess: () => {
        toast.show({
          tone: 'success',
          title: 'Timesheet deleted',
          description: `${timesheetWorkerName(timesheet)}, ${formatDate(timesheet.work_date)}`,
        });
        close();
        onDeleted?.();
      },
      onError: (error) => {
        console.error(TIMESHEET_DELETE_FAILED, error);
        setFailure(`${TIMESHEET_DELETE_FAILED}: ${errorMessage(error, 'Please try again.')}`);
      },
    });
  };

  return (
    <ConfirmDialog
      open={timesheet !== null}
      title="Delete timesheet?"
      message={
        <>
          <span className="block">{DELETE_TIMESHEET_QUESTION}</span>
          {timesheet && (
            <span className="mt-1 block text-ink">
              {timesheetWorkerName(timesheet)} · {formatDate(timesheet.work_date)}
            </span>
          )}
          {failure && (
            <span role="alert" className="mt-2 block font-medium text-danger">
              {failure}
            </span>
          )}
        </>
      }
      busy={deletion.isPending}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}
