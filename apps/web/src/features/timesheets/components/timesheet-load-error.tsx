import { TIMESHEET_LOAD_FAILED, TIMESHEET_NOT_FOUND } from '@td/shared/schemas/timesheet';
import { ArrowLeft, FileX } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ApiError } from '@/lib/api-client.ts';

/**
 * SPEC 2, 8: a missing record shows the Timesheet Not Found card with "The requested timesheet could
 * not be found."; any other load failure also says Failed to load timesheet details above it.
 */
export function TimesheetLoadError({ error, onBack }: { error: unknown; onBack(): void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error(TIMESHEET_LOAD_FAILED, error);
  }, [error, notFound]);
  return (
    <div className="flex flex-col gap-4">
      {!notFound && <Alert tone="error">{TIMESHEET_LOAD_FAILED}</Alert>}
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        icon={<FileX />}
        title="Timesheet Not Found"
        description={TIMESHEET_NOT_FOUND}
        action={
          <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />} onClick={onBack}>
            Back to Timesheets
          </Button>
        }
      />
    </div>
  );
}
