import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageError } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});
function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'td-store-'));
  roots.push(root);
  return root;
}

describe('local file store', () => {
  it('puts, gets and removes files, creating folders as needed', async () => {
    const root = tempRoot();
    const store = createLocalFileStore(path.join(root, 'files'));
    await store.put('documents/ipa/a.pdf', Buffer.from('%PDF-'));
    const got = await store.get('documents/ipa/a.pdf');
    expect(got?.size).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of got?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-');
    await store.remove('documents/ipa/a.pdf');
    expect(await store.get('documents/ipa/a.pdf')).toBeNull();
    // Already gone is fine.
    await expect(store.remove('documents/ipa/a.pdf')).resolves.toBeUndefined();
  });

  it('never overwrites an existing file', async () => {
    const store = createLocalFileStore(tempRoot());
    await store.put('workers/a.png', Buffer.from('one'));
    await expect(store.put('workers/a.png', Buffer.from('two'))).rejects.toBeInstanceOf(StorageError);
  });

  it.each(['../outside.txt', 'workers/../../outside.txt', '/etc/passwd', 'workers\\..\\x', 'a//b', './a', ''])(
    'refuses the path %j',
    async (unsafe) => {
      const root = tempRoot();
      const store = createLocalFileStore(path.join(root, 'files'));
      await expect(store.put(unsafe, Buffer.from('x'))).rejects.toBeInstanceOf(StorageError);
      await expect(store.get(unsafe)).rejects.toBeInstanceOf(StorageError);
      await expect(store.remove(unsafe)).rejects.toBeInstanceOf(StorageError);
      expect(fs.existsSync(path.join(root, 'outside.txt'))).toBe(false);
    },
  );

  it('says the store is not configured when its folder cannot be created', async () => {
    const root = tempRoot();
    fs.writeFileSync(path.join(root, 'file'), 'x');
    const store = createLocalFileStore(path.join(root, 'file', 'files'));
    const failure = await store.put('workers/a.png', Buffer.from('x')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageError);
    expect((failure as StorageError).reason).toBe('not-configured');
    // The detail names the error, not the server's folders.
    expect((failure as StorageError).detail).not.toContain(root);
  });
});
