import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useCreateTrainingRecord } from '../api/training-record-mutations.ts';
import { TrainingRecordForm } from '../components/training-record-form.tsx';

/** SPEC 2 /training-records/add; `?worker_id=` starts with that worker (from the worker view page). */
export function TrainingRecordAddPage() {
  usePageTitle('Add Training Record');
  const [params] = useSearchParams();
  const create = useCreateTrainingRecord();
  const toast = useToast();
  const back = useReturnTo('/training-records');
  return (
    <div>
      <PageHeader
        title="Add Training Record"
        description={
          <>
            Fields marked <span className="text-danger">*</span> are required.
          </>
        }
      />
      <TrainingRecordForm
        initialWorkerId={params.get('worker_id') ?? undefined}
        onSave={create.mutateAsync}
        onSaved={() => {
          toast.show({ title: 'Training record added' });
          back.leave();
        }}
        onCancel={back.leave}
      />
    </div>
  );
}
