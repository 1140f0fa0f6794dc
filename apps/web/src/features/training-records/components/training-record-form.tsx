import { zodResolver } from '@hookform/resolvers/zod';
import { TRAINING_NAMES, TRAINING_PROVIDERS } from '@td/shared/options/training';
import {
  TRAINING_FIELD_LABELS as LABELS,
  TRAINING_SAVE_FAILED,
  type TrainingField,
  type TrainingRecord,
  TrainingRecordInput,
} from '@td/shared/schemas/training-record';
import { useEffect, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextAreaField } from '@/components/ui/textarea-field.tsx';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog.tsx';
import { WorkerPicker } from '@/features/workers/public/worker-picker.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes.ts';
import { CertificateField, discardUnsavedUpload } from './certificate-field.tsx';

/** The inputs' values: strings as the inputs hold them, empty meaning "not given". */
type FormValues = Record<TrainingField, string>;

const FIELDS = Object.keys(LABELS) as TrainingField[];
const isFormField = (name: string): name is TrainingField => Object.hasOwn(LABELS, name);

/** The inputs' starting values: the stored record's, or empty ones (with a worker given by the caller). */
export function toFormValues(record?: TrainingRecord, workerId?: string): FormValues {
  const values = Object.fromEntries(FIELDS.map((field) => [field, record?.[field] ?? ''])) as FormValues;
  if (!record && workerId) values.worker_id = workerId;
  return values;
}

interface TrainingRecordFormProps {
  /** The stored record when editing. */
  record?: TrainingRecord;
  /** A worker to start with when adding (from the worker view page). */
  initialWorkerId?: string | undefined;
  /** Sends the parsed values; throws (an ApiError) when the server refuses them. */
  onSave(input: TrainingRecordInput): Promise<unknown>;
  /** After a successful save; the unsaved-changes guard has been released. */
  onSaved(): void;
  onCancel(): void;
}

/**
 * SPEC 2 training form, 3 fields, 5 rules: validated by the shared `TrainingRecordInput`, so the
 * messages are the same as the server's and all show at once, focus going to the first (CONVENTIONS 15).
 * Leaving with unsaved changes asks first; a certificate change takes effect only on Save.
 */
export function TrainingRecordForm({ record, initialWorkerId, onSave, onSaved, onCancel }: TrainingRecordFormProps) {
  const form = useForm<FormValues, unknown, TrainingRecordInput>({
    resolver: zodResolver(TrainingRecordInput) as Resolver<FormValues, unknown, TrainingRecordInput>,
    defaultValues: toFormValues(record, initialWorkerId),
    // focusFirstInvalid follows the page order (the worker picker first), not registration order.
    shouldFocusError: false,
  });
  const { register, formState, control } = form;
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitSuccessful);
  const editing = record !== undefined;
  const savedCertificate = record?.certificate_url ?? null;
  const certificate = form.watch('certificate_url') || null;
  const trainingDate = form.watch('training_date');

  // A certificate uploaded here but never saved is deleted when the form is left without saving.
  const saved = useRef(false);
  const unsavedUpload = useRef<string | null>(null);
  unsavedUpload.current = certificate !== null && certificate !== savedCertificate ? certificate : null;
  useEffect(
    () => () => {
      if (!saved.current && unsavedUpload.current) discardUnsavedUpload(unsavedUpload.current);
    },
    [],
  );

  const field = (name: TrainingField, required = false) => ({
    label: LABELS[name],
    required,
    error: errors[name]?.message,
    ...register(name),
  });

  // A provider the list no longer offers stays selectable on the record that names it.
  const storedProvider = record?.training_provider;
  const providers =
    storedProvider && !(TRAINING_PROVIDERS as readonly string[]).includes(storedProvider)
      ? [...TRAINING_PROVIDERS, storedProvider]
      : TRAINING_PROVIDERS;

  const submit = form.handleSubmit(
    async (input) => {
      setFailure(null);
      try {
        await onSave(input);
        // Saved: the record links the certificate now, so leaving must not discard it.
        saved.current = true;
        guard.release();
        onSaved();
      } catch (error) {
        console.error('Failed to save training record', error);
        // SPEC 8: "Failed to save training record. Please try again.", with the server's reason.
        setFailure(errorMessage(error, ''));
        if (error instanceof ApiError) {
          for (const [name, message] of Object.entries(error.fields)) {
            if (isFormField(name)) form.setError(name, { type: 'server', message });
          }
        }
        focusFirstInvalid(formRef.current);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-6"
      aria-label={editing ? 'Edit Training Record' : 'Add Training Record'}
    >
      {failure !== null && (
        <div data-form-error="" tabIndex={-1} className="outline-none">
          <Alert tone="error" title={TRAINING_SAVE_FAILED}>
            {failure}
          </Alert>
        </div>
      )}

      <Card>
        <CardHeader title="Training" />
        <CardBody className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={control}
            name="worker_id"
            render={({ field: picker, fieldState }) => (
              <WorkerPicker
                ref={picker.ref}
                label={LABELS.worker_id}
                required
                value={picker.value || null}
                initialWorker={record?.worker ?? null}
                onChange={(worker) => picker.onChange(worker?.id ?? '')}
                onBlur={picker.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <SelectField {...field('training_name', true)} options={TRAINING_NAMES} placeholder="Select training" />
          <TextField {...field('training_date', true)} type="date" />
          <TextField
            {...field('expiry_date')}
            type="date"
            min={trainingDate || undefined}
            hint="Leave empty when the certificate does not expire."
          />
          <TextField {...field('certificate_number')} autoComplete="off" />
          <SelectField {...field('training_provider')} options={providers} placeholder="Select provider" />
          <TextAreaField {...field('notes')} rows={3} className="sm:col-span-2" />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Certificate" description="Optional. The certificate as issued by the provider." />
        <CardBody>
          <CertificateField
            url={certificate}
            savedUrl={savedCertificate}
            onChange={(url) => {
              form.setValue('certificate_url', url ?? '', { shouldDirty: true });
              form.clearErrors('certificate_url');
            }}
            onBusyChange={setUploading}
            error={errors.certificate_url?.message}
          />
        </CardBody>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" size="lg" busy={isSubmitting} disabled={uploading}>
          {isSubmitting ? 'Saving...' : editing ? 'Update Training Record' : 'Save Training Record'}
        </Button>
      </div>
      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}
