import type { AdditionKind } from '@td/shared/rules/payslip-statutory';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';

/** One addition as typed: dollars as text, like every money field of the forms. */
export interface AdditionDraft {
  key: number;
  label: string;
  amount: string;
  kind: AdditionKind;
}

const KIND_OPTIONS = [
  { value: 'allowance', label: 'Allowance (ordinary wage)' },
  { value: 'bonus', label: 'Bonus (additional wage)' },
];

/** A row's grid and its Remove button's offset; with a lead field the row needs a wider screen. */
const LAYOUTS = {
  plain: { row: 'sm:grid-cols-[2fr_1fr_1.4fr_auto] sm:border-0 sm:p-0', remove: 'sm:mt-6' },
  withLead: { row: 'lg:grid-cols-[2fr_2fr_1fr_1.5fr_auto]', remove: 'lg:mt-6' },
};

let nextKey = 1;
export const newAddition = (kind: AdditionKind = 'allowance'): AdditionDraft => ({
  key: nextKey++,
  label: '',
  amount: '',
  kind,
});

/** What the API takes of the drafts (the schema checks and converts the amounts). */
export const additionsPayload = (drafts: readonly AdditionDraft[]) =>
  drafts.map(({ label, amount, kind }) => ({ label, amount, kind }));

/**
 * Decision 103: the allowances and bonuses of a payslip, each its own line (label, amount, kind); an
 * allowance is an ordinary wage for CPF, a bonus an additional wage. Both count in gross.
 */
export function AdditionsEditor<T extends AdditionDraft = AdditionDraft>({
  value,
  onChange,
  disabled = false,
  errors = {},
  legend = 'Allowances and bonuses',
  newRow = newAddition as () => T,
  lead,
}: {
  value: readonly T[];
  onChange: (next: T[]) => void;
  disabled?: boolean;
  /** Messages by row index and field. */
  errors?: Record<number, Partial<Record<'label' | 'amount' | 'kind', string>>>;
  legend?: string;
  /** A new, empty row (the pay run's rows also name a worker). */
  newRow?: () => T;
  /** A field before the description (the pay run's worker picker), given a way to change the row. */
  lead?: (row: T, index: number, update: (patch: Partial<T>) => void) => ReactNode;
}) {
  const layout = lead ? LAYOUTS.withLead : LAYOUTS.plain;
  // A row's own fields, or (from the lead field) the fields a wider row adds.
  const update = (key: number, patch: Partial<AdditionDraft> | Partial<T>) =>
    onChange(value.map((item) => (item.key === key ? ({ ...item, ...patch } as T) : item)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      {value.length === 0 && <p className="text-sm text-ink-muted">No allowances or bonuses.</p>}
      {value.map((item, index) => (
        <div
          key={item.key}
          className={`grid grid-cols-1 items-start gap-3 rounded-xl border border-line p-3 ${layout.row}`}
        >
          {lead?.(item, index, (patch) => update(item.key, patch))}
          <TextField
            label={`Addition ${index + 1} description`}
            value={item.label}
            disabled={disabled}
            maxLength={100}
            error={errors[index]?.label}
            placeholder="e.g. Transport allowance"
            onChange={(event) => update(item.key, { label: event.target.value })}
          />
          <TextField
            label={`Addition ${index + 1} amount ($)`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={item.amount}
            disabled={disabled}
            error={errors[index]?.amount}
            onChange={(event) => update(item.key, { amount: event.target.value })}
          />
          <SelectField
            label={`Addition ${index + 1} kind`}
            options={KIND_OPTIONS}
            value={item.kind}
            disabled={disabled}
            error={errors[index]?.kind}
            onChange={(event) => update(item.key, { kind: event.target.value as AdditionKind })}
          />
          <Button
            variant="secondary"
            className={layout.remove}
            disabled={disabled}
            aria-label={`Remove addition ${index + 1}`}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            onClick={() => onChange(value.filter((other) => other.key !== item.key))}
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
