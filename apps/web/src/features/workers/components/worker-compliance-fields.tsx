import type { WorkerField } from '@td/shared/schemas/worker';
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';

/** What the worker form's `field()` gives each input: its label, message and registration. */
type FieldProps = (name: WorkerField) => {
  label: string;
  required: boolean;
  error: string | undefined;
  name: string;
} & Record<string, unknown>;

const SIP_OPTIONS = [
  { value: '', label: 'As the rules say (first-time non-Malaysian WP)' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** KETs: the probation, "none" allowed; blank is "not recorded" (decision 095). */
const PROBATION_OPTIONS = [
  { value: '', label: 'Not recorded' },
  { value: '0', label: 'None' },
  ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `${i + 1} month${i === 0 ? '' : 's'}` })),
];

/**
 * Decision 094: the dated items MOM's permit conditions hang on (passport, security bond, medical
 * insurance, Settling-In Programme) and the KETs probation, as one section of the worker form.
 * Citizens and PRs hold no work pass, so no bond, insurance or SIP is asked of them (as WP No. is not).
 */
export function WorkerComplianceFields({ field, resident }: { field: FieldProps; resident: boolean }) {
  return (
    <Card>
      <CardHeader
        title="Compliance"
        description="Dated items shown on the compliance calendar. Optional; renewals are made from the worker's page."
      />
      <CardBody className="flex flex-col gap-6">
        <Group title="Passport">
          <TextField {...field('passport_expiry_date')} type="date" hint="A permit is valid to one month before it" />
        </Group>
        {!resident && (
          <>
            <Group title="Security bond">
              <TextField {...field('security_bond_number')} autoComplete="off" />
              <TextField {...field('security_bond_issuer')} autoComplete="off" hint="Bank or insurer" />
              <TextField
                {...field('security_bond_amount')}
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                hint="SGD; $5,000 for a non-Malaysian WP holder"
              />
              <TextField {...field('security_bond_expiry_date')} type="date" />
            </Group>
            <Group title="Medical insurance">
              <TextField {...field('medical_insurer')} autoComplete="off" />
              <TextField {...field('medical_policy_number')} autoComplete="off" />
              <TextField
                {...field('medical_insurance_expiry_date')}
                type="date"
                hint="At least $15,000 of cover a year"
              />
            </Group>
            <Group title="Settling-In Programme">
              <SelectField {...field('sip_required')} options={SIP_OPTIONS} />
              <TextField {...field('sip_attended_date')} type="date" hint="Due within 2 weeks of the start date" />
            </Group>
          </>
        )}
        <Group title="Key Employment Terms">
          <SelectField {...field('probation_months')} options={PROBATION_OPTIONS} />
        </Group>
      </CardBody>
    </Card>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-sm font-semibold text-ink">{title}</legend>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );
}
