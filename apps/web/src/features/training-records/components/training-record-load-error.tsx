import { TRAINING_RECORD_NOT_FOUND } from '@td/shared/schemas/training-record';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';

/**
 * SPEC 2, 8: a record that does not exist shows Training Record Not Found with "The requested training
 * record could not be found." and Back; any other failure says what went wrong, with Back.
 */
export function TrainingRecordLoadError({ error, onBack }: { error: unknown; onBack(): void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('Failed to load training record', error);
  }, [error, notFound]);
  const back = (
    <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />} onClick={onBack}>
      Back
    </Button>
  );
  if (notFound) {
    return (
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        icon={<SearchX />}
        title="Training Record Not Found"
        description={TRAINING_RECORD_NOT_FOUND}
        action={back}
      />
    );
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="error" title="Failed to load training record" className="w-full">
        {errorMessage(error, 'Please check your connection and try again.')}
      </Alert>
      {back}
    </div>
  );
}
