import { useQuery } from '@tanstack/react-query';
import type { ExpiringWorker } from '@td/shared/schemas/worker';
import { ArrowLeft, CalendarCheck, CalendarClock, HardHat, SearchX, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../app/page-title.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { SummaryTile } from '../../../components/ui/tile.tsx';
import { formatDate, orNA } from '../../../lib/format.ts';
import { type ExpiringKind, workerQueries } from '../api/worker-queries.ts';
import { DaysUntilExpiry } from '../components/days-until-expiry.tsx';
import { DeleteWorkerDialog } from '../components/delete-worker-dialog.tsx';
import { ListLoadError } from '../components/list-load-error.tsx';
import { useListFilters } from '../components/use-list-filters.ts';
import { EXPIRY_WARNING_DAYS, isExpiringSoon, workerName } from '../components/worker-display.ts';
import { WorkerFiltersBar } from '../components/worker-filters-bar.tsx';
import { WorkerRowActions } from '../components/worker-row-actions.tsx';

interface ExpiringPageConfig {
  title: string;
  description: string;
  countLabel: string;
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
    expiryLabel: 'Coretrade Expiry Date',
    expiryOf: (worker) => worker.coretrade_expiry_date,
    showCoretrade: true,
    emptyTitle: 'No Expiring Coretrade Certifications',
    emptyText: 'No coretrade certifications expire within the next 3 months.',
    icon: <HardHat />,
  },
};

export function ExpiringWorkersPage({ kind }: { kind: ExpiringKind }) {
  const config = CONFIG[kind];
  usePageTitle(config.title);
  const filters = useListFilters();
  const expiring = useQuery(
    workerQueries.expiring(kind, { q: filters.q || undefined, nationality: filters.nationality || undefined }),
  );
  const [toDelete, setToDelete] = useState<ExpiringWorker | null>(null);

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
  // SPEC 2: the empty state when nothing at all expires in the window (not when a search finds nothing).
  if (data && data.total === 0 && !filters.filtersActive) {
    return (
      <div>
        <PageHeader title={config.title} description={config.description} />
        <EmptyState
          className="rounded-2xl border border-line bg-surface"
          icon={<CalendarCheck />}
          title={config.emptyTitle}
          description={config.emptyText}
          action={backLink}
        />
      </div>
    );
  }

  const soon = data ? data.items.filter((worker) => isExpiringSoon(worker.days_until_expiry)).length : 0;

  return (
    <div>
      <PageHeader title={config.title} description={config.description} actions={backLink} />
      <div className="flex flex-col gap-6">
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
            <ul aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
              <li>
                <SummaryTile
                  label={config.countLabel}
                  value={data.total.toLocaleString('en-SG')}
                  icon={config.icon}
                  tone="yellow"
                  description={filters.filtersActive ? 'Matching the search' : 'Within the next 3 months'}
                />
              </li>
              <li>
                <SummaryTile
                  label={`Within ${EXPIRY_WARNING_DAYS} Days`}
                  value={soon.toLocaleString('en-SG')}
                  icon={<CalendarClock />}
                  tone="red"
                  description="Shown in red below"
                />
              </li>
            </ul>

            <section aria-label="Workers" className="flex flex-col gap-4">
              <WorkerFiltersBar
                searchLabel="Search by name"
                searchText={filters.searchText}
                onSearchTextChange={filters.setSearchText}
                nationality={filters.nationality}
                onNationalityChange={filters.setNationality}
                nationalities={data.nationalities}
              />
              {data.items.length === 0 ? (
                <EmptyState
                  className="rounded-2xl border border-line bg-surface"
                  icon={<SearchX />}
                  title="No workers match your search."
                  description="Try another name, or choose All Nationalities."
                />
              ) : (
                <div aria-busy={expiring.isFetching || undefined}>
                  <ExpiringTable config={config} workers={data.items} onDelete={setToDelete} />
                </div>
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
  onDelete(worker: ExpiringWorker): void;
}

function ExpiringTable({ config, workers, onDelete }: ExpiringTableProps) {
  return (
    <Table caption={config.title}>
      <THead>
        <TR>
          <TH>Name</TH>
          <TH>Nationality</TH>
          <TH>Worker ID</TH>
          {config.showCoretrade && <TH>Coretrade</TH>}
          <TH>{config.expiryLabel}</TH>
          <TH>Days Until Expiry</TH>
          <TH className="text-right">Actions</TH>
        </TR>
      </THead>
      <TBody>
        {workers.map((worker) => {
          const name = workerName(worker);
          return (
            <TR key={worker.id}>
              <TD>
                <Link
                  to={`/worker/view/${worker.id}`}
                  className="font-medium whitespace-nowrap text-accent hover:underline"
                >
                  {name}
                </Link>
              </TD>
              <TD className="whitespace-nowrap">{orNA(worker.nationality)}</TD>
              <TD className="whitespace-nowrap tabular-nums">{worker.worker_id}</TD>
              {config.showCoretrade && <TD className="whitespace-nowrap">{orNA(worker.coretrade)}</TD>}
              <TD className="whitespace-nowrap tabular-nums">{formatDate(config.expiryOf(worker))}</TD>
              <TD className="whitespace-nowrap">
                <DaysUntilExpiry days={worker.days_until_expiry} />
              </TD>
              <TD className="py-2">
                <WorkerRowActions id={worker.id} name={name} onDelete={() => onDelete(worker)} />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
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
