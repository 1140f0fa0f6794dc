import { CERTIFICATE_UPLOAD_FAILED } from '@td/shared/schemas/training-record';
import { FileUploadField } from '@/components/ui/file-upload-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { deleteStoredFile, uploadStoredFile } from '@/lib/stored-files.ts';
import { checkUpload, UPLOAD_RULES } from '@/lib/upload-checks.ts';

const RULE = UPLOAD_RULES.certificate;

/** SPEC 8 "Failed to upload certificate. Please try again.", or the server's reason when it refused the file. */
function uploadFailure(error: unknown): string {
  return error instanceof ApiError && (error.status === 400 || error.status === 413)
    ? error.message
    : CERTIFICATE_UPLOAD_FAILED;
}

/** Deletes a file uploaded in this form and never saved: nothing links it, so nothing is lost. */
export function discardUnsavedUpload(url: string) {
  void deleteStoredFile(url).catch((error: unknown) => console.error('Failed to discard an unsaved upload', error));
}

interface CertificateFieldProps {
  /** The certificate the form holds now, or null. */
  url: string | null;
  /** The certificate the saved record links (edit), or null. */
  savedUrl: string | null;
  onChange(url: string | null): void;
  onBusyChange(busy: boolean): void;
  error?: string | undefined;
}

/**
 * SPEC 2, 5 certificate file: PDF, JPG, JPEG, PNG, DOC or DOCX, 5 MB (checked here and again, by
 * content, on the server: ARCHITECTURE differs 6). An existing certificate can be removed with Remove
 * and replaced by uploading another. ARCHITECTURE differs 11: removing or replacing the saved
 * certificate takes effect when the form is saved (the server then deletes it); until then it can be
 * kept, and Cancel leaves the record as it was. A file uploaded here and removed again before saving
 * is deleted at once, since nothing links it.
 */
export function CertificateField({ url, savedUrl, onChange, onBusyChange, error }: CertificateFieldProps) {
  return (
    <FileUploadField
      label="Certificate"
      hideTitle
      url={url}
      savedUrl={savedUrl}
      accept={RULE.accept}
      hint={RULE.hint}
      check={(file) => checkUpload(file, 'certificate')}
      upload={(file) => uploadStoredFile('certificate', file)}
      uploadFailure={uploadFailure}
      remove={async (current) => {
        if (current !== savedUrl) discardUnsavedUpload(current);
      }}
      onUploaded={onChange}
      onRemoved={() => onChange(null)}
      onRestored={() => {
        if (url !== null && url !== savedUrl) discardUnsavedUpload(url);
        onChange(savedUrl);
      }}
      onBusyChange={onBusyChange}
      error={error}
    />
  );
}
