import type { Worker } from '@td/shared/schemas/worker';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { orNA } from '../../../lib/format.ts';
import { workerName } from './worker-display.ts';
import { WorkerRowActions } from './worker-row-actions.tsx';
import { WorkerStatusBadge } from './worker-status-badge.tsx';

interface WorkerTableProps {
  workers: ReadonlyArray<Worker>;
  caption: string;
  /** Adds the Status badge column (Worker Status Dashboard). */
  showStatus?: boolean;
  /** A name click opens the Worker Details popup (SPEC 2). */
  onOpenDetails(worker: Worker): void;
  onDelete(worker: Worker): void;
}

/** SPEC 2: Name, Nationality, Type of Pass, Worker ID, [Status,] Actions. */
export function WorkerTable({ workers, caption, showStatus = false, onOpenDetails, onDelete }: WorkerTableProps) {
  return (
    <Table caption={caption}>
      <THead>
        <TR>
          <TH>Name</TH>
          <TH>Nationality</TH>
          <TH>Type of Pass</TH>
          <TH>Worker ID</TH>
          {showStatus && <TH>Status</TH>}
          <TH className="text-right">Actions</TH>
        </TR>
      </THead>
      <TBody>
        {workers.map((worker) => {
          const name = workerName(worker);
          return (
            <TR key={worker.id}>
              <TD>
                <button
                  type="button"
                  onClick={() => onOpenDetails(worker)}
                  aria-haspopup="dialog"
                  className="rounded text-left font-medium whitespace-nowrap text-accent hover:underline"
                >
                  {name}
                </button>
              </TD>
              <TD className="whitespace-nowrap">{orNA(worker.nationality)}</TD>
              <TD className="whitespace-nowrap">{orNA(worker.type_of_pass)}</TD>
              <TD className="whitespace-nowrap tabular-nums">{worker.worker_id}</TD>
              {showStatus && (
                <TD>
                  <WorkerStatusBadge status={worker.status} />
                </TD>
              )}
              <TD className="py-2">
                <WorkerRowActions id={worker.id} name={name} onDelete={() => onDelete(worker)} />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
