import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (ARCHITECTURE Shape: a local folder by default, S3-compatible later).
 * Paths are relative, forward-slash, already checked by the caller (`documents/ipa/<uuid>.pdf`).
 */
export interface FileStore {
  put(path: string, data: Uint8Array): Promise<void>;
  /** The file's bytes as a stream, or null when it does not exist. */
  get(path: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the file; a file that is already gone is not an error. */
  remove(path: string): Promise<void>;
  /**
   * Every stored file with its last change, for the sweep of bytes no record knows (issue 16). A store
   * that cannot list leaves it out; the sweep then only removes files whose record it deletes.
   */
  list?(): AsyncIterable<{ path: string; modifiedAt: Date }>;
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
