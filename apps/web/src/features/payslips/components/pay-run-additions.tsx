import { type PickedWorker, WorkerPicker } from '@/features/workers/public/worker-picker.tsx';
import { type AdditionDraft, AdditionsEditor, newAddition } from './additions-editor.tsx';

/** One allowance or bonus of a run, for one worker, as typed. */
export interface RunAdditionDraft extends AdditionDraft {
  worker: PickedWorker | null;
}

const newRow = (): RunAdditionDraft => ({ ...newAddition(), worker: null });

/** The rows with a worker, as `POST /api/pay-runs` takes them (the server checks the amounts). */
export const runAdditionsPayload = (rows: readonly RunAdditionDraft[]) =>
  rows
    .filter((row) => row.worker !== null)
    .map((row) => ({ worker_id: row.worker?.id ?? '', label: row.label, amount: row.amount, kind: row.kind }));

/**
 * Decision 103: a pay run's allowances and bonuses, each for one worker (a worker may have several). The
 * run's other figures come from the timesheets; these are added to that worker's payslip.
 */
export function PayRunAdditions({
  value,
  onChange,
  disabled = false,
}: {
  value: readonly RunAdditionDraft[];
  onChange: (next: RunAdditionDraft[]) => void;
  disabled?: boolean;
}) {
  return (
    <AdditionsEditor<RunAdditionDraft>
      legend="Allowances and bonuses (optional)"
      value={value}
      onChange={onChange}
      disabled={disabled}
      newRow={newRow}
      lead={(row, index, update) => (
        <WorkerPicker
          label={`Addition ${index + 1} worker`}
          value={row.worker?.id ?? null}
          disabled={disabled}
          onChange={(picked) => update({ worker: picked })}
        />
      )}
    />
  );
}
