import type { AdminCharge } from '@td/shared/schemas/admin-charge';
import { RowActions } from '@/components/ui/row-actions.tsx';
import { type DataColumn, DataTable } from '@/components/ui/table.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { formatDate, formatSgd } from '@/lib/format.ts';
import { chargeWorkerName, isLocked, LOCKED_EXPLANATION } from './admin-charge-display.ts';
import { ChargeStatusBadge } from './charge-status-badge.tsx';

interface AdminChargeTableProps {
  charges: ReadonlyArray<AdminCharge>;
  /** True while a newer page or search is loading. */
  busy: boolean;
  /** SPEC 2: a worker name click opens the details popup. */
  onOpenWorker(charge: AdminCharge): void;
  onDelete(charge: AdminCharge): void;
}

const DEDUCTED = { note: 'deducted', explanation: LOCKED_EXPLANATION };

/** Names the charge a row's actions act on (SPEC 2: without confirmation; the toast offers Undo). */
export const describeCharge = (charge: AdminCharge) =>
  `charge of ${chargeWorkerName(charge)} on ${formatDate(charge.charge_date)}`;

/** SPEC 2 columns: Worker, Date, Type, Amount, Status, Actions; cards on a phone. */
export function AdminChargeTable({ charges, busy, onOpenWorker, onDelete }: AdminChargeTableProps) {
  const columns: DataColumn<AdminCharge>[] = [
    {
      id: 'worker',
      header: 'Worker',
      card: 'title',
      cell: (charge) =>
        charge.worker ? (
          <span className="flex flex-col">
            <button
              type="button"
              onClick={() => onOpenWorker(charge)}
              aria-haspopup="dialog"
              className="self-start rounded text-left font-medium whitespace-nowrap text-accent hover:underline"
            >
              {chargeWorkerName(charge)}
            </button>
            <span className="text-xs font-normal text-ink-muted tabular-nums">{charge.worker.worker_id}</span>
          </span>
        ) : (
          <span className="font-medium text-ink-muted italic">{chargeWorkerName(charge)}</span>
        ),
    },
    {
      id: 'date',
      header: 'Date',
      card: 'subtitle',
      className: 'whitespace-nowrap tabular-nums',
      cell: (charge) => formatDate(charge.charge_date),
    },
    { id: 'type', header: 'Type', className: 'whitespace-nowrap', cell: (charge) => charge.charge_type },
    {
      id: 'amount',
      header: 'Amount',
      className: 'whitespace-nowrap tabular-nums font-medium',
      cell: (charge) => formatSgd(charge.amount),
    },
    {
      id: 'status',
      header: 'Status',
      card: 'badge',
      cell: (charge) => <ChargeStatusBadge status={charge.status} />,
    },
  ];
  // Decision 104: changing is for the roles that may.
  const canWrite = useCan()('charges.write');
  return (
    <DataTable
      caption="Admin charges"
      columns={columns}
      rows={charges}
      rowKey={(charge) => charge.id}
      busy={busy}
      actions={(charge, layout) => (
        <RowActions
          layout={layout}
          subject={describeCharge(charge)}
          viewTo={`/admin-charge/view/${charge.id}`}
          {...(canWrite ? { editTo: `/admin-charge/edit/${charge.id}`, onDelete: () => onDelete(charge) } : {})}
          // ARCHITECTURE differs 9: a Deducted charge cannot be edited or deleted.
          locked={isLocked(charge) ? DEDUCTED : undefined}
        />
      )}
    />
  );
}
