import { type FileKind, uploadedFileMissing } from '@td/shared/schemas/file';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/errors.ts';
import { findStoredFilesByUrl } from './files.repository.ts';

/** A record's `*_url` field, the kind of stored file it must name, and its label for the message. */
export interface StoredFileField<F extends string> {
  field: F;
  kind: FileKind;
  label: string;
}

/**
 * ARCHITECTURE differs 2: a record may only link files this server stored, for the right purpose
 * (a worker's IPA field an IPA upload, a training record's certificate a certificate upload). A link
 * that did not change on update is accepted as it is (SPEC 4: a link changes only when the form is
 * saved). Answers 400 naming every field at fault.
 */
export async function assertStoredFiles<F extends string>(
  db: Db,
  fileFields: ReadonlyArray<StoredFileField<F>>,
  input: Readonly<Record<F, string | null>>,
  existing: Readonly<Record<F, string | null>> | null | undefined,
): Promise<void> {
  const toCheck = fileFields.flatMap((rule) => {
    const url = input[rule.field];
    return url !== null && url !== existing?.[rule.field] ? [{ ...rule, url }] : [];
  });
  if (toCheck.length === 0) return;
  const stored = await findStoredFilesByUrl(
    db,
    toCheck.map((entry) => entry.url),
  );
  const fields: Record<string, string> = {};
  for (const { field, kind, label, url } of toCheck) {
    if (!stored.some((file) => file.url === url && file.kind === kind)) fields[field] = uploadedFileMissing(label);
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}
