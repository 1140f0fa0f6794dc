import { randomUUID } from 'node:crypto';
import {
  FILE_FOLDERS,
  FILE_NAME_INVALID,
  FILE_NOT_FOUND,
  FILE_URL_PREFIX,
  type FileKind,
  INVALID_FILE_URL,
  STORAGE_NOT_CONFIGURED,
  storageAccessDenied,
} from '@td/shared/schemas/file';
import { type Actor, recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { StoredFile } from '../db/schema.ts';
import { newId, nowIso } from '../lib/clock.ts';
import { AppError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import type { FileStore } from './file-store.ts';
import { StorageError } from './file-store.ts';
import { deleteWithTrash } from './file-trash.ts';
import { checkUpload, contentOfBytes, contentOfFile, keptFileName } from './file-types.ts';
import * as repo from './files.repository.ts';

/**
 * A store path as the server names them: `<kind folder>/<uuid>.<extension>`. Anything else (another
 * folder, `..`, an encoded slash) is not a stored file, which also rules out path traversal.
 */
const STORED_PATH = new RegExp(
  `^(?:${Object.values(FILE_FOLDERS).join('|')})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(?:pdf|doc|docx|jpg|jpeg|png|gif)$`,
);

export const isStoredPath = (path: string) => STORED_PATH.test(path);
export const urlOfPath = (path: string) => `${FILE_URL_PREFIX}${path}`;

/** The store path inside one of our file URLs, or null when the URL is not one. */
export function pathOfUrl(url: string): string | null {
  if (!url.startsWith(FILE_URL_PREFIX)) return null;
  const path = url.slice(FILE_URL_PREFIX.length);
  return isStoredPath(path) ? path : null;
}

const DELETE_LABELS: Record<FileKind, string> = {
  photo: 'photo',
  ipa: 'IPA',
  consent_letter: 'Consent Letter',
  contract: 'Contract',
  certificate: 'certificate',
};

/** SPEC 8: the storage messages the user sees. */
function storageFailure(error: unknown, action: 'upload' | 'delete', kind: FileKind): unknown {
  if (!(error instanceof StorageError)) return error;
  if (error.reason === 'not-configured') return new AppError(500, 'STORAGE_NOT_CONFIGURED', STORAGE_NOT_CONFIGURED);
  if (error.reason === 'access-denied') return forbidden(storageAccessDenied(action, error.detail));
  const message =
    action === 'upload'
      ? `Failed to upload ${kind === 'photo' ? 'photo' : 'document'}: ${error.detail}`
      : `Failed to delete ${DELETE_LABELS[kind]} document: ${error.detail}`;
  return new AppError(500, 'STORAGE_FAILED', message);
}

/**
 * An uploaded file: received to a temporary file (the route, decision 087: never held whole in memory),
 * or bytes already in memory (the demo data).
 */
export type Upload =
  | { kind: FileKind; fileName: string; data: Uint8Array }
  | { kind: FileKind; fileName: string; file: { path: string; size: number } };

/**
 * Checks the file by name and content, stores it under a random name, and records it with the audit
 * entry in one transaction. A failed record removes the stored bytes again. A received file is read as
 * a stream by the checks and by the store (decision 106).
 */
export async function uploadFile(
  db: Db,
  store: FileStore,
  upload: Upload,
  actor: Actor,
  now = new Date(),
): Promise<{ url: string }> {
  const originalName = keptFileName(upload.fileName);
  if (originalName === null) throw badRequest(FILE_NAME_INVALID, { file: FILE_NAME_INVALID });
  const content = 'data' in upload ? contentOfBytes(upload.data) : contentOfFile(upload.file.path, upload.file.size);
  const check = await checkUpload(upload.kind, originalName, content);
  if (!check.ok) throw badRequest(check.message, { file: check.message });

  // SPEC 3: random names that keep the original (lower-cased) extension.
  const path = `${FILE_FOLDERS[upload.kind]}/${randomUUID()}.${check.extension}`;
  try {
    await store.put(path, 'data' in upload ? upload.data : content.open(), content.size);
  } catch (error) {
    throw storageFailure(error, 'upload', upload.kind);
  }
  const file: StoredFile = {
    id: newId(),
    kind: upload.kind,
    path,
    url: urlOfPath(path),
    original_name: originalName,
    content_type: check.contentType,
    size_bytes: content.size,
    created_by: actor.id,
    created_at: nowIso(now),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await repo.insertStoredFile(trx, file);
      const { id, created_by, ...recorded } = file;
      await recordAudit(trx, actor, { action: 'create', entity: 'stored_file', entityId: id, after: recorded });
    });
  } catch (error) {
    // Decision 042: the bytes go only when the database says the record is not there. A commit whose
    // answer was lost (a dropped PostgreSQL connection) may have saved it; then, or when the database
    // cannot be asked, the bytes stay, and the sweep removes them later if no record has them.
    const recorded = await repo.findStoredFileByPath(db, path).then(Boolean, () => true);
    if (!recorded) await store.remove(path).catch(() => undefined);
    throw error;
  }
  return { url: file.url };
}

/** The stored file behind a path, for serving to signed-in staff. */
export async function readFile(db: Db, store: FileStore, path: string) {
  const record = isStoredPath(path) ? await repo.findStoredFileByPath(db, path) : undefined;
  if (!record) throw notFound(FILE_NOT_FOUND);
  const content = await store.get(path);
  if (!content) throw notFound(FILE_NOT_FOUND);
  return { ...content, contentType: record.content_type, originalName: record.original_name };
}

/**
 * SPEC 4: removes the stored file (the form clears its link only after this succeeds). The record,
 * every link to the file (a saved worker's `ipa_url`...) and the audit entries go in one transaction,
 * inside which the bytes are moved into the store's trash; they leave the store after the commit
 * (decision 042). So a failed move changes nothing, a link never points at a deleted file
 * (decision 008), and a crash between the move and the commit gives the file back at the next
 * start. A file that is already gone is not an error: removing it again must not leave the form stuck
 * on a dead link.
 */
export async function deleteFile(db: Db, store: FileStore, url: string, actor: Actor, now = new Date()): Promise<void> {
  const path = pathOfUrl(url);
  if (!path) throw badRequest(INVALID_FILE_URL, { url: INVALID_FILE_URL });
  await deleteWithTrash(db, store, async (trx, trash) => {
    for (const link of await repo.clearFileLinks(trx, url, nowIso(now))) {
      await recordAudit(trx, actor, {
        action: 'update',
        entity: link.entity,
        entityId: link.id,
        before: { [link.column]: url },
        after: { [link.column]: null },
      });
    }
    const record = await repo.findStoredFileByPath(trx, path);
    if (!record) return;
    await repo.deleteStoredFile(trx, record.id);
    const { id, created_by, ...recorded } = record;
    await recordAudit(trx, actor, { action: 'delete', entity: 'stored_file', entityId: id, before: recorded });
    try {
      await trash(path);
    } catch (error) {
      throw storageFailure(error, 'delete', record.kind as FileKind);
    }
  });
}
