import { TIMESHEET_DELETE_FAILED, type Timesheet } from '@td/shared/schemas/timesheet';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog.tsx';
import { formatDate } from '@/lib/format.ts';
import { useDeleteTimesheet } from '../api/timesheet-mutations.ts';
import { timesheetWorkerName } from './timesheet-display.ts';

export const DELETE_TIMESHEET_QUESTION = 'Are you sure you want to delete this timesheet?';

type DeletedTimesheet = Pick<Timesheet, 'id' | 'worker' | 'work_date'>;

interface DeleteTimesheetDialogProps {
  /** The timesheet to delete; null keeps the dialog closed. */
  timesheet: DeletedTimesheet | null;
  onClose(): void;
  onDeleted?(): void;
}

/**
 * SPEC 2: delete with confirmation, then the list reloads (every timesheet query is refreshed). SPEC 8:
 * a failure says Failed to delete timesheet; the dialog stays open to try again or cancel.
 */
export function DeleteTimesheetDialog({ timesheet, onClose, onDeleted }: DeleteTimesheetDialogProps) {
  const deletion = useDeleteTimesheet();
  return (
    <ConfirmDeleteDialog<DeletedTimesheet>
      record={timesheet}
      title={() => 'Delete timesheet?'}
      question={DELETE_TIMESHEET_QUESTION}
      detail={(record) => `${timesheetWorkerName(record)} · ${formatDate(record.work_date)}`}
      remove={deletion.mutateAsync}
      deleted={(record) => ({
        tone: 'success',
        title: 'Timesheet deleted',
        description: `${timesheetWorkerName(record)}, ${formatDate(record.work_date)}`,
      })}
      failure={TIMESHEET_DELETE_FAILED}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
