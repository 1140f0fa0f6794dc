import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_URL_PREFIX } from '@td/shared/schemas/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnderTest } from '../../test/build-test-app.ts';
import { givenStoredFile } from '../../test/factories.ts';
import { startTestBucket } from '../../test/s3-test-server.ts';
import { createDatabase, migrateToLatest } from '../db/database.ts';
import type { S3FileStore } from '../files/s3-file-store.ts';
import { createBackup, restoreBackup } from './backup.ts';

let bucket: S3FileStore;
let text: (path: string) => Promise<string | null>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ bucket, text, close } = await startTestBucket());
});
afterAll(() => close());

/**
 * Decision 087: with the S3 store, `npm run backup` copies the bucket's objects the database points at and
 * `npm run restore` puts them back into the bucket. The database part is the same as without a bucket
 * (backup.test.ts runs it on both databases); this holds the bucket part, on the SQLite file.
 */
describe.runIf(databaseUnderTest === 'sqlite')('backup and restore with files in a bucket (decision 087)', () => {
  it('copies the objects the snapshot records, lists a missing one, and restores them into the bucket', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-backup-bucket-'));
    const db = createDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(db);
    const kept = (await givenStoredFile(db, 'ipa')).slice(FILE_URL_PREFIX.length);
    const lost = (await givenStoredFile(db, 'contract')).slice(FILE_URL_PREFIX.length);
    await db.destroy();
    await bucket.put(kept, Buffer.from('%PDF-kept'));
    await bucket.put('documents/ipa/orphan.pdf', Buffer.from('%PDF-orphan'));

    const target = path.join(dataDir, 'backup');
    const source = { databaseUrl: undefined, dataDir, filesDir: path.join(dataDir, 'unused'), bucket };
    const manifest = await createBackup(source, target);
    expect(manifest).toMatchObject({ storedFiles: 2, filesCopied: 1, missingFiles: [lost], bytes: 9 });
    expect(fs.readFileSync(path.join(target, 'files', kept), 'utf8')).toBe('%PDF-kept');
    // Only what the database points at: the orphan is not backed up.
    expect(fs.existsSync(path.join(target, 'files/documents/ipa/orphan.pdf'))).toBe(false);

    await bucket.remove(kept);
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-restore-bucket-'));
    await restoreBackup(target, {
      databaseUrl: undefined,
      dataDir: restoredDir,
      filesDir: path.join(restoredDir, 'unused'),
      bucket,
    });
    expect(await text(kept)).toBe('%PDF-kept');
    expect(fs.existsSync(path.join(restoredDir, 'unused'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(restoredDir, { recursive: true, force: true });
  });
});
