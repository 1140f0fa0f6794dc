import type { ReactNode } from 'react';
import { cn } from './cn.ts';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Usually one Button or link that resolves the empty state. */
  action?: ReactNode;
  /** Heading level of the title within the page. */
  level?: 2 | 3;
  className?: string;
}

/** What a list or section shows when it has nothing to show. */
export function EmptyState({ icon, title, description, action, level = 2, className }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={cn('flex flex-col items-center px-6 py-12 text-center', className)}>
      {icon && (
        <span
          aria-hidden="true"
          className="mb-4 flex h-12 w-12 items-center justify-center rounded-2xl bg-canvas text-ink-muted [&>svg]:h-6 [&>svg]:w-6"
        >
          {icon}
        </span>
      )}
      <Heading className="text-base font-semibold text-ink">{title}</Heading>
      {description && <div className="mt-1 max-w-sm text-sm text-ink-muted">{description}</div>}
      {action && <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
