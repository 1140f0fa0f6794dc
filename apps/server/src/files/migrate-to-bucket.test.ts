import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket } from '../../test/s3-test-server.ts';
import { migrateFolderToBucket } from './migrate-to-bucket.ts';
import type { S3FileStore } from './s3-file-store.ts';

let bucket: S3FileStore;
let text: (path: string) => Promise<string | null>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ bucket, text, close } = await startTestBucket());
});
afterAll(() => close());

describe('npm run files:migrate (decision 087)', () => {
  it('copies the folder into the bucket, verified, leaves the trash out, and a second run copies nothing', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'td-migrate-'));
    const write = (relative: string, body: string) => {
      fs.mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
      fs.writeFileSync(path.join(folder, relative), body);
    };
    write('documents/ipa/a.pdf', '%PDF-a');
    write('documents/contract/b.pdf', '%PDF-bb');
    write('photos/c.png', 'png bytes');
    write('.trash/documents/ipa/gone.pdf', '%PDF-gone');
    // An object already in the bucket with other bytes is replaced by the folder's.
    await bucket.put('photos/c.png', Buffer.from('stale'));

    const progress: number[] = [];
    const first = await migrateFolderToBucket(folder, bucket, (done) => progress.push(done));
    expect(first).toEqual({ copied: 3, alreadyThere: 0, failed: [], bytes: 6 + 7 + 9 });
    expect(progress).toEqual([1, 2, 3]);
    expect(await text('documents/ipa/a.pdf')).toBe('%PDF-a');
    expect(await text('documents/contract/b.pdf')).toBe('%PDF-bb');
    expect(await text('photos/c.png')).toBe('png bytes');
    const listed: string[] = [];
    for await (const entry of bucket.list?.() ?? []) listed.push(entry.path);
    const trashed: string[] = [];
    for await (const entry of bucket.listTrash()) trashed.push(entry);
    expect(listed.sort()).toEqual(['documents/contract/b.pdf', 'documents/ipa/a.pdf', 'photos/c.png']);
    expect(trashed).toEqual([]);
    expect(fs.existsSync(path.join(folder, 'documents/ipa/a.pdf'))).toBe(true);

    const again = await migrateFolderToBucket(folder, bucket);
    expect(again).toEqual({ copied: 0, alreadyThere: 3, failed: [], bytes: 0 });
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
