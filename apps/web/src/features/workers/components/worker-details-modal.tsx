import type { Worker } from '@td/shared/schemas/worker';
import { WORKER_FIELD_LABELS as LABELS } from '@td/shared/schemas/worker';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDate, orNA } from '../../../lib/format.ts';
import { workerName } from './worker-display.ts';
import { WorkerDocumentLinks } from './worker-document-links.tsx';

interface WorkerDetailsModalProps {
  /** The worker to show; null keeps the popup closed. */
  worker: Worker | null;
  onClose(): void;
}

/**
 * SPEC 2: the Worker Details popup of the worker list and the status dashboard; the close button,
 * Escape and a click on the backdrop close it. Missing values show N/A.
 */
export function WorkerDetailsModal({ worker, onClose }: WorkerDetailsModalProps) {
  return (
    <Modal
      open={worker !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Worker Details"
      description={worker ? workerName(worker) : undefined}
      size="lg"
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
              { label: LABELS.phone_number, value: orNA(worker.phone_number) },
              { label: LABELS.email, value: orNA(worker.email) },
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
}
