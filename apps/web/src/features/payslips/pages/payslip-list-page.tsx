import { useQuery } from '@tanstack/react-query';
import { SELECT_PAYSLIPS_TO_EMAIL } from '@td/shared/options/payslip-documents';
import { batchPaidConfirmMessage, batchPaidSuccessMessage, PAYSLIP_MESSAGES } from '@td/shared/options/payslips';
import { formatHours } from '@td/shared/rules/timesheet-hours';
import type { Payslip } from '@td/shared/schemas/payslip';
import { FileText, ListChecks, Mail, Plus, Users, Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ExportCsvLink } from '@/components/ui/export-csv-link.tsx';
import { ListBody } from '@/components/ui/list-body.tsx';
import { NoMatches } from '@/components/ui/no-matches.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RowActions } from '@/components/ui/row-actions.tsx';
import { type DataColumn, DataTable, Pagination } from '@/components/ui/table.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatMonth, formatSgd, localMonth } from '@/lib/format.ts';
import { currentRow, useClampPage, useListState } from '@/lib/list-state.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { deletePayslip, useInvalidatePayslips, useMarkPayslipsPaid } from '../api/payslip-mutations.ts';
import {
  fetchAllPayslips,
  PAYSLIP_PAGE_SIZE,
  type PayslipListCriteria,
  payslipExportUrl,
  payslipQueries,
} from '../api/payslip-queries.ts';
import { BatchEmailPanel } from '../components/batch-email-panel.tsx';
import { PayslipDetailsModal } from '../components/payslip-details-modal.tsx';
import { formatPeriod, payslipWorkerName } from '../components/payslip-display.ts';
import { PayslipFilters } from '../components/payslip-filters.tsx';
import { PayslipStatusBadge } from '../components/payslip-status-badge.tsx';
import { PayslipSummaryTiles } from '../components/payslip-summary-tiles.tsx';
import { useBatchEmail } from '../components/use-batch-email.ts';

// Decision 082: `?pay_run_id=` lists one pay run's payslips (every month then).
const FILTERS = ['worker_id', 'status', 'month', 'pay_run_id'] as const;
/** `?month=all` lists every month; no month in the address means the current one (SPEC 2). */
const ALL_MONTHS = 'all';

/** `selection`: a "select at least one" message, which no longer applies once something is selected. */
type Notice = { tone: 'success' | 'error'; text: string; selection?: boolean };

/** SPEC 2 payslip list (/payslip): tiles, search and filters, batch payment, the details popup. */
export function PayslipListPage() {
  // Decision 108: generating, paying, e-mailing and deleting are `payroll.write`; a viewer reads only.
  const canWrite = useCan()('payroll.write');
  usePageTitle('Payslips');
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS });
  const thisMonth = localMonth();
  const payRunId = list.filters.pay_run_id || undefined;
  const month =
    list.filters.month === ALL_MONTHS || (payRunId && !list.filters.month) ? '' : list.filters.month || thisMonth;
  const criteria: PayslipListCriteria = {
    q: list.q || undefined,
    worker_id: list.filters.worker_id || undefined,
    status: list.filters.status || undefined,
    month: month || undefined,
    pay_run_id: payRunId,
    page: list.page,
    pageSize: PAYSLIP_PAGE_SIZE,
  };
  const payslips = useQuery(payslipQueries.list(criteria));
  const { page: _page, pageSize: _pageSize, ...exportCriteria } = criteria;
  useClampPage(list.page, PAYSLIP_PAGE_SIZE, payslips.data?.total, (page) => list.setPage(page, { replace: true }));

  const toast = useToast();
  const invalidate = useInvalidatePayslips();
  const markPaid = useMarkPayslipsPaid();
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toPay, setToPay] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** After Select All: every matching payslip was offered (null), is being read, or is selected. */
  const [allMatching, setAllMatching] = useState<'offer' | 'loading' | { selected: number; paid: number } | null>(null);
  const [detailsOf, setDetailsOf] = useState<Payslip | null>(null);
  /** Deleted rows waiting for their Undo toast to close. */
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());

  const rows = (payslips.data?.items ?? []).filter((payslip) => !hidden.has(payslip.id));
  const payable = rows.filter((payslip) => payslip.status !== 'Paid');
  // The selection may span pages: remember every payslip seen, so a batch e-mail knows each one's details.
  const seen = useRef(new Map<string, Payslip>());
  for (const payslip of rows) seen.current.set(payslip.id, payslip);
  const batchEmail = useBatchEmail();

  const emailSelected = () => {
    const targets = [...selected].flatMap((id) => seen.current.get(id) ?? []);
    if (targets.length === 0) {
      setNotice({ tone: 'error', text: SELECT_PAYSLIPS_TO_EMAIL, selection: true });
      return;
    }
    setNotice(null);
    void batchEmail.start(targets);
  };

  // Probe finding 30: a "select at least one" message goes once something is selected.
  const select = (next: ReadonlySet<string>) => {
    setSelected(next);
    if (next.size > 0) setNotice((current) => (current?.selection ? null : current));
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    select(next);
    setAllMatching(null);
  };
  const endBatch = () => {
    setBatch(false);
    setSelected(new Set());
    setAllMatching(null);
  };

  // The offer and its answer are of the search and filters they were made for.
  const filterKey = JSON.stringify([criteria.q, criteria.worker_id, criteria.status, criteria.month]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters change, by design
  useEffect(() => setAllMatching(null), [filterKey]);
  const total = payslips.data?.total ?? 0;
  const scope = month ? `in ${formatMonth(month)}` : 'in all months';
  const selectPage = () => {
    select(new Set([...selected, ...payable.map((payslip) => payslip.id)]));
    // Probe finding 29: the page is not the whole list; offer the rest when there is more.
    setAllMatching(total > rows.length ? 'offer' : null);
  };
  const selectAllMatching = async () => {
    setAllMatching('loading');
    try {
      const every = await fetchAllPayslips(exportCriteria);
      for (const payslip of every) seen.current.set(payslip.id, payslip);
      const open = every.filter((payslip) => payslip.status !== 'Paid' && !hidden.has(payslip.id));
      select(new Set(open.map((payslip) => payslip.id)));
      setAllMatching({ selected: open.length, paid: every.length - open.length });
    } catch (error) {
      setAllMatching('offer');
      setNotice({ tone: 'error', text: `Could not select every payslip: ${errorMessage(error, 'Please try again.')}` });
    }
  };

  const askToPay = (ids: string[]) => {
    // SPEC 5: 'Please select at least one payslip to mark as paid'.
    if (ids.length === 0) setNotice({ tone: 'error', text: PAYSLIP_MESSAGES.selectAtLeastOne, selection: true });
    else setToPay(ids);
  };

  const confirmPay = () => {
    if (!toPay) return;
    markPaid.mutate(toPay, {
      onSuccess: (result) => {
        setNotice({ tone: 'success', text: batchPaidSuccessMessage(result.payslips, result.admin_charges) });
        endBatch();
      },
      onError: (error) =>
        setNotice({
          tone: 'error',
          text: `${PAYSLIP_MESSAGES.batchPaidFailure}: ${errorMessage(error, 'Please try again.')}`,
        }),
      onSettled: () => setToPay(null),
    });
  };

  const remove = (payslip: Payslip) => {
    const unhide = () =>
      setHidden((current) => {
        const next = new Set(current);
        next.delete(payslip.id);
        return next;
      });
    setHidden((current) => new Set(current).add(payslip.id));
    toggle(payslip.id, false);
    toast.undoable({
      title: 'Payslip deleted',
      description: `${payslipWorkerName(payslip.worker)}, ${formatPeriod(payslip.pay_period_start, payslip.pay_period_end)}`,
      commit: () => deletePayslip(payslip.id).then(invalidate).finally(unhide),
      undo: unhide,
      onCommitError: (error) =>
        toast.show({
          tone: 'error',
          title: 'Failed to delete payslip',
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  };

  const columns: DataColumn<Payslip>[] = [
    ...(batch
      ? [
          {
            id: 'select',
            header: 'Select',
            card: 'badge',
            cell: (payslip) => (
              <input
                type="checkbox"
                className="h-[18px] w-[18px] cursor-pointer accent-accent disabled:cursor-not-allowed"
                aria-label={`Select payslip of ${payslipWorkerName(payslip.worker)} for ${formatPeriod(payslip.pay_period_start, payslip.pay_period_end)}`}
                checked={selected.has(payslip.id)}
                disabled={payslip.status === 'Paid'}
                onChange={(event) => toggle(payslip.id, event.target.checked)}
              />
            ),
          } satisfies DataColumn<Payslip>,
        ]
      : []),
    {
      id: 'worker',
      header: 'Worker',
      card: 'title',
      cell: (payslip) => (
        <span className="flex flex-col">
          <button
            type="button"
            onClick={() => setDetailsOf(payslip)}
            aria-haspopup="dialog"
            className="rounded text-left font-medium text-accent hover:underline md:whitespace-nowrap"
          >
            {payslipWorkerName(payslip.worker)}
          </button>
          <span className="text-xs text-ink-muted tabular-nums">{payslip.worker.worker_id}</span>
        </span>
      ),
    },
    {
      id: 'period',
      header: 'Pay Period',
      card: 'subtitle',
      className: 'whitespace-nowrap tabular-nums',
      cell: (payslip) => formatPeriod(payslip.pay_period_start, payslip.pay_period_end),
    },
    {
      id: 'hours',
      header: 'Hours',
      className: 'tabular-nums',
      cell: (payslip) => formatHours(payslip.total_hours_worked),
    },
    {
      id: 'overtime',
      header: 'OT Hours',
      className: 'tabular-nums',
      cell: (payslip) => formatHours(payslip.total_overtime_hours),
    },
    {
      id: 'nett',
      header: 'Nett Salary',
      className: 'whitespace-nowrap font-medium tabular-nums',
      cell: (payslip) => formatSgd(payslip.nett_salary),
    },
    {
      id: 'status',
      header: 'Status',
      card: batch ? 'field' : 'badge',
      cell: (payslip) => <PayslipStatusBadge status={payslip.status} />,
    },
  ];

  // SPEC 2 actions: mark as paid when not Paid; view; delete without confirmation (with Undo). A Paid
  // payslip is a record of money paid (ARCHITECTURE differs 9), so it offers no delete.
  const payslipActions = (payslip: Payslip, layout: 'table' | 'card') => {
    const subject = `payslip of ${payslipWorkerName(payslip.worker)} for ${formatPeriod(payslip.pay_period_start, payslip.pay_period_end)}`;
    const paid = payslip.status === 'Paid';
    return (
      <RowActions
        layout={layout}
        subject={subject}
        viewTo={`/payslip/view/${payslip.id}`}
        onDelete={paid || !canWrite ? undefined : () => remove(payslip)}
        before={
          paid || !canWrite
            ? []
            : [
                {
                  label: `Mark ${subject} as paid`,
                  text: 'Mark as Paid',
                  title: 'Mark as paid',
                  icon: Wallet,
                  tone: 'info',
                  onClick: () => askToPay([payslip.id]),
                },
              ]
        }
      />
    );
  };

  const narrowed = list.q !== '' || list.filters.worker_id !== '' || list.filters.status !== '';
  const empty = narrowed ? (
    <NoMatches
      title="No payslips match your filters."
      description="Try another name, worker or status, or clear the filters."
      onClear={list.clear}
    />
  ) : (
    <EmptyState
      className="rounded-2xl border border-line bg-surface"
      icon={<FileText />}
      title="No payslips found."
      description={
        month
          ? 'No payslip covers this month yet. Generate one, or run the payroll for every worker at once.'
          : 'Generate the first payslip to get started.'
      }
      action={
        canWrite ? (
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/payslip/generate" className={buttonClasses('primary')}>
              Generate Payslip
            </Link>
            <Link to="/payslip/run" className={buttonClasses('secondary')}>
              Payroll Run
            </Link>
          </div>
        ) : undefined
      }
    />
  );

  return (
    <div>
      <PageHeader
        title="Payslips"
        description={
          canWrite ? "Generate, pay and keep track of every worker's payslips." : "Every worker's payslips, to read."
        }
        actions={
          <>
            <Link to="/payslip/run" className={buttonClasses('secondary')}>
              <Users aria-hidden="true" className="h-4 w-4" />
              {canWrite ? 'Payroll Run' : 'Pay Runs'}
            </Link>
            {canWrite && (
              <Link to="/payslip/generate" className={buttonClasses('primary')}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                Generate Payslip
              </Link>
            )}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <PayslipSummaryTiles
          filters={{ q: criteria.q, worker_id: criteria.worker_id, month: criteria.month, pay_run_id: payRunId }}
          scope={
            criteria.q || criteria.worker_id || payRunId
              ? 'Matching the filters'
              : month
                ? `Covering ${formatMonth(month)}`
                : 'All months'
          }
        />
        <section aria-labelledby="payslips-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="payslips-heading" className="text-lg font-semibold">
              {month ? `Payslips covering ${formatMonth(month)}` : 'All Payslips'}
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              <ExportCsvLink href={payslipExportUrl(exportCriteria)} size="md" />
              {!batch && canWrite && (
                <Button
                  variant="secondary"
                  icon={<ListChecks aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => {
                    setNotice(null);
                    setBatch(true);
                  }}
                >
                  Batch Select
                </Button>
              )}
            </div>
          </div>
          <PayslipFilters
            searchText={list.searchText}
            onSearchTextChange={list.setSearchText}
            workerId={list.filters.worker_id}
            onWorkerChange={(id) => list.setFilter('worker_id', id)}
            status={list.filters.status}
            onStatusChange={(status) => list.setFilter('status', status)}
            month={month}
            onMonthChange={(value) => list.setFilter('month', value === thisMonth ? '' : value || ALL_MONTHS)}
            onClear={list.clear}
          />
          {batch && (
            <div
              role="toolbar"
              aria-label="Batch actions"
              className="flex flex-wrap items-center gap-2 rounded-2xl border border-accent/30 bg-accent/5 px-4 py-3"
            >
              <p className="mr-auto text-sm font-medium" aria-live="polite">
                {selected.size} selected
              </p>
              <Button variant="secondary" size="sm" onClick={selectPage}>
                Select All
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setSelected(new Set());
                  setAllMatching(null);
                }}
              >
                Clear Selection
              </Button>
              <Button variant="ghost" size="sm" onClick={endBatch}>
                Cancel Batch
              </Button>
              <Button
                variant="secondary"
                size="sm"
                icon={<Mail aria-hidden="true" className="h-4 w-4" />}
                busy={batchEmail.run?.running ?? false}
                onClick={emailSelected}
              >
                Email {selected.size} Selected
              </Button>
              <Button size="sm" onClick={() => askToPay([...selected])}>
                Mark {selected.size} Selected as Paid
              </Button>
            </div>
          )}
          {batch && allMatching !== null && (
            <p
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-canvas px-4 py-2 text-sm"
              role="status"
            >
              {typeof allMatching === 'object' ? (
                <span>
                  All {allMatching.selected} {allMatching.selected === 1 ? 'payslip' : 'payslips'} not yet paid {scope}{' '}
                  {allMatching.selected === 1 ? 'is' : 'are'} selected
                  {allMatching.paid > 0 ? ` (${allMatching.paid} already paid cannot be)` : ''}.
                </span>
              ) : (
                <>
                  <span>The payslips not yet paid on this page are selected.</span>
                  <Button variant="link" busy={allMatching === 'loading'} onClick={() => void selectAllMatching()}>
                    Select all {formatCount(total)} {scope}
                  </Button>
                </>
              )}
            </p>
          )}
          {batchEmail.run && (
            <BatchEmailPanel run={batchEmail.run} onStop={batchEmail.stop} onClose={batchEmail.clear} />
          )}
          {notice && (
            <Alert tone={notice.tone}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>{notice.text}</span>
                <Button variant="link" onClick={() => setNotice(null)}>
                  Dismiss
                </Button>
              </div>
            </Alert>
          )}
          <ListBody
            query={payslips}
            what="payslips"
            isEmpty={rows.length === 0}
            empty={empty}
            className="flex flex-col gap-4"
          >
            <DataTable
              caption="Payslips"
              columns={columns}
              rows={rows}
              rowKey={(payslip) => payslip.id}
              actions={payslipActions}
              busy={payslips.isPlaceholderData && payslips.isFetching}
            />
            <Pagination
              label="Payslip pages"
              page={list.page}
              pageSize={PAYSLIP_PAGE_SIZE}
              total={payslips.data?.total ?? 0}
              onPageChange={list.setPage}
            />
          </ListBody>
        </section>
      </div>
      <PayslipDetailsModal payslip={currentRow(payslips.data?.items, detailsOf)} onClose={() => setDetailsOf(null)} />
      <ConfirmDialog
        open={toPay !== null}
        title="Mark as paid?"
        message={batchPaidConfirmMessage(toPay?.length ?? 0)}
        confirmLabel="Mark as Paid"
        tone="primary"
        busy={markPaid.isPending}
        onConfirm={confirmPay}
        onCancel={() => setToPay(null)}
      />
    </div>
  );
}
