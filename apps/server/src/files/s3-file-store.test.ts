import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test/s3-test-server.ts';
import { loadConfig } from '../config.ts';
import { StorageError } from './file-store.ts';
import { createS3FileStore, type S3FileStore } from './s3-file-store.ts';

let s3: TestS3Server;
let store: S3FileStore;
beforeAll(async () => {
  s3 = await startTestS3Server();
  const files = loadConfig({ NODE_ENV: 'test', ...s3.env }).files;
  if (files.driver !== 's3') throw new Error('expected the S3 settings');
  store = createS3FileStore(files);
});
afterAll(async () => {
  store.client.destroy();
  await s3.close();
});

async function read(path: string): Promise<string | null> {
  const got = await store.get(path);
  if (!got) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of got.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('S3 file store against an S3-compatible server (decision 087)', () => {
  it('puts bytes and streams, gets them as streams with their size, and removes them', async () => {
    await store.put('documents/ipa/a.pdf', Buffer.from('%PDF-a'));
    await store.put('documents/ipa/streamed.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('streamed')]));
    expect((await store.get('documents/ipa/a.pdf'))?.size).toBe(6);
    expect(await read('documents/ipa/a.pdf')).toBe('%PDF-a');
    expect(await read('documents/ipa/streamed.pdf')).toBe('%PDF-streamed');
    await store.remove('documents/ipa/a.pdf');
    expect(await store.get('documents/ipa/a.pdf')).toBeNull();
    await expect(store.remove('documents/ipa/a.pdf')).resolves.toBeUndefined();
    await store.remove('documents/ipa/streamed.pdf');
  });

  it('moves into the trash and back, lists the trash apart, and removes from it (decision 042)', async () => {
    await store.put('documents/wp/t1.pdf', Buffer.from('%PDF-1'));
    await store.put('documents/wp/t2.pdf', Buffer.from('%PDF-2'));
    await store.moveToTrash('documents/wp/t1.pdf');
    await store.moveToTrash('documents/wp/t2.pdf');
    await store.moveToTrash('documents/wp/never-there.pdf');
    expect(await store.get('documents/wp/t1.pdf')).toBeNull();
    const listed: string[] = [];
    for await (const entry of store.list?.() ?? []) listed.push(entry.path);
    expect(listed.filter((p) => p.startsWith('documents/wp/'))).toEqual([]);
    const trashed: string[] = [];
    for await (const p of store.listTrash()) trashed.push(p);
    expect(trashed.sort()).toEqual(['documents/wp/t1.pdf', 'documents/wp/t2.pdf']);

    await store.restoreFromTrash('documents/wp/t1.pdf');
    await store.removeFromTrash('documents/wp/t2.pdf');
    expect(await read('documents/wp/t1.pdf')).toBe('%PDF-1');
    const after: string[] = [];
    for await (const p of store.listTrash()) after.push(p);
    expect(after).toEqual([]);
    await store.remove('documents/wp/t1.pdf');
  });

  it('refuses paths that leave the store or reach into the trash', async () => {
    for (const bad of ['../x.pdf', '/abs.pdf', '.trash/a.pdf', 'a//b.pdf', '']) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toBeInstanceOf(StorageError);
    }
  });

  it('reports a missing bucket as not configured, and checks that it is reachable', async () => {
    await expect(store.check?.()).resolves.toBeUndefined();
    const files = loadConfig({ NODE_ENV: 'test', ...s3.env, S3_BUCKET: 'no-such-bucket' }).files;
    if (files.driver !== 's3') throw new Error('expected the S3 settings');
    const missing = createS3FileStore(files);
    const failure = await missing.put('documents/ipa/x.pdf', Buffer.from('x')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageError);
    expect((failure as StorageError).reason).toBe('not-configured');
    await expect(missing.check?.()).rejects.toBeInstanceOf(StorageError);
    missing.client.destroy();
  });
});
