import { useQuery } from '@tanstack/react-query';
import { fromCents, toCents } from '@td/shared/rules/money';
import { formatHours } from '@td/shared/rules/timesheet-hours';
import { PayrollRunInput, type PayrollRunRow } from '@td/shared/schemas/payslip';
import { Play, TriangleAlert } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ListBody } from '@/components/ui/list-body.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { type DataColumn, DataTable, Pagination } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { formatCount, formatSgd } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { previewPayrollRun } from '../api/payslip-mutations.ts';
import { payslipQueries } from '../api/payslip-queries.ts';
import { PayrollRunProgressCard } from '../components/payroll-run-progress-card.tsx';
import { formatPeriod, lastMonthPeriod, payslipWorkerName } from '../components/payslip-display.ts';
import { PayslipStatusBadge } from '../components/payslip-status-badge.tsx';
import { type PayrollRunPeriod, usePayrollRun } from './use-payroll-run.ts';

const PAGE_SIZE = 50;

const runQuery = (period: PayrollRunPeriod) => ({
  queryKey: [...payslipQueries.all(), 'run-preview', period] as const,
  queryFn: () => previewPayrollRun(period),
});

/**
 * The payroll run (decision 019, beyond the spec): every active worker's payslip for a period in one go,
 * with the figures of the generate screen, those who already have one marked and skipped, a progress
 * bar and a summary.
 */
export function PayrollRunPage() {
  usePageTitle('Payroll Run');
  const initial = lastMonthPeriod();
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [period, setPeriod] = useState<PayrollRunPeriod>({
    pay_period_start: initial.start,
    pay_period_end: initial.end,
  });
  const [periodError, setPeriodError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const { progress, summary, running, start: startRun, reset: resetRun } = usePayrollRun();

  const preview = useQuery(runQuery(period));
  const items = preview.data?.items ?? [];
  const eligible = items.filter((row) => row.existing_payslip === null);
  const chosen = eligible.filter((row) => !excluded.has(row.worker_id));

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle
      ? items.filter((row) => `${payslipWorkerName(row.worker)} ${row.worker.worker_id}`.toLowerCase().includes(needle))
      : items;
  }, [items, search]);
  const pageRows = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const onShow = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PayrollRunInput.safeParse({ pay_period_start: start, pay_period_end: end });
    if (!parsed.success) {
      setPeriodError(parsed.error.issues[0]?.message ?? 'Please check the dates.');
      return;
    }
    setPeriodError(null);
    resetRun();
    setExcluded(new Set());
    setPage(1);
    setPeriod({ pay_period_start: parsed.data.pay_period_start, pay_period_end: parsed.data.pay_period_end });
  };

  const toggle = (workerId: string, include: boolean) =>
    setExcluded((current) => {
      const next = new Set(current);
      if (include) next.delete(workerId);
      else next.add(workerId);
      return next;
    });

  const run = async () => {
    setConfirming(false);
    await startRun(
      period,
      chosen.map((row) => row.worker_id),
    );
    setExcluded(new Set());
  };

  const columns: DataColumn<PayrollRunRow>[] = [
    {
      id: 'include',
      header: 'Include',
      card: 'badge',
      cell: (row) =>
        row.existing_payslip ? (
          <span className="text-xs text-ink-muted">Skipped</span>
        ) : (
          <input
            type="checkbox"
            className="h-[18px] w-[18px] cursor-pointer accent-accent"
            aria-label={`Include ${payslipWorkerName(row.worker)}`}
            checked={!excluded.has(row.worker_id)}
            disabled={running}
            onChange={(event) => toggle(row.worker_id, event.target.checked)}
          />
        ),
    },
    {
      id: 'worker',
      header: 'Worker',
      card: 'title',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-medium md:whitespace-nowrap">{payslipWorkerName(row.worker)}</span>
          <span className="text-xs text-ink-muted tabular-nums">{row.worker.worker_id}</span>
        </span>
      ),
    },
    { id: 'hours', header: 'Hours', className: 'tabular-nums', cell: (row) => formatHours(row.total_hours_worked) },
    {
      id: 'overtime',
      header: 'OT Hours',
      className: 'tabular-nums',
      cell: (row) => formatHours(row.total_overtime_hours),
    },
    {
      id: 'charges',
      header: 'Admin Charges',
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) => formatSgd(row.admin_charges_deduction),
    },
    {
      id: 'nett',
      header: 'Nett Salary',
      className: 'whitespace-nowrap font-medium tabular-nums',
      cell: (row) => formatSgd(row.nett_salary),
    },
    {
      id: 'status',
      header: 'Payslip',
      cell: (row) =>
        row.existing_payslip ? (
          <span className="flex flex-wrap items-center gap-1.5">
            <Link to={`/payslip/view/${row.existing_payslip.id}`} className="text-sm text-accent hover:underline">
              Already has one
            </Link>
            <PayslipStatusBadge status={row.existing_payslip.status} />
          </span>
        ) : (
          <Badge tone="gray">To generate</Badge>
        ),
    },
    {
      id: 'warnings',
      header: 'Deductions',
      cell: (row) =>
        row.warnings.length > 0 ? (
          <details className="max-w-xs text-sm text-amber-900">
            <summary className="cursor-pointer rounded">
              <TriangleAlert aria-hidden="true" className="mr-1 inline h-4 w-4 align-text-bottom text-amber-600" />
              {row.warnings.length === 1 ? 'Check 1 warning' : `Check ${row.warnings.length} warnings`}
            </summary>
            <ul className="mt-1 flex list-disc flex-col gap-1 pl-4 text-xs">
              {row.warnings.map((warning) => (
                <li key={warning.code}>{warning.message}</li>
              ))}
            </ul>
          </details>
        ) : (
          <span className="text-sm text-ink-muted">Within limits</span>
        ),
    },
  ];

  const totals = preview.data?.totals;
  // ARCHITECTURE, Data: money is summed in integer cents.
  const chosenNett = fromCents(chosen.reduce((sum, row) => sum + toCents(row.nett_salary), 0));
  const periodText = formatPeriod(period.pay_period_start, period.pay_period_end);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Payroll Run"
        description="Generate the payslips of every active worker for one pay period at once."
        actions={
          <Link to="/payslip" className={buttonClasses('secondary')}>
            Back to Payslips
          </Link>
        }
        className="mb-0 lg:mb-0"
      />

      <form noValidate onSubmit={onShow}>
        <Card>
          <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <TextField
              label="Pay Period Start"
              type="date"
              value={start}
              error={periodError ?? undefined}
              disabled={running}
              onChange={(event) => setStart(event.target.value)}
            />
            <TextField
              label="Pay Period End"
              type="date"
              value={end}
              disabled={running}
              onChange={(event) => setEnd(event.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={running}>
              Show Workers
            </Button>
          </CardBody>
        </Card>
      </form>

      {totals && (
        <section aria-label="Payroll run figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          <SummaryTile label="Active workers" value={formatCount(totals.workers)} tone="gray" />
          <SummaryTile label="To generate" value={formatCount(chosen.length)} tone="blue" />
          <SummaryTile label="Already have a payslip" value={formatCount(totals.existing)} tone="green" />
          <SummaryTile label="Nett salaries to pay" value={formatSgd(chosenNett)} tone="purple" />
        </section>
      )}

      {progress && (
        <PayrollRunProgressCard
          progress={progress}
          summary={summary}
          periodText={periodText}
          month={period.pay_period_start.slice(0, 7)}
        />
      )}

      <section aria-labelledby="run-workers-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="run-workers-heading" className="text-lg font-semibold">
            Workers, {periodText}
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={running || eligible.length === 0}
              onClick={() => setExcluded(new Set())}
            >
              Select All
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={running || eligible.length === 0}
              onClick={() => setExcluded(new Set(eligible.map((row) => row.worker_id)))}
            >
              Select None
            </Button>
            <Button
              icon={<Play aria-hidden="true" className="h-4 w-4" />}
              disabled={running || chosen.length === 0 || preview.isFetching}
              busy={running}
              onClick={() => setConfirming(true)}
            >
              {running ? 'Generating...' : `Generate ${chosen.length} Payslip${chosen.length === 1 ? '' : 's'}`}
            </Button>
          </div>
        </div>
        {totals && totals.with_warnings > 0 && (
          <Alert tone="warning">
            {totals.with_warnings} worker(s) have deductions the Employment Act limits; check them on the generate
            screen or after the run on each payslip.
          </Alert>
        )}
        <SearchField
          label="Find a worker"
          placeholder="Name or TD- ID"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <ListBody
          query={preview}
          what="the payroll"
          loadingLabel="Calculating every worker's payslip"
          isEmpty={items.length === 0}
          empty={
            <EmptyState
              className="rounded-2xl border border-line bg-surface"
              title="No active workers"
              description="Every worker is Terminated, or none has been added yet."
            />
          }
          className="flex flex-col gap-4"
        >
          <DataTable
            caption="Workers in this payroll run"
            columns={columns}
            rows={pageRows}
            rowKey={(row) => row.worker_id}
            rowClassName={(row) => (row.existing_payslip ? 'bg-canvas/60 text-ink-muted' : undefined)}
            busy={preview.isFetching}
          />
          <Pagination
            label="Payroll run pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={shown.length}
            onPageChange={setPage}
          />
        </ListBody>
      </section>

      <ConfirmDialog
        open={confirming}
        title="Generate payslips?"
        message={`This generates ${chosen.length} payslip(s) for ${periodText}, with nett salaries of ${formatSgd(chosenNett)}. Workers who already have a payslip for the period are skipped.`}
        confirmLabel="Generate"
        tone="primary"
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
