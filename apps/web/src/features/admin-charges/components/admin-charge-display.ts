import type { ChargeStatus } from '@td/shared/options/admin-charges';
import { type AdminCharge, chargeReference } from '@td/shared/schemas/admin-charge';
import { FileX } from 'lucide-react';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import type { RecordLoadTexts } from '@/components/ui/record-load-error.tsx';

/** SPEC 3: a charge whose worker is gone shows as Unknown Worker. */
export const UNKNOWN_WORKER = 'Unknown Worker';

/**
 * SPEC 2, 8: a missing charge shows Admin Charge Not Found with its text. Other load failures are "only
 * logged" in the spec; we log them and also say so, with Retry.
 */
export const CHARGE_LOAD_ERROR: RecordLoadTexts = {
  notFound: {
    icon: FileX,
    title: 'Admin Charge Not Found',
    description: 'The requested admin charge could not be found.',
  },
  failure: 'Failed to load the admin charge',
  reason: 'Please try again.',
  backLabel: 'Back to Admin Charges',
};

type ChargeWorker = Pick<AdminCharge, 'worker'>;

export const chargeWorkerName = ({ worker }: ChargeWorker): string =>
  worker ? `${worker.first_name} ${worker.last_name}` : UNKNOWN_WORKER;

/** "Rahim Uddin (TD-4821)", or Unknown Worker. */
export const chargeWorkerLabel = ({ worker }: ChargeWorker): string =>
  worker ? `${worker.first_name} ${worker.last_name} (${worker.worker_id})` : UNKNOWN_WORKER;

/** SPEC 2 badge colours: Approved green, Rejected red, Pending yellow, others purple. */
export function chargeStatusTone(status: string): BadgeTone {
  if (status === 'Approved') return 'green';
  if (status === 'Rejected') return 'red';
  if (status === 'Pending') return 'yellow';
  return 'purple';
}

/**
 * SPEC 2 detail heading: 8 characters of the id, in the spec's `#xxxxxxxx` form. The first 8 of a
 * time-ordered id (decision 048) are its creation time, the same for every charge made within a minute
 * or so; the last 8 are random bits, so they tell charges apart.
 */
export const shortChargeId = chargeReference;

/**
 * The labels of the reviewer fields (approved_by / approved_at) for a charge's status (decision 013:
 * a rejection records its reviewer too; a Deducted charge may have been approved or rejected before).
 */
export function reviewLabels(status: ChargeStatus): { by: string; at: string } {
  if (status === 'Approved') return { by: 'Approved By', at: 'Approved At' };
  if (status === 'Rejected') return { by: 'Rejected By', at: 'Rejected At' };
  return { by: 'Reviewed By', at: 'Reviewed At' };
}

/** ARCHITECTURE differs 9: a Deducted charge is part of a paid payslip and cannot be edited or deleted. */
export const isLocked = (charge: Pick<AdminCharge, 'status'>): boolean => charge.status === 'Deducted';

export const LOCKED_EXPLANATION = 'Deducted in a paid payslip: it can no longer be edited or deleted.';
