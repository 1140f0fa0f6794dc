import { Alert } from '@/components/ui/alert.tsx';

/**
 * The Employment Act warnings of a payslip (decisions 018 and 092): its deductions, the hours past the
 * Act's limits, and the charges not deducted.
 */
export function DeductionWarnings({ warnings }: { warnings: ReadonlyArray<{ code: string; message: string }> }) {
  if (warnings.length === 0) return null;
  return (
    <Alert tone="warning" title="Check this payslip (Employment Act)">
      <ul className="mt-1 flex list-disc flex-col gap-1 pl-4">
        {warnings.map((warning) => (
          <li key={warning.code}>{warning.message}</li>
        ))}
      </ul>
    </Alert>
  );
}
