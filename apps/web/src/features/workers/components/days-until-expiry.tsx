import { cn } from '@/components/ui/cn.ts';
import { isExpiringSoon } from './worker-display.ts';

/**
 * SPEC 9: days until expiry; 30 days or fewer in red bold. Decision 024: a permit that already expired
 * says so ("expired 3 days ago"), in red.
 */
export function DaysUntilExpiry({ days }: { days: number }) {
  const text =
    days < 0 ? `expired ${-days} ${days === -1 ? 'day' : 'days'} ago` : `${days} ${days === 1 ? 'day' : 'days'}`;
  return <span className={cn('tabular-nums', isExpiringSoon(days) && 'font-bold text-danger')}>{text}</span>;
}
