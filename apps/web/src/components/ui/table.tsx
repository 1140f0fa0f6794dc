import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type HTMLAttributes,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { formatCount } from '@/lib/format.ts';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

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

/** Below this width a DataTable shows its rows as cards (Tailwind's `md`). */
export const CARD_LAYOUT_QUERY = '(max-width: 767.98px)';

/** Whether a media query matches now, following changes; false where the platform cannot tell (tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export type SortOrder = 'asc' | 'desc';
export interface TableSort {
  key: string;
  order: SortOrder;
}

export interface DataColumn<T> {
  id: string;
  /** The column header, and the field's label on a card. */
  header: string;
  cell(row: T): ReactNode;
  /**
   * Where the column goes on a card below the breakpoint: `title` (the card's heading line), `subtitle`
   * (under it), `badge` (top right), `field` (a labelled value; the default) or `hidden`.
   */
  card?: 'title' | 'subtitle' | 'badge' | 'field' | 'hidden';
  /** Makes the header a sort button sending this key. */
  sortKey?: string;
  /** The order a first press sorts in (dates usually start newest first). */
  firstOrder?: SortOrder;
  /** Classes of the column's cells in the table. */
  className?: string;
}

interface DataTableProps<T> {
  /** Names the table (and the list of cards) for screen readers. */
  caption: string;
  columns: ReadonlyArray<DataColumn<T>>;
  rows: ReadonlyArray<T>;
  rowKey(row: T): string;
  /**
   * The row's actions: the last column ("Actions") in the table, the card's footer below the breakpoint
   * (where there is room for labelled buttons and larger targets).
   */
  actions?(row: T, layout: 'table' | 'card'): ReactNode;
  sort?: TableSort | null;
  onSortChange?(sort: TableSort): void;
  /** Extra classes for a row (and its card), e.g. to mark an expired permit. */
  rowClassName?(row: T): string | undefined;
  /** True while newer rows are loading: the old ones stay, dimmed, with a visible sign. */
  busy?: boolean;
}

/**
 * The design system's list of records (CONVENTIONS 14, decision 022): a table from the `md`
 * breakpoint up, and below it one card per row showing its key fields and actions, so nothing a
 * decision needs is off-screen on a phone. Headers with a `sortKey` sort on press (`aria-sort`).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
  sort,
  onSortChange,
  rowClassName,
  busy = false,
}: DataTableProps<T>) {
  const cards = useMediaQuery(CARD_LAYOUT_QUERY);
  return (
    <div className="relative" aria-busy={busy || undefined}>
      {busy && (
        <div className="absolute top-2 left-1/2 z-10 -translate-x-1/2 rounded-full border border-line bg-surface px-3 py-1.5 text-sm text-accent shadow-md">
          <span className="inline-flex items-center gap-2">
            <Spinner size="sm" label="" />
            <span role="status">Updating results...</span>
          </span>
        </div>
      )}
      <div className={cn('transition-opacity', busy && 'opacity-50')}>
        {cards ? (
          <CardList
            caption={caption}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            actions={actions}
            rowClassName={rowClassName}
          />
        ) : (
          <Table caption={caption}>
            <THead>
              <TR>
                {columns.map((column) => (
                  <SortableHeader key={column.id} column={column} sort={sort} onSortChange={onSortChange} />
                ))}
                {actions && <TH className="text-right">Actions</TH>}
              </TR>
            </THead>
            <TBody>
              {rows.map((row) => (
                <TR key={rowKey(row)} className={rowClassName?.(row)}>
                  {columns.map((column) => (
                    <TD key={column.id} className={column.className}>
                      {column.cell(row)}
                    </TD>
                  ))}
                  {actions && <TD className="py-2">{actions(row, 'table')}</TD>}
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </div>
    </div>
  );
}

function SortableHeader<T>({
  column,
  sort,
  onSortChange,
}: {
  column: DataColumn<T>;
  sort: TableSort | null | undefined;
  onSortChange: ((sort: TableSort) => void) | undefined;
}) {
  if (!column.sortKey || !onSortChange) return <TH>{column.header}</TH>;
  const key = column.sortKey;
  const active = sort?.key === key;
  const order = active ? sort.order : undefined;
  const Icon = order === 'asc' ? ArrowUp : order === 'desc' ? ArrowDown : ArrowUpDown;
  const next: SortOrder = active ? (order === 'asc' ? 'desc' : 'asc') : (column.firstOrder ?? 'asc');
  return (
    // A plain th: the button inside carries the padding, so the whole cell is the target.
    <th
      scope="col"
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined}
      className="p-0 text-xs font-semibold whitespace-nowrap text-ink-muted"
    >
      <button
        type="button"
        onClick={() => onSortChange({ key, order: next })}
        className={cn(
          'inline-flex w-full items-center gap-1.5 px-4 py-3 text-left font-semibold hover:text-ink',
          active && 'text-ink',
        )}
      >
        {column.header}
        <Icon aria-hidden="true" className={cn('h-3.5 w-3.5', !active && 'opacity-40')} />
      </button>
    </th>
  );
}

function CardList<T>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
  rowClassName,
}: Pick<DataTableProps<T>, 'caption' | 'columns' | 'rows' | 'rowKey' | 'actions' | 'rowClassName'>) {
  const role = (column: DataColumn<T>) => column.card ?? 'field';
  const title = columns.filter((column) => role(column) === 'title');
  const subtitle = columns.filter((column) => role(column) === 'subtitle');
  const badges = columns.filter((column) => role(column) === 'badge');
  const fields = columns.filter((column) => role(column) === 'field');
  // Decision 040: a card below the screen is laid out and painted only when it comes near
  // it (a phone shows two or three of a page's 25). Until then it takes the usual height of its content:
  // the title lines (46 px), a row of two fields per 44 px, the actions' row (57 px).
  const fieldRows = Math.ceil(fields.length / 2);
  const estimatedHeight = 46 + (fieldRows > 0 ? 4 + fieldRows * 44 : 0) + (actions ? 57 : 0);
  return (
    <ul aria-label={caption} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className={cn(
            'rounded-2xl border border-line bg-surface p-4 shadow-sm [content-visibility:auto]',
            rowClassName?.(row),
          )}
          style={{ containIntrinsicSize: `auto ${estimatedHeight}px` }}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              {title.map((column) => (
                <div key={column.id} className="text-base font-semibold">
                  {column.cell(row)}
                </div>
              ))}
              {subtitle.map((column) => (
                <div key={column.id} className="mt-0.5 text-sm text-ink-muted tabular-nums">
                  {column.cell(row)}
                </div>
              ))}
            </div>
            {badges.length > 0 && (
              <div className="flex shrink-0 flex-col items-end gap-1 text-sm">
                {badges.map((column) => (
                  <div key={column.id}>{column.cell(row)}</div>
                ))}
              </div>
            )}
          </div>
          {fields.length > 0 && (
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {fields.map((column) => (
                <div key={column.id} className="min-w-0">
                  <dt className="text-xs text-ink-muted">{column.header}</dt>
                  <dd className="break-words text-ink">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          )}
          {actions && <div className="mt-3 border-t border-line pt-3">{actions(row, 'card')}</div>}
        </li>
      ))}
    </ul>
  );
}
