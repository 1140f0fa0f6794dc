import { useQuery } from '@tanstack/react-query';
import type { WorkerHistoryEntry } from '@td/shared/schemas/worker';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { workerQueries } from '../api/worker-queries.ts';

const SHOWN_AT_FIRST = 5;
const ACTIONS: Record<string, string> = { create: 'Added', update: 'Updated', delete: 'Deleted' };

/** A value as the history shows it: files by what happened to them, empty values as a dash. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.endsWith('_url')) return 'a file';
  return String(value);
}

function changeText(change: WorkerHistoryEntry['changes'][number]): string {
  if (change.field.endsWith('_url')) {
    if (change.before === null) return `${change.label} uploaded`;
    if (change.after === null) return `${change.label} removed`;
    return `${change.label} replaced`;
  }
  return `${change.label}: ${shown(change.field, change.before)} → ${shown(change.field, change.after)}`;
}

/**
 * Decision 024: who changed this worker, when, and what, read from the audit log every write fills
 * (ARCHITECTURE differs 7). Newest first; the first few, then all on request.
 */
export function WorkerHistory({ workerId }: { workerId: string }) {
  const history = useQuery(workerQueries.history(workerId));
  const [showAll, setShowAll] = useState(false);

  let body: React.ReactNode;
  if (history.isPending) body = <LoadingState label="Loading history" />;
  else if (history.isError) {
    body = (
      <ListLoadError
        what="history"
        error={history.error}
        retrying={history.isFetching}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (history.data.items.length === 0) {
    body = <p className="text-sm text-ink-muted">No changes recorded.</p>;
  } else {
    const items = showAll ? history.data.items : history.data.items.slice(0, SHOWN_AT_FIRST);
    body = (
      <>
        <ol className="flex flex-col divide-y divide-line">
          {items.map((entry) => (
            <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
              <p className="text-sm">
                <span className="font-semibold">{ACTIONS[entry.action] ?? entry.action}</span>
                {' by '}
                <span className="font-medium">{entry.user_name ?? 'an unknown user'}</span>
                <span className="text-ink-muted">
                  {' · '}
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </span>
              </p>
              {entry.action === 'update' &&
                (entry.changes.length > 0 ? (
                  <ul className="mt-1 flex flex-col gap-0.5 text-sm text-ink-muted">
                    {entry.changes.map((change) => (
                      <li key={change.field} className="break-words">
                        {changeText(change)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 text-sm text-ink-muted">Saved without changes.</p>
                ))}
            </li>
          ))}
        </ol>
        {history.data.items.length > SHOWN_AT_FIRST && (
          <Button variant="link" className="mt-3" onClick={() => setShowAll((value) => !value)}>
            {showAll ? 'Show fewer' : `Show all ${history.data.items.length} changes`}
          </Button>
        )}
      </>
    );
  }

  return (
    <Card>
      <CardHeader title="History" description="Who changed this worker, and when" />
      <CardBody>{body}</CardBody>
    </Card>
  );
}
