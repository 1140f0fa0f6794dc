import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MAX_UPLOAD_BYTES } from '@td/shared/schemas/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { multipart, sampleFiles } from '../../test/factories.ts';
import { startTestS3Server, type TestS3Server } from '../../test/s3-test-server.ts';
import { loadConfig } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/**
 * Decision 087, decision 106: an upload is written to a temporary file as it arrives and streamed from
 * there to the store, so the server's memory does not grow with the files in flight. Eight uploads of
 * a file one kilobyte short of the 5 MB limit are held open before their last bytes; the memory still
 * reachable (after a full collection) is measured then and while they finish. Held in memory, as
 * before, they would be 40 MB and more.
 */

v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Heap and Buffer memory still reachable after a full collection. */
function reachableBytes(): number {
  // Two passes: the first finalises the Buffers whose memory the second frees.
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const UPLOADS = 8;
const MB = 1024 * 1024;
/** A real PNG padded to one kilobyte short of the limit: the checks read every byte of it. */
const nearLimit = Buffer.concat([sampleFiles.png(), Buffer.alloc(MAX_UPLOAD_BYTES - 1024 - sampleFiles.png().length)]);

/**
 * This file's own temporary folder (each test file runs in a process of its own), so that the
 * temporary uploads counted are this file's only.
 */
const temporaryFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'td-test-tmp-'));
process.env.TMPDIR = temporaryFolder;
afterAll(() => fs.rmSync(temporaryFolder, { recursive: true, force: true }));

const temporaryUploads = () => fs.readdirSync(temporaryFolder).filter((name) => name.startsWith('td-upload-'));

/** How many temporary uploads this process holds open (removed or not). */
const openTemporaryUploads = () =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).includes(`${temporaryFolder}/td-upload-`);
    } catch {
      return false;
    }
  }).length;

/** Waits up to 5 s for the temporary uploads to be gone. */
async function temporaryUploadsLeft(): Promise<number> {
  for (let waited = 0; waited < 5000 && temporaryUploads().length > 0; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return temporaryUploads().length;
}

/**
 * Sends the uploads at once over real sockets, all but the closing bytes, measures, then the rest.
 * Answers the statuses, the growth of reachable memory while all bodies were in the server, and the
 * largest growth sampled while they were checked and stored.
 */
async function uploadTogether(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as net.AddressInfo;
  const serverSockets: net.Socket[] = [];
  t.app.server.on('connection', (socket) => serverSockets.push(socket));
  const body = multipart({ kind: 'photo' }, { name: 'large.png', data: nearLimit });
  const held = 200; // the closing boundary and a little more, sent last
  const request = Buffer.from(
    `POST /api/files HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nCookie: ${t.cookie}\r\n` +
      `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
  );
  const baseline = reachableBytes();

  const sockets = Array.from({ length: UPLOADS }, () => net.connect(port, '127.0.0.1'));
  const answers = sockets.map(
    (socket) =>
      new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (data) => {
          text += data.toString('latin1');
          if (text.includes('\r\n\r\n') && /\}\s*$/.test(text)) resolve(text.split('\r\n')[0] ?? '');
        });
        socket.on('close', () => resolve(text.split('\r\n')[0] ?? 'closed'));
      }),
  );
  for (const socket of sockets) {
    socket.write(request);
    socket.write(body.payload.subarray(0, body.payload.length - held));
  }
  // Every byte but the held ones has reached the server's sockets (and so the request parser).
  const expected = UPLOADS * (request.length + body.payload.length - held);
  while (serverSockets.reduce((sum, socket) => sum + socket.bytesRead, 0) < expected) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  const whileReceived = reachableBytes() - baseline;
  const temporaryFiles = temporaryUploads().length;

  for (const socket of sockets) socket.write(body.payload.subarray(body.payload.length - held));
  let peakWhileStored = 0;
  let finished = false;
  const statuses = Promise.all(answers).finally(() => {
    finished = true;
  });
  while (!finished) {
    peakWhileStored = Math.max(peakWhileStored, reachableBytes() - baseline);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const socket of sockets) socket.destroy();
  return { statuses: await statuses, whileReceived, peakWhileStored, temporaryFiles };
}

async function expectFlatMemory(t: TestApp, read: (url: string) => Promise<Buffer | null>) {
  await t.signIn({ name: 'Uploader' });
  expect(temporaryUploads()).toEqual([]);
  const result = await uploadTogether(t);
  console.info(
    `${UPLOADS} uploads of ${(nearLimit.length / MB).toFixed(2)} MB: +${(result.whileReceived / MB).toFixed(1)} MB reachable while received, +${(result.peakWhileStored / MB).toFixed(1)} MB at most while checked and stored`,
  );
  expect(result.statuses).toEqual(Array(UPLOADS).fill('HTTP/1.1 201 Created'));
  // 8 x 5 MB held in memory would be 40 MB; written through, a few socket and file buffers remain.
  expect(result.whileReceived).toBeLessThan(8 * MB);
  expect(result.peakWhileStored).toBeLessThan(12 * MB);
  // Each upload was on disk, not in memory, while it arrived.
  expect(result.temporaryFiles).toBe(UPLOADS);
  const stored = await t.db.selectFrom('stored_files').select(['url', 'size_bytes']).execute();
  expect(stored).toHaveLength(UPLOADS);
  for (const file of stored) {
    expect(file.size_bytes).toBe(nearLimit.length);
    expect((await read(file.url))?.equals(nearLimit)).toBe(true);
  }
  // The temporary files are gone once answered.
  expect(await temporaryUploadsLeft()).toBe(0);
}

describe('uploads near the limit keep memory flat (decision 087, decision 106)', () => {
  it('to the local folder', async () => {
    const t = await buildTestApp();
    await expectFlatMemory(t, async (url) =>
      fs.readFileSync(path.join(t.dataDir, 'files', url.replace('/api/files/', ''))),
    );
  }, 60_000);

  describe('to an S3-compatible bucket', () => {
    let s3: TestS3Server;
    let store: FileStore;
    beforeAll(async () => {
      s3 = await startTestS3Server();
      const files = loadConfig({ NODE_ENV: 'test', ...s3.env }).files;
      if (files.driver !== 's3') throw new Error('expected the S3 settings');
      store = createS3FileStore(files);
    });
    afterAll(async () => {
      await s3.close();
    });

    it('streams each file into the bucket', async () => {
      const t = await buildTestApp({}, { fileStore: store });
      await expectFlatMemory(t, async (url) => {
        const object = await store.get(url.replace('/api/files/', ''));
        if (!object) return null;
        const chunks: Buffer[] = [];
        for await (const chunk of object.body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      });
    }, 60_000);
  });
});

describe('the temporary file of an upload (decision 106)', () => {
  it('is removed when the upload is refused: too large, not an allowed type, no kind', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const send = (fields: Record<string, string>, name: string, data: Buffer) => {
      const body = multipart(fields, { name, data });
      return t.request({ method: 'POST', url: '/api/files', payload: body.payload, headers: body.headers });
    };
    const tooLarge = Buffer.concat([sampleFiles.png(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect((await send({ kind: 'photo' }, 'big.png', tooLarge)).statusCode).toBe(413);
    expect((await send({ kind: 'photo' }, 'scan.pdf', sampleFiles.pdf())).statusCode).toBe(400);
    expect((await send({}, 'me.png', sampleFiles.png())).statusCode).toBe(400);
    expect(await temporaryUploadsLeft()).toBe(0);
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toEqual([]);
  });

  it('is removed when the client goes away in the middle', async () => {
    const t = await buildTestApp();
    await t.signIn();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const body = multipart({ kind: 'photo' }, { name: 'large.png', data: nearLimit });
    const socket = net.connect(port, '127.0.0.1');
    socket.write(
      `POST /api/files HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nCookie: ${t.cookie}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, body.payload.length / 2));
    for (let waited = 0; waited < 5000 && temporaryUploads().length === 0; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(temporaryUploads()).toHaveLength(1);
    socket.destroy();
    expect(await temporaryUploadsLeft()).toBe(0);
    // Nor is it left open (Linux: the process's open files).
    if (fs.existsSync('/proc/self/fd')) {
      for (let waited = 0; waited < 5000 && openTemporaryUploads() > 0; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(openTemporaryUploads()).toBe(0);
    }
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toEqual([]);
  });
});
