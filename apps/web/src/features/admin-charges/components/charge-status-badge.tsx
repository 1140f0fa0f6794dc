import { Badge } from '@/components/ui/badge.tsx';
import { chargeStatusTone } from './admin-charge-display.ts';

/** SPEC 2: the status of a charge in its colour. */
export function ChargeStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={chargeStatusTone(status)} dot>
      {status}
    </Badge>
  );
}
