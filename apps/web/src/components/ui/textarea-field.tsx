import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { describedBy, FieldLabel, FieldMessage, FieldShell, useFieldIds } from './field.tsx';
import { controlClasses } from './text-field.tsx';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** Shown under the field in red and announced; marks the textarea invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: React.Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  required,
  rows = 4,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const { inputId, messageId } = useFieldIds(id);
  return (
    <FieldShell className={className}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <textarea
        ref={ref}
        id={inputId}
        required={required}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(messageId, error, hint)}
        className={controlClasses(Boolean(error), 'min-h-20 resize-y py-2 leading-relaxed')}
        {...rest}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </FieldShell>
  );
}
