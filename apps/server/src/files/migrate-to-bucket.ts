import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore } from './file-store.ts';
import { TRASH_FOLDER } from './local-file-store.ts';

export interface MigrationReport {
  /** Files of the folder put into the bucket and read back with the same SHA-256. */
  copied: number;
  /** Already in the bucket with the same bytes (a second run copies nothing). */
  alreadyThere: number;
  /** Files whose object read back different, or could not be written: path and reason. */
  failed: Array<{ path: string; reason: string }>;
  bytes: number;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `root` but the trash, as forward-slash paths relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => relative.split('/')[0] !== TRASH_FOLDER)
    .sort();
}

/**
 * Decision 087, `npm run files:migrate`: copies an installation's local files folder into the S3 bucket
 * before it switches to `FILES_DRIVER=s3`. Each file is streamed up, then read back and compared by
 * SHA-256; an object already there with the same bytes is left as it is, so the command can be run
 * again after a failure. Nothing is removed from the folder.
 */
export async function migrateFolderToBucket(
  folder: string,
  bucket: FileStore,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, alreadyThere: 0, failed: [], bytes: 0 };
  const paths = await filesUnder(folder);
  for (const [index, relative] of paths.entries()) {
    const file = path.join(folder, relative);
    try {
      const local = await sha256Of(createReadStream(file));
      const existing = await bucket.get(relative);
      if (existing && (await sha256Of(existing.body)) === local) {
        report.alreadyThere++;
      } else {
        await bucket.put(relative, createReadStream(file));
        const stored = await bucket.get(relative);
        const remote = stored ? await sha256Of(stored.body) : 'missing';
        if (remote !== local)
          throw new Error(remote === 'missing' ? 'not found after writing' : 'read back different bytes');
        report.copied++;
        report.bytes += (await fs.stat(file)).size;
      }
    } catch (error) {
      report.failed.push({ path: relative, reason: error instanceof Error ? error.message : String(error) });
    }
    onProgress(index + 1, paths.length);
  }
  return report;
}
