import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn.ts';

export type TileTone = 'blue' | 'green' | 'yellow' | 'red' | 'purple' | 'gray';

const iconTones: Record<TileTone, string> = {
  blue: 'bg-blue-50 text-blue-700',
  green: 'bg-green-50 text-green-700',
  yellow: 'bg-amber-50 text-amber-700',
  red: 'bg-red-50 text-red-700',
  purple: 'bg-purple-50 text-purple-700',
  gray: 'bg-zinc-100 text-zinc-600',
};

interface SummaryTileProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: TileTone;
  description?: ReactNode;
  /** Makes the tile a link to this path. */
  to?: string;
  /** Makes the tile a button (ignored when `to` is given). */
  onClick?(): void;
  /** A smaller tile for a strip of figures above a list (SPEC 2). */
  compact?: boolean;
  className?: string;
}

/**
 * A compact figure with its label. A clickable tile is one link or button named by its visible text
 * in reading order: label, value, description ("Active 42 In use today"), so what a speech-input user
 * sees is what they can say (axe: label-content-name-mismatch).
 */
export function SummaryTile({
  label,
  value,
  icon,
  tone = 'blue',
  description,
  to,
  onClick,
  compact = false,
  className,
}: SummaryTileProps) {
  const interactive = to !== undefined || onClick !== undefined;

  const content = (
    <>
      <span className="flex items-start justify-between gap-3">
        <span className={cn('font-medium text-ink-muted', compact ? 'text-xs leading-tight' : 'text-sm')}>{label}</span>
        {icon && (
          <span
            aria-hidden="true"
            className={cn(
              'flex shrink-0 items-center justify-center',
              compact
                ? 'h-7 w-7 rounded-lg [&>svg]:h-4 [&>svg]:w-4'
                : 'h-9 w-9 rounded-xl [&>svg]:h-[18px] [&>svg]:w-[18px]',
              iconTones[tone],
            )}
          >
            {icon}
          </span>
        )}
      </span>
      <span className="flex items-end justify-between gap-2">
        <span
          className={cn(
            'min-w-0 leading-none font-semibold tracking-tight break-words text-ink tabular-nums',
            compact ? 'text-xl' : 'text-xl sm:text-3xl',
          )}
        >
          {value}
        </span>
        {interactive && (
          <ChevronRight
            aria-hidden="true"
            className="h-4 w-4 shrink-0 text-ink-muted/60 transition-transform group-hover:translate-x-0.5 group-hover:text-accent"
          />
        )}
      </span>
      {description && <span className="text-xs text-ink-muted">{description}</span>}
    </>
  );

  const classes = cn(
    'group flex h-full min-w-0 flex-col rounded-2xl border border-line bg-surface text-left shadow-sm',
    compact ? 'gap-1.5 p-3' : 'gap-3 p-4 sm:p-5',
    interactive && 'transition-[box-shadow,border-color] hover:border-accent/30 hover:shadow-md',
    className,
  );

  if (to !== undefined) {
    return (
      <Link to={to} className={classes}>
        {content}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" onClick={onClick} className={classes}>
        {content}
      </button>
    );
  }
  return <div className={classes}>{content}</div>;
}
