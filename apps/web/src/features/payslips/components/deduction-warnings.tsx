import type { DeductionWarning } from '@td/shared/rules/deduction-warnings';
import { Alert } from '@/components/ui/alert.tsx';

/**
 * The lawful-deduction warnings of a payslip (docs/decisions/018). They warn; they do not block: the
 * employer may hold the worker's written consent or the Commissioner's approval.
 */
export function DeductionWarnings({ warnings }: { warnings: ReadonlyArray<DeductionWarning> }) {
  if (warnings.length === 0) return null;
  return (
    <Alert tone="warning" title="Check these deductions (Employment Act)">
      <ul className="mt-1 flex list-disc flex-col gap-1 pl-4">
        {warnings.map((warning) => (
          <li key={warning.code}>{warning.message}</li>
        ))}
      </ul>
    </Alert>
  );
}
