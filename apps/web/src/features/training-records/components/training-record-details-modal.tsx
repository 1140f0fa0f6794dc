import type { TrainingRecord } from '@td/shared/schemas/training-record';
import { TRAINING_FIELD_LABELS as LABELS } from '@td/shared/schemas/training-record';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { FileLink } from '@/components/ui/file-link.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formatDate, orNA } from '@/lib/format.ts';
import { recordWorkerName } from './training-record-display.ts';
import { ExpiryNote, TrainingStatusBadge } from './training-status-badge.tsx';

interface TrainingRecordDetailsModalProps {
  /** The record whose worker was clicked; null keeps the popup closed. */
  record: TrainingRecord | null;
  onClose(): void;
}

/**
 * SPEC 2: a worker name click opens a popup with a View Certificate link. It shows the worker and the
 * training of that row; the close button, Escape and a click on the backdrop close it.
 */
export function TrainingRecordDetailsModal({ record, onClose }: TrainingRecordDetailsModalProps) {
  return (
    <Modal
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={record ? recordWorkerName(record) : 'Training Details'}
      description={record?.worker ? `Worker ID ${record.worker.worker_id}` : undefined}
      size="md"
    >
      {record && (
        <div className="flex flex-col gap-5">
          <DetailList
            fallback="N/A"
            items={[
              { label: 'Training', value: record.training_name },
              { label: 'Cert #', value: orNA(record.certificate_number) },
              { label: LABELS.training_provider, value: orNA(record.training_provider) },
              { label: LABELS.training_date, value: formatDate(record.training_date) },
              {
                label: LABELS.expiry_date,
                value: (
                  <>
                    {formatDate(record.expiry_date)}
                    <ExpiryNote record={record} />
                  </>
                ),
              },
              { label: 'Status', value: <TrainingStatusBadge status={record.status} /> },
            ]}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
            {record.certificate_url ? (
              <FileLink href={record.certificate_url} label="View Certificate" />
            ) : (
              <p className="text-sm text-ink-muted">No certificate uploaded</p>
            )}
            {record.worker && (
              <Link
                to={`/worker/view/${record.worker.id}`}
                className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline"
              >
                <UserRound aria-hidden="true" className="h-4 w-4" />
                View worker profile
              </Link>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
