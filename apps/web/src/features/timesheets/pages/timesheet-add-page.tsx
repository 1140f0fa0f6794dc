import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { formatDate } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useCreateTimesheet } from '../api/timesheet-mutations.ts';
import { payWarningsOf, timesheetWorkerName } from '../components/timesheet-display.ts';
import { TimesheetForm } from '../components/timesheet-form.tsx';

/** SPEC 2 Add Timesheet (/timesheet/add). */
export function TimesheetAddPage() {
  usePageTitle('Add Timesheet');
  const create = useCreateTimesheet();
  const navigate = useNavigate();
  const toast = useToast();
  const back = useReturnTo('/timesheet');

  return (
    <div>
      <PageHeader title="Add Timesheet" description="One worker's day: the hours are computed from the times." />
      <TimesheetForm
        mode="add"
        onSave={create.mutateAsync}
        onSaved={(timesheet) => {
          toast.show({
            tone: 'success',
            title: 'Timesheet saved',
            description: `${timesheetWorkerName(timesheet)}, ${formatDate(timesheet.work_date)}`,
          });
          // Decision 092 (EA s.38): more than 12 hours a day or 72 overtime hours a month is warned; the hours are paid.
          for (const warning of payWarningsOf(timesheet)) {
            toast.show({
              tone: 'info',
              title: 'Please check the hours',
              description: warning.message,
              duration: 10_000,
            });
          }
          // The month of the new timesheet, so it is in the list that opens.
          navigate(`/timesheet?month=${timesheet.work_date.slice(0, 7)}`, { replace: true });
        }}
        onCancel={back.leave}
      />
    </div>
  );
}
