import { useQuery } from '@tanstack/react-query';
import type { TrainingRecord } from '@td/shared/schemas/training-record';
import { TRAINING_FIELD_LABELS as LABELS } from '@td/shared/schemas/training-record';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { FileLink } from '@/components/ui/file-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { formatDate, formatDateTime, orNA } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere, useReturnTo } from '@/lib/return-to.ts';
import { useDeleteTrainingRecord } from '../api/training-record-deletion.ts';
import { trainingRecordQueries } from '../api/training-record-queries.ts';
import { recordWorkerName, TRAINING_RECORD_LOAD_ERROR } from '../components/training-record-display.ts';
import { ExpiryNote, TrainingStatusBadge } from '../components/training-status-badge.tsx';

/** SPEC 2 /training-records/view/{id}: Back, Edit, Delete; Training Record Not Found. */
export function TrainingRecordViewPage() {
  const { id = '' } = useParams();
  const record = useQuery(trainingRecordQueries.detail(id));
  const back = useReturnTo('/training-records');
  usePageTitle('Training Record Details');

  if (record.isPending) return <LoadingState label="Loading training record" />;
  if (record.isError) {
    return (
      <div>
        <PageHeader title="Training Record Details" />
        <RecordLoadError {...TRAINING_RECORD_LOAD_ERROR} error={record.error} onBack={back.leave} />
      </div>
    );
  }
  return <TrainingRecordDetails record={record.data} onBack={back.leave} backTarget={back.target} />;
}

function TrainingRecordDetails({
  record,
  onBack,
  backTarget,
}: {
  record: TrainingRecord;
  onBack(): void;
  backTarget: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const deleteRecord = useDeleteTrainingRecord();
  // Decision 108: editing and deleting are `training.write` (not a viewer's).
  const canWrite = useCan()('training.write');
  const worker = record.worker;

  return (
    <div>
      <PageHeader
        title="Training Record Details"
        description={`${record.training_name} · ${recordWorkerName(record)}`}
        actions={
          <>
            <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />} onClick={onBack}>
              Back
            </Button>
            {canWrite && (
              <>
                <Link
                  to={`/training-records/edit/${record.id}`}
                  state={fromHere(location)}
                  className={buttonClasses('primary')}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  Edit
                </Link>
                <Button
                  variant="danger"
                  icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => {
                    // Deleted with Undo (decision 022); the list it returns to already leaves it out.
                    deleteRecord(record);
                    if (backTarget.startsWith('/training-records/')) navigate('/training-records', { replace: true });
                    else onBack();
                  }}
                >
                  Delete
                </Button>
              </>
            )}
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader title="Training" actions={<TrainingStatusBadge status={record.status} />} />
          <CardBody>
            <DetailList
              fallback="N/A"
              items={[
                { label: LABELS.training_name, value: record.training_name },
                { label: LABELS.certificate_number, value: orNA(record.certificate_number) },
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
          </CardBody>
        </Card>

        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader title="Worker" />
            <CardBody>
              {worker ? (
                <DetailList
                  columns={1}
                  items={[
                    {
                      label: 'Name',
                      value: (
                        <Link to={`/worker/view/${worker.id}`} className="font-medium text-accent hover:underline">
                          {recordWorkerName(record)}
                        </Link>
                      ),
                    },
                    { label: 'Worker ID', value: worker.worker_id },
                  ]}
                />
              ) : (
                <p className="text-sm text-ink-muted">Unknown Worker (the worker has been deleted).</p>
              )}
            </CardBody>
          </Card>
          <Card>
            <CardHeader title={LABELS.certificate_url} />
            <CardBody>
              {record.certificate_url ? (
                <FileLink href={record.certificate_url} label="View Certificate" />
              ) : (
                <p className="text-sm text-ink-muted">No certificate uploaded</p>
              )}
            </CardBody>
          </Card>
        </div>

        <Card className="lg:col-span-2">
          <CardHeader title={LABELS.notes} />
          <CardBody className="flex flex-col gap-5">
            <p className="text-sm whitespace-pre-wrap text-ink">{record.notes ?? 'No notes provided'}</p>
            <DetailList
              items={[
                { label: 'Created', value: formatDateTime(record.created_at) },
                { label: 'Last Updated', value: formatDateTime(record.updated_at) },
              ]}
            />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
