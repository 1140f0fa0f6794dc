import { useQuery } from '@tanstack/react-query';
import { monthInTimeZone } from '@td/shared/rules/months';
import type { Timesheet } from '@td/shared/schemas/timesheet';
import { CalendarX, Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ExportCsvLink } from '@/components/ui/export-csv-link.tsx';
import { ListBody } from '@/components/ui/list-body.tsx';
import { NoMatches } from '@/components/ui/no-matches.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Pagination } from '@/components/ui/table.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { siteQueries } from '@/features/sites/public/site-queries.ts';
import { formatCount, formatMonth } from '@/lib/format.ts';
import { useClampPage, useListState } from '@/lib/list-state.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { TIMESHEET_PAGE_SIZE, timesheetExportUrl, timesheetQueries } from '../api/timesheet-queries.ts';
import { type CrewReport, CrewReportPanel } from '../components/crew-report-panel.tsx';
import { DeleteTimesheetDialog } from '../components/delete-timesheet-dialog.tsx';
import { TimesheetFiltersBar } from '../components/timesheet-filters-bar.tsx';
import { TimesheetSummaryCards } from '../components/timesheet-summary-cards.tsx';
import { TimesheetTable } from '../components/timesheet-table.tsx';

const plusIcon = <Plus aria-hidden="true" className="h-4 w-4" />;

/** The list's filters, one array for the page's life: useListState keeps its answer while they stay the same. */
const FILTERS = ['month', 'worker_id', 'site_id'] as const;

/** SPEC 2 Timesheet Management (/timesheet): month, worker and name filters, summary cards, the list. */
export function TimesheetListPage() {
  usePageTitle('Timesheet Management');
  const can = useCan();
  const location = useLocation();
  const navigate = useNavigate();
  const list = useListState({ filters: FILTERS });
  const [toDelete, setToDelete] = useState<Timesheet | null>(null);
  const crewReport = (location.state as { crewReport?: CrewReport } | null)?.crewReport;

  const requestedMonth = list.filters.month || undefined;
  const filters = {
    month: requestedMonth,
    worker_id: list.filters.worker_id || undefined,
    q: list.q || undefined,
    // Decision 090: the list and the month's summary of one site.
    site_id: list.filters.site_id || undefined,
  };
  const timesheets = useQuery(timesheetQueries.list({ ...filters, page: list.page, pageSize: TIMESHEET_PAGE_SIZE }));
  // Probe finding 24: the cards count what the list shows, and say so.
  const summary = useQuery(timesheetQueries.summary(filters));
  const sites = useQuery(siteQueries.all());
  useClampPage(list.page, TIMESHEET_PAGE_SIZE, timesheets.data?.total, list.setPage);
  // SPEC 9: the server's current month (business time zone) until one is chosen.
  const month =
    requestedMonth ??
    timesheets.data?.month ??
    summary.data?.month ??
    monthInTimeZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

  const dismissReport = () => navigate(`${location.pathname}${location.search}`, { replace: true, state: null });

  const empty =
    list.filtersActive && (list.q || list.filters.worker_id) ? (
      <NoMatches
        title="No timesheets match your search."
        description={`Nothing in ${formatMonth(month)} for this worker or name. Try another month or clear the filters.`}
      />
    ) : (
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        icon={<CalendarX />}
        title={`No timesheets for ${formatMonth(month)}.`}
        description="Record a day for one worker, or a whole crew's day at once."
        action={
          <>
            <Link to="/timesheet/add" className={buttonClasses('primary')}>
              {plusIcon}
              Add New Timesheet
            </Link>
            <Link to="/timesheet/import" className={buttonClasses('secondary')}>
              Import Attendance
            </Link>
            <Link to="/timesheet/crew" className={buttonClasses('secondary')}>
              <UsersRound aria-hidden="true" className="h-4 w-4" />
              Crew Entry
            </Link>
          </>
        }
      />
    );

  return (
    <div>
      <PageHeader
        title="Timesheet Management"
        description="Daily hours and overtime of every worker, month by month."
        actions={
          can('timesheets.write') && (
            <>
              <Link to="/timesheet/crew" className={buttonClasses('secondary')}>
                <UsersRound aria-hidden="true" className="h-4 w-4" />
                Crew Entry
              </Link>
              <Link to="/timesheet/add" className={buttonClasses('primary')}>
                {plusIcon}
                Add New Timesheet
              </Link>
            </>
          )
        }
      />
      <div className="flex flex-col gap-6">
        {crewReport && <CrewReportPanel report={crewReport} onDismiss={dismissReport} />}
        <TimesheetFiltersBar
          month={month}
          onMonthChange={(next) => list.setFilter('month', next)}
          workerId={list.filters.worker_id}
          onWorkerChange={(id) => list.setFilter('worker_id', id)}
          searchText={list.searchText}
          onSearchTextChange={list.setSearchText}
        />
        <SelectField
          label="Site"
          className="max-w-xs"
          placeholder="All sites"
          options={(sites.data?.items ?? []).map((site) => ({ value: site.id, label: site.name }))}
          value={list.filters.site_id ?? ''}
          onChange={(event) => list.setFilter('site_id', event.target.value)}
        />
        <TimesheetSummaryCards
          summary={summary}
          filtered={Boolean(filters.worker_id || filters.q || filters.site_id)}
        />
        <section aria-labelledby="timesheets-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="timesheets-heading" className="text-lg font-semibold">
              Timesheets for {formatMonth(month)}
            </h2>
            <div className="flex items-center gap-3">
              {timesheets.data && (
                <p className="text-sm text-ink-muted tabular-nums">
                  {formatCount(timesheets.data.total)} {timesheets.data.total === 1 ? 'timesheet' : 'timesheets'}
                </p>
              )}
              <ExportCsvLink
                href={timesheetExportUrl({
                  month,
                  worker_id: list.filters.worker_id || undefined,
                  q: list.q || undefined,
                })}
              />
            </div>
          </div>
          <ListBody query={timesheets} what="timesheets" isEmpty={timesheets.data?.items.length === 0} empty={empty}>
            {timesheets.data && (
              <>
                <TimesheetTable
                  timesheets={timesheets.data.items}
                  busy={timesheets.isPlaceholderData && timesheets.isFetching}
                  onDelete={setToDelete}
                />
                <Pagination
                  label="Timesheet pages"
                  page={list.page}
                  pageSize={TIMESHEET_PAGE_SIZE}
                  total={timesheets.data.total}
                  onPageChange={list.setPage}
                />
              </>
            )}
          </ListBody>
        </section>
      </div>
      <DeleteTimesheetDialog timesheet={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
