import { useQuery } from '@tanstack/react-query';
import { LEVY_TIER_LABELS } from '@td/shared/rules/statutory-rates';
import type { LevySheet } from '@td/shared/schemas/levy-report';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { api, withQuery } from '@/lib/api-client.ts';
import { formatDate, formatSgd } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';

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
        <TextField label="Month" type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
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
            <Table caption={`Foreign Worker Levy, ${month}`}>
              <THead>
                <TR>
                  {['Worker', 'FIN', 'Tier', 'Permit issued', 'Cancelled', 'Days', 'Monthly rate', 'Levy'].map(
                    (label) => (
                      <TH key={label}>{label}</TH>
                    ),
                  )}
                </TR>
              </THead>
              <TBody>
                {sheet.data.items.map((item) => (
                  <TR key={item.worker_id}>
                    <TD>
                      {item.name} <span className="text-ink-muted">({item.worker_code})</span>
                    </TD>
                    <TD>{item.fin ?? '—'}</TD>
                    <TD>{LEVY_TIER_LABELS[item.levy_tier]}</TD>
                    <TD>{item.date_of_issuance ? formatDate(item.date_of_issuance) : '—'}</TD>
                    <TD>{item.wp_cancellation_date ? formatDate(item.wp_cancellation_date) : '—'}</TD>
                    <TD>{item.days}</TD>
                    <TD>{formatSgd(item.monthly_rate)}</TD>
                    <TD>{formatSgd(item.amount)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </>
      )}
    </div>
  );
}
