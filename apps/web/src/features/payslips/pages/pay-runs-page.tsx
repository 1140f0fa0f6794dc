import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayRun } from '@td/shared/schemas/pay-run';
import { Download, Play } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ListBody } from '@/components/ui/list-body.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { type DataColumn, DataTable, Pagination } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatSgd } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { payRunQueries, startPayRun } from '../api/pay-run-queries.ts';
import { PayRunAdditions, type RunAdditionDraft, runAdditionsPayload } from '../components/pay-run-additions.tsx';
import { PayRunStatusBadge } from '../components/pay-run-status-badge.tsx';
import { lastMonthPeriod } from '../components/payslip-display.ts';

const columns: ReadonlyArray<DataColumn<PayRun>> = [
  {
    id: 'period',
    header: 'Pay period',
    card: 'title',
    cell: (run) => (
      <Link className="font-medium text-accent hover:underline" to={`/payslip/run/${run.id}`}>
        {formatDate(run.pay_period_start)} to {formatDate(run.pay_period_end)}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', card: 'badge', cell: (run) => <PayRunStatusBadge status={run.status} /> },
  { id: 'payslips', header: 'Payslips', cell: (run) => run.generated },
  { id: 'nett', header: 'Nett salary', cell: (run) => formatSgd(run.totals.nett_salary) },
  { id: 'pay-by', header: 'Pay by', cell: (run) => formatDate(run.pay_by_date) },
  { id: 'created-by', header: 'Created by', cell: (run) => run.created_by },
];

/**
 * Decision 082: the pay runs page (`/payslip/run`), the runs newest first with their status, and a new
 * run for a period: the server generates it as one job and its own page shows the progress.
 */
export function PayRunsPage() {
  // Decision 108: starting a run is `payroll.write`; a viewer lists the runs.
  const canWrite = useCan()('payroll.write');
  usePageTitle('Pay Runs');
  const initial = lastMonthPeriod();
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [page, setPage] = useState(1);
  const [additions, setAdditions] = useState<RunAdditionDraft[]>([]);
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = useQuery(payRunQueries.list(page));
  const create = useMutation({
    mutationFn: () =>
      startPayRun({ pay_period_start: start, pay_period_end: end, additions: runAdditionsPayload(additions) }),
    onSuccess: async (run) => {
      await client.invalidateQueries({ queryKey: payRunQueries.all() });
      void navigate(`/payslip/run/${run.id}`);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <div>
      <PageHeader
        title="Pay Runs"
        description="One run a month: generated as a Draft, approved by a second person, paid by bank file."
        actions={
          <a className={buttonClasses('secondary')} href="/api/pay-runs/export" download>
            <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
          </a>
        }
      />
      {canWrite && (
        <Card className="mb-6">
          <CardBody>
            <form onSubmit={submit} aria-label="New pay run" className="flex flex-col gap-4">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
                <TextField
                  label="Pay period start"
                  type="date"
                  value={start}
                  onChange={(e) => setStart(e.target.value)}
                  required
                />
                <TextField
                  label="Pay period end"
                  type="date"
                  value={end}
                  onChange={(e) => setEnd(e.target.value)}
                  required
                />
              </div>
              <PayRunAdditions value={additions} onChange={setAdditions} disabled={create.isPending} />
              <div>
                <Button type="submit" icon={<Play aria-hidden="true" className="h-4 w-4" />} busy={create.isPending}>
                  New pay run
                </Button>
              </div>
            </form>
            {create.isError && (
              <Alert tone="error" className="mt-4">
                {errorMessage(create.error, 'The pay run could not be started.')}
              </Alert>
            )}
          </CardBody>
        </Card>
      )}
      <ListBody
        query={list}
        what="pay runs"
        isEmpty={(list.data?.items.length ?? 0) === 0}
        empty={
          <EmptyState
            title="No pay runs yet"
            description={canWrite ? 'Choose a period and start the first pay run.' : undefined}
          />
        }
      >
        <DataTable caption="Pay runs" columns={columns} rows={list.data?.items ?? []} rowKey={(run) => run.id} />
        <Pagination page={page} pageSize={25} total={list.data?.total ?? 0} onPageChange={setPage} />
      </ListBody>
    </div>
  );
}
