import type { TrainingStatus } from '@td/shared/options/training';
import { TRAINING_RECORD_NOT_FOUND, type TrainingRecord } from '@td/shared/schemas/training-record';
import { SearchX } from 'lucide-react';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import type { RecordLoadTexts } from '@/components/ui/record-load-error.tsx';

/** ARCHITECTURE, Data: a record whose worker was deleted shows Unknown Worker. */
export const UNKNOWN_WORKER = 'Unknown Worker';

export function recordWorkerName(record: Pick<TrainingRecord, 'worker'>): string {
  return record.worker ? `${record.worker.first_name} ${record.worker.last_name}` : UNKNOWN_WORKER;
}

/**
 * SPEC 2, 8: a record that does not exist shows Training Record Not Found with "The requested training
 * record could not be found." and Back; any other failure says what went wrong, with Back.
 */
export const TRAINING_RECORD_LOAD_ERROR: RecordLoadTexts = {
  notFound: { icon: SearchX, title: 'Training Record Not Found', description: TRAINING_RECORD_NOT_FOUND },
  failure: 'Failed to load training record',
  reason: 'Please check your connection and try again.',
};

/** SPEC 2 status badge: Expired red, Valid green, No Expiry grey. */
export const STATUS_TONES: Record<TrainingStatus, BadgeTone> = {
  Expired: 'red',
  Valid: 'green',
  'No Expiry': 'gray',
};

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * A short note under the expiry date for what needs attention: Expiring Soon (SPEC 9: today to 30 days
 * ahead) or Expired. Null when the certificate is good for longer, or never expires.
 */
export function expiryNote(
  record: Pick<TrainingRecord, 'status' | 'expiring_soon' | 'days_until_expiry'>,
): { text: string; tone: 'warning' | 'danger' } | null {
  const left = record.days_until_expiry;
  if (left === null) return null;
  if (record.status === 'Expired') {
    return { text: left === -1 ? 'Expired yesterday' : `Expired ${days(-left)} ago`, tone: 'danger' };
  }
  if (!record.expiring_soon) return null;
  if (left === 0) return { text: 'Expires today', tone: 'warning' };
  if (left === 1) return { text: 'Expires tomorrow', tone: 'warning' };
  return { text: `Expires in ${days(left)}`, tone: 'warning' };
}
