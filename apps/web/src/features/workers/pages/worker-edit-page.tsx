import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useGoBack } from '@/lib/use-go-back.ts';
import { useUpdateWorker } from '../api/worker-mutations.ts';
import { workerQueries } from '../api/worker-queries.ts';
import { workerLabel } from '../components/worker-display.ts';
import { WorkerForm } from '../components/worker-form.tsx';
import { WORKER_LOAD_ERROR } from '../public/worker-load-error.ts';

/**
 * SPEC 2 Edit Worker (/worker/edit/{id}). Decision 022: after saving, back to where the edit began
 * (the view page, or the list with its page, search and filters), with a toast.
 */
export function WorkerEditPage() {
  usePageTitle('Edit Worker');
  const { id = '' } = useParams();
  const returnTo = useReturnTo(`/worker/view/${id}`);
  const goBack = useGoBack('/worker-management');
  const worker = useQuery(workerQueries.detail(id));
  const update = useUpdateWorker(id);
  const toast = useToast();

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
        <RecordLoadError {...WORKER_LOAD_ERROR} error={worker.error} onBack={goBack} />
      ) : (
        <WorkerForm
          key={worker.data.id}
          mode="edit"
          worker={worker.data}
          onSave={update.mutateAsync}
          onSaved={(saved) => {
            toast.show({ title: 'Changes saved', description: workerLabel(saved) });
            returnTo.leave();
          }}
          onCancel={returnTo.leave}
        />
      )}
    </div>
  );
}
