import { PageHeader } from '@/components/ui/page-header.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useCreateWorker } from '../api/worker-mutations.ts';
import { workerLabel } from '../components/worker-display.ts';
import { WorkerForm } from '../components/worker-form.tsx';

/**
 * SPEC 2 Add New Worker (/worker/add). Decision 022: after saving, back to where the action began
 * (the list with its page, search and filters), with a toast.
 */
export function WorkerAddPage() {
  usePageTitle('Add New Worker');
  const returnTo = useReturnTo('/worker-management');
  const create = useCreateWorker();
  const toast = useToast();
  return (
    <div>
      <PageHeader
        title="Add New Worker"
        description={
          <>
            Fields marked <span className="text-danger">*</span> are required.
          </>
        }
      />
      <WorkerForm
        mode="add"
        onSave={create.mutateAsync}
        onSaved={(worker) => {
          toast.show({ title: 'Worker added', description: workerLabel(worker) });
          returnTo.leave();
        }}
        onCancel={returnTo.leave}
      />
    </div>
  );
}
