import { useQuery } from '@tanstack/react-query';
import { PAY_RUN_MESSAGES, PAYMENT_MODES, type PaymentMode } from '@td/shared/options/pay-runs';
import type { PayRun, PayRunPaymentLine, PayRunPayValues } from '@td/shared/schemas/pay-run';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatSgd, localIsoDate } from '@/lib/format.ts';
import { payRunQueries } from '../api/pay-run-queries.ts';

/** How many workers' mode choosers the dialog lists at once; a search finds the others. */
const SHOWN = 100;

const lineName = (line: PayRunPaymentLine) => `${line.worker.first_name} ${line.worker.last_name}`;

export interface PaySummary {
  count: number;
  /** Whole cents, so that the total is exact. */
  cents: number;
}

/** Per mode, how many payslips and how much: GIRO's is the bank file's count and total. */
export function summarizeModes(
  lines: readonly PayRunPaymentLine[],
  modeOf: (line: PayRunPaymentLine) => PaymentMode,
): Record<PaymentMode, PaySummary> {
  const totals = { GIRO: { count: 0, cents: 0 }, Cash: { count: 0, cents: 0 }, Cheque: { count: 0, cents: 0 } };
  for (const line of lines) {
    const total = totals[modeOf(line)];
    total.count += 1;
    total.cents += Math.round(line.nett_salary * 100);
  }
  return totals;
}

interface PayRunPayDialogProps {
  run: PayRun;
  open: boolean;
  busy: boolean;
  error: unknown;
  onCancel(): void;
  onPay(values: PayRunPayValues & { email_payslips: boolean }): void;
}

/**
 * Decision 082's Pay step: the payment date (a date after the pay-by date warns, naming EA
 * s.21), per worker the mode (GIRO, Cash or Cheque; the worker's default first), what the bank file will
 * hold (its count and total), the GIRO workers without bank details (they stop the payment until given
 * another mode or their details), and whether to e-mail every payslip once paid (MOM: with the payment).
 */
export function PayRunPayDialog({ run, open, busy, error, onCancel, onPay }: PayRunPayDialogProps) {
  const payment = useQuery({ ...payRunQueries.payment(run.id), enabled: open });
  const [paymentDate, setPaymentDate] = useState(localIsoDate());
  const [modes, setModes] = useState<Record<string, PaymentMode>>({});
  const [search, setSearch] = useState('');
  const [emailPayslips, setEmailPayslips] = useState(true);

  const lines = payment.data?.items ?? [];
  const modeOf = (line: PayRunPaymentLine): PaymentMode => modes[line.payslip_id] ?? line.mode;
  const summary = summarizeModes(lines, modeOf);
  const withoutBank = lines.filter((line) => modeOf(line) === 'GIRO' && !line.has_bank_details);
  const late = paymentDate !== '' && paymentDate > run.pay_by_date;
  const needle = search.trim().toLowerCase();
  const matching = useMemo(
    () =>
      needle === ''
        ? lines
        : lines.filter((line) => `${lineName(line)} ${line.worker_code ?? ''}`.toLowerCase().includes(needle)),
    [lines, needle],
  );

  const submit = () => {
    // Only the choices that differ from the worker's default travel; the server applies the defaults.
    const chosen: Record<string, PaymentMode> = {};
    for (const line of lines) {
      const mode = modes[line.payslip_id];
      if (mode && mode !== line.mode && line.worker_id) chosen[line.worker_id] = mode;
    }
    onPay({
      payment_date: paymentDate,
      ...(Object.keys(chosen).length > 0 ? { modes: chosen } : {}),
      email_payslips: emailPayslips,
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      title="Pay the pay run"
      description={`Pay by ${formatDate(run.pay_by_date)} (Employment Act s.21). Every payslip of the run becomes Paid.`}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            busy={busy}
            disabled={payment.isPending || payment.isError || withoutBank.length > 0 || paymentDate === ''}
            onClick={submit}
          >
            Pay {lines.length} payslip(s)
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <TextField
          label="Payment date"
          type="date"
          required
          value={paymentDate}
          onChange={(event) => setPaymentDate(event.target.value)}
        />
        {late && <Alert tone="warning">{PAY_RUN_MESSAGES.lateWarning(formatDate(run.pay_by_date))}</Alert>}
        {payment.isPending && <LoadingState label="Loading the workers' payment details" />}
        {payment.isError && (
          <Alert tone="error">{errorMessage(payment.error, "The workers' payment details could not be loaded.")}</Alert>
        )}
        {payment.data && (
          <>
            <dl aria-label="Payment summary" className="grid grid-cols-3 gap-2 sm:gap-3">
              <div className="rounded-xl border border-line p-2 sm:p-3">
                <dt className="text-sm text-ink-muted">Bank file (GIRO)</dt>
                <dd className="text-sm font-semibold sm:text-base">
                  {summary.GIRO.count} payment(s), {formatSgd(summary.GIRO.cents / 100)}
                </dd>
              </div>
              <div className="rounded-xl border border-line p-2 sm:p-3">
                <dt className="text-sm text-ink-muted">Cash</dt>
                <dd className="text-sm font-semibold sm:text-base">
                  {summary.Cash.count} payment(s), {formatSgd(summary.Cash.cents / 100)}
                </dd>
              </div>
              <div className="rounded-xl border border-line p-2 sm:p-3">
                <dt className="text-sm text-ink-muted">Cheque</dt>
                <dd className="text-sm font-semibold sm:text-base">
                  {summary.Cheque.count} payment(s), {formatSgd(summary.Cheque.cents / 100)}
                </dd>
              </div>
            </dl>
            {withoutBank.length > 0 && (
              <Alert tone="error" title={PAY_RUN_MESSAGES.noBankDetails(withoutBank.length)}>
                <ul aria-label="GIRO workers without bank details" className="list-disc pl-5">
                  {withoutBank.map((line) => (
                    <li key={line.payslip_id}>
                      {lineName(line)} {line.worker_code ? `(${line.worker_code})` : ''}
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
            <SearchField
              label="Find a worker"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name or worker ID"
            />
            <ul aria-label="Payment mode of each worker" className="max-h-80 divide-y divide-line overflow-y-auto">
              {matching.slice(0, SHOWN).map((line) => (
                <li key={line.payslip_id} className="flex flex-wrap items-end justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="font-medium">{lineName(line)}</p>
                    <p className="text-sm text-ink-muted">
                      {formatSgd(line.nett_salary)} ·{' '}
                      {line.has_bank_details ? `${line.bank_name ?? ''} ${line.bank_account ?? ''}` : 'No bank details'}
                    </p>
                  </div>
                  <SelectField
                    label={`Payment mode of ${lineName(line)}`}
                    className="w-full sm:w-64"
                    options={PAYMENT_MODES}
                    value={modeOf(line)}
                    onChange={(event) =>
                      setModes((current) => ({ ...current, [line.payslip_id]: event.target.value as PaymentMode }))
                    }
                  />
                </li>
              ))}
            </ul>
            {matching.length > SHOWN && (
              <p className="text-sm text-ink-muted">
                {SHOWN} of {matching.length} workers shown: search to find the others.
              </p>
            )}
            <CheckboxField
              label="E-mail every payslip once paid"
              description="MOM: the payslip is issued with the payment. The progress and any failure are shown here."
              checked={emailPayslips}
              onChange={(event) => setEmailPayslips(event.target.checked)}
            />
          </>
        )}
        {error !== null && error !== undefined && (
          <Alert tone="error">{errorMessage(error, 'The pay run could not be paid.')}</Alert>
        )}
      </div>
    </Modal>
  );
}
