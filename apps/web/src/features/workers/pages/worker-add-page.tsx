import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../app/page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useCreateWorker } from '../api/worker-mutations.ts';
import { useGoBack } from '../components/use-go-back.ts';
import { WorkerForm } from '../components/worker-form.tsx';

/** SPEC 2 Add New Worker (/worker/add). */
export function WorkerAddPage() {
  usePageTitle('Add New Worker');
  const navigate = useNavigate();
  const goBack = useGoBack('/worker-management');
  const create = useCreateWorker();
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
        onSaved={() => navigate('/worker-management')}
        onCancel={goBack}
      />
    </div>
  );
}
