import { defaultObservedDate, PUBLIC_HOLIDAY_LABELS as L, type PublicHoliday } from '@td/shared/schemas/public-holiday';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, api, errorMessage } from '@/lib/api-client.ts';

const EMPTY = { date: '', name: '', observed_date: '' };

interface PublicHolidayFormDialogProps {
  /** Open to add (null) or to edit the holiday given; undefined keeps the dialog closed. */
  holiday: PublicHoliday | null | undefined;
  onClose(): void;
  onSaved(holiday: PublicHoliday): void;
}

/**
 * Decision 092: add or edit a public holiday. The observed date may be left blank: the server takes the
 * date itself, or the Monday after a holiday on a Sunday (Holidays Act s.4), as the hint says.
 */
export function PublicHolidayFormDialog({ holiday, onClose, onSaved }: PublicHolidayFormDialogProps) {
  const open = holiday !== undefined;
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setValues(holiday ? { date: holiday.date, name: holiday.name, observed_date: holiday.observed_date } : EMPTY);
    setErrors({});
    setProblem(null);
  }, [open, holiday]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const saved = await api<PublicHoliday>(holiday ? `/api/public-holidays/${holiday.id}` : '/api/public-holidays', {
        method: holiday ? 'PUT' : 'POST',
        body: { ...values, observed_date: values.observed_date || null },
      });
      onSaved(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setProblem(errorMessage(error, 'Please try again.'));
    } finally {
      setSaving(false);
    }
  };
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const sundayHint =
    values.date && !values.observed_date && defaultObservedDate(values.date) !== values.date
      ? ` This date is a Sunday: it will be observed on ${defaultObservedDate(values.date)}.`
      : '';

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={holiday ? 'Edit Public Holiday' : 'Add Public Holiday'}
    >
      <form id="public-holiday-form" className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {problem && (
          <Alert tone="error" title="Not saved">
            {problem}
          </Alert>
        )}
        <TextField label={L.date} type="date" required value={values.date} onChange={set('date')} error={errors.date} />
        <TextField
          label={L.name}
          required
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          maxLength={100}
        />
        <TextField
          label={L.observed_date}
          type="date"
          value={values.observed_date}
          onChange={set('observed_date')}
          error={errors.observed_date}
          hint={`The day the holiday is taken; blank means the date itself, or the Monday after a Sunday.${sundayHint}`}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={saving}>
            {holiday ? 'Save Changes' : 'Add Holiday'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
