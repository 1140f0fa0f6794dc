import { useMutation } from '@tanstack/react-query';
import {
  EMAIL_FAILURE_MESSAGE_MS,
  NO_TIMESHEETS_MESSAGE,
  NO_TIMESHEETS_WITH_CHARGES_MESSAGE,
  payslipExistsMessage,
  REDIRECT_AFTER_GENERATE_MS,
} from '@td/shared/options/payslips';
import { otherDeductionsToCents } from '@td/shared/rules/payslip';
import { previewWithOtherDeductions } from '@td/shared/rules/payslip-rules';
import {
  type GeneratedPayslip,
  GeneratePayslipInput,
  type PayslipPreview,
  PayslipPreviewInput,
} from '@td/shared/schemas/payslip';
import { Calculator } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog.tsx';
import { type PickedWorker, WorkerPicker } from '@/features/workers/public/worker-picker.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { formatSgd } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes.ts';
import { previewPayslip, useGeneratePayslip } from '../api/payslip-mutations.ts';
import { type AdditionDraft, AdditionsEditor, additionsPayload } from '../components/additions-editor.tsx';
import { DeductionWarnings } from '../components/deduction-warnings.tsx';
import { BreakdownLine, PayslipBreakdown } from '../components/payslip-breakdown.tsx';
import { formatPeriod, payslipWorkerName } from '../components/payslip-display.ts';

type Field = 'worker_id' | 'pay_period_start' | 'pay_period_end';
type FieldErrors = Partial<Record<Field, string>> & {
  additions?: Record<number, Partial<Record<'label' | 'amount' | 'kind', string>>>;
};

/** The first message for each field of a refused parse (the schema holds SPEC 5's messages). */
function fieldErrorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (issue.path[0] === 'additions') {
      // Decision 103: an addition's message shows under its own field.
      const index = Number(issue.path[1]);
      const field = issue.path[2] as 'label' | 'amount' | 'kind';
      errors.additions ??= {};
      errors.additions[index] ??= {};
      (errors.additions[index] as Record<string, string>)[field] ??= issue.message;
      continue;
    }
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The figures as the other deductions are typed: the server's preview computed every line by the
 * installation's pay rules; only the nett and the deduction warnings depend on other deductions, and
 * the shared rule (the one the server uses) recomputes them (decision 092).
 */
function recompute(preview: PayslipPreview, otherDeductions: string) {
  const next = previewWithOtherDeductions(
    { ...preview, admin_charges: preview.basis.admin_charges },
    otherDeductionsToCents(otherDeductions),
  );
  return { figures: { ...preview, ...next }, warnings: next.warnings };
}

type Outcome = { tone: 'success' | 'error' | 'warning'; text: string };

/** SPEC 2 Generate (/payslip/generate), 5 payslip generation, 8 generation screen messages. */
export function PayslipGeneratePage() {
  usePageTitle('Generate Payslip');
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const otherId = useId();
  const [worker, setWorker] = useState<PickedWorker | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [otherDeductions, setOtherDeductions] = useState('0');
  const [sendEmail, setSendEmail] = useState(false);
  const [additions, setAdditions] = useState<AdditionDraft[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<PayslipPreview | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [generated, setGenerated] = useState<GeneratedPayslip | null>(null);

  const calculate = useMutation({ mutationFn: previewPayslip });
  const generate = useGeneratePayslip();
  // CONVENTIONS 15, probe finding 28: leaving with a worker chosen, a period or deductions typed asks
  // first, as every other form does; once the payslip is generated there is nothing left to lose.
  const guard = useUnsavedChangesGuard(
    generated === null &&
      !generate.isPending &&
      (worker !== null ||
        start !== '' ||
        end !== '' ||
        otherDeductionsToCents(otherDeductions) !== 0 ||
        sendEmail ||
        additions.length > 0),
  );

  // SPEC 9: to /payslip 1.5 s after a generation, or after the e-mail failure has shown for 3 s.
  useEffect(() => {
    if (!generated) return;
    const delay = generated.email_error ? EMAIL_FAILURE_MESSAGE_MS : REDIRECT_AFTER_GENERATE_MS;
    const timer = setTimeout(() => navigate('/payslip'), delay);
    return () => clearTimeout(timer);
  }, [generated, navigate]);

  const live = useMemo(() => (preview ? recompute(preview, otherDeductions) : null), [preview, otherDeductions]);
  const existing = preview?.existing_payslip ?? null;

  /** A changed worker or period makes the shown figures stale. */
  const changed = () => {
    setPreview(null);
    setOutcome(null);
  };

  const refuse = (issues: Parameters<typeof fieldErrorsOf>[0]) => {
    // The messages show under their fields (CONVENTIONS 15); focus goes to the first.
    setErrors(fieldErrorsOf(issues));
    focusFirstInvalid(formRef.current);
  };

  const onCalculate = (event?: FormEvent) => {
    event?.preventDefault();
    setOutcome(null);
    const parsed = PayslipPreviewInput.safeParse({
      worker_id: worker?.id ?? '',
      pay_period_start: start,
      pay_period_end: end,
      other_deductions: otherDeductions,
      additions: additionsPayload(additions),
    });
    if (!parsed.success) {
      refuse(parsed.error.issues);
      return;
    }
    setErrors({});
    calculate.mutate(parsed.data, {
      onSuccess: setPreview,
      onError: (error) => {
        setPreview(null);
        setOutcome({ tone: 'error', text: `Calculation failed: ${errorMessage(error, 'Please try again.')}` });
      },
    });
  };

  const onGenerate = () => {
    setOutcome(null);
    const parsed = GeneratePayslipInput.safeParse({
      worker_id: worker?.id ?? '',
      pay_period_start: start,
      pay_period_end: end,
      other_deductions: otherDeductions,
      additions: additionsPayload(additions),
      send_email: sendEmail && Boolean(worker?.email),
    });
    if (!parsed.success) {
      refuse(parsed.error.issues);
      return;
    }
    generate.mutate(parsed.data, {
      onSuccess: (payslip) => {
        guard.release();
        setGenerated(payslip);
        setOutcome(
          payslip.email_error
            ? { tone: 'warning', text: `Payslip was generated but email sending failed: ${payslip.email_error}` }
            : {
                tone: 'success',
                text: `Payslip generated for ${payslipWorkerName(payslip.worker)}. Returning to the payslip list…`,
              },
        );
      },
      onError: (error) =>
        setOutcome({
          tone: 'error',
          // SPEC 8: the duplicate-period message stands on its own; other failures say what failed.
          text:
            error instanceof ApiError && error.status === 409
              ? error.message
              : `Failed to generate payslip: ${errorMessage(error, 'Please try again.')}`,
        }),
    });
  };

  const noEmail = worker !== null && !worker.email;
  const done = generated !== null;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">Generate Payslip</h1>
        <p className="mt-1 text-sm text-ink-muted sm:text-base">
          Choose a worker and pay period, check the calculation, then generate the payslip.
        </p>
      </div>

      <form ref={formRef} noValidate onSubmit={onCalculate}>
        <Card>
          <CardHeader title="Worker and Pay Period" />
          <CardBody className="flex flex-col gap-5">
            <WorkerPicker
              label="Worker"
              required
              value={worker?.id ?? null}
              error={errors.worker_id}
              disabled={done}
              onChange={(picked) => {
                setWorker(picked);
                setSendEmail(false);
                setErrors((current) => ({ ...current, worker_id: undefined }));
                changed();
              }}
            />
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              <TextField label="Worker ID" readOnly value={worker?.worker_id ?? ''} placeholder="N/A" />
              <TextField label="FIN No." readOnly value={worker?.fin_no ?? ''} placeholder="N/A" />
              <TextField label="WP No." readOnly value={worker?.wp_no ?? ''} placeholder="N/A" />
              <TextField label="Email" readOnly value={worker?.email ?? ''} placeholder="N/A" />
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                label="Pay Period Start"
                type="date"
                required
                value={start}
                error={errors.pay_period_start}
                disabled={done}
                onChange={(event) => {
                  setStart(event.target.value);
                  setErrors((current) => ({ ...current, pay_period_start: undefined }));
                  changed();
                }}
              />
              <TextField
                label="Pay Period End"
                type="date"
                required
                value={end}
                error={errors.pay_period_end}
                disabled={done}
                onChange={(event) => {
                  setEnd(event.target.value);
                  setErrors((current) => ({ ...current, pay_period_end: undefined }));
                  changed();
                }}
              />
            </div>
            <AdditionsEditor
              value={additions}
              disabled={done}
              errors={errors.additions}
              onChange={(next) => {
                setAdditions(next);
                setErrors((current) => ({ ...current, additions: undefined }));
                changed();
              }}
            />
          </CardBody>
          <CardFooter>
            <Button
              type="submit"
              variant={preview ? 'secondary' : 'primary'}
              busy={calculate.isPending}
              disabled={done}
              icon={<Calculator aria-hidden="true" className="h-4 w-4" />}
            >
              {calculate.isPending ? 'Calculating...' : 'Calculate Payslip'}
            </Button>
          </CardFooter>
        </Card>
      </form>

      {outcome && (
        <Alert tone={outcome.tone}>
          <span>{outcome.text}</span>
          {outcome.tone === 'error' && existing && (
            <Link to={`/payslip/view/${existing.id}`} className="ml-2 font-medium underline">
              View the existing payslip
            </Link>
          )}
        </Alert>
      )}

      {preview && live && (
        <Card>
          <CardHeader
            title="Payslip Calculation"
            description={`${payslipWorkerName(preview.worker)} (${preview.worker.worker_id}), ${formatPeriod(preview.pay_period_start, preview.pay_period_end)}`}
          />
          <CardBody className="flex flex-col gap-6">
            {existing && (
              <Alert tone="error">
                {payslipExistsMessage(
                  payslipWorkerName(preview.worker),
                  preview.pay_period_start,
                  preview.pay_period_end,
                  existing.status,
                )}{' '}
                <Link to={`/payslip/view/${existing.id}`} className="font-medium underline">
                  View the existing payslip
                </Link>
              </Alert>
            )}
            {preview.basis.timesheet_count === 0 && (
              <Alert tone="info">
                {preview.basis.admin_charges.length === 0 ? NO_TIMESHEETS_MESSAGE : NO_TIMESHEETS_WITH_CHARGES_MESSAGE}
              </Alert>
            )}
            <DeductionWarnings warnings={live.warnings} />
            <PayslipBreakdown
              figures={live.figures}
              rateType={preview.basis.rate_type}
              salaryRate={preview.basis.salary_rate}
              adminCharges={preview.basis.admin_charges}
              timesheetCount={preview.basis.timesheet_count}
              otherDeductionsField={
                <BreakdownLine
                  label={<label htmlFor={otherId}>Other Deductions</label>}
                  detail="Invalid amounts count as 0"
                  tone="deduction"
                  amount={
                    <span className="flex items-center gap-2">
                      <span aria-hidden="true">− $</span>
                      <input
                        id={otherId}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={0.01}
                        value={otherDeductions}
                        disabled={done}
                        onChange={(event) => setOtherDeductions(event.target.value)}
                        className="h-9 w-32 rounded-lg border border-line bg-white px-2 text-right text-ink tabular-nums focus:border-accent focus:ring-4 focus:ring-accent/15 focus:outline-none"
                      />
                    </span>
                  }
                />
              }
            />
          </CardBody>
        </Card>
      )}

      <Card>
        <CardBody className="flex flex-col gap-4">
          <CheckboxField
            label="Send payslip to the worker by email"
            description={
              worker === null
                ? 'Choose a worker first.'
                : noEmail
                  ? 'This worker has no email address on file.'
                  : `To ${worker.email}`
            }
            checked={sendEmail && !noEmail}
            disabled={worker === null || noEmail || done}
            onChange={(event) => setSendEmail(event.target.checked)}
          />
        </CardBody>
        <CardFooter>
          {live && (
            <p className="mr-auto text-sm text-ink-muted">
              Nett salary{' '}
              <span className="font-semibold text-ink tabular-nums">{formatSgd(live.figures.nett_salary)}</span>
            </p>
          )}
          <Button variant="secondary" onClick={() => navigate('/payslip')} disabled={generate.isPending}>
            Cancel
          </Button>
          <Button onClick={onGenerate} busy={generate.isPending} disabled={done || existing !== null}>
            {generate.isPending ? 'Generating...' : 'Generate Payslip'}
          </Button>
        </CardFooter>
      </Card>
      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}
