import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type FileStore, StorageError } from './file-store.ts';

const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

/** `EACCES: permission denied` from a Node error, leaving out the file system path. */
function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message.split(',')[0]?.trim() : undefined;
    if (typeof code === 'string') return text?.startsWith(code) ? text : `${code}${text ? `: ${text}` : ''}`;
    if (text) return text;
  }
  return 'unknown error';
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

function toStorageError(error: unknown): StorageError {
  const reason = PERMISSION_CODES.has(codeOf(error) ?? '') ? 'access-denied' : 'failed';
  return new StorageError(reason, describeError(error), { cause: error });
}

/** Makes a new directory entry durable; file systems that cannot sync a directory are let be. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await fs.open(directory, 'r');
  try {
    await handle.sync();
  } catch (error) {
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EBADF'].includes(codeOf(error) ?? '')) throw error;
  } finally {
    await handle.close();
  }
}

/**
 * The store's trash (decision 042), a folder inside it so that moving a file there is one rename on
 * the same file system. Backups leave it out (`backup.ts`).
 */
export const TRASH_FOLDER = '.trash';

/** Every file under `directory`, as forward-slash paths relative to it; none when it does not exist. */
async function* filesUnder(directory: string): AsyncIterable<{ relative: string; modifiedAt: Date }> {
  let entries: string[];
  try {
    entries = await fs.readdir(directory, { recursive: true });
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw toStorageError(error);
  }
  for (const entry of entries) {
    const stat = await fs.lstat(path.join(directory, entry)).catch(() => null);
    if (stat?.isFile()) yield { relative: entry.split(path.sep).join('/'), modifiedAt: stat.mtime };
  }
}

/** Files in a folder on this machine (`${DATA_DIR}/files`). */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const trash = path.join(base, TRASH_FOLDER);

  /**
   * The absolute path of a store path; refuses anything that would leave the store (path traversal)
   * or reach into the trash.
   */
  function resolve(relative: string): string {
    const parts = relative.split('/');
    const unsafe =
      relative.length === 0 ||
      relative.includes('\\') ||
      relative.includes('\0') ||
      path.isAbsolute(relative) ||
      parts[0] === TRASH_FOLDER ||
      parts.some((part) => part === '' || part === '.' || part === '..');
    const full = path.resolve(base, relative);
    if (unsafe || !full.startsWith(base + path.sep)) throw new StorageError('failed', 'invalid file path');
    return full;
  }

  /** Where `relative` lies while in the trash. */
  function trashed(relative: string): string {
    return path.join(trash, path.relative(base, resolve(relative)));
  }

  /** Renames `from` to `to` (one atomic step); a missing `from` is not an error. */
  async function move(from: string, to: string): Promise<void> {
    try {
      await fs.mkdir(path.dirname(to), { recursive: true });
      await fs.rename(from, to);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return;
      throw toStorageError(error);
    }
  }

  async function ensureRoot(): Promise<void> {
    try {
      await fs.mkdir(base, { recursive: true });
    } catch (error) {
      // SPEC 8 "storage bucket missing": the store folder does not exist and cannot be made.
      throw new StorageError('not-configured', describeError(error), { cause: error });
    }
  }

  return {
    async put(relative, data) {
      const full = resolve(relative);
      await ensureRoot();
      let created = false;
      try {
        await fs.mkdir(path.dirname(full), { recursive: true });
        // `wx`: never overwrite; names are random, so an existing file means something is wrong.
        const file = await fs.open(full, 'wx');
        created = true;
        try {
          if (data instanceof Uint8Array) await file.writeFile(data);
          else for await (const chunk of data) await file.write(chunk as Uint8Array);
          // Decision 038, durability: the bytes and the new name reach the disk before the record that
          // points at them commits (the databases commit with fsync too), so a power cut cannot leave
          // a saved record with an empty or missing file. A SIGKILL alone would not show this.
          await file.sync();
        } finally {
          await file.close();
        }
        await syncDirectory(path.dirname(full));
      } catch (error) {
        if (created) await fs.rm(full, { force: true }).catch(() => undefined);
        throw toStorageError(error);
      }
    },

    async get(relative) {
      const full = resolve(relative);
      try {
        const stat = await fs.stat(full);
        if (!stat.isFile()) return null;
        return { body: createReadStream(full), size: stat.size };
      } catch (error) {
        if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return null;
        throw toStorageError(error);
      }
    },

    async *list() {
      for await (const { relative, modifiedAt } of filesUnder(base)) {
        if (relative.split('/')[0] !== TRASH_FOLDER) yield { path: relative, modifiedAt };
      }
    },

    async remove(relative) {
      const full = resolve(relative);
      try {
        await fs.rm(full, { force: true });
      } catch (error) {
        throw toStorageError(error);
      }
    },

    // No fsync for the moves: after a power cut the file is either in its place or in the trash, and
    // the sweep judges either by whether its record committed (a record gets its file back, a file
    // without a record is removed), as it does after a SIGKILL.
    async moveToTrash(relative) {
      await move(resolve(relative), trashed(relative));
    },

    async restoreFromTrash(relative) {
      await move(trashed(relative), resolve(relative));
    },

    async removeFromTrash(relative) {
      try {
        await fs.rm(trashed(relative), { force: true });
      } catch (error) {
        throw toStorageError(error);
      }
    },

    async *listTrash() {
      for await (const { relative } of filesUnder(trash)) yield relative;
    },

    async check() {
      await ensureRoot();
      try {
        await fs.access(base, fs.constants.W_OK);
      } catch (error) {
        throw toStorageError(error);
      }
    },
  };
}
