import { useQuery } from '@tanstack/react-query';
import { PAYSLIP_MESSAGES } from '@td/shared/options/payslips';
import type { Payslip } from '@td/shared/schemas/payslip';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { RecordLoadError, type RecordLoadTexts } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useReturnTo } from '@/lib/return-to.ts';
import { payslipQueries } from '../api/payslip-queries.ts';
import { DeductionWarnings } from '../components/deduction-warnings.tsx';
import { PayslipBreakdown } from '../components/payslip-breakdown.tsx';
import { formatPeriod, payslipWorkerName } from '../components/payslip-display.ts';
import { PayslipDocumentActions } from '../components/payslip-document-actions.tsx';
import { PayslipStatusBadge } from '../components/payslip-status-badge.tsx';
import { PayslipFacts, PayslipWorkerDetails } from '../components/payslip-worker-details.tsx';

/** SPEC 2 "Payslip not found with Back"; SPEC 8 "Payslip detail load": an error panel with Back. */
const PAYSLIP_LOAD_ERROR: RecordLoadTexts = {
  notFound: {
    icon: FileQuestion,
    title: PAYSLIP_MESSAGES.notFound,
    description: 'It may have been deleted. Go back to the payslip list to find another.',
  },
  failure: 'Failed to fetch payslip details',
  reason: 'Please try again.',
};

/**
 * SPEC 2 Detail (/payslip/view/{id}): loading, error with Back, Payslip not found with Back, and the
 * payslip with Generate PDF (an in-app preview) and Email Payslip.
 */
export function PayslipDetailPage() {
  const { leave } = useReturnTo('/payslip');
  const { id = '' } = useParams();
  const payslip = useQuery(payslipQueries.detail(id));
  usePageTitle(payslip.data ? `Payslip – ${payslipWorkerName(payslip.data.worker)}` : 'Payslip Details');
  const back = (
    <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />} onClick={leave}>
      Back
    </Button>
  );

  if (payslip.isPending) return <LoadingState label="Loading payslip" />;
  if (payslip.isError) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Payslip Details</h1>
        <RecordLoadError {...PAYSLIP_LOAD_ERROR} error={payslip.error} onBack={leave} />
      </div>
    );
  }
  return <PayslipDetail payslip={payslip.data} back={back} />;
}

function PayslipDetail({ payslip, back }: { payslip: Payslip; back: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-6">
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{payslipWorkerName(payslip.worker)}</h1>
              <PayslipStatusBadge status={payslip.status} />
            </div>
            <p className="mt-1 text-ink-muted">
              Pay period {formatPeriod(payslip.pay_period_start, payslip.pay_period_end)}
            </p>
            <p className="mt-1 text-sm text-ink-muted">
              Generated on {formatDateTime(payslip.generated_at)} by {payslip.generated_by}
            </p>
            {payslip.worker_id === null && (
              <p className="mt-1 text-sm text-ink-muted">
                The worker's record has since been deleted; the payslip keeps their details as they were.
              </p>
            )}
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">{back}</div>
        </div>
        <div className="mt-5 border-t border-line pt-5">
          <PayslipDocumentActions payslip={payslip} />
        </div>
      </Card>

      <DeductionWarnings warnings={payslip.warnings} />

      <Card>
        <CardHeader title="Worker Information" />
        <CardBody className="flex flex-col gap-5">
          <PayslipWorkerDetails payslip={payslip} />
          <PayslipFacts payslip={payslip} />
        </CardBody>
      </Card>

      <Card>
        <CardBody>
          <PayslipBreakdown
            figures={payslip}
            rateType={payslip.rate_type}
            salaryRate={payslip.salary_rate}
            adminCharges={payslip.admin_charges}
          />
        </CardBody>
      </Card>
    </div>
  );
}
