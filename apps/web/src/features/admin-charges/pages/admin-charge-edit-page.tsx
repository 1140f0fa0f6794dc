import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useUpdateAdminCharge } from '../api/admin-charge-mutations.ts';
import { adminChargeQueries } from '../api/admin-charge-queries.ts';
import {
  CHARGE_LOAD_ERROR,
  chargeWorkerLabel,
  isLocked,
  LOCKED_EXPLANATION,
  shortChargeId,
} from '../components/admin-charge-display.ts';
import { AdminChargeForm } from '../components/admin-charge-form.tsx';

/** SPEC 2 edit form (/admin-charge/edit/{id}); SPEC 4: the status stays as it is. */
export function AdminChargeEditPage() {
  usePageTitle('Edit Admin Charge');
  const { id = '' } = useParams();
  const back = useReturnTo(`/admin-charge/view/${id}`);
  const toast = useToast();
  const charge = useQuery(adminChargeQueries.detail(id));
  const update = useUpdateAdminCharge(id);

  if (charge.isPending) return <LoadingState label="Loading admin charge" />;
  if (charge.isError) {
    return (
      <div>
        <PageHeader title="Edit Admin Charge" />
        <RecordLoadError
          {...CHARGE_LOAD_ERROR}
          error={charge.error}
          onBack={back.leave}
          retry={{ busy: charge.isFetching, run: () => void charge.refetch() }}
        />
      </div>
    );
  }
  return (
    <div>
      <PageHeader
        title="Edit Admin Charge"
        description={`#${shortChargeId(charge.data.id)} · ${chargeWorkerLabel(charge.data)} · ${charge.data.status}`}
      />
      {isLocked(charge.data) ? (
        // ARCHITECTURE differs 9: money already paid is a record, not a draft.
        <div className="flex flex-col items-start gap-4">
          <Alert tone="warning" title="This admin charge cannot be edited" className="w-full">
            {LOCKED_EXPLANATION}
          </Alert>
          <Link to={`/admin-charge/view/${id}`} className={buttonClasses('secondary')}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            View Admin Charge
          </Link>
        </div>
      ) : (
        <AdminChargeForm
          key={charge.data.id}
          mode="edit"
          charge={charge.data}
          today={charge.data.charge_date}
          onSave={update.mutateAsync}
          onSaved={() => {
            toast.show({ title: 'Admin charge updated' });
            back.leave();
          }}
          onCancel={back.leave}
        />
      )}
    </div>
  );
}
