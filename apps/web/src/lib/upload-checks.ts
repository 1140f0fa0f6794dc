import {
  FILE_TOO_LARGE,
  INVALID_CERTIFICATE_TYPE,
  INVALID_DOCUMENT_TYPE,
  INVALID_PHOTO_TYPE,
  MAX_UPLOAD_BYTES,
} from '@td/shared/schemas/file';

export type UploadCategory = 'photo' | 'document' | 'certificate';

export interface UploadRule {
  extensions: readonly string[];
  mimeTypes: readonly string[];
  invalidType: string;
  /** The `accept` attribute of the file input. */
  accept: string;
  hint: string;
}

/**
 * SPEC 5: worker documents are PDF, DOC, DOCX, JPG or PNG; the photo is hinted as JPG, PNG or GIF;
 * training certificates are PDF, JPG, JPEG, PNG, DOC or DOCX; all max 5 MB (ARCHITECTURE differs 6).
 */
export const UPLOAD_RULES: Record<UploadCategory, UploadRule> = {
  document: {
    extensions: ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'],
    mimeTypes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/jpeg',
      'image/jpg',
      'image/png',
    ],
    invalidType: INVALID_DOCUMENT_TYPE,
    accept: '.pdf,.doc,.docx,.jpg,.jpeg,.png',
    hint: 'PDF, DOC, DOCX, JPG or PNG, max 5MB',
  },
  certificate: {
    extensions: ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'],
    mimeTypes: [
      'application/pdf',
      'image/jpeg',
      'image/jpg',
      'image/png',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    invalidType: INVALID_CERTIFICATE_TYPE,
    accept: '.pdf,.jpg,.jpeg,.png,.doc,.docx',
    hint: 'PDF, JPG, JPEG, PNG, DOC or DOCX, max 5MB',
  },
  photo: {
    extensions: ['jpg', 'jpeg', 'png', 'gif'],
    mimeTypes: ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'],
    invalidType: INVALID_PHOTO_TYPE,
    accept: '.jpg,.jpeg,.png,.gif',
    hint: 'JPG, PNG or GIF, max 5MB',
  },
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * Checks a chosen file before it is sent, so the user hears at once what the server would refuse
 * (the server checks again, by content: ARCHITECTURE differs 6). Browsers do not always know a file's
 * type (an empty or generic `type`), so a known extension is enough here. Returns the message or null.
 */
export function checkUpload(file: Pick<File, 'name' | 'type' | 'size'>, category: UploadCategory): string | null {
  const rule = UPLOAD_RULES[category];
  const knownType = rule.mimeTypes.includes(file.type.toLowerCase());
  const knownExtension = rule.extensions.includes(extensionOf(file.name));
  if (!knownType && !knownExtension) return rule.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  return null;
}
