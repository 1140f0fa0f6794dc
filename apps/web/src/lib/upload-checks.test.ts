import {
  FILE_TOO_LARGE,
  INVALID_CERTIFICATE_TYPE,
  INVALID_DOCUMENT_TYPE,
  INVALID_PHOTO_TYPE,
  MAX_UPLOAD_BYTES,
} from '@td/shared/schemas/file';
import { describe, expect, it } from 'vitest';
import { checkUpload } from './upload-checks.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkUpload', () => {
  it.each([
    ['ipa.pdf', 'application/pdf'],
    ['letter.doc', 'application/msword'],
    ['contract.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['scan.JPG', 'image/jpeg'],
    ['scan.jpeg', ''],
    ['scan.png', 'image/png'],
    ['no-extension', 'application/pdf'],
  ])('accepts the document %s (%s)', (name, type) => {
    expect(checkUpload(file(name, type), 'document')).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['animation.gif', 'image/gif'],
    ['setup.exe', 'application/octet-stream'],
    ['archive.zip', ''],
  ])('refuses the document %s with the SPEC 5 message', (name, type) => {
    expect(checkUpload(file(name, type), 'document')).toBe(INVALID_DOCUMENT_TYPE);
  });

  it('allows exactly 5 MB and refuses one byte more', () => {
    expect(checkUpload(file('big.pdf', 'application/pdf', MAX_UPLOAD_BYTES), 'document')).toBeNull();
    expect(checkUpload(file('big.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1), 'document')).toBe(FILE_TOO_LARGE);
  });

  it('reports the type before the size', () => {
    expect(checkUpload(file('big.txt', 'text/plain', MAX_UPLOAD_BYTES + 1), 'document')).toBe(INVALID_DOCUMENT_TYPE);
  });

  it('accepts JPG, PNG and GIF photos and refuses others and large ones', () => {
    expect(checkUpload(file('me.gif', 'image/gif'), 'photo')).toBeNull();
    expect(checkUpload(file('me.png', 'image/png'), 'photo')).toBeNull();
    expect(checkUpload(file('me.jpg', ''), 'photo')).toBeNull();
    expect(checkUpload(file('me.pdf', 'application/pdf'), 'photo')).toBe(INVALID_PHOTO_TYPE);
    expect(checkUpload(file('me.png', 'image/png', MAX_UPLOAD_BYTES + 1), 'photo')).toBe(FILE_TOO_LARGE);
  });

  it('accepts PDF, JPG, JPEG, PNG, DOC and DOCX certificates (SPEC 5) and refuses others and large ones', () => {
    for (const name of ['csoc.pdf', 'csoc.jpg', 'csoc.JPEG', 'csoc.png', 'csoc.doc', 'csoc.docx']) {
      expect(checkUpload(file(name, ''), 'certificate')).toBeNull();
    }
    expect(checkUpload(file('csoc.gif', 'image/gif'), 'certificate')).toBe(INVALID_CERTIFICATE_TYPE);
    expect(checkUpload(file('csoc.txt', 'text/plain'), 'certificate')).toBe(INVALID_CERTIFICATE_TYPE);
    expect(checkUpload(file('csoc.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1), 'certificate')).toBe(FILE_TOO_LARGE);
  });
});
