import { useQuery } from '@tanstack/react-query';
import { fromCents, toCents } from '@td/shared/rules/money';
import { ADMIN_CHARGE_PAGE_SIZE, type AdminCharge, type AdminChargeSummary } from '@td/shared/schemas/admin-charge';
import { Plus, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ExportCsvLink } from '@/components/ui/export-csv-link.tsx';
import { ListBody } from '@/components/ui/list-body.tsx';
import { NoMatches } from '@/components/ui/no-matches.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/table.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatSgd } from '@/lib/format.ts';
import { currentRow, useClampPage, useListState } from '@/lib/list-state.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere } from '@/lib/return-to.ts';
import { useDeleteAdminCharge } from '../api/admin-charge-mutations.ts';
import { adminChargeExportUrl, adminChargeQueries } from '../api/admin-charge-queries.ts';
import { chargeWorkerName } from '../components/admin-charge-display.ts';
import { AdminChargeFiltersBar, type ChargeFilter } from '../components/admin-charge-filters-bar.tsx';
import { AdminChargeSummaryTiles } from '../components/admin-charge-summary-tiles.tsx';
import { AdminChargeTable } from '../components/admin-charge-table.tsx';
import { ChargeWorkerModal } from '../components/charge-worker-modal.tsx';

const FILTERS = ['worker_id', 'status', 'charge_type'] as const satisfies readonly ChargeFilter[];
const addIcon = <Plus aria-hidden="true" className="h-4 w-4" />;

/** The tiles without the charges whose delete is waiting for its Undo toast to close. */
function withoutHidden(summary: AdminChargeSummary | undefined, hidden: AdminCharge[]): AdminChargeSummary | undefined {
  if (!summary || hidden.length === 0) return summary;
  const count = (status: AdminCharge['status']) => hidden.filter((charge) => charge.status === status).length;
  const cents = hidden.reduce((sum, charge) => sum + toCents(charge.amount), 0);
  return {
    total: summary.total - hidden.length,
    pending: summary.pending - count('Pending'),
    approved: summary.approved - count('Approved'),
    rejected: summary.rejected - count('Rejected'),
    deducted: summary.deducted - count('Deducted'),
    total_amount: fromCents(toCents(summary.total_amount) - cents),
  };
}

/** SPEC 2 Admin charges list (/admin-charge). */
export function AdminChargeListPage() {
  usePageTitle('Admin Charges');
  const can = useCan();
  const location = useLocation();
  const toast = useToast();
  const list = useListState({ filters: FILTERS });
  const filters = {
    q: list.q || undefined,
    worker_id: list.filters.worker_id || undefined,
    status: list.filters.status || undefined,
    charge_type: list.filters.charge_type || undefined,
  };
  const charges = useQuery(adminChargeQueries.list({ ...filters, page: list.page, pageSize: ADMIN_CHARGE_PAGE_SIZE }));
  const summary = useQuery(adminChargeQueries.summary(filters));
  const remove = useDeleteAdminCharge();
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(new Set());
  const [popupOf, setPopupOf] = useState<AdminCharge | null>(null);

  const loaded = charges.data?.items ?? [];
  const hidden = loaded.filter((charge) => hiddenIds.has(charge.id));
  const visible = loaded.filter((charge) => !hiddenIds.has(charge.id));
  const total = charges.data ? charges.data.total - hidden.length : undefined;
  useClampPage(list.page, ADMIN_CHARGE_PAGE_SIZE, total, (page) => list.setPage(page, { replace: true }));

  const setHidden = (id: string, hide: boolean) =>
    setHiddenIds((previous) => {
      const next = new Set(previous);
      if (hide) next.add(id);
      else next.delete(id);
      return next;
    });

  // SPEC 2: delete without confirmation; the toast offers Undo for a few seconds before it is sent.
  const deleteCharge = (charge: AdminCharge) => {
    setHidden(charge.id, true);
    toast.undoable({
      title: 'Admin charge deleted',
      description: `${chargeWorkerName(charge)} · ${charge.charge_type} · ${formatSgd(charge.amount)}`,
      commit: () => remove.mutateAsync(charge),
      undo: () => setHidden(charge.id, false),
      onCommitError: (error) => {
        console.error('Failed to delete admin charge', error);
        setHidden(charge.id, false);
        toast.show({
          tone: 'error',
          title: 'Failed to delete admin charge',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    });
  };

  const empty = list.filtersActive ? (
    <NoMatches
      title="No admin charges match your search or filters."
      description="Try another name or worker ID, or clear the filters."
      onClear={list.clear}
    />
  ) : (
    // SPEC 2: the empty state offers Add First Admin Charge.
    <EmptyState
      className="rounded-2xl border border-line bg-surface"
      icon={<ReceiptText />}
      title="No admin charges found"
      description="Record a penalty or deduction for a worker to get started."
      action={
        <Link to="/admin-charge/add" state={fromHere(location)} className={buttonClasses('primary')}>
          {addIcon}
          Add First Admin Charge
        </Link>
      }
    />
  );

  return (
    <div>
      <PageHeader
        title="Admin Charges"
        description="Penalties and deductions for workers, and their approval."
        actions={
          <>
            <ExportCsvLink href={adminChargeExportUrl(filters)} size="md" />
            {can('charges.write') && (
              <Link to="/admin-charge/add" state={fromHere(location)} className={buttonClasses('primary')}>
                {addIcon}
                Add New Admin Charge
              </Link>
            )}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <AdminChargeSummaryTiles summary={withoutHidden(summary.data, hidden)} filtered={list.filtersActive} />
        <section aria-label="Admin charge list" className="flex flex-col gap-4">
          <AdminChargeFiltersBar
            searchText={list.searchText}
            onSearchTextChange={list.setSearchText}
            filters={list.filters}
            onFilterChange={list.setFilter}
            onClear={list.filtersActive ? list.clear : undefined}
          />
          <ListBody
            query={charges}
            what="admin charges"
            isEmpty={visible.length === 0 && !charges.isPlaceholderData}
            empty={empty}
          >
            <AdminChargeTable
              charges={visible}
              busy={charges.isPlaceholderData && charges.isFetching}
              onOpenWorker={setPopupOf}
              onDelete={deleteCharge}
            />
            <Pagination
              label="Admin charge pages"
              page={list.page}
              pageSize={ADMIN_CHARGE_PAGE_SIZE}
              total={total ?? 0}
              onPageChange={list.setPage}
            />
          </ListBody>
        </section>
      </div>
      <ChargeWorkerModal
        charge={currentRow(charges.data?.items, popupOf)}
        onClose={() => setPopupOf(null)}
        onShowWorkerCharges={(workerId) => {
          setPopupOf(null);
          list.setFilter('worker_id', workerId);
        }}
      />
    </div>
  );
}
