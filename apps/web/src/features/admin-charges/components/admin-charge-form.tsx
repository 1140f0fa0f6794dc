import { zodResolver } from '@hookform/resolvers/zod';
import { CHARGE_TYPES } from '@td/shared/options/admin-charges';
import { CONSENT_CHARGE_TYPES, DAMAGE_CHARGE_TYPE } from '@td/shared/rules/employment-act-pay';
import {
  type AdminCharge,
  type AdminChargeField,
  type AdminChargeFormValues,
  AdminChargeInput,
  ADMIN_CHARGE_FIELD_LABELS as LABELS,
} from '@td/shared/schemas/admin-charge';
import { useEffect, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { FileUploadField } from '@/components/ui/file-upload-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextAreaField } from '@/components/ui/textarea-field.tsx';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog.tsx';
import { WorkerPicker } from '@/features/workers/public/worker-picker.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { uploadStoredFile } from '@/lib/stored-files.ts';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes.ts';
import { checkUpload, UPLOAD_RULES } from '@/lib/upload-checks.ts';

export type AdminChargeFormMode = 'add' | 'edit';

/** The inputs' starting values: the stored charge's, or a new one dated `today`. */
export function toFormValues(charge: AdminCharge | undefined, today: string): AdminChargeFormValues {
  if (!charge) {
    return {
      worker_id: '',
      charge_date: today,
      charge_type: '',
      amount: '',
      description: '',
      consent_date: '',
      consent_url: null,
      inquiry_date: '',
    };
  }
  return {
    worker_id: charge.worker_id ?? '',
    charge_date: charge.charge_date,
    charge_type: charge.charge_type,
    // Amounts show with their 2 decimals (12.5 as 12.50), as typed.
    amount: charge.amount.toFixed(2),
    description: charge.description ?? '',
    consent_date: charge.consent_date ?? '',
    consent_url: charge.consent_url ?? null,
    inquiry_date: charge.inquiry_date ?? '',
  };
}

const isFormField = (field: string): field is AdminChargeField => Object.hasOwn(LABELS, field);

interface AdminChargeFormProps {
  mode: AdminChargeFormMode;
  /** The stored charge when editing. */
  charge?: AdminCharge | undefined;
  /** SPEC 5: a new charge's date defaults to today (the business's today). */
  today: string;
  /** Sends the parsed values; throws (an ApiError) when the server refuses them. */
  onSave(input: AdminChargeInput): Promise<AdminCharge>;
  onSaved(charge: AdminCharge): void;
  onCancel(): void;
}

/**
 * SPEC 2 and 5 admin charge form: worker, charge date, charge type, amount (step 0.01, min 0),
 * description. Validated by the shared `AdminChargeInput`, so the messages are the spec's and the same as
 * the server's; every message shows at once, and a field's message clears as soon as it is edited.
 */
export function AdminChargeForm({ mode, charge, today, onSave, onSaved, onCancel }: AdminChargeFormProps) {
  const form = useForm<AdminChargeFormValues, unknown, AdminChargeInput>({
    resolver: zodResolver(AdminChargeInput) as Resolver<AdminChargeFormValues, unknown, AdminChargeInput>,
    defaultValues: toFormValues(charge, today),
    // SPEC 5: errors clear when their field is edited; they are checked again on the next save.
    reValidateMode: 'onSubmit',
    // Focus goes to the first message in page order (below), the picker included.
    shouldFocusError: false,
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const adding = mode === 'add';
  // Decision 092 (EA s.27, s.28): a fine needs the worker's prior written consent, a damage charge an inquiry.
  const chargeType = form.watch('charge_type');
  const needsConsent = CONSENT_CHARGE_TYPES.includes(chargeType);
  const needsInquiry = chargeType === DAMAGE_CHARGE_TYPE;
  const [uploading, setUploading] = useState(false);
  // Asked for after a refused save; runs once the messages are in the page.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);
  const focusFirstError = () => setFocusRequest((count) => count + 1);

  /** Registers a field whose message clears on its first edit. */
  const field = (name: Exclude<AdminChargeField, 'worker_id' | 'consent_url'>, required = true) => {
    const registered = form.register(name, { onChange: () => form.clearErrors(name) });
    return { ...registered, label: LABELS[name], required, error: errors[name]?.message };
  };

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      // Decision 092: the fields a type does not ask for are left out, so what is stored is kept.
      const { consent_date, consent_url, inquiry_date, ...rest } = input;
      const saved = await onSave({
        ...rest,
        ...(needsConsent ? { consent_date, consent_url } : {}),
        ...(needsInquiry ? { inquiry_date } : {}),
      });
      guard.release();
      onSaved(saved);
    } catch (error) {
      console.error('Failed to save admin charge', error);
      setFailure(`Failed to save admin charge: ${errorMessage(error, 'Please try again.')}`);
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (isFormField(name)) form.setError(name, { type: 'server', message });
        }
      }
      focusFirstError();
    }
  }, focusFirstError);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-6"
      aria-label={adding ? 'Add Admin Charge' : 'Edit Admin Charge'}
    >
      {failure && (
        <div data-form-error="" tabIndex={-1}>
          <Alert tone="error">{failure}</Alert>
        </div>
      )}
      <Card>
        <CardBody className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="worker_id"
            render={({ field: picker }) => (
              <WorkerPicker
                ref={picker.ref}
                label={LABELS.worker_id}
                required
                className="sm:col-span-2"
                value={picker.value || null}
                initialWorker={charge?.worker}
                onChange={(worker) => {
                  form.clearErrors('worker_id');
                  picker.onChange(worker?.id ?? '');
                }}
                onBlur={picker.onBlur}
                error={errors.worker_id?.message}
                hint={
                  charge && !charge.worker && !picker.value
                    ? 'The worker of this charge was deleted (Unknown Worker). Choose a worker to save it.'
                    : undefined
                }
              />
            )}
          />
          <TextField {...field('charge_date')} type="date" />
          <SelectField {...field('charge_type')} options={CHARGE_TYPES} placeholder="Select charge type" />
          <TextField
            {...field('amount')}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            placeholder="0.00"
            hint="SGD, up to 2 decimal places"
          />
          <TextAreaField
            {...field('description', false)}
            className="sm:col-span-2"
            rows={4}
            placeholder="What happened, where and when"
          />
          {needsConsent && (
            <>
              <TextField
                {...field('consent_date', false)}
                type="date"
                hint="Deducted only with the worker's written consent given on or before the charge date (Employment Act s.27)"
              />
              <Controller
                control={form.control}
                name="consent_url"
                render={({ field: file }) => (
                  <FileUploadField
                    label={LABELS.consent_url}
                    url={file.value ?? null}
                    savedUrl={charge?.consent_url ?? null}
                    accept={UPLOAD_RULES.document.accept}
                    hint={`Optional: the signed consent, kept private. ${UPLOAD_RULES.document.hint}`}
                    preview="link"
                    check={(chosen) => checkUpload(chosen, 'document')}
                    upload={(chosen) => uploadStoredFile('consent_letter', chosen)}
                    uploadFailure={(error) => `Failed to upload document: ${errorMessage(error, 'Please try again.')}`}
                    onUploaded={(url) => file.onChange(url)}
                    onRemoved={() => file.onChange(null)}
                    onRestored={() => file.onChange(charge?.consent_url ?? null)}
                    onBusyChange={setUploading}
                    error={errors.consent_url?.message}
                  />
                )}
              />
            </>
          )}
          {needsInquiry && (
            <TextField
              {...field('inquiry_date', false)}
              type="date"
              hint="The day the worker was heard on the damage; deducted only after it, at most 25% of a month's salary (Employment Act s.28)"
            />
          )}
        </CardBody>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" size="lg" busy={isSubmitting} disabled={uploading}>
          {isSubmitting ? 'Saving...' : adding ? 'Save Admin Charge' : 'Update Admin Charge'}
        </Button>
      </div>
      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}
