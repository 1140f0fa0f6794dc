import { useQuery } from '@tanstack/react-query';
import type { ManpowerSheet } from '@td/shared/schemas/manpower-report';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { type DataColumn, DataTable } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { siteQueries } from '@/features/sites/public/site-queries.ts';
import { api, withQuery } from '@/lib/api-client.ts';
import { localMonth } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';

type ManpowerRow = ManpowerSheet['items'][number] & { serial: number };

const orDash = (value: string | null) => value ?? '—';

/** On a phone each worker is a card: the name and serial number, then the return's fields. */
const columns: ReadonlyArray<DataColumn<ManpowerRow>> = [
  { id: 'serial', header: 'S/N', card: 'badge', className: 'tabular-nums', cell: (item) => item.serial },
  { id: 'fin', header: 'FIN', cell: (item) => orDash(item.fin) },
  { id: 'name', header: 'Name', card: 'title', cell: (item) => item.name },
  { id: 'nationality', header: 'Nationality', cell: (item) => orDash(item.nationality) },
  { id: 'trade', header: 'Trade', cell: (item) => orDash(item.trade) },
  { id: 'pass', header: 'Pass Type', cell: (item) => orDash(item.pass_type) },
  { id: 'days', header: 'Days Worked', className: 'tabular-nums', cell: (item) => item.days },
  { id: 'hours', header: 'Hours Worked', className: 'tabular-nums', cell: (item) => item.hours.toFixed(2) },
];

/** Decision 090: each worker who worked at a site in a month, with days and hours; CSV and PDF. */
export function ManpowerReportPage() {
  usePageTitle('Manpower Report');
  const [siteId, setSiteId] = useState('');
  const [month, setMonth] = useState(localMonth());
  const sites = useQuery(siteQueries.all());
  const ready = siteId !== '' && /^\d{4}-\d{2}$/.test(month);
  const query = { site_id: siteId, month };
  const sheet = useQuery({
    queryKey: ['reports', 'manpower', siteId, month],
    queryFn: ({ signal }) => api<ManpowerSheet>(withQuery('/api/reports/manpower/sheet', query), { signal }),
    enabled: ready,
  });
  return (
    <div className="space-y-4">
      <PageHeader
        title="Manpower Report"
        description="The monthly manpower return of one site, for its main contractor."
      />
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Site"
          placeholder="Choose a site"
          options={(sites.data?.items ?? []).map((site) => ({ value: site.id, label: site.name }))}
          value={siteId}
          onChange={(event) => setSiteId(event.target.value)}
        />
        <TextField label="Month" type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
        {ready && (
          <>
            <a className={buttonClasses('secondary')} href={withQuery('/api/reports/manpower.csv', query)} download>
              Download CSV
            </a>
            <a className={buttonClasses('secondary')} href={withQuery('/api/reports/manpower.pdf', query)} download>
              Download PDF
            </a>
          </>
        )}
      </div>
      {!ready ? (
        <p>Choose a site and a month.</p>
      ) : sheet.isPending ? (
        <Spinner />
      ) : sheet.isError ? (
        <Alert tone="error" title="Failed to load the report">
          {sheet.error.message}
        </Alert>
      ) : sheet.data.items.length === 0 ? (
        <p>No worker has timesheets at this site in {month}.</p>
      ) : (
        <DataTable
          caption={`Manpower at ${sheet.data.site.name}, ${month}`}
          columns={columns}
          rows={sheet.data.items.map((item, index) => ({ ...item, serial: index + 1 }))}
          rowKey={(item) => item.worker_id}
        />
      )}
    </div>
  );
}
