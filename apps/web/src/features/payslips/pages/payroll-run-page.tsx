import { useQuery } from '@tanstack/react-query';
import { PayrollRunInput, type PayrollRunResult, type PayrollRunRow } from '@td/shared/schemas/payslip';
import { Play, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { type DataColumn, DataTable, Pagination } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatSgd } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { previewPayrollRun, runPayroll, useInvalidatePayslips } from '../api/payslip-mutations.ts';
import { payslipQueries } from '../api/payslip-queries.ts';
import { formatHours, formatPeriod, lastMonthPeriod, payslipWorkerName } from '../components/payslip-display.ts';
import { PayslipStatusBadge } from '../components/payslip-status-badge.tsx';

/** Workers per request: each answers quickly, and the bar moves as they come back. */
const CHUNK = 250;
const PAGE_SIZE = 50;

interface Period {
  pay_period_start: string;
  pay_period_end: string;
}

interface Progress {
  done: number;
  total: number;
}

interface RunSummary {
  generated: number;
  nett: number;
  skipped: PayrollRunResult['skipped'];
  /** The run stopped on this error; what was generated before it stays. */
  error: string | null;
}

const runQuery = (period: Period) => ({
  queryKey: [...payslipQueries.all(), 'run-preview', period] as const,
  queryFn: () => previewPayrollRun(period),
});

/**
 * The payroll run (issue 12, beyond the spec): every active worker's payslip for a period in one go,
 * with the figures of the generate screen, those who already have one marked and skipped, a progress
 * bar and a summary.
 */
export function PayrollRunPage() {
  usePageTitle('Payroll Run');
  const invalidate = useInvalidatePayslips();
  const initial = lastMonthPeriod();
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [period, setPeriod] = useState<Period>({ pay_period_start: initial.start, pay_period_end: initial.end });
  const [periodError, setPeriodError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [summary, setSummary] = useState<RunSummary | null>(null);

  const preview = useQuery(runQuery(period));
  const items = preview.data?.items ?? [];
  const eligible = items.filter((row) => row.existing_payslip === null);
  const chosen = eligible.filter((row) => !excluded.has(row.worker_id));
  const running = progress !== null && summary === null;

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
    setSummary(null);
    setProgress(null);
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
    const ids = chosen.map((row) => row.worker_id);
    const result: RunSummary = { generated: 0, nett: 0, skipped: [], error: null };
    setSummary(null);
    setProgress({ done: 0, total: ids.length });
    for (let i = 0; i < ids.length; i += CHUNK) {
      try {
        const part = await runPayroll({ ...period, worker_ids: ids.slice(i, i + CHUNK) });
        result.generated += part.generated;
        result.nett += part.nett_salary;
        result.skipped.push(...part.skipped);
      } catch (error) {
        result.error = errorMessage(error, 'The server could not be reached.');
        break;
      }
      setProgress({ done: Math.min(i + CHUNK, ids.length), total: ids.length });
    }
    setSummary(result);
    setExcluded(new Set());
    await invalidate();
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

  let table: ReactNode;
  if (preview.isPending) table = <LoadingState label="Calculating every worker's payslip" />;
  else if (preview.isError)
    table = (
      <ListLoadError
        what="the payroll"
        error={preview.error}
        retrying={preview.isFetching}
        onRetry={() => void preview.refetch()}
      />
    );
  else if (items.length === 0)
    table = (
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        title="No active workers"
        description="Every worker is Terminated, or none has been added yet."
      />
    );
  else
    table = (
      <>
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
      </>
    );

  const totals = preview.data?.totals;
  const chosenNett = chosen.reduce((sum, row) => sum + Math.round(row.nett_salary * 100), 0) / 100;
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
        <Card>
          <CardHeader title={summary ? 'Payroll run complete' : 'Generating payslips…'} description={periodText} />
          <CardBody className="flex flex-col gap-4">
            <div>
              <div className="mb-1 flex justify-between text-sm text-ink-muted tabular-nums">
                <span>
                  {formatCount(progress.done)} of {formatCount(progress.total)} workers
                </span>
                <span>{progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100)}%</span>
              </div>
              <div
                role="progressbar"
                aria-label="Payroll run progress"
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.done}
                className="h-2.5 overflow-hidden rounded-full bg-canvas"
              >
                <div
                  className="h-full rounded-full bg-accent transition-[width] duration-300"
                  style={{ width: `${progress.total === 0 ? 100 : (progress.done / progress.total) * 100}%` }}
                />
              </div>
            </div>
            {summary && (
              <>
                <Alert tone={summary.error ? 'error' : 'success'}>
                  {summary.error
                    ? `The run stopped after ${summary.generated} payslip(s): ${summary.error} Run it again to generate the rest; those already generated are skipped.`
                    : `Generated ${summary.generated} payslip(s) with nett salaries of ${formatSgd(summary.nett)}. Skipped ${summary.skipped.length}.`}
                </Alert>
                {summary.skipped.length > 0 && (
                  <div>
                    <h3 className="mb-2 text-sm font-semibold">Skipped</h3>
                    <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto text-sm">
                      {summary.skipped.map((skip) => (
                        <li key={skip.worker_id}>
                          <span className="font-medium">{skip.worker_name ?? skip.worker_id}</span>: {skip.reason}
                          {skip.status ? ` (${skip.status})` : ''}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </>
            )}
          </CardBody>
          {summary && (
            <CardFooter>
              <Link to={`/payslip?month=${period.pay_period_start.slice(0, 7)}`} className={buttonClasses('primary')}>
                View Payslips
              </Link>
            </CardFooter>
          )}
        </Card>
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
        {table}
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
