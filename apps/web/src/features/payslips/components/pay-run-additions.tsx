import type { AdditionKind } from '@td/shared/rules/payslip-statutory';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { type PickedWorker, WorkerPicker } from '@/features/workers/public/worker-picker.tsx';

/** One allowance or bonus of a run, for one worker, as typed. */
export interface RunAdditionDraft {
  key: number;
  worker: PickedWorker | null;
  label: string;
  amount: string;
  kind: AdditionKind;
}

let nextKey = 1;
const newRow = (): RunAdditionDraft => ({ key: nextKey++, worker: null, label: '', amount: '', kind: 'allowance' });

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
  const update = (key: number, patch: Partial<RunAdditionDraft>) =>
    onChange(value.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-ink">Allowances and bonuses (optional)</legend>
      {value.map((row, index) => (
        <div
          key={row.key}
          className="grid grid-cols-1 items-start gap-3 rounded-xl border border-line p-3 lg:grid-cols-[2fr_2fr_1fr_1.5fr_auto]"
        >
          <WorkerPicker
            label={`Addition ${index + 1} worker`}
            value={row.worker?.id ?? null}
            disabled={disabled}
            onChange={(picked) => update(row.key, { worker: picked })}
          />
          <TextField
            label={`Addition ${index + 1} description`}
            value={row.label}
            maxLength={100}
            disabled={disabled}
            placeholder="e.g. Site allowance"
            onChange={(event) => update(row.key, { label: event.target.value })}
          />
          <TextField
            label={`Addition ${index + 1} amount ($)`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={row.amount}
            disabled={disabled}
            onChange={(event) => update(row.key, { amount: event.target.value })}
          />
          <SelectField
            label={`Addition ${index + 1} kind`}
            options={[
              { value: 'allowance', label: 'Allowance (ordinary wage)' },
              { value: 'bonus', label: 'Bonus (additional wage)' },
            ]}
            value={row.kind}
            disabled={disabled}
            onChange={(event) => update(row.key, { kind: event.target.value as AdditionKind })}
          />
          <Button
            variant="secondary"
            className="lg:mt-6"
            disabled={disabled}
            aria-label={`Remove addition ${index + 1}`}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            onClick={() => onChange(value.filter((other) => other.key !== row.key))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          disabled={disabled}
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          onClick={() => onChange([...value, newRow()])}
        >
          Add allowance or bonus
        </Button>
      </div>
    </fieldset>
  );
}
