import { useQuery } from '@tanstack/react-query';
import { LEVY_TIER_LABELS } from '@td/shared/rules/statutory-rates';
import type { LevySheet } from '@td/shared/schemas/levy-report';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { type DataColumn, DataTable, Pagination } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { api, withQuery } from '@/lib/api-client.ts';
import { formatDate, formatSgd } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';

type LevyRow = LevySheet['items'][number];

/** A month of a large workforce is thousands of permits: the screen shows them a page at a time. */
const PAGE_SIZE = 50;

const dateOrDash = (date: string | null) => (date ? formatDate(date) : '—');

/** On a phone each permit is a card: the worker, the levy, then the rest as fields. */
const columns: ReadonlyArray<DataColumn<LevyRow>> = [
  {
    id: 'worker',
    header: 'Worker',
    card: 'title',
    cell: (item) => (
      <>
        {item.name} <span className="text-ink-muted">({item.worker_code})</span>
      </>
    ),
  },
  { id: 'fin', header: 'FIN', cell: (item) => item.fin ?? '—' },
  { id: 'tier', header: 'Tier', card: 'subtitle', cell: (item) => LEVY_TIER_LABELS[item.levy_tier] },
  {
    id: 'issued',
    header: 'Permit issued',
    className: 'whitespace-nowrap',
    cell: (item) => dateOrDash(item.date_of_issuance),
  },
  {
    id: 'cancelled',
    header: 'Cancelled',
    className: 'whitespace-nowrap',
    cell: (item) => dateOrDash(item.wp_cancellation_date),
  },
  { id: 'days', header: 'Days', className: 'tabular-nums', cell: (item) => item.days },
  { id: 'rate', header: 'Monthly rate', className: 'tabular-nums', cell: (item) => formatSgd(item.monthly_rate) },
  {
    id: 'levy',
    header: 'Levy',
    card: 'badge',
    className: 'tabular-nums font-medium',
    cell: (item) => formatSgd(item.amount),
  },
];

const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1)).toISOString().slice(0, 7);
};

/**
 * Decision 103: the month's Foreign Worker Levy of every Work Permit holder (the employer's
 * cost, never deducted), prorated by day over a permit issued or cancelled in the month, the total and
 * its GIRO date; WP holders whose tier cannot be told are listed to be set on their form.
 */
export function LevyReportPage() {
  usePageTitle('Levy Report');
  const [month, setMonth] = useState(lastMonth());
  const [page, setPage] = useState(1);
  // Decision 108: the form is `workers.write` (not payroll's or a viewer's): they get the worker's page.
  const canEditWorkers = useCan()('workers.write');
  const ready = /^\d{4}-\d{2}$/.test(month);
  const sheet = useQuery({
    queryKey: ['reports', 'levy', month],
    queryFn: ({ signal }) => api<LevySheet>(withQuery('/api/reports/levy/sheet', { month }), { signal }),
    enabled: ready,
  });
  return (
    <div className="space-y-4">
      <PageHeader
        title="Levy Report"
        description="The Foreign Worker Levy of each Work Permit holder for a month: the employer's cost, paid by GIRO."
      />
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Month"
          type="month"
          value={month}
          onChange={(event) => {
            setMonth(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {!ready ? (
        <p>Choose a month.</p>
      ) : sheet.isPending ? (
        <Spinner />
      ) : sheet.isError ? (
        <Alert tone="error" title="Failed to load the report">
          {sheet.error.message}
        </Alert>
      ) : (
        <>
          <p className="text-sm text-ink">
            Total levy <span className="font-semibold tabular-nums">{formatSgd(sheet.data.total)}</span>, due by GIRO on{' '}
            <span className="font-semibold">{formatDate(sheet.data.due_date)}</span>.
          </p>
          {sheet.data.without_tier.length > 0 && (
            <Alert tone="warning" title="Levy tier unknown">
              The nationality and coretrade of these Work Permit holders do not tell their levy tier; set it on their
              form:{' '}
              {sheet.data.without_tier.map((worker, index) => (
                <span key={worker.worker_id}>
                  {index > 0 && ', '}
                  <Link
                    className="font-medium underline"
                    to={`/worker/${canEditWorkers ? 'edit' : 'view'}/${worker.worker_id}`}
                  >
                    {worker.name} ({worker.worker_code})
                  </Link>
                </span>
              ))}
            </Alert>
          )}
          {sheet.data.items.length === 0 ? (
            <p>No Work Permit holder had a valid permit in {month}.</p>
          ) : (
            <div>
              <DataTable
                caption={`Foreign Worker Levy, ${month}`}
                columns={columns}
                rows={sheet.data.items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
                rowKey={(item) => item.worker_id}
              />
              {sheet.data.items.length > PAGE_SIZE && (
                <Pagination
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={sheet.data.items.length}
                  onPageChange={setPage}
                  label="Levy report pages"
                />
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
