import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SITE_DELETE_FAILED, type Site } from '@td/shared/schemas/site';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { api } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { siteQueries } from '../public/site-queries.ts';

/** Decision 090: the sites, by name, with their client and whether they are active. */
export function SiteListPage() {
  usePageTitle('Sites');
  const can = useCan();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Site | null>(null);
  const sites = useQuery(siteQueries.all());
  return (
    <div className="space-y-4">
      <PageHeader
        title="Sites"
        description="The clients' sites workers clock in at: crew entry, attendance imports and the manpower report start here."
        actions={
          can('sites.write') && (
            <Link to="/sites/add" className={buttonClasses('primary')}>
              Add Site
            </Link>
          )
        }
      />
      {sites.isPending ? (
        <Spinner />
      ) : sites.isError ? (
        <Alert tone="error" title="Failed to load sites">
          Please try again.
        </Alert>
      ) : sites.data.items.length === 0 ? (
        <p>No sites yet. Add the first site your workers are supplied to.</p>
      ) : (
        <Table caption="Sites">
          <THead>
            <TR>
              <TH>Site Name</TH>
              <TH>Client Company</TH>
              <TH>Project Reference</TH>
              <TH>Active</TH>
              <TH>
                <span className="sr-only">Actions</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {sites.data.items.map((site) => (
              <TR key={site.id}>
                <TD>{site.name}</TD>
                <TD>{site.client_company}</TD>
                <TD>{site.project_reference ?? '—'}</TD>
                <TD>{site.active ? 'Yes' : 'No'}</TD>
                <TD className="space-x-2 whitespace-nowrap">
                  <Link
                    to={`/sites/edit/${site.id}`}
                    className={buttonClasses('link', 'sm')}
                    aria-label={`Edit ${site.name}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className={buttonClasses('link', 'sm')}
                    onClick={() => setDeleting(site)}
                    aria-label={`Delete ${site.name}`}
                  >
                    Delete
                  </button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <ConfirmDeleteDialog<Site>
        record={deleting}
        title={(site) => `Delete ${site?.name ?? 'site'}?`}
        question="Are you sure you want to delete this site? Its timesheets stay, without a site."
        remove={(site) => api(`/api/sites/${site.id}`, { method: 'DELETE' })}
        deleted={(site) => ({ title: 'Site deleted', description: site.name, tone: 'success' })}
        failure={SITE_DELETE_FAILED}
        onClose={() => setDeleting(null)}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: ['sites'] })}
      />
    </div>
  );
}
