import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type BadgeTone = 'green' | 'red' | 'yellow' | 'blue' | 'purple' | 'gray';

// Text at the 800/900 step on a 50/100 tint keeps well above 4.5:1 (WCAG AA) for small text.
const tones: Record<BadgeTone, { badge: string; dot: string }> = {
  green: { badge: 'bg-green-50 text-green-800 ring-green-600/20', dot: 'bg-green-600' },
  red: { badge: 'bg-red-50 text-red-800 ring-red-600/20', dot: 'bg-red-600' },
  yellow: { badge: 'bg-amber-50 text-amber-900 ring-amber-600/30', dot: 'bg-amber-500' },
  blue: { badge: 'bg-blue-50 text-blue-800 ring-blue-600/20', dot: 'bg-blue-600' },
  purple: { badge: 'bg-purple-50 text-purple-800 ring-purple-600/20', dot: 'bg-purple-600' },
  gray: { badge: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20', dot: 'bg-zinc-500' },
};

interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  /** A small dot of the tone's colour before the text. */
  dot?: boolean;
  className?: string;
}

/** A short status label. */
export function Badge({ tone = 'gray', children, dot = false, className }: BadgeProps) {
  const { badge, dot: dotColour } = tones[tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        badge,
        className,
      )}
    >
      {dot && <span aria-hidden="true" className={cn('h-1.5 w-1.5 rounded-full', dotColour)} />}
      {children}
    </span>
  );
}
