import { Badge } from '@/components/ui/badge.tsx';

const STATES = {
  overdue: { tone: 'red', text: 'Overdue' },
  due: { tone: 'yellow', text: 'Due' },
  ok: { tone: 'green', text: 'OK' },
} as const;

/** Decision 094: an item's state, red when overdue, amber when due in the window, green beyond it. */
export function ComplianceStateBadge({ state }: { state: keyof typeof STATES }) {
  const { tone, text } = STATES[state];
  return (
    <Badge tone={tone} dot>
      {text}
    </Badge>
  );
}

/** "in 12 days", "today", "3 days ago". */
export function daysPhrase(days: number): string {
  if (days === 0) return 'today';
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  return days > 0 ? `in ${n} ${unit}` : `${n} ${unit} ago`;
}
