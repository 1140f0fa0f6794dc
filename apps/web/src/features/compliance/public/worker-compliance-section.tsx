import { useQuery } from '@tanstack/react-query';
import { COMPLIANCE_KIND_LABELS, RENEWABLE_KINDS, type RenewableKind } from '@td/shared/options/compliance';
import type { WorkerComplianceItem, WorkerRenewal } from '@td/shared/schemas/compliance';
import { WORKER_FIELD_LABELS as L, type Worker } from '@td/shared/schemas/worker';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatDateTime, formatSgd, orNA } from '@/lib/format.ts';
import { complianceQueries, useRenewItem } from '../api/compliance-queries.ts';
import { ComplianceStateBadge, daysPhrase } from '../components/compliance-state-badge.tsx';

const isRenewable = (kind: string): kind is RenewableKind => (RENEWABLE_KINDS as readonly string[]).includes(kind);

/** The number a renewal may replace, by kind (a new passport, bond or policy has its own number). */
const REFERENCE_LABELS: Partial<Record<RenewableKind, string>> = {
  work_permit: 'New WP No.',
  passport: 'New Passport No.',
  security_bond: 'New Bond / Guarantee No.',
  medical_insurance: 'New Policy No.',
};

/**
 * Decision 094: the worker's own dated items with their state, the flags their dates raise, a renewal
 * for each (the previous expiry kept as history, listed here), and the KETs letters issued (decision 095).
 */
export function WorkerComplianceSection({ worker }: { worker: Worker }) {
  const compliance = useQuery(complianceQueries.worker(worker.id));
  const [renewing, setRenewing] = useState<WorkerComplianceItem | null>(null);
  // Decision 108: renewing is `compliance.write`, issuing a letter `documents.write` (not a viewer's).
  const can = useCan();

  let body: React.ReactNode;
  if (compliance.isPending) body = <LoadingState label="Loading compliance items" />;
  else if (compliance.isError) {
    body = (
      <ListLoadError
        what="compliance items"
        error={compliance.error}
        retrying={compliance.isFetching}
        onRetry={() => void compliance.refetch()}
      />
    );
  } else if (compliance.data.items.length === 0) {
    body = <p className="text-sm text-ink-muted">No dated items recorded for this worker.</p>;
  } else {
    body = (
      <ul className="flex flex-col divide-y divide-line" aria-label="Compliance items">
        {compliance.data.items.map((item) => (
          <li
            key={`${item.kind}-${item.title}-${item.due_date}`}
            className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium">
                {item.title}
                {item.kind === 'training' && <span className="text-ink-muted"> (training certificate)</span>}
              </p>
              <p className="text-sm text-ink-muted">
                {item.kind === 'sip' || item.kind === 'employment_letter' ? 'Due ' : 'Expires '}
                <time dateTime={item.due_date}>{formatDate(item.due_date)}</time> · {daysPhrase(item.days)}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <ComplianceStateBadge state={item.state} />
              {isRenewable(item.kind) && can('compliance.write') && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Renew ${item.title}`}
                  icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => setRenewing(item)}
                >
                  Renew
                </Button>
              )}
              {item.kind === 'employment_letter' && can('documents.write') && (
                <Link
                  to={`/worker/employment-letter/${worker.id}`}
                  className="text-sm font-medium text-accent hover:underline"
                >
                  Issue letter
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader
        title="Compliance"
        description="Permit, passport, bond, insurance, SIP, CoreTrade, certificates and the KETs letter."
        actions={
          <Link to="/compliance" className="text-sm font-medium text-accent hover:underline">
            Compliance calendar
          </Link>
        }
      />
      <CardBody className="flex flex-col gap-5">
        {worker.compliance_flags.length > 0 && (
          <div className="flex flex-col gap-2">
            {worker.compliance_flags.map((flag) => (
              <Alert key={flag.code} tone="warning">
                {flag.message}
              </Alert>
            ))}
          </div>
        )}
        <DetailList
          fallback="N/A"
          items={[
            { label: L.passport_expiry_date, value: formatDate(worker.passport_expiry_date) },
            { label: L.security_bond_number, value: orNA(worker.security_bond_number) },
            { label: L.security_bond_issuer, value: orNA(worker.security_bond_issuer) },
            {
              label: L.security_bond_amount,
              value: worker.security_bond_amount === null ? 'N/A' : formatSgd(worker.security_bond_amount),
            },
            { label: L.security_bond_expiry_date, value: formatDate(worker.security_bond_expiry_date) },
            { label: L.medical_insurer, value: orNA(worker.medical_insurer) },
            { label: L.medical_policy_number, value: orNA(worker.medical_policy_number) },
            { label: L.medical_insurance_expiry_date, value: formatDate(worker.medical_insurance_expiry_date) },
            {
              label: L.sip_required,
              value: `${worker.sip_required ? 'Yes' : 'No'}${worker.sip_required_override === null ? ' (by the rules)' : ''}`,
            },
            { label: L.sip_attended_date, value: formatDate(worker.sip_attended_date) },
            {
              label: L.probation_months,
              value:
                worker.probation_months === null
                  ? 'Not recorded'
                  : worker.probation_months === 0
                    ? 'None'
                    : `${worker.probation_months} month${worker.probation_months === 1 ? '' : 's'}`,
            },
          ]}
        />
        {body}
        {compliance.data && compliance.data.renewals.length > 0 && (
          <RenewalHistory renewals={compliance.data.renewals} />
        )}
        <LettersIssued workerId={worker.id} />
      </CardBody>
      {renewing && isRenewable(renewing.kind) && (
        <RenewDialog
          workerId={worker.id}
          kind={renewing.kind}
          current={renewing.due_date}
          onClose={() => setRenewing(null)}
        />
      )}
    </Card>
  );
}

function RenewalHistory({ renewals }: { renewals: WorkerRenewal[] }) {
  return (
    <section aria-labelledby="renewal-history">
      <h3 id="renewal-history" className="mb-2 text-sm font-semibold">
        Renewal history
      </h3>
      <ol className="flex flex-col gap-1 text-sm">
        {renewals.map((renewal) => {
          const label = isRenewable(renewal.kind) ? COMPLIANCE_KIND_LABELS[renewal.kind] : renewal.kind;
          return (
            <li key={renewal.id} className="text-ink-muted">
              <span className="font-medium text-ink">{label}</span>: {formatDate(renewal.previous_expiry_date)} →{' '}
              {formatDate(renewal.new_expiry_date)}
              {renewal.new_reference && renewal.new_reference !== renewal.previous_reference
                ? ` (${renewal.previous_reference ?? '—'} → ${renewal.new_reference})`
                : ''}{' '}
              · by {renewal.renewed_by ?? 'an unknown user'} on{' '}
              <time dateTime={renewal.renewed_at}>{formatDateTime(renewal.renewed_at)}</time>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** KETs: each letter generated for the worker, who and when (decision 095). */
function LettersIssued({ workerId }: { workerId: string }) {
  const letters = useQuery(complianceQueries.letters(workerId));
  let content: React.ReactNode;
  if (letters.isPending) content = <LoadingState label="Loading employment letters" />;
  else if (letters.isError) {
    content = (
      <ListLoadError
        what="employment letters"
        error={letters.error}
        retrying={letters.isFetching}
        onRetry={() => void letters.refetch()}
      />
    );
  } else if (letters.data.items.length === 0) {
    content = <p className="text-sm text-ink-muted">No employment letter issued yet.</p>;
  } else {
    content = (
      <ol className="flex flex-col gap-1 text-sm">
        {letters.data.items.map((letter) => (
          <li key={letter.id} className="text-ink-muted">
            Generated by <span className="font-medium text-ink">{letter.generated_by}</span> on{' '}
            <time dateTime={letter.generated_at}>{formatDateTime(letter.generated_at)}</time>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section aria-labelledby="letters-issued">
      <h3 id="letters-issued" className="mb-2 text-sm font-semibold">
        Employment letters issued
      </h3>
      {content}
    </section>
  );
}

function RenewDialog({
  workerId,
  kind,
  current,
  onClose,
}: {
  workerId: string;
  kind: RenewableKind;
  current: string;
  onClose(): void;
}) {
  const renew = useRenewItem(workerId);
  const toast = useToast();
  const formId = useId();
  const [expiry, setExpiry] = useState('');
  const [reference, setReference] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const referenceLabel = REFERENCE_LABELS[kind];
  const label = COMPLIANCE_KIND_LABELS[kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setFields({});
    try {
      await renew.mutateAsync({ kind, expiry_date: expiry, ...(referenceLabel ? { reference } : {}) });
      toast.show({ title: `${label} renewed`, description: `New expiry ${formatDate(expiry)}`, tone: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      setFailure(errorMessage(error, 'Could not renew. Please try again.'));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Renew ${label}`}
      description={`Current expiry ${formatDate(current)}. It is kept in the renewal history.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={renew.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={renew.isPending}>
            Save Renewal
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          label="New Expiry Date"
          type="date"
          required
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          error={fields.expiry_date}
        />
        {referenceLabel && (
          <TextField
            label={referenceLabel}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            hint="Left empty, the number stays as it is"
            autoComplete="off"
            error={fields.reference}
          />
        )}
      </form>
    </Modal>
  );
}
