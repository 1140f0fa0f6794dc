import type { ReactNode } from 'react';
import { cn } from './cn.ts';

interface PageHeaderProps {
  /** The page's one <h1>. */
  title: string;
  description?: ReactNode;
  /** Buttons or links for the page's main actions, right of the title (under it on small screens). */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between lg:mb-8', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {description && <div className="mt-1 text-sm text-ink-muted sm:text-base">{description}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
