import { useQuery } from '@tanstack/react-query';
import type { ExpiringWorker } from '@td/shared/schemas/worker';
import { ArrowLeft, CalendarCheck, CalendarClock, CalendarX, Download, HardHat, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { NoMatches } from '@/components/ui/no-matches.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RowActions } from '@/components/ui/row-actions.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { type DataColumn, DataTable } from '@/components/ui/table.tsx';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { formatCount, formatDate, orNA } from '@/lib/format.ts';
import { useListState } from '@/lib/list-state.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere } from '@/lib/return-to.ts';
import { type ExpiringKind, expiringExportUrl, workerQueries } from '../api/worker-queries.ts';
import { DaysUntilExpiry } from '../components/days-until-expiry.tsx';
import { DeleteWorkerDialog } from '../components/delete-worker-dialog.tsx';
import { EXPIRY_WARNING_DAYS, isExpiringSoon, workerName } from '../components/worker-display.ts';
import { WorkerFiltersBar } from '../components/worker-filters-bar.tsx';
import { noMatchAdvice } from '../components/worker-list-controls.tsx';

interface ExpiringPageConfig {
  title: string;
  description: string;
  countLabel: string;
  /** Decision 024: the count of what already expired. */
  expiredLabel: string;
  expiryLabel: string;
  expiryOf(worker: ExpiringWorker): string | null;
  /** The expiring coretrade page adds a Coretrade column. */
  showCoretrade: boolean;
  emptyTitle: string;
  emptyText: string;
  icon: React.ReactNode;
}

/** SPEC 2 expiring work permits and expiring coretrade: one page, two configurations. */
const CONFIG: Record<ExpiringKind, ExpiringPageConfig> = {
  wp: {
    title: 'Workers with Expiring Work Permits',
    description: 'Work permits expiring from today to 3 months ahead, soonest first.',
    countLabel: 'Expiring Work Permits',
    expiredLabel: 'Expired Work Permits',
    expiryLabel: 'WP Expiry Date',
    expiryOf: (worker) => worker.wp_expiry_date,
    showCoretrade: false,
    emptyTitle: 'No Expiring Work Permits',
    emptyText: 'No work permits expire within the next 3 months.',
    icon: <ShieldAlert />,
  },
  coretrade: {
    title: 'Workers with Expiring Coretrade Certifications',
    description: 'Coretrade certifications of WP holders expiring from today to 3 months ahead, soonest first.',
    countLabel: 'Expiring Coretrade Certifications',
    expiredLabel: 'Expired Coretrade Certifications',
    expiryLabel: 'Coretrade Expiry Date',
    expiryOf: (worker) => worker.coretrade_expiry_date,
    showCoretrade: true,
    emptyTitle: 'No Expiring Coretrade Certifications',
    emptyText: 'No coretrade certifications expire within the next 3 months.',
    icon: <HardHat />,
  },
};

/** The list's filters, one array for the page's life: useListState keeps its answer while they stay the same. */
const FILTERS = ['nationality'] as const;

export function ExpiringWorkersPage({ kind }: { kind: ExpiringKind }) {
  const config = CONFIG[kind];
  usePageTitle(config.title);
  const list = useListState({ filters: FILTERS });
  const filters = { q: list.q || undefined, nationality: list.filters.nationality || undefined };
  const expiring = useQuery(workerQueries.expiring(kind, filters));
  const [toDelete, setToDelete] = useState<ExpiringWorker | null>(null);

  // Decision 095: every other dated item (passport, bond, insurance, SIP, certificates, KETs) is on the
  // compliance calendar.
  const calendarLink = (
    <Link to="/compliance" className={buttonClasses('secondary')}>
      <CalendarClock aria-hidden="true" className="h-4 w-4" />
      Compliance Calendar
    </Link>
  );
  const backLink = (
    <Link to="/worker-management" className={buttonClasses('secondary')}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Worker Management
    </Link>
  );

  if (expiring.isPending) {
    return (
      <div>
        <PageHeader title={config.title} description={config.description} />
        <LoadingState label="Loading workers" />
      </div>
    );
  }

  const data = expiring.data;
  // SPEC 2: the empty state when nothing expires in the window and nothing has expired (not when a
  // search finds nothing).
  if (data && data.total === 0 && data.expired_total === 0 && !list.filtersActive) {
    return (
      <div>
        <PageHeader title={config.title} description={config.description} />
        <EmptyState
          className="rounded-2xl border border-line bg-surface"
          icon={<CalendarCheck />}
          title={config.emptyTitle}
          description={config.emptyText}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {calendarLink}
              {backLink}
            </div>
          }
        />
      </div>
    );
  }

  const soon = data ? data.items.filter((worker) => isExpiringSoon(worker.days_until_expiry)).length : 0;
  const rows = data ? [...data.expired, ...data.items] : [];

  return (
    <div>
      <PageHeader
        className="lg:mb-5"
        title={config.title}
        description={config.description}
        actions={
          <>
            {/* Decision 024: what the page shows, expired rows first, as a spreadsheet. */}
            <a href={expiringExportUrl(kind, filters)} download className={buttonClasses('secondary')}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </a>
            {calendarLink}
            {backLink}
          </>
        }
      />
      <div className="flex flex-col gap-5">
        {expiring.isError && (
          <ListLoadError
            what="workers"
            error={expiring.error}
            retrying={expiring.isFetching}
            onRetry={() => void expiring.refetch()}
          />
        )}

        {data && (
          <>
            <ul aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-3 lg:max-w-3xl">
              <li>
                <SummaryTile
                  compact
                  label={config.countLabel}
                  value={formatCount(data.total)}
                  icon={config.icon}
                  tone="yellow"
                  description={list.filtersActive ? 'Matching the search' : 'Within the next 3 months'}
                />
              </li>
              <li>
                <SummaryTile
                  compact
                  label={`Within ${EXPIRY_WARNING_DAYS} Days`}
                  value={formatCount(soon)}
                  icon={<CalendarClock />}
                  tone="red"
                  description="Shown in red below"
                />
              </li>
              {/* Decision 024: what already expired, counted apart and listed first. */}
              <li className="col-span-2 lg:col-span-1">
                <SummaryTile
                  compact
                  label={config.expiredLabel}
                  value={formatCount(data.expired_total)}
                  icon={<CalendarX />}
                  tone={data.expired_total > 0 ? 'red' : 'gray'}
                  description="Workers not terminated; listed first"
                />
              </li>
            </ul>

            <section aria-label="Workers" className="flex flex-col gap-3">
              <WorkerFiltersBar
                searchLabel="Search by name"
                searchText={list.searchText}
                onSearchTextChange={list.setSearchText}
                selects={[
                  {
                    label: 'Nationality',
                    allLabel: 'All Nationalities',
                    options: data.nationalities,
                    value: list.filters.nationality,
                    onChange: (value) => list.setFilter('nationality', value),
                  },
                ]}
                filtersActive={list.filtersActive}
                onClear={list.clear}
              />
              {data.expired_total > data.expired.length && (
                <p className="text-sm text-ink-muted">
                  {`Showing the ${formatCount(data.expired.length)} longest expired of ${formatCount(data.expired_total)}; the CSV export has them all.`}
                </p>
              )}
              {rows.length === 0 ? (
                <NoMatches title="No workers match your search." description={noMatchAdvice(list)} />
              ) : (
                <ExpiringTable
                  config={config}
                  workers={rows}
                  busy={expiring.isPlaceholderData && expiring.isFetching}
                  onDelete={setToDelete}
                />
              )}
            </section>
          </>
        )}
        <DeleteWorkerDialog worker={toDelete} onClose={() => setToDelete(null)} />
      </div>
    </div>
  );
}

interface ExpiringTableProps {
  config: ExpiringPageConfig;
  workers: ReadonlyArray<ExpiringWorker>;
  busy: boolean;
  onDelete(worker: ExpiringWorker): void;
}

/**
 * SPEC 2 columns; on a phone each worker is a card with name, TD- id, the red days and the actions
 * (decision 022). Expired rows come first, tinted, with "expired N days ago" (decision 024).
 */
function ExpiringTable({ config, workers, busy, onDelete }: ExpiringTableProps) {
  const location = useLocation();
  const columns: DataColumn<ExpiringWorker>[] = [
    {
      id: 'name',
      header: 'Name',
      card: 'title',
      cell: (worker) => (
        <Link
          to={`/worker/view/${worker.id}`}
          state={fromHere(location)}
          className="font-medium text-accent hover:underline md:whitespace-nowrap"
        >
          {workerName(worker)}
        </Link>
      ),
    },
    { id: 'nationality', header: 'Nationality', className: 'whitespace-nowrap', cell: (w) => orNA(w.nationality) },
    {
      id: 'worker_id',
      header: 'Worker ID',
      card: 'subtitle',
      className: 'whitespace-nowrap tabular-nums',
      cell: (w) => w.worker_id,
    },
    ...(config.showCoretrade
      ? [
          {
            id: 'coretrade',
            header: 'Coretrade',
            className: 'whitespace-nowrap',
            cell: (w: ExpiringWorker) => orNA(w.coretrade),
          },
        ]
      : []),
    {
      id: 'expiry',
      header: config.expiryLabel,
      className: 'whitespace-nowrap tabular-nums',
      cell: (w) => formatDate(config.expiryOf(w)),
    },
    {
      id: 'days',
      header: 'Days Until Expiry',
      card: 'badge',
      className: 'whitespace-nowrap',
      cell: (w) => <DaysUntilExpiry days={w.days_until_expiry} />,
    },
  ];
  return (
    <DataTable
      caption={config.title}
      columns={columns}
      rows={workers}
      rowKey={(worker) => worker.id}
      rowClassName={(worker) => (worker.days_until_expiry < 0 ? 'bg-red-50/60' : undefined)}
      busy={busy}
      actions={(worker, layout) => (
        <RowActions
          layout={layout}
          subject={workerName(worker)}
          viewTo={`/worker/view/${worker.id}`}
          editTo={`/worker/edit/${worker.id}`}
          onDelete={() => onDelete(worker)}
        />
      )}
    />
  );
}

/** /expiring-wp */
export function ExpiringWpPage() {
  return <ExpiringWorkersPage kind="wp" />;
}

/** /expiring-coretrade */
export function ExpiringCoretradePage() {
  return <ExpiringWorkersPage kind="coretrade" />;
}
