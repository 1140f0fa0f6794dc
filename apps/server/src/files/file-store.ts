import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (ARCHITECTURE Shape: a local folder by default, S3-compatible later).
 * Paths are relative, forward-slash, already checked by the caller (`documents/ipa/<uuid>.pdf`).
 */
export interface FileStore {
  /**
   * Writes the file; a stream is written as it arrives, never held whole. `size`, when the caller knows
   * it, lets the S3 store send the stream as one request (decision 106); without it the S3 store sends
   * it in parts.
   */
  put(path: string, data: Uint8Array | Readable, size?: number): Promise<void>;
  /** The file's bytes as a stream, or null when it does not exist. */
  get(path: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the file; a file that is already gone is not an error. */
  remove(path: string): Promise<void>;
  /**
   * Every stored file with its last change, for the sweep of bytes no record knows (decision 036). A store
   * that cannot list leaves it out; the sweep then only removes files whose record it deletes. Files
   * in the trash are not listed.
   *
   * The trash (decision 042): a file whose record is being deleted is moved aside inside the database
   * transaction and removed only after the commit, so a crash between the two never leaves a record
   * without its bytes (the trashed file is put back) nor bytes nobody can find (they are removed).
   */
  list?(): AsyncIterable<{ path: string; modifiedAt: Date }>;
  /**
   * Moves the file into the trash, whole or not at all: afterwards it is either still in its place or
   * in the trash under the same path. A file that is already gone is not an error.
   */
  moveToTrash(path: string): Promise<void>;
  /** Puts a trashed file back in its place; nothing trashed under `path` is not an error. */
  restoreFromTrash(path: string): Promise<void>;
  /** Removes the trashed copy of `path`; nothing trashed under it is not an error. */
  removeFromTrash(path: string): Promise<void>;
  /** The paths (as they were before the move) of every file in the trash. */
  listTrash(): AsyncIterable<string>;
  /** Throws a StorageError when the store cannot be reached (`/api/ready`, decision 089). */
  check?(): Promise<void>;
}

/**
 * SPEC 8 storage failures, without the store's internals: `not-configured` when the store itself is
 * missing and cannot be created, `access-denied` for permission failures, `failed` for the rest.
 */
export class StorageError extends Error {
  constructor(
    readonly reason: 'not-configured' | 'access-denied' | 'failed',
    /** Short, path-free description fit for the user (`EACCES: permission denied`). */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${reason}: ${detail}`, options);
  }
}
