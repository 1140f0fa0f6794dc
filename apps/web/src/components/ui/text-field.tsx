import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';
import { describedBy, FieldLabel, FieldMessage, FieldShell, useFieldIds } from './field.tsx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field in red and announced; marks the input invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}

/** The shared look of text-like controls (input, select, textarea), without a height. */
export const controlClasses = (invalid: boolean, className?: string) =>
  cn(
    'w-full rounded-xl border bg-white px-3 text-sm text-ink shadow-xs transition-[border-color,box-shadow]',
    'placeholder:text-ink-muted/70 focus:outline-none focus:ring-4',
    // The readonly attribute, not :read-only, which every <select> matches.
    '[&[readonly]]:bg-canvas [&[readonly]]:text-ink-muted disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-muted',
    invalid
      ? 'border-danger focus:border-danger focus:ring-danger/15'
      : 'border-line hover:border-ink-muted/40 focus:border-accent focus:ring-accent/15',
    className,
  );

/** A single-line control: {@link controlClasses} at the standard 40 px height. */
export const inputClasses = (invalid: boolean, className?: string) => controlClasses(invalid, cn('h-10', className));

/** A labelled text input: the label is always visible and tied to the input. */
export function TextField({ label, error, hint, id, className, required, ref, ...rest }: TextFieldProps) {
  const { inputId, messageId } = useFieldIds(id);
  return (
    <FieldShell className={className}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={ref}
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(messageId, error, hint)}
        className={inputClasses(Boolean(error))}
        {...rest}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </FieldShell>
  );
}
