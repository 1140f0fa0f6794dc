import type { Timesheet } from '@td/shared/schemas/timesheet';
import { Link, useLocation } from 'react-router';
import { RowActions } from '@/components/ui/row-actions.tsx';
import { type DataColumn, DataTable } from '@/components/ui/table.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { formatDate } from '@/lib/format.ts';
import { fromHere } from '@/lib/return-to.ts';
import { formatTime, hoursText, timesheetWorkerName } from './timesheet-display.ts';

interface TimesheetTableProps {
  timesheets: ReadonlyArray<Timesheet>;
  busy: boolean;
  onDelete(timesheet: Timesheet): void;
}

/** SPEC 2: what a row's actions (view, edit, delete) are named after: worker and date. */
const rowName = (timesheet: Timesheet) => `${timesheetWorkerName(timesheet)}, ${formatDate(timesheet.work_date)}`;

/** SPEC 2 timesheet list rows: worker (Unknown Worker once deleted), date, times as HH:MM, hours. */
export function TimesheetTable({ timesheets, busy, onDelete }: TimesheetTableProps) {
  const location = useLocation();
  const columns: DataColumn<Timesheet>[] = [
    {
      id: 'worker',
      header: 'Worker',
      card: 'title',
      cell: (timesheet) => (
        <span className="flex flex-col">
          <Link
            to={`/timesheet/view/${timesheet.id}`}
            state={fromHere(location)}
            className={
              timesheet.worker
                ? 'font-medium whitespace-nowrap text-accent hover:underline'
                : 'font-medium whitespace-nowrap text-ink-muted italic hover:underline'
            }
          >
            {timesheetWorkerName(timesheet)}
          </Link>
          {timesheet.worker && (
            <span className="text-xs font-normal text-ink-muted tabular-nums">{timesheet.worker.worker_id}</span>
          )}
        </span>
      ),
    },
    {
      id: 'work_date',
      header: 'Work Date',
      card: 'subtitle',
      className: 'whitespace-nowrap tabular-nums',
      cell: (timesheet) => formatDate(timesheet.work_date),
    },
    {
      id: 'time_in',
      header: 'Time In',
      className: 'tabular-nums',
      cell: (timesheet) => formatTime(timesheet.time_in),
    },
    {
      id: 'time_out',
      header: 'Time Out',
      className: 'tabular-nums',
      cell: (timesheet) => formatTime(timesheet.time_out),
    },
    {
      id: 'hours_worked',
      header: 'Hours',
      className: 'tabular-nums',
      cell: (timesheet) => hoursText(timesheet.hours_worked),
    },
    {
      id: 'overtime_hours',
      header: 'Overtime',
      className: 'tabular-nums',
      cell: (timesheet) =>
        timesheet.overtime_hours > 0 ? (
          <span className="font-medium text-amber-800">{hoursText(timesheet.overtime_hours)}</span>
        ) : (
          hoursText(0)
        ),
    },
    {
      id: 'notes',
      header: 'Notes',
      card: 'hidden',
      className: 'max-w-56 truncate text-ink-muted',
      cell: (timesheet) => <span title={timesheet.notes ?? undefined}>{timesheet.notes ?? ''}</span>,
    },
  ];
  // Decision 104: changing is for the roles that may.
  const canWrite = useCan()('timesheets.write');
  return (
    <DataTable
      caption="Timesheets"
      columns={columns}
      rows={timesheets}
      rowKey={(timesheet) => timesheet.id}
      busy={busy}
      actions={(timesheet) => (
        <RowActions
          subject={`timesheet of ${rowName(timesheet)}`}
          viewTo={`/timesheet/view/${timesheet.id}`}
          {...(canWrite ? { editTo: `/timesheet/edit/${timesheet.id}`, onDelete: () => onDelete(timesheet) } : {})}
        />
      )}
    />
  );
}
