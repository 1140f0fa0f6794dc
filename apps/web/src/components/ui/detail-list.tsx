import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

interface DetailListProps {
  items: ReadonlyArray<DetailItem>;
  columns?: 1 | 2 | 3;
  /** Shown for a value that is null, undefined or an empty string. */
  fallback?: ReactNode;
  className?: string;
}

const grids = {
  1: 'grid-cols-1',
  2: 'grid-cols-1 sm:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
} as const;

const isBlank = (value: ReactNode) => value === null || value === undefined || value === '';

/** Read-only label/value pairs as a description list. */
export function DetailList({ items, columns = 2, fallback = '—', className }: DetailListProps) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-5', grids[columns], className)}>
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-medium text-ink-muted">{item.label}</dt>
          <dd className="mt-1 text-sm break-words text-ink">{isBlank(item.value) ? fallback : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
