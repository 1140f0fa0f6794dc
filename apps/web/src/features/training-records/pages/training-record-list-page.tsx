import { useQuery } from '@tanstack/react-query';
import { TRAINING_STATUS_FILTERS, type TrainingStatusFilter } from '@td/shared/options/training';
import type { TrainingRecord } from '@td/shared/schemas/training-record';
import { GraduationCap, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ExportCsvLink } from '@/components/ui/export-csv-link.tsx';
import { ListBody } from '@/components/ui/list-body.tsx';
import { NoMatches } from '@/components/ui/no-matches.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/table.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { currentRow, useClampPage, useListState } from '@/lib/list-state.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere } from '@/lib/return-to.ts';
import { useDeleteTrainingRecord, usePendingDeletions } from '../api/training-record-deletion.ts';
import { TRAINING_PAGE_SIZE, trainingExportUrl, trainingRecordQueries } from '../api/training-record-queries.ts';
import { TrainingFiltersBar } from '../components/training-filters-bar.tsx';
import { TrainingRecordDetailsModal } from '../components/training-record-details-modal.tsx';
import { TrainingRecordTable } from '../components/training-record-table.tsx';
import { TrainingSummaryTiles } from '../components/training-summary-tiles.tsx';

const FILTERS = ['worker_id', 'training_name', 'status'] as const;

const statusOf = (value: string): TrainingStatusFilter | undefined =>
  (TRAINING_STATUS_FILTERS as readonly string[]).includes(value) ? (value as TrainingStatusFilter) : undefined;

const addIcon = <Plus aria-hidden="true" className="h-4 w-4" />;

/** SPEC 2 Training records list (/training-records): tiles, search, filters, table, popup. */
export function TrainingRecordListPage() {
  usePageTitle('Training Records');
  const can = useCan();
  const location = useLocation();
  const list = useListState({ filters: FILTERS });
  const filters = {
    q: list.q || undefined,
    worker_id: list.filters.worker_id || undefined,
    training_name: list.filters.training_name || undefined,
  };
  const status = statusOf(list.filters.status);
  const records = useQuery(
    trainingRecordQueries.list({ ...filters, status, page: list.page, pageSize: TRAINING_PAGE_SIZE }),
  );
  // The tiles describe what the search and filters select, whatever status is shown.
  const summary = useQuery(trainingRecordQueries.summary(filters));
  useClampPage(list.page, TRAINING_PAGE_SIZE, records.data?.total, (page) => list.setPage(page, { replace: true }));

  const pending = usePendingDeletions();
  const deleteRecord = useDeleteTrainingRecord();
  const [detailsOf, setDetailsOf] = useState<TrainingRecord | null>(null);

  const shown = records.data?.items.filter((record) => !pending.has(record.id)) ?? [];
  const hiddenHere = (records.data?.items.length ?? 0) - shown.length;

  const empty = list.filtersActive ? (
    <NoMatches
      title="No training records match your search."
      description="Try another name, training or certificate number, or clear the filters."
      onClear={list.clear}
    />
  ) : (
    <EmptyState
      className="rounded-2xl border border-line bg-surface"
      icon={<GraduationCap />}
      title="No training records found."
      description="Add your first training record to get started."
      action={
        <Link to="/training-records/add" state={fromHere(location)} className={buttonClasses('primary')}>
          {addIcon}
          Add First Training Record
        </Link>
      }
    />
  );

  return (
    <div>
      <PageHeader
        title="Training Records"
        description="Safety certifications, their expiry and certificates."
        actions={
          // With a worker filter on, a new record starts with that worker.
          can('training.write') && (
            <Link
              to={
                filters.worker_id
                  ? `/training-records/add?worker_id=${encodeURIComponent(filters.worker_id)}`
                  : '/training-records/add'
              }
              state={fromHere(location)}
              className={buttonClasses('primary')}
            >
              {addIcon}
              Add Training Record
            </Link>
          )
        }
      />
      <div className="flex flex-col gap-6">
        <TrainingSummaryTiles summary={summary.data} onShowStatus={(next) => list.setFilter('status', next ?? '')} />
        <section aria-labelledby="training-records-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="training-records-heading" className="text-lg font-semibold">
              {status ? `${status} Records` : 'All Records'}
            </h2>
            <ExportCsvLink href={trainingExportUrl({ ...filters, status })} />
          </div>
          <TrainingFiltersBar
            searchText={list.searchText}
            onSearchTextChange={list.setSearchText}
            workerId={list.filters.worker_id}
            onWorkerChange={(value) => list.setFilter('worker_id', value)}
            trainingName={list.filters.training_name}
            onTrainingNameChange={(value) => list.setFilter('training_name', value)}
            status={status ?? ''}
            onStatusChange={(value) => list.setFilter('status', value)}
            active={list.filtersActive}
            onClear={list.clear}
          />
          <ListBody query={records} what="training records" isEmpty={shown.length === 0} empty={empty}>
            <TrainingRecordTable
              records={shown}
              onOpenDetails={setDetailsOf}
              onDelete={deleteRecord}
              busy={records.isPlaceholderData && records.isFetching}
            />
            <Pagination
              label="Training record pages"
              page={list.page}
              pageSize={TRAINING_PAGE_SIZE}
              total={(records.data?.total ?? 0) - hiddenHere}
              onPageChange={list.setPage}
            />
          </ListBody>
        </section>
      </div>
      <TrainingRecordDetailsModal
        record={currentRow(records.data?.items, detailsOf)}
        onClose={() => setDetailsOf(null)}
      />
    </div>
  );
}
