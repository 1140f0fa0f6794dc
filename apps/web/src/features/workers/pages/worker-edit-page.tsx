import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useUpdateWorker } from '../api/worker-mutations.ts';
import { workerQueries } from '../api/worker-queries.ts';
import { useGoBack } from '../components/use-go-back.ts';
import { WorkerForm } from '../components/worker-form.tsx';
import { WorkerLoadError } from '../components/worker-load-error.tsx';

/** SPEC 2 Edit Worker (/worker/edit/{id}). */
export function WorkerEditPage() {
  usePageTitle('Edit Worker');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const goBack = useGoBack('/worker-management');
  const worker = useQuery(workerQueries.detail(id));
  const update = useUpdateWorker(id);

  return (
    <div>
      <PageHeader
        title="Edit Worker"
        description={
          worker.data ? `${worker.data.first_name} ${worker.data.last_name} · ${worker.data.worker_id}` : undefined
        }
      />
      {worker.isPending ? (
        <LoadingState label="Loading worker" />
      ) : worker.isError ? (
        <WorkerLoadError error={worker.error} onBack={goBack} />
      ) : (
        <WorkerForm
          key={worker.data.id}
          mode="edit"
          worker={worker.data}
          onSave={update.mutateAsync}
          onSaved={() => navigate('/worker-management')}
          onCancel={goBack}
        />
      )}
    </div>
  );
}
