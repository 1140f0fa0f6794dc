import { type ReactNode, useId } from 'react';
import { cn } from './cn.ts';

/** The ids a labelled control needs: its own (given or generated) and its message's. */
export function useFieldIds(id: string | undefined) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return { inputId, messageId: `${inputId}-message` };
}

/** aria-describedby for a control whose message (error or hint) is shown under it. */
export const describedBy = (messageId: string, error: string | undefined, hint: ReactNode, extra?: string) =>
  [error || hint ? messageId : undefined, extra].filter(Boolean).join(' ') || undefined;

export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor: string;
  /** For controls that are also labelled by id (a combobox's listbox). */
  id?: string | undefined;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className="text-sm font-medium text-ink">
      {children}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      )}
    </label>
  );
}

/** The error (red, replaces the hint) or the hint under a control. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={id} className="text-sm text-danger">
        {error}
      </p>
    );
  }
  if (!hint) return null;
  return (
    <p id={id} className="text-xs text-ink-muted">
      {hint}
    </p>
  );
}

export function FieldShell({ className, children }: { className?: string | undefined; children: ReactNode }) {
  return <div className={cn('flex flex-col gap-1.5', className)}>{children}</div>;
}
