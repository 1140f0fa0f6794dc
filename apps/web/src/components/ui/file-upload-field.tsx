import { ImageIcon, RotateCcw, Trash2 } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { FileLink } from './file-link.tsx';
import { Spinner } from './spinner.tsx';

/** The design system's file input: its button drawn like a secondary button. */
export const fileInputClasses = cn(
  'min-w-0 text-sm text-ink-muted',
  'file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-white file:px-3',
  'file:text-sm file:font-medium file:text-ink hover:file:bg-canvas disabled:opacity-60',
);

export interface FileUploadFieldProps {
  /** What the file is, e.g. "IPA Document" or "Certificate". */
  label: string;
  /** The stored file's URL held by the form, or null. */
  url: string | null;
  /** The URL the saved record links (edit forms): a removal or replacement of it can be taken back. */
  savedUrl?: string | null;
  /** The file input's `accept` attribute, e.g. `.pdf,.png`. */
  accept: string;
  /** Shown under the field while there is nothing else to say, e.g. "PDF or PNG, max 5MB". */
  hint: ReactNode;
  /** How a chosen file is shown: a thumbnail (photos) or a link (documents). */
  preview?: 'image' | 'link';
  /** Checks a chosen file before anything is sent: the message to show, or null when it is fine. */
  check?(file: File): string | null;
  /** Stores the chosen file; resolves with its URL. */
  upload(file: File): Promise<string>;
  /** The message shown when `upload` failed. */
  uploadFailure(error: unknown): string;
  /**
   * Runs on Remove before the form's link is cleared (e.g. deleting an upload nothing links yet); when
   * it fails the link stays. Without it, Remove only clears the link.
   */
  remove?(url: string): Promise<void>;
  /** The message shown when `remove` failed. */
  removeFailure?(error: unknown): string;
  onUploaded(url: string): void;
  onRemoved(): void;
  /** Puts the saved file back after a Remove or a replacement (before saving). */
  onRestored?(): void;
  /** Told while an upload or removal is under way (the form holds its Save meanwhile). */
  onBusyChange?(busy: boolean): void;
  /** An error from form validation to show with this field. */
  error?: string | undefined;
  /** Hide the field's own title when the section around it already names it. */
  hideTitle?: boolean;
}

/**
 * One file of a form: a chosen file is checked here first, then stored at once and its URL handed to
 * the form, which saves it with the record. A stored file shows as a thumbnail or link with Remove;
 * after Remove the upload input is back, so a file is replaced by removing it and choosing another.
 *
 * ARCHITECTURE differs 11: Remove clears the form's link only; the saved record changes when the form
 * is saved (the server then deletes the file nothing links any more), and Cancel keeps it as it was.
 * Until then the field says what Save will do and offers to keep the saved file.
 */
export function FileUploadField({
  label,
  url,
  savedUrl = null,
  accept,
  hint,
  preview = 'link',
  check,
  upload,
  uploadFailure,
  remove,
  removeFailure,
  onUploaded,
  onRemoved,
  onRestored,
  onBusyChange,
  error,
  hideTitle = false,
}: FileUploadFieldProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
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
    const problem = check?.(file) ?? null;
    if (problem) {
      setFailure(problem);
      input.value = '';
      return;
    }
    setBusy('uploading');
    try {
      onUploaded(await upload(file));
    } catch (uploadError) {
      console.error(`Failed to upload ${label}`, uploadError);
      setFailure(uploadFailure(uploadError));
    } finally {
      input.value = '';
      setBusy('idle');
    }
  };

  const removeFile = async () => {
    if (!url) return;
    setFailure(null);
    if (!remove) {
      onRemoved();
      return;
    }
    setBusy('removing');
    try {
      await remove(url);
      onRemoved();
    } catch (removeError) {
      console.error(`Failed to remove ${label}`, removeError);
      setFailure(removeFailure?.(removeError) ?? `Failed to remove ${label}. Please try again.`);
    } finally {
      setBusy('idle');
    }
  };

  const changedFromSaved = savedUrl !== null && url !== savedUrl;

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-white p-4">
      {!hideTitle && <p className="text-sm font-semibold text-ink">{label}</p>}
      {url ? (
        <div className="flex flex-wrap items-center gap-3">
          {preview === 'image' ? (
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
            onClick={() => void removeFile()}
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
            {preview === 'image' && (
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
              accept={accept}
              disabled={state !== 'idle'}
              aria-invalid={failure || error ? true : undefined}
              aria-describedby={messageId}
              onChange={(event) => void choose(event)}
              className={cn('flex-1', fileInputClasses)}
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
      {changedFromSaved && (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-warning">
          {url ? 'Replaces the saved file when you save.' : 'The saved file is removed when you save.'}
          {onRestored && (
            <Button
              variant="link"
              icon={<RotateCcw aria-hidden="true" className="h-3.5 w-3.5" />}
              aria-label={`Keep the saved ${label}`}
              onClick={onRestored}
            >
              Keep the saved file
            </Button>
          )}
        </p>
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
          {hint}
        </p>
      )}
    </div>
  );
}
