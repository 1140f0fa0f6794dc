import { ArrowLeft, type LucideIcon, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** What a record's load error says: each feature's own, kept beside its other display texts. */
export interface RecordLoadTexts {
  /** What a missing record (404) shows: the card's icon, title and text (SPEC 2, "Worker not found"). */
  notFound: { icon: LucideIcon; title: string; description: string };
  /** SPEC 8's message for any other failure: logged, and said in a red alert. */
  failure: string;
  /**
   * When given, the alert is titled with `failure` and says the server's reason under it, this text
   * when it gave none.
   */
  reason?: string;
  /** SPEC 8 (timesheets): a failure also shows the not-found card, under its alert. */
  cardOnFailure?: boolean;
  backLabel?: string;
}

interface RecordLoadErrorProps extends RecordLoadTexts {
  error: unknown;
  onBack(): void;
  /** Offers Retry beside Back after a failure. */
  retry?: { busy: boolean; run(): void };
}

/**
 * A record page (detail or edit form) whose record did not load. SPEC 2 names each record's missing
 * state; SPEC 8 has other load failures only logged, and we log them and also say so, so a failure
 * never looks like a blank page.
 */
export function RecordLoadError({
  error,
  notFound,
  failure,
  reason,
  cardOnFailure = false,
  backLabel = 'Back',
  onBack,
  retry,
}: RecordLoadErrorProps) {
  const missing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (!missing) console.error(failure, error);
  }, [error, missing, failure]);

  const back = (
    <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />} onClick={onBack}>
      {backLabel}
    </Button>
  );
  const alert = (
    <Alert tone="error" className="w-full" title={reason === undefined ? undefined : failure}>
      {reason === undefined ? failure : errorMessage(error, reason)}
    </Alert>
  );

  if (missing || cardOnFailure) {
    return (
      <div className="flex flex-col gap-4">
        {!missing && alert}
        <EmptyState
          className="rounded-2xl border border-line bg-surface"
          icon={<notFound.icon />}
          title={notFound.title}
          description={notFound.description}
          action={back}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-4">
      {alert}
      <div className="flex gap-2">
        {back}
        {retry && (
          <Button
            variant="secondary"
            busy={retry.busy}
            icon={<RotateCw aria-hidden="true" className="h-4 w-4" />}
            onClick={retry.run}
          >
            Retry
          </Button>
        )}
      </div>
    </div>
  );
}
