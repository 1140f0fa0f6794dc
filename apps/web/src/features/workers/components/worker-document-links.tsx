import { WORKER_FIELD_LABELS } from '@td/shared/options/workers';
import type { Worker } from '@td/shared/schemas/worker';
import { FileLink } from '@/components/ui/file-link.tsx';

type WorkerDocuments = Pick<Worker, 'ipa_url' | 'consent_letter_url' | 'contract_url'>;

const DOCUMENTS = [
  { field: 'ipa_url', label: WORKER_FIELD_LABELS.ipa_url },
  { field: 'consent_letter_url', label: WORKER_FIELD_LABELS.consent_letter_url },
  { field: 'contract_url', label: WORKER_FIELD_LABELS.contract_url },
] as const;

/** SPEC 2: links to IPA Document, Consent Letter and Contract, or No documents uploaded. */
export function WorkerDocumentLinks({ worker }: { worker: WorkerDocuments }) {
  const present = DOCUMENTS.flatMap(({ field, label }) => {
    const url = worker[field];
    return url ? [{ field, label, url }] : [];
  });
  if (present.length === 0) return <p className="text-sm text-ink-muted">No documents uploaded</p>;
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2">
      {present.map(({ field, label, url }) => (
        <li key={field}>
          <FileLink href={url} label={label} />
        </li>
      ))}
    </ul>
  );
}
