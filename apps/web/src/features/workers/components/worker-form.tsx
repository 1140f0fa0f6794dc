import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_NORMAL_HOURS_PER_DAY,
  DEFAULT_REST_DAY,
  DEFAULT_WORKING_DAYS_PER_WEEK,
  WEEKDAYS,
  WORKING_DAYS_PER_WEEK,
} from '@td/shared/options/pay-rules';
import { GIRO_BANKS, PAYMENT_MODES } from '@td/shared/options/pay-runs';
import {
  CORETRADES,
  DEFAULT_DESIGNATION,
  LEVIES,
  NATIONALITIES,
  PASS_TYPES,
  RATE_TYPES,
  WORKER_STATUSES,
} from '@td/shared/options/workers';
import { levyTierOf } from '@td/shared/rules/levy';
import { LEVY_TIER_LABELS, LEVY_TIERS } from '@td/shared/rules/statutory-rates';
import {
  DOCUMENT_FIELDS,
  isResidentPass,
  WORKER_FIELD_LABELS as LABELS,
  type Worker,
  type WorkerField,
  type WorkerFormMode,
  type WorkerFormValues,
  workerInputSchema,
} from '@td/shared/schemas/worker';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { siteQueries } from '@/features/sites/public/site-queries.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes.ts';
import { WorkerComplianceFields } from './worker-compliance-fields.tsx';
import { WorkerFileField } from './worker-file-field.tsx';

/** The form's values: strings as the inputs hold them, plus `documents` for the SPEC 5 documents rule. */
type FormValues = WorkerFormValues & { documents?: string };
type FileField = 'photo_url' | (typeof DOCUMENT_FIELDS)[number];

const FILE_KINDS = {
  photo_url: 'photo',
  ipa_url: 'ipa',
  consent_letter_url: 'consent_letter',
  contract_url: 'contract',
} as const satisfies Record<FileField, string>;

const TEXT_FIELDS = Object.keys(LABELS) as WorkerField[];
const BANK_OPTIONS = GIRO_BANKS.map((bank) => ({ value: bank.swift, label: bank.name }));

/** The inputs' starting values: the stored worker's, or empty strings for a new one. */
export function toFormValues(worker?: Worker): FormValues {
  const values: Record<string, string> = {};
  for (const field of TEXT_FIELDS) {
    const value = worker?.[field];
    values[field] = value === null || value === undefined ? '' : String(value);
  }
  // Decision 092: a new worker starts with the contract's terms (EA s.36, s.38): Sunday, 6 days of 8 hours.
  if (!worker) {
    values.rest_day = DEFAULT_REST_DAY;
    values.working_days_per_week = String(DEFAULT_WORKING_DAYS_PER_WEEK);
    values.normal_hours_per_day = String(DEFAULT_NORMAL_HOURS_PER_DAY);
  }
  // Decision 094: the form holds what staff set; blank derives it from the pass and nationality.
  const sipOverride = worker?.sip_required_override;
  values.sip_required = sipOverride === null || sipOverride === undefined ? '' : String(sipOverride);
  // Decision 103: the form holds the tier staff set; blank derives it from the nationality and R1/R2.
  values.levy_tier = worker?.levy_tier_override ?? '';
  values.pr_cpf_scheme = worker?.pr_cpf_scheme ?? 'G/G';
  return values as FormValues;
}

/** The values a role without `workers.pay` sends: the salary empty, the other pay fields left out. */
function withoutPay(input: FormValues): FormValues {
  const kept: Record<string, unknown> = { ...input, salary_rate: '' };
  for (const field of PAY_INPUTS_LEFT_OUT) delete kept[field];
  return kept as FormValues;
}

const isFormField = (field: string): field is WorkerField | 'documents' =>
  field === 'documents' || Object.hasOwn(LABELS, field);

interface WorkerFormProps {
  mode: WorkerFormMode;
  /** The stored worker when editing. */
  worker?: Worker;
  /**
   * Sends the values as typed once the shared schema accepted them; the server parses them again
   * (money to cents, decision 009). Throws (an ApiError) when the server refuses them.
   */
  onSave(input: WorkerFormValues): Promise<Worker>;
  /** After a successful save; the unsaved-changes question is off by then. */
  onSaved(worker: Worker): void;
  /** Leaves the form; a form with changes asks first (decision 022). */
  onCancel(): void;
}

/**
 * SPEC 2 Worker add / edit form, 3 fields, 5 rules: validated by the shared `workerInputSchema(mode)`,
 * so the messages are the spec's and the same as the server's.
 *
 * Every message shows at once and focus goes to the first field in error, and leaving with unsaved
 * changes asks first (decision 022); document removals take effect only on save (decision 024); a
 * FIN, passport or WP number another worker holds is answered with a link to that worker, and
 * Singapore Citizens and PRs are not asked for WP No., WP expiry, levy or coretrade (decision 023).
 */
/**
 * Decision 108: the pay inputs a role without `workers.pay` is not shown (HR). The save sends the salary
 * empty and leaves the others out; the server keeps what it holds for both.
 */
const PAY_INPUTS_LEFT_OUT = ['declared_monthly_salary', 'bank_swift_code', 'bank_account_no', 'payment_mode'] as const;

export function WorkerForm({ mode, worker, onSave, onSaved, onCancel }: WorkerFormProps) {
  const seesPay = useCan()('workers.pay');
  const resolver = useMemo(
    // raw: the form validates with the schema but sends what was typed, not the parsed cents.
    () =>
      zodResolver(workerInputSchema(mode, { payRequired: seesPay }), undefined, { raw: true }) as Resolver<FormValues>,
    [mode, seesPay],
  );
  const form = useForm<FormValues>({
    resolver,
    // Decision 108: the pay a role cannot see is not in the form at all (a masked account would fail its check).
    defaultValues: seesPay ? toFormValues(worker) : withoutPay(toFormValues(worker)),
    // Focus goes to the first message in page order, documents included (focusFirstInvalid).
    shouldFocusError: false,
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [failure, setFailure] = useState<{ message: string; link?: ApiError['link'] } | null>(null);
  const [busyUploads, setBusyUploads] = useState<ReadonlySet<FileField>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const guard = useUnsavedChangesGuard(isDirty || busyUploads.size > 0);
  const adding = mode === 'add';
  const typeOfPass = form.watch('type_of_pass');
  const isWp = typeOfPass === 'WP';
  const resident = isResidentPass(typeOfPass);

  const { register } = form;
  /** Required always (SPEC 5) or on add only. */
  // Decision 091: the clients of the active sites are offered for Supplied To Company (typing stays free).
  const sites = useQuery(siteQueries.active());
  const siteClients = [...new Set((sites.data?.items ?? []).map((site) => site.client_company))].sort();

  const field = (name: WorkerField, requiredWhen: 'always' | 'add' | 'never' = 'never') => ({
    label: LABELS[name],
    required: requiredWhen === 'always' || (requiredWhen === 'add' && adding),
    error: errors[name]?.message,
    ...register(name),
  });

  const fileProps = (name: FileField) => ({
    label: LABELS[name],
    kind: FILE_KINDS[name],
    url: form.watch(name) || null,
    savedUrl: worker?.[name] ?? null,
    onUploaded: (url: string) => {
      form.setValue(name, url, { shouldDirty: true });
      if (name !== 'photo_url') form.clearErrors('documents');
    },
    onRemoved: () => form.setValue(name, '', { shouldDirty: true }),
    onRestored: () => form.setValue(name, worker?.[name] ?? '', { shouldDirty: true }),
    onBusyChange: (busy: boolean) =>
      setBusyUploads((previous) => {
        const next = new Set(previous);
        if (busy) next.add(name);
        else next.delete(name);
        return next;
      }),
  });

  // Decision 103: a pass changing from WP to PR needs the date of PR status (the graduated
  // CPF rates count from it); a WP holder whose levy tier the nationality and R1/R2 cannot tell is asked it.
  const becomingPr = typeOfPass === 'PR' && worker?.type_of_pass === 'WP';
  const derivedTier = levyTierOf({
    typeOfPass: typeOfPass ?? null,
    nationality: form.watch('nationality') || null,
    coretrade: form.watch('coretrade') || null,
    levy: form.watch('levy') || null,
    override: null,
  });
  const statutoryProblems = (input: FormValues) => {
    const problems: Array<[WorkerField, string]> = [];
    if (becomingPr && !input.pr_start_date) {
      problems.push(['pr_start_date', 'Please enter the PR Start Date: the worker is becoming a PR']);
    }
    if (isWp && derivedTier === null && !input.levy_tier) {
      problems.push(['levy_tier', 'Please choose the Levy Tier: the nationality and coretrade do not tell it']);
    }
    return problems;
  };

  const submit = form.handleSubmit(
    async (input) => {
      setFailure(null);
      const problems = statutoryProblems(input);
      if (problems.length > 0) {
        for (const [name, message] of problems) form.setError(name, { type: 'required', message });
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
        return;
      }
      try {
        const saved = await onSave(seesPay ? input : withoutPay(input));
        guard.release();
        onSaved(saved);
      } catch (error) {
        console.error('Failed to save worker', error);
        // SPEC 8: red alert above the form; the user stays on the form with the values kept.
        setFailure({
          message: `Failed to save worker information: ${errorMessage(error, 'Please try again.')}`,
          ...(error instanceof ApiError && error.link ? { link: error.link } : {}),
        });
        const fields =
          error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => isFormField(name)) : [];
        for (const [name, message] of fields) {
          form.setError(name as WorkerField | 'documents', { type: 'server', message });
        }
        if (fields.length > 0) focusFirstInvalid(formRef.current);
        else requestAnimationFrame(() => failureRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
      }
    },
    // Decision 022: every message is already shown; focus goes to the first field in error.
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-6"
      aria-label={adding ? 'Add New Worker' : 'Edit Worker'}
    >
      {failure && (
        <div ref={failureRef}>
          <Alert tone="error">
            {failure.message}
            {failure.link && (
              <>
                {' '}
                <Link to={failure.link.href} className="font-semibold underline">
                  View {failure.link.label}
                </Link>
              </>
            )}
          </Alert>
        </div>
      )}
      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />

      <FormSection title="Personal Information">
        <TextField {...field('first_name', 'always')} autoComplete="off" />
        <TextField {...field('last_name', 'always')} autoComplete="off" />
        <TextField {...field('date_of_birth', 'always')} type="date" />
        <SelectField {...field('nationality', 'always')} options={NATIONALITIES} placeholder="Select nationality" />
        <TextField {...field('phone_number', 'add')} type="tel" autoComplete="off" hint="e.g. +65 8123 4567" />
        <TextField {...field('email', 'add')} type="email" autoComplete="off" />
        <TextField {...field('passport_no', 'always')} autoComplete="off" />
      </FormSection>

      <FormSection title="Pass and Permit">
        <SelectField {...field('type_of_pass', 'always')} options={PASS_TYPES} placeholder="Select type of pass" />
        <TextField
          {...field('fin_no', 'add')}
          autoComplete="off"
          hint={resident ? 'The NRIC number for a Singapore Citizen or PR' : 'e.g. G1234567X'}
        />
        {/* ARCHITECTURE differs 11: citizens and PRs have no work pass and pay no levy. */}
        {!resident && <TextField {...field('wp_no', 'add')} autoComplete="off" />}
        <TextField {...field('date_of_application', 'add')} type="date" />
        <TextField {...field('date_of_issuance')} type="date" />
        {!resident && <TextField {...field('wp_expiry_date')} type="date" />}
        {!resident && <SelectField {...field('levy', 'add')} options={LEVIES} placeholder="Select levy" />}
        {isWp && (
          <>
            <SelectField {...field('coretrade', 'add')} options={CORETRADES} placeholder="Select coretrade" />
            <TextField {...field('coretrade_expiry_date')} type="date" />
            {/* Decision 103: the levy's tier (derived unless set) and the permit's last day. */}
            <SelectField
              {...field('levy_tier')}
              required={derivedTier === null}
              options={LEVY_TIERS.map((tier) => ({ value: tier, label: LEVY_TIER_LABELS[tier] }))}
              placeholder={
                derivedTier === null
                  ? 'Select levy tier'
                  : `From nationality and coretrade: ${LEVY_TIER_LABELS[derivedTier]}`
              }
              hint="The Foreign Worker Levy's rate (construction); never deducted from pay"
            />
            <TextField
              {...field('wp_cancellation_date')}
              type="date"
              hint="The levy runs to this day; empty while the permit is valid"
            />
          </>
        )}
        {typeOfPass === 'PR' && (
          <>
            <TextField
              {...field('pr_start_date')}
              required={becomingPr}
              type="date"
              hint="The date of PR status: CPF's graduated rates apply in the first two years"
            />
            <SelectField
              {...field('pr_cpf_scheme')}
              options={[
                { value: 'G/G', label: 'Graduated employer and employee rates (G/G, the default)' },
                { value: 'F/F', label: 'Full employer and employee rates (F/F, agreed with CPF)' },
              ]}
            />
          </>
        )}
      </FormSection>

      <FormSection title="Employment">
        {/* Read only, so not a tab stop (SPEC 2); screen readers still read it in the form. */}
        <TextField
          label="Worker ID"
          value={worker?.worker_id ?? ''}
          placeholder="Generated when saved"
          readOnly
          tabIndex={-1}
        />
        <SelectField {...field('status', 'add')} options={WORKER_STATUSES} placeholder="Select status" />
        <TextField
          {...field('supplied_to_company', 'add')}
          autoComplete="off"
          list="site-client-companies"
          hint={siteClients.length > 0 ? 'Suggests the clients of the active sites' : undefined}
        />
        <datalist id="site-client-companies">
          {siteClients.map((client) => (
            <option key={client} value={client} />
          ))}
        </datalist>
        <TextField
          {...field('designation')}
          placeholder={DEFAULT_DESIGNATION}
          hint={`${DEFAULT_DESIGNATION} when left empty`}
          autoComplete="off"
        />
        <SelectField {...field('rate_type', 'add')} options={RATE_TYPES} placeholder="Select rate type" />
        {seesPay && (
          <TextField
            {...field('salary_rate', 'add')}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            hint="SGD"
          />
        )}
        {/* Decision 096: the employment's own dates (part-month pay, the Key Employment Terms). */}
        <TextField {...field('employment_start_date')} type="date" />
        <TextField {...field('employment_end_date')} type="date" hint="Left empty while employed" />
        {/* Decision 083: where the salary is paid; the account number is shown in full only here. */}
        {seesPay && (
          <>
            <SelectField {...field('bank_swift_code')} options={BANK_OPTIONS} placeholder="Select bank" />
            <TextField {...field('bank_account_no')} inputMode="numeric" autoComplete="off" hint="Digits only" />
            <SelectField
              {...field('payment_mode')}
              options={PAYMENT_MODES}
              placeholder="GIRO with an account, else Cash"
            />
          </>
        )}
        {/* Decision 092: what the Employment Act's pay reads. */}
        <SelectField {...field('rest_day')} options={WEEKDAYS} hint="One rest day a week (Employment Act s.36)" />
        <SelectField
          {...field('working_days_per_week')}
          options={WORKING_DAYS_PER_WEEK.map(String)}
          hint="Divides the monthly salary into a daily rate"
        />
        <TextField
          {...field('normal_hours_per_day')}
          type="number"
          step="0.25"
          min="0.25"
          max="9"
          inputMode="decimal"
          hint="Hours past these are overtime"
        />
        {seesPay && (
          <TextField
            {...field('declared_monthly_salary')}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            hint="SGD, as declared in the IPA (Work Permit holders); pay never falls below it"
          />
        )}
      </FormSection>

      <WorkerComplianceFields field={field} resident={resident} />

      <Card>
        <CardHeader title="Photo" description="Shown on the worker's profile. Optional." />
        <CardBody>
          <WorkerFileField {...fileProps('photo_url')} hideTitle />
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title={
            <>
              Employment Documents
              {adding && (
                <span aria-hidden="true" className="ml-0.5 text-danger">
                  *
                </span>
              )}
            </>
          }
          description={
            adding
              ? 'Upload at least one: IPA Document, Consent Letter or Contract.'
              : 'IPA Document, Consent Letter and Contract.'
          }
        />
        <CardBody className="flex flex-col gap-4">
          {errors.documents?.message && (
            <p
              role="alert"
              data-form-error=""
              tabIndex={-1}
              className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-danger"
            >
              {errors.documents.message}
            </p>
          )}
          <div className="grid gap-4 lg:grid-cols-3">
            {DOCUMENT_FIELDS.map((name) => (
              <WorkerFileField key={name} {...fileProps(name)} error={errors[name]?.message} />
            ))}
          </div>
        </CardBody>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" size="lg" busy={isSubmitting} disabled={busyUploads.size > 0}>
          {isSubmitting ? 'Saving...' : adding ? 'Save Worker' : 'Update Worker'}
        </Button>
      </div>
    </form>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</CardBody>
    </Card>
  );
}
