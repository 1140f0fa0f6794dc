import type { ImportRow } from '@td/shared/schemas/timesheet-import';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { CARD_LAYOUT_QUERY, type DataColumn, DataTable, Pagination, useMediaQuery } from '@/components/ui/table.tsx';

export const OUTCOME_LABELS: Record<ImportRow['outcome'], string> = {
  new: 'New',
  duplicate: 'Duplicate',
  conflict: 'Conflict',
  error: 'Error',
};
const OUTCOME_TONES: Record<ImportRow['outcome'], BadgeTone> = {
  new: 'green',
  duplicate: 'gray',
  conflict: 'yellow',
  error: 'red',
};

/** Which rows the table shows: those needing the staff member first, every row, or one outcome. */
type Shown = 'attention' | 'all' | ImportRow['outcome'];
const SHOWN_OPTIONS: Array<{ value: Shown; label: string }> = [
  { value: 'attention', label: 'Errors and conflicts' },
  { value: 'all', label: 'All rows' },
  { value: 'new', label: 'New' },
  { value: 'duplicate', label: 'Duplicate' },
  { value: 'conflict', label: 'Conflict' },
  { value: 'error', label: 'Error' },
];
export const PREVIEW_PAGE_SIZE = 50;

const hours = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(2));

const outcomeColumn: DataColumn<ImportRow> = {
  id: 'outcome',
  header: 'Outcome',
  card: 'badge',
  cell: (row) => <Badge tone={OUTCOME_TONES[row.outcome]}>{OUTCOME_LABELS[row.outcome]}</Badge>,
};

const columns: ReadonlyArray<DataColumn<ImportRow>> = [
  { id: 'line', header: 'Line', cell: (row) => row.line },
  { id: 'worker', header: 'Worker', cell: (row) => row.worker_name ?? '—' },
  outcomeColumn,
  { id: 'date', header: 'Date', cell: (row) => row.work_date ?? '—', className: 'whitespace-nowrap' },
  { id: 'in', header: 'In', cell: (row) => row.time_in ?? '—' },
  { id: 'out', header: 'Out', cell: (row) => row.time_out ?? '—' },
  { id: 'hours', header: 'Hours', cell: (row) => hours(row.hours_worked) },
  { id: 'overtime', header: 'Overtime', cell: (row) => hours(row.overtime_hours) },
  { id: 'reason', header: 'Reason', cell: (row) => row.message ?? '', className: 'min-w-64' },
];

/**
 * On a phone each row is a card: the line and the worker as its title, the day and times under it, then
 * the reason, and the hours as labelled values (a phone has no room for nine columns side by side).
 */
const cardColumns: ReadonlyArray<DataColumn<ImportRow>> = [
  {
    id: 'line',
    header: 'Line',
    card: 'title',
    cell: (row) => (row.worker_name ? `Line ${row.line} · ${row.worker_name}` : `Line ${row.line}`),
  },
  outcomeColumn,
  {
    id: 'day',
    header: 'Date',
    card: 'subtitle',
    cell: (row) =>
      row.work_date ? `${row.work_date} · ${row.time_in ?? '—'} to ${row.time_out ?? '—'}` : 'No date read',
  },
  { id: 'reason', header: 'Reason', card: 'subtitle', cell: (row) => row.message ?? '' },
  { id: 'hours', header: 'Hours', cell: (row) => hours(row.hours_worked) },
  { id: 'overtime', header: 'Overtime', cell: (row) => hours(row.overtime_hours) },
];

/**
 * Decision 091: every row of the preview with its outcome, the computed hours of a new one and the
 * reason of one in error, a page of 50 at a time; at first the rows needing the staff member (errors and
 * conflicts) when there are any. A table from the `md` breakpoint up, one card a row on a phone (the
 * design system's DataTable), with Keep and Replace on each conflict.
 */
export function ImportPreviewRows({
  rows,
  onResolve,
}: {
  rows: readonly ImportRow[];
  onResolve(row: ImportRow, action: 'keep' | 'replace'): void;
}) {
  const needsAttention = (row: ImportRow) => row.outcome === 'error' || row.outcome === 'conflict';
  const [shown, setShown] = useState<Shown>(() => (rows.some(needsAttention) ? 'attention' : 'all'));
  const [page, setPage] = useState(1);
  const cards = useMediaQuery(CARD_LAYOUT_QUERY);
  const matching = rows.filter((row) =>
    shown === 'all' ? true : shown === 'attention' ? needsAttention(row) : row.outcome === shown,
  );
  const pageCount = Math.max(1, Math.ceil(matching.length / PREVIEW_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const pageRows = matching.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE);

  return (
    <div className="space-y-2">
      <div className="max-w-xs">
        <SelectField
          label="Show rows"
          options={SHOWN_OPTIONS}
          value={shown}
          onChange={(event) => {
            setShown(event.target.value as Shown);
            setPage(1);
          }}
        />
      </div>
      {pageRows.length === 0 ? (
        <p className="text-sm text-ink-muted">No rows with this outcome.</p>
      ) : (
        <DataTable
          caption="Preview rows"
          columns={cards ? cardColumns : columns}
          rows={pageRows}
          rowKey={(row) => String(row.line)}
          // Keep and Replace are a conflict's only actions: no empty action row on a page without one.
          actions={
            !pageRows.some((row) => row.outcome === 'conflict')
              ? undefined
              : (row, layout) =>
                  row.outcome !== 'conflict' ? null : row.resolution ? (
                    row.resolution === 'keep' ? (
                      'Kept existing'
                    ) : (
                      'Replaced'
                    )
                  ) : (
                    <span className={layout === 'card' ? 'flex gap-2' : 'flex justify-end gap-1'}>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => onResolve(row, 'keep')}
                        aria-label={`Keep existing for line ${row.line}`}
                      >
                        Keep
                      </Button>
                      <Button
                        size="sm"
                        onClick={() => onResolve(row, 'replace')}
                        aria-label={`Replace with line ${row.line}`}
                      >
                        Replace
                      </Button>
                    </span>
                  )
          }
        />
      )}
      {matching.length > PREVIEW_PAGE_SIZE && (
        <Pagination
          page={current}
          pageSize={PREVIEW_PAGE_SIZE}
          total={matching.length}
          onPageChange={setPage}
          label="Preview pages"
        />
      )}
    </div>
  );
}
