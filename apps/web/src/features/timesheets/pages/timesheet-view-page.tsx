import { useQuery } from '@tanstack/react-query';
import { weekdayOf } from '@td/shared/options/pay-rules';
import { TIMESHEET_FIELD_LABELS as LABELS } from '@td/shared/schemas/timesheet';
import type { Worker } from '@td/shared/schemas/worker';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { api } from '@/lib/api-client.ts';
import { formatDate, formatDateTime } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere, originOf } from '@/lib/return-to.ts';
import { timesheetQueries } from '../api/timesheet-queries.ts';
import { DeleteTimesheetDialog } from '../components/delete-timesheet-dialog.tsx';
import {
  formatTime,
  hoursText,
  restDayRequestedByText,
  TIMESHEET_LOAD_ERROR,
  timesheetWorkerName,
} from '../components/timesheet-display.ts';

/**
 * SPEC 2 Timesheet Details (/timesheet/view/{id}): worker name and ID, work date, times (HH:MM or N/A),
 * hours and overtime, notes (or No notes provided), created and updated; Edit, Delete, Back to
 * Timesheets; Timesheet Not Found when missing. Also its site (decision 090) and, on the worker's rest
 * day, who asked for the work (decision 092, EA s.37).
 */
export function TimesheetViewPage() {
  usePageTitle('Timesheet Details');
  const { id = '' } = useParams();
  const location = useLocation();
  const canWrite = useCan()('timesheets.write');
  const navigate = useNavigate();
  const timesheet = useQuery(timesheetQueries.detail(id));
  const [deleting, setDeleting] = useState(false);
  // Decision 092: the worker's rest day, from the worker's record (the same query the form reads).
  const workerId = timesheet.data?.worker_id ?? '';
  const workerRecord = useQuery({
    queryKey: ['workers', 'detail', workerId],
    queryFn: ({ signal }) => api<Worker>(`/api/workers/${workerId}`, { signal }),
    enabled: Boolean(workerId),
  });
  // Back to the list as it was (page, month, filters) when opened from it.
  const listPath =
    originOf(location)?.startsWith('/timesheet?') || originOf(location) === '/timesheet'
      ? (originOf(location) ?? '/timesheet')
      : timesheet.data
        ? `/timesheet?month=${timesheet.data.work_date.slice(0, 7)}`
        : '/timesheet';
  const backToList = () => navigate(listPath);

  const backButton = (
    <Link to={listPath} className={buttonClasses('secondary')}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Timesheets
    </Link>
  );

  if (timesheet.isPending) {
    return (
      <div>
        <PageHeader title="Timesheet Details" />
        <LoadingState label="Loading timesheet" />
      </div>
    );
  }
  if (timesheet.isError) {
    return (
      <div>
        <PageHeader title="Timesheet Details" />
        <RecordLoadError {...TIMESHEET_LOAD_ERROR} error={timesheet.error} onBack={backToList} />
      </div>
    );
  }

  const data = timesheet.data;
  const restDay = workerRecord.data?.rest_day;
  // Shown on the worker's rest day, and whenever the worker's own request was recorded (it halves the pay).
  const onRestDay = restDay !== undefined && weekdayOf(data.work_date) === restDay;
  const showRequestedBy = onRestDay || data.rest_day_requested_by === 'Employee';
  return (
    <div>
      <PageHeader
        title="Timesheet Details"
        description={`${timesheetWorkerName(data)} · ${formatDate(data.work_date)}`}
        actions={
          <>
            {backButton}
            {/* Decision 108: editing and deleting are `timesheets.write` (not HR's or a viewer's). */}
            {canWrite && (
              <>
                <Link
                  to={`/timesheet/edit/${data.id}`}
                  state={fromHere(location)}
                  className={buttonClasses('secondary')}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  Edit
                </Link>
                <Button
                  variant="danger"
                  icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => setDeleting(true)}
                >
                  Delete
                </Button>
              </>
            )}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <Card className="lg:col-span-2">
          <CardHeader title="Work Day" />
          <CardBody>
            <DetailList
              columns={3}
              items={[
                { label: 'Worker Name', value: timesheetWorkerName(data) },
                { label: 'Worker ID', value: data.worker?.worker_id ?? 'N/A' },
                { label: 'Work Date', value: formatDate(data.work_date) },
                { label: 'Site', value: data.site?.name ?? 'No site' },
              ]}
            />
            <DetailList
              className="mt-5 border-t border-line pt-5"
              items={[
                { label: 'Time In', value: formatTime(data.time_in) },
                { label: 'Time Out', value: formatTime(data.time_out) },
                { label: 'Hours Worked', value: hoursText(data.hours_worked) },
                { label: 'Overtime Hours', value: hoursText(data.overtime_hours) },
              ]}
            />
            {showRequestedBy && (
              <DetailList
                className="mt-5 border-t border-line pt-5"
                columns={1}
                items={[
                  {
                    label: LABELS.rest_day_requested_by,
                    value: `${restDayRequestedByText(data.rest_day_requested_by)}${onRestDay ? ` · ${restDay} is this worker's rest day` : ''}`,
                  },
                ]}
              />
            )}
          </CardBody>
        </Card>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader title="Notes" />
            <CardBody>
              {data.notes ? (
                <p className="text-sm whitespace-pre-wrap text-ink">{data.notes}</p>
              ) : (
                <p className="text-sm text-ink-muted italic">No notes provided</p>
              )}
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Record" />
            <CardBody>
              <DetailList
                columns={1}
                items={[
                  { label: 'Created', value: formatDateTime(data.created_at) },
                  { label: 'Last Updated', value: formatDateTime(data.updated_at) },
                ]}
              />
            </CardBody>
          </Card>
        </div>
      </div>
      <DeleteTimesheetDialog
        timesheet={deleting ? data : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(listPath, { replace: true })}
      />
    </div>
  );
}
