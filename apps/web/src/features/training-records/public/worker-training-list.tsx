import { useQuery } from '@tanstack/react-query';
import { ChevronRight, GraduationCap, Plus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { formatDate } from '@/lib/format.ts';
import { fromHere } from '@/lib/return-to.ts';
import { usePendingDeletions } from '../api/training-record-deletion.ts';
import { trainingRecordQueries, WORKER_TRAINING_LIMIT } from '../api/training-record-queries.ts';
import { ExpiryNote, TrainingStatusBadge } from '../components/training-status-badge.tsx';

/**
 * Beyond the spec (decision 014): the worker view lists the worker's training records with their status,
 * so a supervisor sees at a glance who may work at height or in a confined space. Newest training
 * first; the full list (with search and tiles) is one link away.
 */
export function WorkerTrainingList({ workerId }: { workerId: string }) {
  const location = useLocation();
  const records = useQuery(
    trainingRecordQueries.list({ worker_id: workerId, page: 1, pageSize: WORKER_TRAINING_LIMIT }),
  );
  const pending = usePendingDeletions();
  const items = records.data?.items.filter((record) => !pending.has(record.id)) ?? [];
  const total = records.data ? records.data.total - (records.data.items.length - items.length) : 0;
  const allRecords = `/training-records?worker_id=${encodeURIComponent(workerId)}`;

  return (
    <Card>
      <CardHeader
        title="Training Records"
        description={records.data && total > 0 ? `${total} ${total === 1 ? 'record' : 'records'}` : undefined}
        actions={
          <Link
            to={`/training-records/add?worker_id=${encodeURIComponent(workerId)}`}
            state={fromHere(location)}
            className={buttonClasses('secondary', 'sm')}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Training Record
          </Link>
        }
      />
      <CardBody>
        {records.isPending ? (
          <LoadingState label="Loading training records" />
        ) : records.isError ? (
          <ListLoadError
            what="training records"
            error={records.error}
            retrying={records.isFetching}
            onRetry={() => void records.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState
            level={3}
            icon={<GraduationCap />}
            title="No training records yet."
            description="Certificates this worker earns will show here with their status."
          />
        ) : (
          <div className="flex flex-col gap-3">
            <ul aria-label="Training records of this worker" className="divide-y divide-line">
              {items.map((record) => (
                <li key={record.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/training-records/view/${record.id}`}
                      state={fromHere(location)}
                      className="font-medium text-accent hover:underline"
                    >
                      {record.training_name}
                    </Link>
                    <p className="text-xs text-ink-muted">
                      {record.certificate_number ? `Cert #: ${record.certificate_number} · ` : ''}
                      {record.expiry_date ? `Expiry date ${formatDate(record.expiry_date)}` : 'No expiry date'}
                    </p>
                    <ExpiryNote record={record} />
                  </div>
                  <TrainingStatusBadge status={record.status} />
                </li>
              ))}
            </ul>
            {total > items.length && (
              <Link
                to={allRecords}
                className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
              >
                All {total} training records
                <ChevronRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            )}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
