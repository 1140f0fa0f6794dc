import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';

interface ListLoadErrorProps {
  what: string;
  error: unknown;
  retrying: boolean;
  onRetry(): void;
}

/**
 * SPEC 8 has list load failures only logged; we log them and also show a small alert with Retry,
 * so an empty screen is never mistaken for "no workers".
 */
export function ListLoadError({ what, error, retrying, onRetry }: ListLoadErrorProps) {
  useEffect(() => console.error(`Failed to load ${what}`, error), [what, error]);
  return (
    <Alert tone="error" title={`Failed to load ${what}`}>
      <div className="flex flex-wrap items-center gap-3">
        <span>{errorMessage(error, 'Please try again.')}</span>
        <Button
          variant="secondary"
          size="sm"
          busy={retrying}
          icon={<RotateCw aria-hidden="true" className="h-3.5 w-3.5" />}
          onClick={onRetry}
        >
          Retry
        </Button>
      </div>
    </Alert>
  );
}
