import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';
import { useFieldIds } from './field.tsx';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Visible and tied to the checkbox: clicking it toggles the checkbox too. */
  label: ReactNode;
  description?: ReactNode;
  /** Shown under the label in red and announced; marks the checkbox invalid. */
  error?: string | undefined;
  ref?: React.Ref<HTMLInputElement>;
}

/** A labelled native checkbox, with an optional line of description. */
export function CheckboxField({
  label,
  description,
  error,
  id,
  className,
  disabled,
  ref,
  ...rest
}: CheckboxFieldProps) {
  const { inputId, messageId } = useFieldIds(id);
  const descriptionId = `${inputId}-description`;
  const describedBy = [description ? descriptionId : undefined, error ? messageId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'mt-0.5 h-[18px] w-[18px] shrink-0 rounded-md accent-accent',
          disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer',
        )}
        {...rest}
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label
          htmlFor={inputId}
          className={cn(
            'text-sm font-medium',
            disabled ? 'cursor-not-allowed text-ink-muted' : 'cursor-pointer text-ink',
          )}
        >
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-ink-muted">
            {description}
          </p>
        )}
        {error && (
          <p id={messageId} className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
