import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicHoliday, PublicHolidayList } from '@td/shared/schemas/public-holiday';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { type DataColumn, DataTable } from '@/components/ui/table.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { api } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { PublicHolidayFormDialog } from '../components/public-holiday-form-dialog.tsx';

export const PUBLIC_HOLIDAY_DELETE_FAILED = 'Failed to delete public holiday';

/** The years offered: two back and two ahead of this one. */
function yearOptions(current: number): string[] {
  return Array.from({ length: 5 }, (_, index) => String(current - 2 + index));
}

const weekday = (date: string, style: 'long' | 'short' = 'long') =>
  new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { weekday: style });

/** On a phone each holiday is a card: its name, then the date and the day it is observed. */
const columns: ReadonlyArray<DataColumn<PublicHoliday>> = [
  {
    id: 'date',
    header: 'Date',
    card: 'field',
    className: 'whitespace-nowrap tabular-nums',
    cell: (holiday) => (
      <>
        {formatDate(holiday.date)} <span className="text-ink-muted">{weekday(holiday.date)}</span>
      </>
    ),
  },
  { id: 'name', header: 'Name', card: 'title', cell: (holiday) => holiday.name },
  {
    id: 'observed',
    header: 'Observed Date',
    card: 'field',
    className: 'whitespace-nowrap tabular-nums',
    cell: (holiday) => (
      <>
        {formatDate(holiday.observed_date)}
        {holiday.observed_date !== holiday.date && (
          <span className="text-ink-muted"> {weekday(holiday.observed_date)}</span>
        )}
      </>
    ),
  },
];

/**
 * Decision 092: `/settings/public-holidays`, the holidays payroll reads (EA s.88: holiday pay, and a
 * holiday worked earns a day on top), listed by year, added, edited and deleted by staff.
 */
export function PublicHolidaysPage() {
  usePageTitle('Public Holidays');
  const can = useCan();
  const canWrite = can('holidays.write');
  const queryClient = useQueryClient();
  const toast = useToast();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(String(thisYear));
  const [editing, setEditing] = useState<PublicHoliday | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PublicHoliday | null>(null);
  const holidays = useQuery({
    queryKey: ['public-holidays', year],
    queryFn: ({ signal }) => api<PublicHolidayList>(`/api/public-holidays?year=${year}`, { signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['public-holidays'] });

  return (
    <div className="space-y-4">
      <PageHeader
        title="Public Holidays"
        description="The holidays payroll pays by the Employment Act: a holiday worked earns a day's pay on top, and daily- and hourly-rated workers are paid the holidays on their working days. A holiday on a Sunday is observed on the Monday."
        actions={canWrite && <Button onClick={() => setEditing(null)}>Add Public Holiday</Button>}
      />
      <div className="max-w-48">
        <SelectField
          label="Year"
          value={year}
          options={yearOptions(thisYear)}
          onChange={(event) => setYear(event.target.value)}
        />
      </div>
      {holidays.isPending ? (
        <LoadingState label="Loading public holidays" />
      ) : holidays.isError ? (
        <ListLoadError
          what="public holidays"
          error={holidays.error}
          retrying={holidays.isFetching}
          onRetry={() => void holidays.refetch()}
        />
      ) : holidays.data.items.length === 0 ? (
        <EmptyState
          icon={<CalendarDays aria-hidden="true" className="h-6 w-6" />}
          title={`No public holidays in ${year}`}
          description="Add the year's gazetted holidays so payroll pays them."
          action={<Button onClick={() => setEditing(null)}>Add Public Holiday</Button>}
        />
      ) : (
        <DataTable
          caption={`Public holidays in ${year}`}
          columns={columns}
          rows={holidays.data.items}
          rowKey={(holiday) => holiday.id}
          actions={
            canWrite
              ? (holiday, layout) => (
                  <div
                    className={layout === 'card' ? 'flex justify-end gap-2' : 'space-x-2 whitespace-nowrap text-right'}
                  >
                    <Button
                      variant={layout === 'card' ? 'secondary' : 'link'}
                      size="sm"
                      onClick={() => setEditing(holiday)}
                      aria-label={`Edit ${holiday.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant={layout === 'card' ? 'secondary' : 'link'}
                      size="sm"
                      onClick={() => setDeleting(holiday)}
                      aria-label={`Delete ${holiday.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                )
              : undefined
          }
        />
      )}
      <PublicHolidayFormDialog
        holiday={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          toast.show({
            title: editing ? 'Public holiday updated' : 'Public holiday added',
            description: `${saved.name}, ${formatDate(saved.observed_date)}`,
            tone: 'success',
          });
          setEditing(undefined);
          setYear(saved.date.slice(0, 4));
          refresh();
        }}
      />
      <ConfirmDeleteDialog<PublicHoliday>
        record={deleting}
        title={(holiday) => `Delete ${holiday?.name ?? 'public holiday'}?`}
        question="Are you sure you want to delete this public holiday? Payslips generated after this no longer pay it."
        remove={(holiday) => api(`/api/public-holidays/${holiday.id}`, { method: 'DELETE' })}
        deleted={(holiday) => ({ title: 'Public holiday deleted', description: holiday.name, tone: 'success' })}
        failure={PUBLIC_HOLIDAY_DELETE_FAILED}
        onClose={() => setDeleting(null)}
        onDeleted={refresh}
      />
    </div>
  );
}
