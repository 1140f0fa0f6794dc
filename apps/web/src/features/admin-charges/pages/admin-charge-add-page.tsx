import { useQuery } from '@tanstack/react-query';
import { dateInTimeZone } from '@td/shared/rules/dates';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { formatSgd } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useCreateAdminCharge } from '../api/admin-charge-mutations.ts';
import { adminChargeQueries } from '../api/admin-charge-queries.ts';
import { chargeWorkerName } from '../components/admin-charge-display.ts';
import { AdminChargeForm } from '../components/admin-charge-form.tsx';

/** SPEC 2 add form (/admin-charge/add). */
export function AdminChargeAddPage() {
  usePageTitle('Add Admin Charge');
  const back = useReturnTo('/admin-charge');
  const toast = useToast();
  const create = useCreateAdminCharge();
  // SPEC 5: the date defaults to today, the business's today as the server knows it (its time zone);
  // should that read fail, the browser's own today.
  const defaults = useQuery(adminChargeQueries.defaults());
  const today = defaults.data?.charge_date ?? (defaults.isError ? dateInTimeZone(new Date(), localZone()) : null);

  return (
    <div>
      <PageHeader
        title="Add Admin Charge"
        description={
          <>
            A new charge is Pending until it is approved or rejected. Fields marked{' '}
            <span className="text-danger">*</span> are required.
          </>
        }
      />
      {today === null ? (
        <LoadingState label="Loading the form" />
      ) : (
        <AdminChargeForm
          mode="add"
          today={today}
          onSave={create.mutateAsync}
          onSaved={(charge) => {
            toast.show({
              title: 'Admin charge added',
              description: `${chargeWorkerName(charge)} · ${charge.charge_type} · ${formatSgd(charge.amount)}`,
            });
            back.leave();
          }}
          onCancel={back.leave}
        />
      )}
    </div>
  );
}

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
