import type { FileKind } from '@td/shared/schemas/file';
import { FileUploadField } from '@/components/ui/file-upload-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { uploadStoredFile } from '@/lib/stored-files.ts';
import { checkUpload, UPLOAD_RULES, type UploadCategory } from '@/lib/upload-checks.ts';

export interface WorkerFileFieldProps {
  /** What the file is, e.g. "IPA Document" or "Photo". */
  label: string;
  kind: Exclude<FileKind, 'certificate'>;
  /** The stored file's URL held by the form, or null. */
  url: string | null;
  /** The URL the saved worker links (edit form); a removal of it can be taken back until saving. */
  savedUrl?: string | null;
  onUploaded(url: string): void;
  onRemoved(): void;
  /** Puts the saved file back after a Remove or a replacement (before saving). */
  onRestored?(): void;
  onBusyChange?(busy: boolean): void;
  /** An error from form validation to show with this field. */
  error?: string | undefined;
  /** Hide the field's own title when the section around it already names it. */
  hideTitle?: boolean;
}

const categoryOf = (kind: FileKind): UploadCategory => (kind === 'photo' ? 'photo' : 'document');

/** SPEC 8: upload failure messages; the fallback text when the failure says nothing. */
function uploadFailure(category: UploadCategory, error: unknown): string {
  if (error instanceof ApiError) {
    return `Failed to upload ${category === 'photo' ? 'photo' : 'document'}: ${error.message}`;
  }
  return category === 'photo'
    ? 'Failed to upload photo. Please check the file and try again.'
    : 'Failed to upload document(s). Please check the file(s) and try again.';
}

/**
 * One upload of the worker form (SPEC 2, 4, 5): the chosen file is checked here first (type, 5 MB),
 * then stored at once; the returned URL goes into the form and is saved with it.
 *
 * ARCHITECTURE differs 11 (decision 024): Remove only clears the form's link. The stored file is
 * removed by the server once the form is saved without it; Cancel, or leaving the form, keeps the
 * documents as they were. Until then the removal (or a replacement) can be taken back here.
 */
export function WorkerFileField({ kind, ...rest }: WorkerFileFieldProps) {
  const category = categoryOf(kind);
  const rule = UPLOAD_RULES[category];
  return (
    <FileUploadField
      {...rest}
      accept={rule.accept}
      hint={rule.hint}
      preview={category === 'photo' ? 'image' : 'link'}
      check={(file) => checkUpload(file, category)}
      upload={(file) => uploadStoredFile(kind, file)}
      uploadFailure={(error) => uploadFailure(category, error)}
    />
  );
}
