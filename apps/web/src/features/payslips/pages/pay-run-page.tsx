import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAY_RUN_MESSAGES } from '@td/shared/options/pay-runs';
import type { PayRun, PayRunPaymentLine, PayRunPayValues } from '@td/shared/schemas/pay-run';
import type { Payslip } from '@td/shared/schemas/payslip';
import { Calculator, Download, FileSearch, Mail, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ListBody } from '@/components/ui/list-body.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { RowActions } from '@/components/ui/row-actions.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { type DataColumn, DataTable } from '@/components/ui/table.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatDateTime, formatSgd } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import {
  deletePayRun,
  payPayRun,
  payRunAction,
  payRunQueries,
  regenerateRunPayslip,
  removeRunPayslip,
} from '../api/pay-run-queries.ts';
import { payslipQueries } from '../api/payslip-queries.ts';
import { BatchEmailPanel } from '../components/batch-email-panel.tsx';
import { PayRunPayDialog, summarizeModes } from '../components/pay-run-pay-dialog.tsx';
import { RegeneratePayslipDialog, RemoveFromRunDialog } from '../components/pay-run-payslip-dialogs.tsx';
import { PayRunStatusBadge } from '../components/pay-run-status-badge.tsx';
import { formatPeriod, payslipWorkerName } from '../components/payslip-display.ts';
import { PayslipStatusBadge } from '../components/payslip-status-badge.tsx';
import { type BatchEmailTarget, useBatchEmail } from '../components/use-batch-email.ts';

/** The run's skipped workers counted by reason, in the order the reasons first appear. */
function skippedByReason(skipped: PayRun['skipped']): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const skip of skipped) counts.set(skip.reason, (counts.get(skip.reason) ?? 0) + 1);
  return [...counts];
}

const payslipColumns: ReadonlyArray<DataColumn<Payslip>> = [
  {
    id: 'worker',
    header: 'Worker',
    card: 'title',
    cell: (payslip) => (
      <Link className="font-medium text-accent hover:underline" to={`/payslip/view/${payslip.id}`}>
        {payslipWorkerName(payslip.worker)}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', card: 'badge', cell: (payslip) => <PayslipStatusBadge status={payslip.status} /> },
  { id: 'hours', header: 'Hours', cell: (payslip) => payslip.total_hours_worked.toFixed(2) },
  { id: 'overtime', header: 'Overtime', cell: (payslip) => payslip.total_overtime_hours.toFixed(2) },
  // Decision 092: every earning line (the Act's rest-day and holiday pay and the top-up too), as the run's total.
  { id: 'gross', header: 'Gross', cell: (payslip) => formatSgd(payslip.gross_salary) },
  {
    id: 'deductions',
    header: 'Deductions',
    cell: (payslip) => formatSgd(payslip.admin_charges_deduction + payslip.other_deductions),
  },
  { id: 'nett', header: 'Nett', cell: (payslip) => formatSgd(payslip.nett_salary) },
  { id: 'mode', header: 'Mode', cell: (payslip) => payslip.payment_mode ?? '' },
  {
    id: 'warnings',
    header: 'Warnings',
    cell: (payslip) => (payslip.warnings.length > 0 ? payslip.warnings.map((w) => w.message).join(' ') : 'None'),
  },
];

function ProgressBar({ run }: { run: PayRun }) {
  const { done, total } = run.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Generating payslips"
        aria-valuemin={0}
        aria-valuemax={total || 1}
        aria-valuenow={done}
        className="h-3 w-full overflow-hidden rounded-full bg-line"
      >
        <div className="h-full bg-accent transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="text-sm text-ink-muted">
        {total > 0 ? `${done} of ${total} workers done` : 'Reading the period...'}
      </p>
    </div>
  );
}

/**
 * Decision 082: one pay run: its progress while generated, then the table of its payslips with the
 * totals, and the step its status allows (approve, reopen, pay, delete), the bank file and register.
 */
export function PayRunPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const client = useQueryClient();
  // Decision 108: approving, paying, reopening, deleting and e-mailing are `payroll.write`.
  const canWrite = useCan()('payroll.write');
  const run = useQuery(payRunQueries.detail(id));
  const payslips = useQuery({
    ...payRunQueries.payslips(id, 1),
    enabled: run.data !== undefined && run.data.status !== 'Generating',
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [paying, setPaying] = useState(false);
  const [regenerating, setRegenerating] = useState<Payslip | null>(null);
  const [removing, setRemoving] = useState<Payslip | null>(null);
  // Once paid: the bank file's count and total, and every payslip for the e-mail batch.
  const payment = useQuery({ ...payRunQueries.payment(id), enabled: run.data?.status === 'Paid' });
  const batch = useBatchEmail();
  usePageTitle(run.data ? `Pay run ${formatDate(run.data.pay_period_start)}` : 'Pay run');

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: payRunQueries.all() }),
      client.invalidateQueries({ queryKey: payslipQueries.all() }),
    ]);
  const act = useMutation({
    mutationFn: (action: 'approve' | 'reopen') => payRunAction(id, action),
    onSuccess: async (after) => {
      await refresh();
      toast.show({ tone: 'success', title: `Pay run ${after.status === 'Approved' ? 'approved' : 'reopened'}` });
    },
  });
  // Every payslip of the run e-mailed one by one from the page, with progress and each one's result.
  const emailAll = (lines: readonly PayRunPaymentLine[], after: PayRun) => {
    const targets: BatchEmailTarget[] = lines.map((line) => ({
      id: line.payslip_id,
      status: after.status === 'Paid' ? 'Paid' : 'Generated',
      worker: line.worker,
      pay_period_start: after.pay_period_start,
      pay_period_end: after.pay_period_end,
    }));
    void batch.start(targets);
  };
  const pay = useMutation({
    // The page e-mails the payslips itself (progress and report), so the server is not asked to.
    mutationFn: ({ email_payslips, ...values }: PayRunPayValues & { email_payslips: boolean }) =>
      payPayRun(id, values).then((after) => ({ after, email_payslips })),
    onSuccess: async ({ after, email_payslips }) => {
      setPaying(false);
      await refresh();
      toast.show({ tone: 'success', title: 'Pay run paid' });
      if (email_payslips) emailAll((await client.fetchQuery(payRunQueries.payment(id))).items, after);
    },
  });
  const regenerate = useMutation({
    mutationFn: ({ payslip, otherDeductions }: { payslip: Payslip; otherDeductions: string }) =>
      regenerateRunPayslip(id, payslip.id, otherDeductions),
    onSuccess: async () => {
      const name = regenerating ? payslipWorkerName(regenerating.worker) : '';
      setRegenerating(null);
      await refresh();
      toast.show({ tone: 'success', title: `Payslip of ${name} regenerated` });
    },
  });
  const removePayslip = useMutation({
    mutationFn: (payslip: Payslip) => removeRunPayslip(id, payslip.id),
    onSuccess: async (_after, payslip) => {
      setRemoving(null);
      await refresh();
      toast.show({ tone: 'success', title: `${payslipWorkerName(payslip.worker)} removed from the run` });
    },
  });
  const remove = useMutation({
    mutationFn: () => deletePayRun(id),
    onSuccess: async () => {
      await refresh();
      toast.show({ tone: 'success', title: 'Pay run deleted' });
      void navigate('/payslip/run');
    },
  });

  if (run.isPending) return <LoadingState label="Loading pay run" />;
  if (run.isError) {
    return (
      <RecordLoadError
        error={run.error}
        notFound={{ icon: FileSearch, title: 'Pay run not found', description: 'It may have been deleted.' }}
        failure="Failed to load the pay run"
        onBack={() => void navigate('/payslip/run')}
        backLabel="Back to pay runs"
        retry={{ busy: run.isFetching, run: () => void run.refetch() }}
      />
    );
  }
  const current = run.data;
  const failure = act.error ?? remove.error ?? removePayslip.error;
  const giro = payment.data ? summarizeModes(payment.data.items, (line) => line.mode).GIRO : null;
  // Decision 082: a Draft run's payslip is regenerated with another figure of other deductions, or its
  // worker removed from the run.
  const draftActions =
    current.status === 'Draft' && canWrite
      ? (payslip: Payslip, layout: 'table' | 'card') => {
          const name = payslipWorkerName(payslip.worker);
          return (
            <RowActions
              layout={layout}
              subject={`payslip of ${name} for ${formatPeriod(payslip.pay_period_start, payslip.pay_period_end)}`}
              viewTo={`/payslip/view/${payslip.id}`}
              before={[
                {
                  label: `Regenerate the payslip of ${name}`,
                  text: 'Other deductions',
                  title: 'Regenerate with other deductions',
                  icon: Calculator,
                  onClick: () => {
                    regenerate.reset();
                    setRegenerating(payslip);
                  },
                },
                {
                  label: `Remove ${name} from the run`,
                  text: 'Remove',
                  title: 'Remove from the run',
                  icon: UserMinus,
                  tone: 'danger',
                  onClick: () => setRemoving(payslip),
                },
              ]}
            />
          );
        }
      : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Pay run ${formatDate(current.pay_period_start)} to ${formatDate(current.pay_period_end)}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PayRunStatusBadge status={current.status} />
            <span>Pay by {formatDate(current.pay_by_date)} (Employment Act s.21)</span>
            <span>Created by {current.created_by}</span>
            {current.approved_by && <span>Approved by {current.approved_by}</span>}
            {current.payment_date && <span>Paid on {formatDate(current.payment_date)}</span>}
          </span>
        }
        actions={
          <Link className={buttonClasses('secondary')} to="/payslip/run">
            All pay runs
          </Link>
        }
      />
      {current.status === 'Generating' && (
        <Card>
          <CardBody>
            <ProgressBar run={current} />
          </CardBody>
        </Card>
      )}
      {current.status === 'Failed' && <Alert tone="error">{current.error}</Alert>}
      {failure && <Alert tone="error">{errorMessage(failure, 'The pay run could not be changed.')}</Alert>}

      {current.status !== 'Generating' && current.status !== 'Failed' && (
        <Card>
          <CardBody className="space-y-4">
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              <div>
                <dt className="text-sm text-ink-muted">Payslips</dt>
                <dd className="text-lg font-semibold">{current.generated}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Gross</dt>
                <dd className="text-lg font-semibold">{formatSgd(current.totals.gross)}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Deductions</dt>
                <dd className="text-lg font-semibold">{formatSgd(current.totals.deductions)}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Nett salary</dt>
                <dd className="text-lg font-semibold">{formatSgd(current.totals.nett_salary)}</dd>
              </div>
            </dl>
            {current.warnings.length > 0 && (
              // Decision 092: how many payslips carry each warning; each payslip's own message is in the table.
              <Alert tone="warning" title="Warnings in this run">
                <ul className="list-disc pl-5">
                  {current.warnings.map((warning) => (
                    <li key={warning.code}>{warning.message}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {current.skipped.length > 0 && (
              <Alert tone="info" title={`${current.skipped.length} worker(s) skipped`}>
                {/* One line per reason with its count: a re-run skips hundreds of workers for the same reason. */}
                <ul className="list-disc pl-5">
                  {skippedByReason(current.skipped).map(([reason, count]) => (
                    <li key={reason}>
                      {reason} ({count} {count === 1 ? 'worker' : 'workers'})
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
            <div className="flex flex-wrap items-end gap-3">
              {current.status === 'Draft' && canWrite && (
                <>
                  <Button busy={act.isPending} onClick={() => act.mutate('approve')}>
                    Approve
                  </Button>
                  <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                    Delete run
                  </Button>
                </>
              )}
              {current.status === 'Approved' && canWrite && (
                <>
                  <Button
                    onClick={() => {
                      pay.reset();
                      setPaying(true);
                    }}
                  >
                    Pay
                  </Button>
                  <Button variant="secondary" busy={act.isPending} onClick={() => act.mutate('reopen')}>
                    Reopen
                  </Button>
                </>
              )}
              {current.status === 'Paid' && (
                <>
                  <a className={buttonClasses('secondary')} href={`/api/pay-runs/${current.id}/bank-file`} download>
                    <Download aria-hidden="true" className="h-4 w-4" /> Bank file (GIRO)
                  </a>
                  {canWrite && (
                    <Button
                      variant="secondary"
                      icon={<Mail aria-hidden="true" className="h-4 w-4" />}
                      disabled={batch.run?.running || !payment.data}
                      onClick={() => payment.data && emailAll(payment.data.items, current)}
                    >
                      Email payslips
                    </Button>
                  )}
                </>
              )}
              <a className={buttonClasses('secondary')} href={`/api/pay-runs/${current.id}/register.pdf`} download>
                <Download aria-hidden="true" className="h-4 w-4" /> Register PDF
              </a>
              <a className={buttonClasses('secondary')} href={`/api/pay-runs/${current.id}/register.csv`} download>
                <Download aria-hidden="true" className="h-4 w-4" /> Register CSV
              </a>
              {/* Decision 103: CPF, SDL and levy of the run, with their due dates. */}
              <a className={buttonClasses('secondary')} href={`/api/pay-runs/${current.id}/statutory.pdf`} download>
                <Download aria-hidden="true" className="h-4 w-4" /> Statutory summary PDF
              </a>
              <a className={buttonClasses('secondary')} href={`/api/pay-runs/${current.id}/statutory.csv`} download>
                <Download aria-hidden="true" className="h-4 w-4" /> Statutory summary CSV
              </a>
            </div>
            {current.status === 'Paid' && giro && (
              <p className="text-sm text-ink-muted">
                Bank file: {giro.count} GIRO payment(s), {formatSgd(giro.cents / 100)}
              </p>
            )}
            {current.status === 'Paid' &&
              current.payment_date !== null &&
              current.payment_date > current.pay_by_date && (
                <Alert tone="warning">{PAY_RUN_MESSAGES.lateWarning(formatDate(current.pay_by_date))}</Alert>
              )}
            {current.approved_at && (
              <p className="text-sm text-ink-muted">Approved {formatDateTime(current.approved_at)}</p>
            )}
          </CardBody>
        </Card>
      )}
      {batch.run && <BatchEmailPanel run={batch.run} onStop={batch.stop} onClose={batch.clear} />}

      {current.status !== 'Generating' && current.status !== 'Failed' && (
        <ListBody
          query={payslips}
          what="payslips"
          isEmpty={(payslips.data?.items.length ?? 0) === 0}
          empty={<EmptyState title="No payslips in this run" />}
        >
          <DataTable
            caption="Payslips of the pay run"
            columns={payslipColumns}
            rows={payslips.data?.items ?? []}
            rowKey={(payslip) => payslip.id}
            {...(draftActions ? { actions: draftActions } : {})}
          />
          {(payslips.data?.total ?? 0) > 100 && (
            <p className="text-sm text-ink-muted">
              The first 100 of {payslips.data?.total} payslips;{' '}
              <Link to={`/payslip?pay_run_id=${current.id}`}>see all</Link>.
            </p>
          )}
        </ListBody>
      )}
      <PayRunPayDialog
        run={current}
        open={paying}
        busy={pay.isPending}
        error={pay.error}
        onCancel={() => setPaying(false)}
        onPay={(values) => pay.mutate(values)}
      />
      <RegeneratePayslipDialog
        payslip={regenerating}
        busy={regenerate.isPending}
        error={regenerate.error}
        onCancel={() => setRegenerating(null)}
        onRegenerate={(otherDeductions) =>
          regenerating && regenerate.mutate({ payslip: regenerating, otherDeductions })
        }
      />
      <RemoveFromRunDialog
        payslip={removing}
        busy={removePayslip.isPending}
        onCancel={() => setRemoving(null)}
        onRemove={() => removing && removePayslip.mutate(removing)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this pay run?"
        message="The run and all of its Draft payslips are deleted."
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}
