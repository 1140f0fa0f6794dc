import { WORKER_FIELD_LABELS as LABELS } from '@td/shared/options/workers';
import type { Worker } from '@td/shared/schemas/worker';
import { Eye, Pencil } from 'lucide-react';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { formatDate, orNA } from '@/lib/format.ts';
import { fromHere } from '@/lib/return-to.ts';
import { EmailLink, PhoneLink } from './contact-links.tsx';
import { workerName } from './worker-display.ts';
import { WorkerDocumentLinks } from './worker-document-links.tsx';

interface WorkerDetailsModalProps {
  /** The worker to show; null keeps the popup closed. */
  worker: Worker | null;
  onClose(): void;
}

/**
 * SPEC 2: the Worker Details popup of the worker list and the status dashboard; the close button,
 * Escape and a click on the backdrop close it. Missing values show N/A. SPEC 2: View and Edit
 * lead on from it (and back to this page of the list), phone and e-mail are links.
 */
export const WorkerDetailsModal = memo(function WorkerDetailsModal({ worker, onClose }: WorkerDetailsModalProps) {
  const location = useLocation();
  const state = fromHere(location);
  const canEdit = useCan()('workers.write');
  return (
    <Modal
      open={worker !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Worker Details"
      description={worker ? workerName(worker) : undefined}
      size="lg"
      footer={
        worker && (
          <>
            <Link to={`/worker/view/${worker.id}`} state={state} className={buttonClasses('secondary')}>
              <Eye aria-hidden="true" className="h-4 w-4" />
              View
            </Link>
            {canEdit && (
              <Link to={`/worker/edit/${worker.id}`} state={state} className={buttonClasses('primary')}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Edit
              </Link>
            )}
          </>
        )
      }
    >
      {worker && (
        <div className="flex flex-col gap-6">
          <DetailList
            fallback="N/A"
            items={[
              { label: 'Name', value: orNA(workerName(worker)) },
              { label: 'Worker ID', value: orNA(worker.worker_id) },
              { label: LABELS.nationality, value: orNA(worker.nationality) },
              { label: LABELS.type_of_pass, value: orNA(worker.type_of_pass) },
              { label: LABELS.date_of_birth, value: formatDate(worker.date_of_birth) },
              { label: LABELS.passport_no, value: orNA(worker.passport_no) },
              { label: LABELS.fin_no, value: orNA(worker.fin_no) },
              { label: LABELS.wp_no, value: orNA(worker.wp_no) },
              { label: LABELS.date_of_issuance, value: formatDate(worker.date_of_issuance) },
              { label: LABELS.date_of_application, value: formatDate(worker.date_of_application) },
              { label: LABELS.levy, value: orNA(worker.levy) },
              { label: LABELS.coretrade, value: orNA(worker.coretrade) },
              { label: LABELS.status, value: orNA(worker.status) },
              { label: LABELS.phone_number, value: <PhoneLink worker={worker} /> },
              { label: LABELS.email, value: <EmailLink worker={worker} /> },
            ]}
          />
          <section aria-labelledby="worker-details-documents" className="border-t border-line pt-4">
            <h3 id="worker-details-documents" className="mb-2 text-sm font-semibold text-ink">
              Documents
            </h3>
            <WorkerDocumentLinks worker={worker} />
          </section>
        </div>
      )}
    </Modal>
  );
});
