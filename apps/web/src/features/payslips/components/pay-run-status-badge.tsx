import type { PayRunStatus } from '@td/shared/options/pay-runs';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';

/** Decision 082: Generating grey, Draft yellow (SPEC 4's Draft), Approved green, Paid blue, Failed red. */
const TONES: Record<PayRunStatus, BadgeTone> = {
  Generating: 'gray',
  Draft: 'yellow',
  Approved: 'green',
  Paid: 'blue',
  Failed: 'red',
};

export function PayRunStatusBadge({ status }: { status: PayRunStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {status}
    </Badge>
  );
}
