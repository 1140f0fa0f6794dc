import type { Worker } from '@td/shared/schemas/worker';
import { WORKER_FIELD_LABELS } from '@td/shared/schemas/worker';
import { ExternalLink, FileText } from 'lucide-react';
import { cn } from '../../../components/ui/cn.ts';

type WorkerDocuments = Pick<Worker, 'ipa_url' | 'consent_letter_url' | 'contract_url'>;

const DOCUMENTS = [
  { field: 'ipa_url', label: WORKER_FIELD_LABELS.ipa_url },
  { field: 'consent_letter_url', label: WORKER_FIELD_LABELS.consent_letter_url },
  { field: 'contract_url', label: WORKER_FIELD_LABELS.contract_url },
] as const;

/** A stored file: a private app URL opened in a new tab (ARCHITECTURE differs 2). */
export function FileLink({ href, label, className }: { href: string; label: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-accent hover:underline',
        className,
      )}
    >
      <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
      {label}
      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0 opacity-70" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

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
