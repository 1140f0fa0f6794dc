import { z } from 'zod';

/** SPEC 3 stored files: which folder an upload goes to. */
export const FILE_KINDS = ['photo', 'ipa', 'consent_letter', 'contract', 'certificate'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE = 'File size exceeds 5MB limit. Please choose a smaller file.';
export const INVALID_DOCUMENT_TYPE = 'Invalid file type. Please upload a PDF, DOC, DOCX, JPG, or PNG file.';
export const INVALID_PHOTO_TYPE = 'Invalid file type. Please upload a JPG, PNG, or GIF image.';
export const INVALID_CERTIFICATE_TYPE = 'Invalid file type. Please upload a PDF, DOC, DOCX, JPG, JPEG, or PNG file.';

export const UploadedFile = z.object({ url: z.string() });
export type UploadedFile = z.infer<typeof UploadedFile>;

/** Folder (SPEC 3 stored files) of each kind inside the store. */
export const FILE_FOLDERS: Record<FileKind, string> = {
  photo: 'workers',
  ipa: 'documents/ipa',
  consent_letter: 'documents/consent-letter',
  contract: 'documents/contract',
  certificate: 'certificates',
};

/** `*_url` values are app URLs under this prefix (ARCHITECTURE differs 2: private, served to signed-in staff). */
export const FILE_URL_PREFIX = '/api/files/';

export const FILE_REQUIRED = 'Please choose a file to upload.';
export const FILE_NAME_INVALID =
  'The file name contains characters that are not allowed. Please rename the file and try again.';
/** A multipart body that cannot be read (no boundary, cut short...): decision 008. */
export const UPLOAD_UNREADABLE = 'The upload could not be read. Please choose the file and try again.';
export const FILE_KIND_REQUIRED =
  'Please say what the file is for (photo, ipa, consent_letter, contract or certificate).';
export const FILE_NOT_FOUND = 'File not found';
export const INVALID_FILE_URL = 'This is not the address of a stored file.';

/** SPEC 8 storage errors. */
export const STORAGE_NOT_CONFIGURED =
  'Storage service is not properly configured. Please contact the system administrator to create the required storage bucket.';
export const storageAccessDenied = (action: 'upload' | 'delete', detail: string) =>
  `Access denied: You do not have permission to ${action} files. Please contact the administrator. Error details: ${detail}`;

/** A `*_url` field that does not name a file this server stored for that purpose. */
export const uploadedFileMissing = (label: string) =>
  `The uploaded ${label} could not be found. Please upload it again.`;
