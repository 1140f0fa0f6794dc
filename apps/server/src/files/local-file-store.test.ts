import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageError } from './file-store.ts';
import { createLocalFileStore, TRASH_FOLDER } from './local-file-store.ts';

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

  it('moves a file into its trash and back, lists the trash apart, and removes from it (decision 042)', async () => {
    const root = path.join(tempRoot(), 'files');
    const store = createLocalFileStore(root);
    await store.put('documents/ipa/a.pdf', Buffer.from('%PDF-a'));
    await store.put('documents/ipa/b.pdf', Buffer.from('%PDF-b'));
    await store.moveToTrash('documents/ipa/a.pdf');
    expect(await store.get('documents/ipa/a.pdf')).toBeNull();
    expect(fs.readFileSync(path.join(root, TRASH_FOLDER, 'documents/ipa/a.pdf'), 'utf8')).toBe('%PDF-a');
    const listed = [];
    for await (const entry of store.list?.() ?? []) listed.push(entry.path);
    expect(listed).toEqual(['documents/ipa/b.pdf']);
    const trashed = [];
    for await (const entry of store.listTrash()) trashed.push(entry);
    expect(trashed).toEqual(['documents/ipa/a.pdf']);

    await store.restoreFromTrash('documents/ipa/a.pdf');
    expect((await store.get('documents/ipa/a.pdf'))?.size).toBe(6);
    await store.moveToTrash('documents/ipa/a.pdf');
    await store.removeFromTrash('documents/ipa/a.pdf');
    expect(fs.existsSync(path.join(root, TRASH_FOLDER, 'documents/ipa/a.pdf'))).toBe(false);
    // Nothing there is fine for each of them.
    await expect(store.moveToTrash('documents/ipa/a.pdf')).resolves.toBeUndefined();
    await expect(store.restoreFromTrash('documents/ipa/a.pdf')).resolves.toBeUndefined();
    await expect(store.removeFromTrash('documents/ipa/a.pdf')).resolves.toBeUndefined();
    expect(await store.get('documents/ipa/a.pdf')).toBeNull();
  });

  it('keeps ordinary paths out of the trash', async () => {
    const store = createLocalFileStore(tempRoot());
    await expect(store.put(`${TRASH_FOLDER}/workers/a.png`, Buffer.from('x'))).rejects.toBeInstanceOf(StorageError);
    await expect(store.get(`${TRASH_FOLDER}/workers/a.png`)).rejects.toBeInstanceOf(StorageError);
    await expect(store.moveToTrash(`${TRASH_FOLDER}/workers/a.png`)).rejects.toBeInstanceOf(StorageError);
    await expect(store.restoreFromTrash('../outside.txt')).rejects.toBeInstanceOf(StorageError);
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
