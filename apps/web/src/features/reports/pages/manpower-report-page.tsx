import { useQuery } from '@tanstack/react-query';
import type { ManpowerSheet } from '@td/shared/schemas/manpower-report';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { siteQueries } from '@/features/sites/public/site-queries.ts';
import { api, withQuery } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Decision 090: each worker who worked at a site in a month, with days and hours; CSV and PDF. */
export function ManpowerReportPage() {
  usePageTitle('Manpower Report');
  const [siteId, setSiteId] = useState('');
  const [month, setMonth] = useState(thisMonth());
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
        <Table caption={`Manpower at ${sheet.data.site.name}, ${month}`}>
          <THead>
            <TR>
              {['S/N', 'FIN', 'Name', 'Nationality', 'Trade', 'Pass Type', 'Days Worked', 'Hours Worked'].map(
                (label) => (
                  <TH key={label}>{label}</TH>
                ),
              )}
            </TR>
          </THead>
          <TBody>
            {sheet.data.items.map((item, index) => (
              <TR key={item.worker_id}>
                <TD>{index + 1}</TD>
                <TD>{item.fin ?? '—'}</TD>
                <TD>{item.name}</TD>
                <TD>{item.nationality ?? '—'}</TD>
                <TD>{item.trade ?? '—'}</TD>
                <TD>{item.pass_type ?? '—'}</TD>
                <TD>{item.days}</TD>
                <TD>{item.hours.toFixed(2)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}
