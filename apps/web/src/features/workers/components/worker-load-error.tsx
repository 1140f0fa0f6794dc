import { ArrowLeft, UserX } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ApiError } from '@/lib/api-client.ts';

/** SPEC 2, 8: a worker that does not exist shows Worker not found; any other failure Failed to fetch worker details. */
export function WorkerLoadError({ error, onBack }: { error: unknown; onBack(): void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('Failed to fetch worker details', error);
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
        icon={<UserX />}
        title="Worker not found"
        description="The worker may have been deleted."
        action={back}
      />
    );
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="error" className="w-full">
        Failed to fetch worker details
      </Alert>
      {back}
    </div>
  );
}
