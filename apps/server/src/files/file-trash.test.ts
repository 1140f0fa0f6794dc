/**
 * Decision 042: deleting a stored file moves its bytes into the store's trash inside the database
 * transaction and removes them after the commit. A process that dies between the two leaves the file
 * in the trash; the next start (before the first request) or sweep puts it back when its record is
 * still there and removes it when the record is gone. "Dies" is played by a store whose next step
 * never happens: the move succeeds and then the store throws, with nothing put back (before the
 * commit), or the removal from the trash never runs (after the commit).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildWorker, multipart, sampleFiles } from '../../test/factories.ts';
import type { Actor } from '../audit/audit.repository.ts';
import { createUser } from '../auth/auth.service.ts';
import type { FileStore } from './file-store.ts';
import { sweepUnlinkedFiles } from './file-sweeper.ts';
import { settleTrash } from './file-trash.ts';
import { deleteFile, uploadFile } from './files.service.ts';
import { createLocalFileStore, TRASH_FOLDER } from './local-file-store.ts';

const HOUR = 3600_000;
const filesDirOf = (t: TestApp) => path.join(t.dataDir, 'files');
const pathOf = (url: string) => url.replace('/api/files/', '');
const inPlace = (t: TestApp, url: string) => fs.existsSync(path.join(filesDirOf(t), pathOf(url)));
const inTrash = (t: TestApp, url: string) => fs.existsSync(path.join(filesDirOf(t), TRASH_FOLDER, pathOf(url)));
const recorded = async (t: TestApp, url: string) =>
  (await t.db.selectFrom('stored_files').select('id').where('url', '=', url).execute()).length === 1;
const trashLeft = (t: TestApp) =>
  fs.existsSync(path.join(filesDirOf(t), TRASH_FOLDER))
    ? (fs.readdirSync(path.join(filesDirOf(t), TRASH_FOLDER), { recursive: true }) as string[]).filter((entry) =>
        fs.statSync(path.join(filesDirOf(t), TRASH_FOLDER, entry)).isFile(),
      )
    : [];

class ProcessDied extends Error {}

/** The real store, except that the process "dies" right after moving a file to the trash. */
function dyingBeforeCommit(store: FileStore): FileStore {
  return {
    ...store,
    async moveToTrash(filePath) {
      await store.moveToTrash(filePath);
      throw new ProcessDied('killed after the move, before the commit');
    },
    // A dead process puts nothing back.
    restoreFromTrash: async () => undefined,
  };
}

/** The real store, except that the process "dies" after the commit, before the trash is emptied. */
function dyingAfterCommit(store: FileStore): FileStore {
  return { ...store, removeFromTrash: async () => undefined };
}

async function upload(t: TestApp, kind: string, name: string) {
  const body = multipart({ kind }, { name, data: sampleFiles.pdf() });
  const response = await t.request({ method: 'POST', url: '/api/files', payload: body.payload, headers: body.headers });
  expect(response.statusCode).toBe(201);
  return response.json().url as string;
}

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Clerk' });
  return t;
}

async function actorOf(t: TestApp): Promise<Actor> {
  return createUser(
    t.db,
    { name: 'Clerk', email: `clerk-${randomUUID()}@example.com`, password: 'correct horse battery' },
    null,
  );
}

describe('deleting a stored file, crash-safe (decision 042)', () => {
  it('moves the bytes aside in the transaction and removes them after the commit', async () => {
    const t = await signedInApp();
    const url = await upload(t, 'ipa', 'ipa.pdf');
    const removed = await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(url)}` });
    expect(removed.statusCode).toBe(204);
    expect([await recorded(t, url), inPlace(t, url), inTrash(t, url)]).toEqual([false, false, false]);
    expect(trashLeft(t)).toEqual([]);
  });

  it('puts the file back at once when the transaction fails after the move', async () => {
    const t = await signedInApp();
    const url = await upload(t, 'ipa', 'ipa.pdf');
    const worker = (
      await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: url }) })
    ).json();
    const store = createLocalFileStore(filesDirOf(t));
    const failing: FileStore = {
      ...store,
      async moveToTrash(filePath) {
        await store.moveToTrash(filePath);
        throw new Error('the connection dropped');
      },
    };
    await expect(deleteFile(t.db, failing, url, await actorOf(t))).rejects.toThrow('the connection dropped');
    expect([await recorded(t, url), inPlace(t, url), inTrash(t, url)]).toEqual([true, true, false]);
    expect((await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json().ipa_url).toBe(url);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('a crash between the move and the commit: the next start puts the file back before the first request', async () => {
    // The app is built but not started: the "crashed" server's work happens first, on the same data.
    const t = await buildTestApp();
    const store = createLocalFileStore(filesDirOf(t));
    const actor = await actorOf(t);
    const { url } = await uploadFile(t.db, store, { kind: 'ipa', fileName: 'ipa.pdf', data: sampleFiles.pdf() }, actor);
    await expect(deleteFile(t.db, dyingBeforeCommit(store), url, actor)).rejects.toBeInstanceOf(ProcessDied);
    // What the crash left: the record (never committed away) and its bytes in the trash.
    expect([await recorded(t, url), inPlace(t, url), inTrash(t, url)]).toEqual([true, false, true]);

    // The start (the sweep is off under NODE_ENV=test: settling the trash does not depend on it).
    await t.signIn();
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(sampleFiles.pdf())).toBe(true);
    expect(trashLeft(t)).toEqual([]);
  });

  it('the sweep puts back what a crash before the commit left, and removes what a crash after it left', async () => {
    const t = await signedInApp();
    const store = createLocalFileStore(filesDirOf(t));
    const actor = await actorOf(t);
    const kept = await upload(t, 'ipa', 'kept.pdf');
    const keptBy = (
      await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: kept }) })
    ).json().id;
    const deleted = await upload(t, 'contract', 'gone.pdf');
    const untouched = await upload(t, 'consent_letter', 'letter.pdf');

    await expect(deleteFile(t.db, dyingBeforeCommit(store), kept, actor)).rejects.toBeInstanceOf(ProcessDied);
    await deleteFile(t.db, dyingAfterCommit(store), deleted, actor);
    expect([await recorded(t, kept), inPlace(t, kept), inTrash(t, kept)]).toEqual([true, false, true]);
    expect([await recorded(t, deleted), inPlace(t, deleted), inTrash(t, deleted)]).toEqual([false, false, true]);
    // Between the crash and the sweep the linked file reads as Not Found...
    expect((await t.request({ method: 'GET', url: kept })).statusCode).toBe(404);

    const result = await sweepUnlinkedFiles(t.db, store, { graceMs: 24 * HOUR });
    expect(result.trash).toEqual({ restored: 1, removed: 1, failed: 0 });
    // ...and after it is served again, still linked; the committed delete left nothing behind.
    expect([await recorded(t, kept), inPlace(t, kept), inTrash(t, kept)]).toEqual([true, true, false]);
    expect((await t.request({ method: 'GET', url: kept })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/workers/${keptBy}` })).json().ipa_url).toBe(kept);
    expect([await recorded(t, deleted), inPlace(t, deleted), inTrash(t, deleted)]).toEqual([false, false, false]);
    expect(trashLeft(t)).toEqual([]);
    // A file no delete touched is not the trash's business.
    expect([await recorded(t, untouched), inPlace(t, untouched)]).toEqual([true, true]);
  });

  it('the sweep deletes unlinked files through the trash too, and a crash after its commit is settled next time', async () => {
    const t = await signedInApp();
    const store = createLocalFileStore(filesDirOf(t));
    const abandoned = await upload(t, 'ipa', 'abandoned.pdf');
    const later = new Date(Date.now() + 48 * HOUR);
    const first = await sweepUnlinkedFiles(t.db, dyingAfterCommit(store), { graceMs: 24 * HOUR, now: later });
    expect(first).toMatchObject({ deletedRecords: 1, deletedOrphans: 0, failed: 0 });
    expect([await recorded(t, abandoned), inPlace(t, abandoned), inTrash(t, abandoned)]).toEqual([false, false, true]);
    expect((await settleTrash(t.db, store)).removed).toBe(1);
    expect(trashLeft(t)).toEqual([]);
  });

  it('a file that is already gone deletes as before, and a trash that cannot be settled stays for next time', async () => {
    const t = await signedInApp();
    const url = await upload(t, 'ipa', 'ipa.pdf');
    fs.rmSync(path.join(filesDirOf(t), pathOf(url)));
    expect((await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(url)}` })).statusCode).toBe(
      204,
    );
    expect(await recorded(t, url)).toBe(false);

    const store = createLocalFileStore(filesDirOf(t));
    const other = await upload(t, 'ipa', 'other.pdf');
    await expect(deleteFile(t.db, dyingBeforeCommit(store), other, await actorOf(t))).rejects.toBeInstanceOf(
      ProcessDied,
    );
    const stuck: FileStore = { ...store, restoreFromTrash: async () => Promise.reject(new Error('EACCES')) };
    expect(await settleTrash(t.db, stuck)).toEqual({ restored: 0, removed: 0, failed: 1 });
    expect(inTrash(t, other)).toBe(true);
    expect(await settleTrash(t.db, store)).toEqual({ restored: 1, removed: 0, failed: 0 });
    expect(inPlace(t, other)).toBe(true);
  });
});
