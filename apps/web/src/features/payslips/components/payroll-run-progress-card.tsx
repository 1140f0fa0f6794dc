import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { formatCount, formatSgd } from '@/lib/format.ts';
import type { PayrollRunProgress, PayrollRunSummary } from '../pages/use-payroll-run.ts';

interface PayrollRunProgressCardProps {
  progress: PayrollRunProgress;
  /** The run's summary once it ended. */
  summary: PayrollRunSummary | null;
  /** The pay period, as the page shows it. */
  periodText: string;
  /** `YYYY-MM` of the period's start: View Payslips lists that month. */
  month: string;
}

/** The payroll run's progress bar while it runs, then what it generated and skipped. */
export function PayrollRunProgressCard({ progress, summary, periodText, month }: PayrollRunProgressCardProps) {
  return (
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
          <Link to={`/payslip?month=${month}`} className={buttonClasses('primary')}>
            View Payslips
          </Link>
        </CardFooter>
      )}
    </Card>
  );
}
