import type { TrainingRecord } from '@td/shared/schemas/training-record';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/components/ui/cn.ts';
import { expiryNote, STATUS_TONES } from './training-record-display.ts';

/** SPEC 2: the Status column (Expired, Valid or No Expiry), computed by the server for today. */
export function TrainingStatusBadge({ status }: Pick<TrainingRecord, 'status'>) {
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {status}
    </Badge>
  );
}

/** SPEC 9: "Expires in 12 days" for Expiring Soon, "Expired 3 days ago" once past. */
export function ExpiryNote({
  record,
  className,
}: {
  record: Pick<TrainingRecord, 'status' | 'expiring_soon' | 'days_until_expiry'>;
  className?: string;
}) {
  const note = expiryNote(record);
  if (!note) return null;
  return (
    <span
      className={cn('block text-xs font-medium', note.tone === 'danger' ? 'text-danger' : 'text-amber-800', className)}
    >
      {note.text}
    </span>
  );
}
