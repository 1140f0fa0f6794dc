import { ChevronDown } from 'lucide-react';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { describedBy, FieldLabel, FieldMessage, FieldShell, useFieldIds } from './field.tsx';
import { inputClasses } from './text-field.tsx';

export type SelectOption = string | { value: string; label: string };

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: ReadonlyArray<SelectOption>;
  /** Renders a first option with an empty value, e.g. "Select a status". */
  placeholder?: string;
  /** Shown under the field in red and announced; marks the select invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: React.Ref<HTMLSelectElement>;
}

const toOption = (option: SelectOption) => (typeof option === 'string' ? { value: option, label: option } : option);

/**
 * A labelled native select: the platform's own picker is the most accessible one on every device and
 * works with react-hook-form's register() and Playwright's selectOption().
 */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  className,
  required,
  ref,
  ...rest
}: SelectFieldProps) {
  const { inputId, messageId } = useFieldIds(id);
  return (
    <FieldShell className={className}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <select
          ref={ref}
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(messageId, error, hint)}
          className={inputClasses(
            Boolean(error),
            cn(
              'cursor-pointer appearance-none pr-9 [&_option]:text-ink',
              // While the placeholder is chosen the text is muted, as in an empty text field.
              placeholder !== undefined && "[&:has(option[value='']:checked)]:text-ink-muted",
            ),
          )}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map(toOption).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-ink-muted"
        />
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </FieldShell>
  );
}
