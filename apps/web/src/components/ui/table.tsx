import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type HTMLAttributes,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

interface TableProps extends HTMLAttributes<HTMLTableElement> {
  children: ReactNode;
  /** Names the table for screen readers (rendered visually hidden). */
  caption?: string;
  /** Classes for the scrolling container around the table. */
  containerClassName?: string;
}

/** True while the element's content is wider than the element itself. */
function useOverflowsHorizontally<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

/**
 * A table in a rounded card that scrolls sideways on narrow screens. While it scrolls, the container is
 * a focusable, named region so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function Table({ children, caption, className, containerClassName, ...rest }: TableProps) {
  const [containerRef, overflows] = useOverflowsHorizontally<HTMLDivElement>();
  return (
    <div
      ref={containerRef}
      className={cn('overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm', containerClassName)}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': caption ?? 'Table' } : {})}
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...rest}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-line bg-canvas/70', className)} {...rest} />;
}

export function TBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <tbody
      className={cn('divide-y divide-line [&>tr]:transition-colors [&>tr:hover]:bg-canvas/60', className)}
      {...rest}
    />
  );
}

export function TR({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={className} {...rest} />;
}

export function TH({ className, scope = 'col', ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cn(
        'px-4 py-3 text-xs font-semibold whitespace-nowrap text-ink-muted',
        scope === 'row' && 'text-sm text-ink',
        className,
      )}
      {...rest}
    />
  );
}

export function TD({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle text-ink', className)} {...rest} />;
}

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
  /** Names the navigation landmark. */
  label?: string;
  className?: string;
}

const formatCount = (value: number) => value.toLocaleString('en-US');

/** The range shown, e.g. "Showing 1–25 of 240". */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return 'Showing 0 of 0';
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`;
}

/** Previous and Next buttons with the range shown. */
export function Pagination({ page, pageSize, total, onPageChange, label = 'Pagination', className }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={label}
      className={cn('flex flex-wrap items-center justify-between gap-3 px-1 py-3 text-sm', className)}
    >
      <p aria-live="polite" className="text-ink-muted tabular-nums">
        {rangeText(page, pageSize, total)}
      </p>
      <div className="flex items-center gap-2">
        <span className="hidden text-ink-muted tabular-nums sm:inline">
          Page {formatCount(Math.min(page, pageCount))} of {formatCount(pageCount)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          icon={<ChevronLeft aria-hidden="true" className="h-4 w-4" />}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
