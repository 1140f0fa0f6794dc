import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogChoices, AuditLogEntry, AuditLogList } from '@td/shared/schemas/audit-log';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ExportCsvLink } from '@/components/ui/export-csv-link.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import {
  CARD_LAYOUT_QUERY,
  Pagination,
  Table,
  TBody,
  TD,
  TH,
  THead,
  TR,
  useMediaQuery,
} from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { api, withQuery } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';

const PAGE_SIZE = 50;

/** "field: before → after" lines of an entry's change (the whole row for a create or delete). */
function changeLines(entry: AuditLogEntry): string[] {
  if (!entry.changes) return [];
  try {
    const parsed = JSON.parse(entry.changes) as Record<string, unknown>;
    return Object.entries(parsed).map(([field, value]) => {
      const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
      return Array.isArray(value) && value.length === 2
        ? `${field}: ${shown(value[0])} → ${shown(value[1])}`
        : `${field}: ${shown(value)}`;
    });
  } catch {
    return [entry.changes];
  }
}

/** Decision 104: `/settings/audit`, who did what to which record and when, with the change. */
export function AuditLogPage() {
  usePageTitle('Audit Log');
  const [filters, setFilters] = useState({ user_id: '', entity: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  // On a phone each entry is a card: five columns do not fit.
  const cards = useMediaQuery(CARD_LAYOUT_QUERY);
  const query = { ...filters, page, pageSize: PAGE_SIZE };
  const entries = useQuery({
    queryKey: ['audit-log', query],
    queryFn: ({ signal }) => api<AuditLogList>(withQuery('/api/audit-log', query), { signal }),
    placeholderData: keepPreviousData,
  });
  const choices = useQuery({
    queryKey: ['audit-log-choices'],
    queryFn: ({ signal }) => api<AuditLogChoices>('/api/audit-log/choices', { signal }),
  });
  const setFilter = (name: keyof typeof filters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [name]: event.target.value }));
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title="Audit Log"
        description="Who changed what, in which record, and when. A worker's own history is on the worker's page."
        actions={<ExportCsvLink href={withQuery('/api/audit-log/export', filters)} size="md" />}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Person"
          placeholder="Everyone"
          value={filters.user_id}
          options={(choices.data?.people ?? []).map((person) => ({ value: person.id, label: person.name }))}
          onChange={setFilter('user_id')}
        />
        <SelectField
          label="Kind of record"
          placeholder="All kinds"
          value={filters.entity}
          options={choices.data?.entities ?? []}
          onChange={setFilter('entity')}
        />
        <TextField label="From" type="date" value={filters.from} onChange={setFilter('from')} />
        <TextField label="To" type="date" value={filters.to} onChange={setFilter('to')} />
      </div>
      {entries.isPending ? (
        <LoadingState label="Loading the audit log" />
      ) : entries.isError ? (
        <ListLoadError
          what="the audit log"
          error={entries.error}
          retrying={entries.isFetching}
          onRetry={() => void entries.refetch()}
        />
      ) : entries.data.items.length === 0 ? (
        <EmptyState icon={<ScrollText />} title="No entries" description="Nothing matches these filters." />
      ) : (
        <>
          {cards ? (
            <ul aria-label="Audit log entries" className="flex flex-col gap-3">
              {entries.data.items.map((entry) => (
                <li key={entry.id} className="rounded-2xl border border-line bg-white p-4 text-sm">
                  <p className="font-medium">
                    {entry.user_name ?? '—'} · <span className="capitalize">{entry.action}</span> · {entry.entity}
                  </p>
                  <p className="text-ink-muted tabular-nums">{formatDateTime(entry.created_at)}</p>
                  {entry.entity_id && <p className="break-all text-xs text-ink-muted">{entry.entity_id}</p>}
                  <ul className="mt-2 space-y-0.5">
                    {changeLines(entry)
                      .slice(0, 8)
                      .map((line) => (
                        <li key={line} className="break-words">
                          {line}
                        </li>
                      ))}
                  </ul>
                </li>
              ))}
            </ul>
          ) : (
            <Table caption="Audit log entries">
              <THead>
                <TR>
                  <TH>When</TH>
                  <TH>Who</TH>
                  <TH>Action</TH>
                  <TH>Record</TH>
                  <TH>Change</TH>
                </TR>
              </THead>
              <TBody>
                {entries.data.items.map((entry) => (
                  <TR key={entry.id}>
                    <TD className="whitespace-nowrap tabular-nums">{formatDateTime(entry.created_at)}</TD>
                    <TD>{entry.user_name ?? '—'}</TD>
                    <TD className="capitalize">{entry.action}</TD>
                    <TD>
                      <span className="font-medium">{entry.entity}</span>
                      {entry.entity_id && (
                        <span className="block break-all text-xs text-ink-muted">{entry.entity_id}</span>
                      )}
                    </TD>
                    <TD className="max-w-md">
                      <ul className="space-y-0.5 text-sm">
                        {changeLines(entry)
                          .slice(0, 8)
                          .map((line) => (
                            <li key={line} className="break-words">
                              {line}
                            </li>
                          ))}
                      </ul>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
          <Pagination
            label="Audit log pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={entries.data.total}
            onPageChange={setPage}
          />
        </>
      )}
    </div>
  );
}
