import { useQuery } from '@tanstack/react-query';
import { COMPLIANCE_KIND_LABELS, COMPLIANCE_KINDS, type ComplianceKind } from '@td/shared/options/compliance';
import { NATIONALITIES } from '@td/shared/options/workers';
import type { ComplianceCalendar, ComplianceItem } from '@td/shared/schemas/compliance';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { cn } from '@/components/ui/cn.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ExportCsvLink } from '@/components/ui/export-csv-link.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { Pagination } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatCount, formatDate, orNA } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import {
  COMPLIANCE_PAGE_SIZE,
  type ComplianceFilters,
  complianceExportUrl,
  complianceQueries,
} from '../api/compliance-queries.ts';
import { ComplianceStateBadge } from '../components/compliance-state-badge.tsx';
import { groupByWeek } from '../components/compliance-week-groups.ts';

const KIND_OPTIONS = COMPLIANCE_KINDS.map((kind) => ({ value: kind, label: COMPLIANCE_KIND_LABELS[kind] }));
const isKind = (value: string | null): value is ComplianceKind =>
  value !== null && (COMPLIANCE_KINDS as readonly string[]).includes(value);

/**
 * Decision 095: every dated item of every active worker due in the window (default today and the next
 * 90 days) and every item already overdue, grouped by week, with counts by kind (overdue in red), the
 * filters in the address (so a view can be shared and Back returns to it), and the CSV of the same.
 */
export function CompliancePage() {
  usePageTitle('Compliance Calendar');
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const filters: ComplianceFilters = {
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    kind: isKind(kindParam) ? kindParam : undefined,
    q: params.get('q') || undefined,
    nationality: params.get('nationality') || undefined,
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const calendar = useQuery(complianceQueries.calendar({ ...filters, page }));

  const setParam = (name: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The worker search is sent once typing pauses.
  const [search, setSearch] = useState(filters.q ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts the timer
  useEffect(() => {
    if (search === (filters.q ?? '')) return;
    const timer = setTimeout(() => setParam('q', search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const filtered = Boolean(filters.kind || filters.q || filters.nationality || filters.from || filters.to);
  const data = calendar.data;

  return (
    <div>
      <PageHeader
        title="Compliance Calendar"
        description={
          data
            ? `Every item due from ${formatDate(data.from)} to ${formatDate(data.to)}, and every item overdue.`
            : 'Every item due in the next 90 days, and every item overdue.'
        }
        actions={<ExportCsvLink href={complianceExportUrl(filters)} size="md" />}
      />
      <div className="flex flex-col gap-5">
        {data && <KindCounts counts={data.counts} active={filters.kind} onPick={(kind) => setParam('kind', kind)} />}

        <Card className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-5">
          <SearchField
            label="Worker"
            placeholder="Name or TD- ID"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            label="Kind"
            options={KIND_OPTIONS}
            placeholder="All kinds"
            value={filters.kind ?? ''}
            onChange={(event) => setParam('kind', event.target.value)}
          />
          <SelectField
            label="Nationality"
            options={NATIONALITIES}
            placeholder="All nationalities"
            value={filters.nationality ?? ''}
            onChange={(event) => setParam('nationality', event.target.value)}
          />
          <TextField
            label="From"
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => setParam('from', event.target.value)}
            hint="Today when empty"
          />
          <TextField
            label="To"
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => setParam('to', event.target.value)}
            hint="90 days on when empty"
          />
          {filtered && (
            <div className="sm:col-span-2 lg:col-span-5">
              <Button
                variant="link"
                onClick={() => {
                  setSearch('');
                  setParams(new URLSearchParams(), { replace: true });
                }}
              >
                Clear filters
              </Button>
            </div>
          )}
        </Card>

        {calendar.isError && (
          <ListLoadError
            what="the compliance calendar"
            error={calendar.error}
            retrying={calendar.isFetching}
            onRetry={() => void calendar.refetch()}
          />
        )}
        {calendar.isPending && <LoadingState label="Loading the compliance calendar" />}
        {data && data.items.length === 0 && (
          <EmptyState
            className="rounded-2xl border border-line bg-surface"
            icon={<CalendarCheck />}
            title={filtered ? 'Nothing matches these filters' : 'Nothing due'}
            description={
              filtered
                ? 'No item of an active worker matches. Widen the window or clear the filters.'
                : 'No item is overdue and nothing falls due in the next 90 days.'
            }
          />
        )}
        {data && data.items.length > 0 && <WeekGroups data={data} />}
        {data && data.total > COMPLIANCE_PAGE_SIZE && (
          <Pagination
            page={page}
            pageSize={COMPLIANCE_PAGE_SIZE}
            total={data.total}
            onPageChange={(next) => setParam('page', String(next))}
          />
        )}
      </div>
    </div>
  );
}

/** Counts by kind at the top: overdue in red, due in the window beside it; a tile filters by its kind. */
function KindCounts({
  counts,
  active,
  onPick,
}: {
  counts: ComplianceCalendar['counts'];
  active: ComplianceKind | undefined;
  onPick(kind: string): void;
}) {
  return (
    <ul aria-label="Counts by kind" className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8">
      {COMPLIANCE_KINDS.map((kind) => {
        const { overdue, due } = counts[kind];
        const pressed = active === kind;
        return (
          <li key={kind}>
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onPick(pressed ? '' : kind)}
              className={cn(
                'flex h-full w-full flex-col gap-1 rounded-2xl border bg-surface p-3 text-left shadow-xs transition-colors hover:border-accent/50',
                pressed ? 'border-accent ring-2 ring-accent/30' : 'border-line',
              )}
            >
              <span className="text-xs font-medium leading-tight text-ink-muted">{COMPLIANCE_KIND_LABELS[kind]}</span>
              <span className="flex flex-wrap items-baseline gap-x-3 text-sm tabular-nums">
                <span className={cn('font-semibold', overdue > 0 ? 'text-danger' : 'text-ink-muted')}>
                  {formatCount(overdue)} overdue
                </span>
                <span className="text-ink">{formatCount(due)} due</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function WeekGroups({ data }: { data: ComplianceCalendar }) {
  const groups = groupByWeek(data.items, data.today);
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`week-${group.key}`}>
          <h2
            id={`week-${group.key}`}
            className={cn('mb-2 text-base font-semibold', group.key === 'overdue' && 'text-danger')}
          >
            {group.title} <span className="font-normal text-ink-muted">({formatCount(group.items.length)})</span>
          </h2>
          <Card>
            <ul className="divide-y divide-line">
              {group.items.map((item) => (
                <ItemRow key={`${item.worker.id}-${item.kind}-${item.title}-${item.due_date}`} item={item} />
              ))}
            </ul>
          </Card>
        </section>
      ))}
    </div>
  );
}

function ItemRow({ item }: { item: ComplianceItem }) {
  const name = `${item.worker.first_name} ${item.worker.last_name}`;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
      <time dateTime={item.due_date} className="w-24 shrink-0 text-sm font-medium tabular-nums">
        {formatDate(item.due_date)}
      </time>
      <div className="min-w-0 flex-1 basis-48">
        <Link to={`/worker/view/${item.worker.id}`} className="font-medium text-accent hover:underline">
          {name}
        </Link>
        <p className="text-sm text-ink-muted">
          {item.worker.worker_id} · {orNA(item.nationality)}
        </p>
      </div>
      <p className="min-w-0 basis-40 text-sm">
        {item.title}
        {item.kind === 'training' && <span className="text-ink-muted"> (certificate)</span>}
      </p>
      <ComplianceStateBadge state={item.state} />
    </li>
  );
}
