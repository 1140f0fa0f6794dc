import { useQuery } from '@tanstack/react-query';
import type { AdminCharge } from '@td/shared/schemas/admin-charge';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatDate, formatSgd, orNA } from '@/lib/format.ts';
import { adminChargeQueries } from '../api/admin-charge-queries.ts';
import { chargeWorkerName } from './admin-charge-display.ts';
import { ChargeStatusBadge } from './charge-status-badge.tsx';

interface ChargeWorkerModalProps {
  /** The charge whose worker name was clicked; null keeps the popup closed. */
  charge: AdminCharge | null;
  onClose(): void;
  /** Narrows the list to this worker's charges. */
  onShowWorkerCharges(workerId: string): void;
}

/**
 * SPEC 2: a worker name click opens a details popup: the worker (read afresh), this worker's charges in
 * figures, and the charge clicked. The close button, Escape and a click on the backdrop close it.
 */
export function ChargeWorkerModal({ charge, onClose, onShowWorkerCharges }: ChargeWorkerModalProps) {
  const workerId = charge?.worker?.id ?? '';
  const worker = useQuery({ ...adminChargeQueries.worker(workerId), enabled: workerId !== '' });
  const totals = useQuery({ ...adminChargeQueries.summary({ worker_id: workerId }), enabled: workerId !== '' });

  return (
    <Modal
      open={charge !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Worker Details"
      description={charge ? `${chargeWorkerName(charge)} · ${charge.worker?.worker_id ?? ''}` : undefined}
      size="lg"
      footer={
        charge?.worker && (
          <>
            <Link to={`/worker/view/${charge.worker.id}`} className={buttonClasses('secondary')}>
              View Worker Profile
            </Link>
            <button
              type="button"
              className={buttonClasses('primary')}
              onClick={() => {
                if (charge.worker) onShowWorkerCharges(charge.worker.id);
              }}
            >
              Show This Worker's Charges
            </button>
          </>
        )
      }
    >
      {charge?.worker && (
        <div className="flex flex-col gap-6">
          {worker.isPending ? (
            <div className="flex justify-center py-6 text-accent">
              <Spinner label="Loading worker details" />
            </div>
          ) : worker.isError ? (
            <Alert tone="error">{errorMessage(worker.error, 'Failed to fetch worker details')}</Alert>
          ) : (
            <DetailList
              fallback="N/A"
              items={[
                { label: 'Name', value: `${worker.data.first_name} ${worker.data.last_name}` },
                { label: 'Worker ID', value: worker.data.worker_id },
                { label: 'Nationality', value: orNA(worker.data.nationality) },
                { label: 'Type of Pass', value: orNA(worker.data.type_of_pass) },
                { label: 'Status', value: orNA(worker.data.status) },
                { label: 'Supplied to Company', value: orNA(worker.data.supplied_to_company) },
                { label: 'Phone Number', value: orNA(worker.data.phone_number) },
                { label: 'Email Address', value: orNA(worker.data.email) },
              ]}
            />
          )}

          <section aria-labelledby="worker-charge-totals" className="border-t border-line pt-4">
            <h3 id="worker-charge-totals" className="mb-3 text-sm font-semibold text-ink">
              All Admin Charges of This Worker
            </h3>
            {totals.data ? (
              <DetailList
                columns={3}
                items={[
                  { label: 'Charges', value: formatCount(totals.data.total) },
                  { label: 'Pending', value: formatCount(totals.data.pending) },
                  { label: 'Total Amount', value: formatSgd(totals.data.total_amount) },
                ]}
              />
            ) : totals.isError ? (
              <p className="text-sm text-ink-muted">The figures could not be loaded.</p>
            ) : (
              <Spinner size="sm" label="Loading the worker's charges" />
            )}
          </section>

          <section aria-labelledby="worker-charge-this" className="border-t border-line pt-4">
            <h3 id="worker-charge-this" className="mb-3 text-sm font-semibold text-ink">
              This Charge
            </h3>
            <DetailList
              fallback="N/A"
              items={[
                { label: 'Charge Date', value: formatDate(charge.charge_date) },
                { label: 'Charge Type', value: charge.charge_type },
                { label: 'Amount', value: formatSgd(charge.amount) },
                { label: 'Status', value: <ChargeStatusBadge status={charge.status} /> },
                { label: 'Description', value: charge.description ?? 'No description provided' },
              ]}
            />
            <Link to={`/admin-charge/view/${charge.id}`} className={buttonClasses('link', 'md', 'mt-3 inline-flex')}>
              Open this charge
            </Link>
          </section>
        </div>
      )}
    </Modal>
  );
}
