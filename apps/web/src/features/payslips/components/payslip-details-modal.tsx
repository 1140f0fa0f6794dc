import type { Payslip } from '@td/shared/schemas/payslip';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { DeductionWarnings } from './deduction-warnings.tsx';
import { PayslipBreakdown } from './payslip-breakdown.tsx';
import { formatPeriod, payslipWorkerName } from './payslip-display.ts';
import { PayslipStatusBadge } from './payslip-status-badge.tsx';
import { PayslipFacts, PayslipWorkerDetails } from './payslip-worker-details.tsx';

interface PayslipDetailsModalProps {
  /** The payslip to show; null keeps the popup closed. */
  payslip: Payslip | null;
  onClose(): void;
}

/**
 * SPEC 2: the list's Payslip Details popup with the full breakdown; its close button, Escape and a
 * click on the backdrop close it.
 */
export function PayslipDetailsModal({ payslip, onClose }: PayslipDetailsModalProps) {
  return (
    <Modal
      open={payslip !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Payslip Details"
      description={
        payslip ? (
          <span className="flex flex-wrap items-center gap-2">
            {payslipWorkerName(payslip.worker)} · {formatPeriod(payslip.pay_period_start, payslip.pay_period_end)}
            <PayslipStatusBadge status={payslip.status} />
          </span>
        ) : undefined
      }
      size="xl"
      footer={
        payslip ? (
          <Link to={`/payslip/view/${payslip.id}`} className={buttonClasses('secondary')}>
            View Full Details
          </Link>
        ) : undefined
      }
    >
      {payslip && (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="payslip-popup-worker" className="flex flex-col gap-3">
            <h3 id="payslip-popup-worker" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
              Worker Information
            </h3>
            <PayslipWorkerDetails payslip={payslip} />
            <PayslipFacts payslip={payslip} />
          </section>
          <DeductionWarnings warnings={payslip.warnings} />
          <PayslipBreakdown
            level={3}
            figures={payslip}
            rateType={payslip.rate_type}
            salaryRate={payslip.salary_rate}
            adminCharges={payslip.admin_charges}
          />
        </div>
      )}
    </Modal>
  );
}
