import type { UseQueryResult } from '@tanstack/react-query';
import type { TimesheetSummary } from '@td/shared/schemas/timesheet';
import { CalendarClock, ClipboardList, Clock, Users } from 'lucide-react';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { formatCount, formatMonth } from '@/lib/format.ts';
import { hoursText } from './timesheet-display.ts';

/**
 * SPEC 9 summary cards for the selected month: distinct workers, timesheets, total hours and total
 * overtime (2 decimals), from the server's one aggregate query. Probe finding 24: with a worker, name
 * or site filter they count what the list shows, and say so.
 */
export function TimesheetSummaryCards({
  summary,
  filtered,
}: {
  summary: UseQueryResult<TimesheetSummary>;
  filtered: boolean;
}) {
  const data = summary.data;
  const value = (shown: (figures: TimesheetSummary) => string) => (data ? shown(data) : '—');
  const month = data ? formatMonth(data.month) : undefined;
  const period = month && filtered ? `${month}, matching the filters` : month;
  return (
    <section aria-label="Month summary" aria-busy={summary.isFetching || undefined}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <SummaryTile
          label="Workers"
          value={value((s) => formatCount(s.workers))}
          icon={<Users />}
          tone="blue"
          description={period}
        />
        <SummaryTile
          label="Timesheets"
          value={value((s) => formatCount(s.timesheets))}
          icon={<ClipboardList />}
          tone="purple"
          description={period}
        />
        <SummaryTile
          label="Total Hours"
          value={value((s) => hoursText(s.total_hours))}
          icon={<Clock />}
          tone="green"
          description={period}
        />
        <SummaryTile
          label="Total Overtime"
          value={value((s) => hoursText(s.total_overtime_hours))}
          icon={<CalendarClock />}
          tone="yellow"
          description={period}
        />
      </div>
      {summary.isError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          Failed to load the month summary.
        </p>
      )}
    </section>
  );
}
