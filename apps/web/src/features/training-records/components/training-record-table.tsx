import type { TrainingRecord } from '@td/shared/schemas/training-record';
import { RowActions } from '@/components/ui/row-actions.tsx';
import { type DataColumn, DataTable } from '@/components/ui/table.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { formatDate } from '@/lib/format.ts';
import { recordWorkerName } from './training-record-display.ts';
import { ExpiryNote, TrainingStatusBadge } from './training-status-badge.tsx';

interface TrainingRecordTableProps {
  records: ReadonlyArray<TrainingRecord>;
  /** A worker name click opens the popup with View Certificate (SPEC 2). */
  onOpenDetails(record: TrainingRecord): void;
  onDelete(record: TrainingRecord): void;
  busy?: boolean;
}

/** "CSOC for Zaw Min": how actions name a record. */
export const recordName = (record: TrainingRecord) => `${record.training_name} for ${recordWorkerName(record)}`;

/** SPEC 2 columns: Worker, Training (with Cert #), Training Date, Expiry Date, Status, Actions. */
export function TrainingRecordTable({ records, onOpenDetails, onDelete, busy = false }: TrainingRecordTableProps) {
  const columns: DataColumn<TrainingRecord>[] = [
    {
      id: 'worker',
      header: 'Worker',
      card: 'title',
      cell: (record) => (
        <span className="flex flex-col">
          <button
            type="button"
            onClick={() => onOpenDetails(record)}
            aria-haspopup="dialog"
            className="self-start rounded text-left font-medium whitespace-nowrap text-accent hover:underline"
          >
            {recordWorkerName(record)}
          </button>
          {record.worker && <span className="text-xs text-ink-muted tabular-nums">{record.worker.worker_id}</span>}
        </span>
      ),
    },
    {
      id: 'training',
      header: 'Training',
      card: 'subtitle',
      cell: (record) => (
        <span className="flex flex-col">
          <span className="font-medium text-ink">{record.training_name}</span>
          {record.certificate_number && (
            <span className="text-xs text-ink-muted">Cert #: {record.certificate_number}</span>
          )}
        </span>
      ),
    },
    {
      id: 'training_date',
      header: 'Training Date',
      className: 'whitespace-nowrap tabular-nums',
      cell: (record) => formatDate(record.training_date),
    },
    {
      id: 'expiry_date',
      header: 'Expiry Date',
      className: 'whitespace-nowrap tabular-nums',
      cell: (record) => (
        <span>
          {formatDate(record.expiry_date)}
          <ExpiryNote record={record} />
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      card: 'badge',
      cell: (record) => <TrainingStatusBadge status={record.status} />,
    },
  ];
  // Decision 104: changing is for the roles that may.
  const canWrite = useCan()('training.write');
  return (
    <DataTable
      caption="Training records"
      columns={columns}
      rows={records}
      rowKey={(record) => record.id}
      busy={busy}
      actions={(record) => (
        <RowActions
          subject={recordName(record)}
          viewTo={`/training-records/view/${record.id}`}
          {...(canWrite ? { editTo: `/training-records/edit/${record.id}`, onDelete: () => onDelete(record) } : {})}
        />
      )}
    />
  );
}
