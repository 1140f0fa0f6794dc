import { ConfirmDialog } from './confirm-dialog.tsx';

export const UNSAVED_CHANGES_TITLE = 'Leave without saving?';
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. If you leave this page, they will be lost.';

interface UnsavedChangesDialogProps {
  open: boolean;
  onStay(): void;
  onLeave(): void;
}

/** The question asked when a form with unsaved changes is being left; Escape and Stay keep the form. */
export function UnsavedChangesDialog({ open, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={UNSAVED_CHANGES_TITLE}
      message={UNSAVED_CHANGES_MESSAGE}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
