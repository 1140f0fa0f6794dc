import { bankName, defaultPaymentMode, maskAccountNumber } from '@td/shared/options/pay-runs';
import type { Worker } from '@td/shared/schemas/worker';
import { WORKER_FIELD_LABELS as LABELS } from '@td/shared/schemas/worker';
import { DetailList } from '@/components/ui/detail-list.tsx';

/**
 * Decision 083: how the worker is paid. The bank by its name (from the SWIFT code) and the account
 * number masked (`******7890`): only the edit form shows it whole.
 */
export function WorkerPaymentDetails({
  worker,
}: {
  worker: Pick<Worker, 'bank_swift_code' | 'bank_account_no' | 'payment_mode'>;
}) {
  return (
    <DetailList
      items={[
        { label: LABELS.bank_swift_code, value: bankName(worker.bank_swift_code) ?? 'N/A' },
        { label: LABELS.bank_account_no, value: maskAccountNumber(worker.bank_account_no) ?? 'N/A' },
        {
          label: LABELS.payment_mode,
          value: worker.payment_mode ?? `${defaultPaymentMode(worker)} (default)`,
        },
      ]}
    />
  );
}
