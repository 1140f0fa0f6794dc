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

/** Files in a folder on this machine (`${DATA_DIR}/files`). */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);

  /** The absolute path of a store path; refuses anything that would leave the store (path traversal). */
  function resolve(relative: string): string {
    const parts = relative.split('/');
    const unsafe =
      relative.length === 0 ||
      relative.includes('\\') ||
      relative.includes('\0') ||
      path.isAbsolute(relative) ||
      parts.some((part) => part === '' || part === '.' || part === '..');
    const full = path.resolve(base, relative);
    if (unsafe || !full.startsWith(base + path.sep)) throw new StorageError('failed', 'invalid file path');
    return full;
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
          await file.writeFile(data);
          // Issue 16, durability: the bytes and the new name reach the disk before the record that
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
      let entries: string[];
      try {
        entries = await fs.readdir(base, { recursive: true });
      } catch (error) {
        if (codeOf(error) === 'ENOENT') return;
        throw toStorageError(error);
      }
      for (const entry of entries) {
        const relative = entry.split(path.sep).join('/');
        const stat = await fs.lstat(path.join(base, entry)).catch(() => null);
        if (stat?.isFile()) yield { path: relative, modifiedAt: stat.mtime };
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
  };
}
