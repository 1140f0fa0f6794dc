import type { Payslip } from '@td/shared/schemas/payslip';
import { Wallet } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { RowActionIcon } from '@/components/ui/row-action-icon.tsx';
import { fromHere } from '@/lib/return-to.ts';
import { formatPeriod, payslipWorkerName } from './payslip-display.ts';

const iconAction =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-accent';

interface PayslipRowActionsProps {
  payslip: Payslip;
  onMarkPaid(): void;
  onDelete(): void;
  layout: 'table' | 'card';
}

/**
 * SPEC 2 actions: mark as paid when not Paid; view; delete without confirmation (with Undo). A Paid
 * payslip is a record of money paid (ARCHITECTURE differs 9), so it offers no delete.
 */
export function PayslipRowActions({ payslip, onMarkPaid, onDelete, layout }: PayslipRowActionsProps) {
  const location = useLocation();
  const subject = `payslip of ${payslipWorkerName(payslip.worker)} for ${formatPeriod(payslip.pay_period_start, payslip.pay_period_end)}`;
  const paid = payslip.status === 'Paid';
  if (layout === 'card') {
    return (
      <div className="flex flex-wrap justify-end gap-2">
        {!paid && (
          <button
            type="button"
            aria-label={`Mark ${subject} as paid`}
            onClick={onMarkPaid}
            className={buttonClasses('secondary', 'sm')}
          >
            <Wallet aria-hidden="true" className="h-4 w-4" />
            Mark as Paid
          </button>
        )}
        <Link
          to={`/payslip/view/${payslip.id}`}
          state={fromHere(location)}
          aria-label={`View ${subject}`}
          className={buttonClasses('secondary', 'sm')}
        >
          <RowActionIcon name="view" />
          View
        </Link>
        {!paid && (
          <button
            type="button"
            aria-label={`Delete ${subject}`}
            onClick={onDelete}
            className={buttonClasses('secondary', 'sm', 'text-danger hover:bg-red-50')}
          >
            <RowActionIcon name="delete" />
            Delete
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="flex items-center justify-end gap-1">
      {!paid && (
        <button
          type="button"
          aria-label={`Mark ${subject} as paid`}
          title="Mark as paid"
          onClick={onMarkPaid}
          className={cn(iconAction, 'text-ink-muted hover:bg-blue-50 hover:text-blue-700')}
        >
          <Wallet aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
      <Link
        to={`/payslip/view/${payslip.id}`}
        state={fromHere(location)}
        aria-label={`View ${subject}`}
        title="View"
        className={cn(iconAction, 'text-ink-muted hover:bg-black/5 hover:text-accent')}
      >
        <RowActionIcon name="view" />
      </Link>
      {!paid && (
        <button
          type="button"
          aria-label={`Delete ${subject}`}
          title="Delete"
          onClick={onDelete}
          className={cn(iconAction, 'text-ink-muted hover:bg-red-50 hover:text-danger')}
        >
          <RowActionIcon name="delete" />
        </button>
      )}
    </div>
  );
}
