import { cn } from '../../../components/ui/cn.ts';
import { isExpiringSoon } from './worker-display.ts';

/** SPEC 9: days until expiry; 30 days or fewer in red bold. */
export function DaysUntilExpiry({ days }: { days: number }) {
  return (
    <span className={cn('tabular-nums', isExpiringSoon(days) && 'font-bold text-danger')}>
      {days} {days === 1 ? 'day' : 'days'}
    </span>
  );
}
