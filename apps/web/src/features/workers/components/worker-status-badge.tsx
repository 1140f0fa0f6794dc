import type { WorkerStatus } from '@td/shared/options/workers';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';

const TONES: Record<WorkerStatus, BadgeTone> = {
  'WP Approved': 'blue',
  'IPA Issued': 'purple',
  Onboarding: 'yellow',
  'Undergoing Training': 'yellow',
  'WP Issued': 'blue',
  Working: 'green',
  Terminated: 'red',
};

export const statusTone = (status: string | null): BadgeTone =>
  status && status in TONES ? TONES[status as WorkerStatus] : 'gray';

export function WorkerStatusBadge({ status }: { status: string | null }) {
  return (
    <Badge tone={statusTone(status)} dot>
      {status || 'N/A'}
    </Badge>
  );
}
