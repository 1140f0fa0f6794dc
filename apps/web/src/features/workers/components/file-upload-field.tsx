import type { FileKind } from '@td/shared/schemas/file';
import { ImageIcon, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteWorkerFile, uploadWorkerFile } from '../api/worker-files.ts';
import { checkUpload, UPLOAD_RULES, type UploadCategory } from './upload-checks.ts';
import { FileLink } from './worker-document-links.tsx';

export interface FileUploadFieldProps {
  /** What the file is, e.g. "IPA Document" or "Photo". */
  label: string;
  kind: Exclude<FileKind, 'certificate'>;
  /** The stored file's URL held by the form, or null. */
  url: string | null;
  onUploaded(url: string): void;
  onRemoved(): void;
  onBusyChange?(busy: boolean): void;
  /** An error from form validation to show with this field. */
  error?: string | undefined;
  /** Hide the field's own title when the section around it already names it. */
  hideTitle?: boolean;
}

const categoryOf = (kind: FileKind): UploadCategory => (kind === 'photo' ? 'photo' : 'document');

/** SPEC 8: upload and delete failure messages; the fallback text when the failure says nothing. */
function uploadFailure(category: UploadCategory, error: unknown): string {
  if (error instanceof ApiError) {
    return `Failed to upload ${category === 'photo' ? 'photo' : 'document'}: ${error.message}`;
  }
  return category === 'photo'
    ? 'Failed to upload photo. Please check the file and try again.'
    : 'Failed to upload document(s). Please check the file(s) and try again.';
}

function deleteFailure(kind: FileKind, label: string, error: unknown): string {
  const what = kind === 'photo' ? 'photo' : `${label.replace(/ Document$/, '')} document`;
  return error instanceof ApiError
    ? `Failed to delete ${what}: ${error.message}`
    : `Failed to delete ${what}. Please try again.`;
}

/**
 * One upload of the worker form (SPEC 2, 4, 5): the chosen file is checked here first (type, 5 MB),
 * then stored at once; the returned URL goes into the form and is saved with it. Remove deletes the
 * stored file first and clears the form's link only when that succeeded; the worker record itself
 * changes only when the form is saved.
 */
export function FileUploadField({
  label,
  kind,
  url,
  onUploaded,
  onRemoved,
  onBusyChange,
  error,
  hideTitle = false,
}: FileUploadFieldProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const category = categoryOf(kind);
  const rule = UPLOAD_RULES[category];
  const [state, setState] = useState<'idle' | 'uploading' | 'removing'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const setBusy = (next: 'idle' | 'uploading' | 'removing') => {
    setState(next);
    onBusyChange?.(next !== 'idle');
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setFailure(null);
    const problem = checkUpload(file, category);
    if (problem) {
      setFailure(problem);
      input.value = '';
      return;
    }
    setBusy('uploading');
    try {
      onUploaded(await uploadWorkerFile(kind, file));
    } catch (uploadError) {
      console.error(`Failed to upload ${kind}`, uploadError);
      setFailure(uploadFailure(category, uploadError));
    } finally {
      input.value = '';
      setBusy('idle');
    }
  };

  const remove = async () => {
    if (!url) return;
    setFailure(null);
    setBusy('removing');
    try {
      await deleteWorkerFile(url);
      onRemoved();
    } catch (deleteError) {
      console.error(`Failed to delete ${kind}`, deleteError);
      setFailure(deleteFailure(kind, label, deleteError));
    } finally {
      setBusy('idle');
    }
  };

  const message = failure ?? error;

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-white p-4">
      {!hideTitle && <p className="text-sm font-semibold text-ink">{label}</p>}
      {url ? (
        <div className="flex flex-wrap items-center gap-3">
          {category === 'photo' ? (
            <a href={url} target="_blank" rel="noopener" className="shrink-0">
              <img
                src={url}
                alt={`${label} preview`}
                className="h-20 w-20 rounded-xl border border-line object-cover"
              />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <FileLink href={url} label={label} />
          )}
          <Button
            variant="secondary"
            size="sm"
            className="ml-auto"
            aria-label={`Remove ${label}`}
            busy={state === 'removing'}
            icon={<Trash2 aria-hidden="true" className="h-3.5 w-3.5" />}
            onClick={() => void remove()}
          >
            {state === 'removing' ? 'Removing...' : 'Remove'}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm text-ink">
            Upload {label}
          </label>
          <div className="flex flex-wrap items-center gap-3">
            {category === 'photo' && (
              <span
                aria-hidden="true"
                className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-canvas text-ink-muted"
              >
                <ImageIcon className="h-5 w-5" />
              </span>
            )}
            <input
              id={inputId}
              type="file"
              accept={rule.accept}
              disabled={state !== 'idle'}
              aria-invalid={message ? true : undefined}
              aria-describedby={messageId}
              onChange={(event) => void choose(event)}
              className={cn(
                'min-w-0 flex-1 text-sm text-ink-muted',
                'file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-white file:px-3',
                'file:text-sm file:font-medium file:text-ink hover:file:bg-canvas disabled:opacity-60',
              )}
            />
            {state === 'uploading' && (
              <span className="inline-flex items-center gap-2 text-sm text-accent">
                <Spinner size="sm" label="" />
                Uploading...
              </span>
            )}
          </div>
        </div>
      )}
      {failure ? (
        <p key="failure" id={messageId} role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : error ? (
        <p key="error" id={messageId} className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p key="hint" id={messageId} className="text-xs text-ink-muted">
          {rule.hint}
        </p>
      )}
    </div>
  );
}
