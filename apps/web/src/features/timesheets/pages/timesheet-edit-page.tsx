import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { formatDate } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { useUpdateTimesheet } from '../api/timesheet-mutations.ts';
import { timesheetQueries } from '../api/timesheet-queries.ts';
import { payWarningsOf, TIMESHEET_LOAD_ERROR, timesheetWorkerName } from '../components/timesheet-display.ts';
import { TimesheetForm } from '../components/timesheet-form.tsx';

/** SPEC 2 timesheet edit (/timesheet/edit/{id}). */
export function TimesheetEditPage() {
  usePageTitle('Edit Timesheet');
  const { id = '' } = useParams();
  const timesheet = useQuery(timesheetQueries.detail(id));
  const update = useUpdateTimesheet(id);
  const toast = useToast();
  const back = useReturnTo(`/timesheet/view/${id}`);

  return (
    <div>
      <PageHeader
        title="Edit Timesheet"
        description={
          timesheet.data
            ? `${timesheetWorkerName(timesheet.data)} · ${formatDate(timesheet.data.work_date)}`
            : undefined
        }
      />
      {timesheet.isPending ? (
        <LoadingState label="Loading timesheet" />
      ) : timesheet.isError ? (
        <RecordLoadError {...TIMESHEET_LOAD_ERROR} error={timesheet.error} onBack={back.leave} />
      ) : (
        <TimesheetForm
          key={timesheet.data.id}
          mode="edit"
          timesheet={timesheet.data}
          onSave={update.mutateAsync}
          onSaved={(saved) => {
            toast.show({
              tone: 'success',
              title: 'Timesheet updated',
              description: `${timesheetWorkerName(saved)}, ${formatDate(saved.work_date)}`,
            });
            // Decision 092 (EA s.38): more than 12 hours a day or 72 overtime hours a month is warned; the hours are paid.
            for (const warning of payWarningsOf(saved)) {
              toast.show({
                tone: 'info',
                title: 'Please check the hours',
                description: warning.message,
                duration: 10_000,
              });
            }
            back.leave();
          }}
          onCancel={back.leave}
        />
      )}
    </div>
  );
}
