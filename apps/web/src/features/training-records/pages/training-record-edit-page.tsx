import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useUpdateTrainingRecord } from '../api/training-record-mutations.ts';
import { trainingRecordQueries } from '../api/training-record-queries.ts';
import { recordWorkerName, TRAINING_RECORD_LOAD_ERROR } from '../components/training-record-display.ts';
import { TrainingRecordForm } from '../components/training-record-form.tsx';

/** SPEC 2 /training-records/edit/{id}. */
export function TrainingRecordEditPage() {
  usePageTitle('Edit Training Record');
  const { id = '' } = useParams();
  const record = useQuery(trainingRecordQueries.detail(id));
  const update = useUpdateTrainingRecord(id);
  const toast = useToast();
  const back = useReturnTo(`/training-records/view/${id}`);

  return (
    <div>
      <PageHeader
        title="Edit Training Record"
        description={record.data ? `${record.data.training_name} · ${recordWorkerName(record.data)}` : undefined}
      />
      {record.isPending ? (
        <LoadingState label="Loading training record" />
      ) : record.isError ? (
        <RecordLoadError {...TRAINING_RECORD_LOAD_ERROR} error={record.error} onBack={back.leave} />
      ) : (
        <TrainingRecordForm
          key={record.data.id}
          record={record.data}
          onSave={update.mutateAsync}
          onSaved={() => {
            toast.show({ title: 'Training record saved' });
            back.leave();
          }}
          onCancel={back.leave}
        />
      )}
    </div>
  );
}
