import type { Payslip } from '@td/shared/schemas/payslip';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatSgd } from '@/lib/format.ts';
import { payslipWorkerName } from './payslip-display.ts';

interface RegenerateDialogProps {
  payslip: Payslip | null;
  busy: boolean;
  error: unknown;
  onCancel(): void;
  onRegenerate(otherDeductions: string): void;
}

/**
 * Decision 082: a Draft run's payslip computed again with another figure of other deductions (the
 * timesheets and charges are read afresh on the server; the figure is checked there too).
 */
export function RegeneratePayslipDialog({ payslip, busy, error, onCancel, onRegenerate }: RegenerateDialogProps) {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (payslip) setValue(payslip.other_deductions.toFixed(2));
  }, [payslip]);
  const name = payslip ? payslipWorkerName(payslip.worker) : '';
  return (
    <Modal
      open={payslip !== null}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      title={`Regenerate the payslip of ${name}`}
      description={
        payslip
          ? `Nett salary now ${formatSgd(payslip.nett_salary)}, other deductions ${formatSgd(payslip.other_deductions)}.`
          : undefined
      }
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button busy={busy} onClick={() => onRegenerate(value)}>
            Regenerate
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          onRegenerate(value);
        }}
      >
        <TextField
          label="Other deductions (SGD)"
          inputMode="decimal"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        {error !== null && error !== undefined && (
          <Alert tone="error">{errorMessage(error, 'The payslip could not be regenerated.')}</Alert>
        )}
      </form>
    </Modal>
  );
}

interface RemoveDialogProps {
  payslip: Payslip | null;
  busy: boolean;
  onCancel(): void;
  onRemove(): void;
}

/** Decision 082: a worker removed from a Draft run: their payslip is deleted and the totals follow. */
export function RemoveFromRunDialog({ payslip, busy, onCancel, onRemove }: RemoveDialogProps) {
  return (
    <ConfirmDialog
      open={payslip !== null}
      title="Remove this worker from the run?"
      message={payslip ? `The Draft payslip of ${payslipWorkerName(payslip.worker)} is deleted.` : ''}
      confirmLabel="Remove"
      busy={busy}
      onConfirm={onRemove}
      onCancel={onCancel}
    />
  );
}
