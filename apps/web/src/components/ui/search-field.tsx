import { Search } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy, FieldLabel, FieldMessage, FieldShell, useFieldIds } from './field.tsx';
import { inputClasses } from './text-field.tsx';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}

/** A labelled search input with a magnifier icon. */
export function SearchField({ label, error, hint, id, className, required, ref, ...rest }: SearchFieldProps) {
  const { inputId, messageId } = useFieldIds(id);
  return (
    <FieldShell className={className}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ink-muted"
        />
        <input
          ref={ref}
          id={inputId}
          type="search"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(messageId, error, hint)}
          className={inputClasses(Boolean(error), 'pl-9')}
          {...rest}
        />
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </FieldShell>
  );
}
