/**
 * docs/reliability.md, "Uploads and stored files" (decision 036): what an upload may not be (a renamed
 * program, HTML, SVG, a polyglot, over 5 MB, a traversal name, a link to a file that is not ours), how
 * stored files are served, the memory an oversized upload costs, and the sweep of files no record links.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { INVALID_CERTIFICATE_TYPE, INVALID_DOCUMENT_TYPE, INVALID_PHOTO_TYPE } from '@td/shared/schemas/file';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildWorker, fakeFileStore, multipart, sampleFiles } from '../../test/factories.ts';
import { hiddenPdfActions } from '../../test/pdf-samples.ts';
import { buildTrainingRecord } from '../../test/training-record-factories.ts';
import { sweepUnlinkedFiles } from './file-sweeper.ts';
import * as repo from './files.repository.ts';
import { createLocalFileStore } from './local-file-store.ts';

async function signedInApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp(overrides);
  await t.signIn({ name: 'Uploader' });
  return t;
}

function upload(t: TestApp, kind: string, name: string, data: Buffer) {
  const body = multipart({ kind }, { name, data });
  return t.request({ method: 'POST', url: '/api/files', payload: body.payload, headers: body.headers });
}

const filesDirOf = (t: TestApp) => path.join(t.dataDir, 'files');
const storedFiles = (t: TestApp) => t.db.selectFrom('stored_files').selectAll().execute();
const filesOnDisk = (t: TestApp) =>
  fs.existsSync(filesDirOf(t))
    ? (fs.readdirSync(filesDirOf(t), { recursive: true }) as string[]).filter((entry) =>
        fs.statSync(path.join(filesDirOf(t), entry)).isFile(),
      )
    : [];

const html =
  '<!DOCTYPE html><html><body><script>fetch("/api/workers").then(r=>r.text()).then(alert)</script></body></html>';
const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><circle r="9"/></svg>';

/** Each a file that must not be stored, with the kind it is sent as and the name it claims. */
const REFUSED: Array<[string, string, string, Buffer, string]> = [
  ['a Windows program renamed .pdf', 'ipa', 'ipa.pdf', sampleFiles.exe(), INVALID_DOCUMENT_TYPE],
  ['a Windows program renamed .jpg', 'photo', 'me.jpg', sampleFiles.exe(), INVALID_PHOTO_TYPE],
  [
    'an ELF program renamed .docx',
    'contract',
    'c.docx',
    Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(64)]),
    INVALID_DOCUMENT_TYPE,
  ],
  [
    'a shell script renamed .pdf',
    'certificate',
    'cert.pdf',
    Buffer.from('#!/bin/sh\nrm -rf /\n'),
    INVALID_CERTIFICATE_TYPE,
  ],
  ['HTML named .html', 'ipa', 'page.html', Buffer.from(html), INVALID_DOCUMENT_TYPE],
  ['HTML renamed .pdf', 'ipa', 'ipa.pdf', Buffer.from(html), INVALID_DOCUMENT_TYPE],
  ['SVG named .svg', 'photo', 'me.svg', Buffer.from(svg), INVALID_PHOTO_TYPE],
  ['SVG renamed .png', 'photo', 'me.png', Buffer.from(svg), INVALID_PHOTO_TYPE],
  [
    'a PNG with HTML after its end',
    'photo',
    'me.png',
    Buffer.concat([sampleFiles.png(), Buffer.from(html)]),
    INVALID_PHOTO_TYPE,
  ],
  [
    'a GIF whose header hides a script',
    'photo',
    'me.gif',
    Buffer.concat([Buffer.from('GIF89a/*'), Buffer.alloc(8), Buffer.from('*/=1;<script>alert(1)</script>')]),
    INVALID_PHOTO_TYPE,
  ],
  [
    'a JPEG carrying an SVG',
    'contract',
    'scan.jpg',
    Buffer.concat([sampleFiles.jpg(), Buffer.from(svg)]),
    INVALID_DOCUMENT_TYPE,
  ],
  [
    'a PDF with an HTML page inside',
    'ipa',
    'ipa.pdf',
    Buffer.concat([sampleFiles.pdf(), Buffer.from(html)]),
    INVALID_DOCUMENT_TYPE,
  ],
  [
    'a PDF that runs JavaScript on open',
    'ipa',
    'ipa.pdf',
    Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n%%EOF\n',
    ),
    INVALID_DOCUMENT_TYPE,
  ],
  [
    'a PDF that launches a program',
    'certificate',
    'c.pdf',
    Buffer.from('%PDF-1.4\n1 0 obj\n<< /OpenAction << /S /Launch /F (cmd.exe) >> >>\nendobj\n%%EOF\n'),
    INVALID_CERTIFICATE_TYPE,
  ],
  [
    'a DOCX with a javascript: link',
    'contract',
    'c.docx',
    Buffer.concat([sampleFiles.docx(), Buffer.from('javascript:alert(1)')]),
    INVALID_DOCUMENT_TYPE,
  ],
  ...Object.entries(hiddenPdfActions).map(([name, build]): [string, string, string, Buffer, string] => [
    `a PDF with ${name}`,
    'ipa',
    'ipa.pdf',
    build(),
    INVALID_DOCUMENT_TYPE,
  ]),
];

describe('uploads that are refused (decision 036)', () => {
  it.each(REFUSED)(
    'refuses %s with the field message, storing nothing',
    async (_name, kind, fileName, data, message) => {
      const t = await signedInApp();
      const response = await upload(t, kind, fileName, data);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ message, fields: { file: message } });
      expect(await storedFiles(t)).toHaveLength(0);
      expect(filesOnDisk(t)).toEqual([]);
    },
  );

  it('keeps real files of each kind (no false alarm on the samples)', async () => {
    const t = await signedInApp();
    for (const [kind, name, data] of [
      ['photo', 'me.png', sampleFiles.png()],
      ['ipa', 'ipa.pdf', sampleFiles.pdf()],
      ['contract', 'c.docx', sampleFiles.docx()],
      ['consent_letter', 'c.doc', sampleFiles.doc()],
    ] as const) {
      expect((await upload(t, kind, name, data)).statusCode, name).toBe(201);
    }
  });

  it('ignores the folders of a traversal file name: a random name in our folder, the base name kept', async () => {
    const t = await signedInApp();
    const outside = path.join(t.dataDir, 'escaped.pdf');
    for (const name of ['../../escaped.pdf', '..\\..\\escaped.pdf', '/etc/../../escaped.pdf', '%2e%2e%2fescaped.pdf']) {
      const response = await upload(t, 'ipa', name, sampleFiles.pdf());
      expect(response.statusCode, name).toBe(201);
      expect(response.json().url).toMatch(/^\/api\/files\/documents\/ipa\/[0-9a-f-]{36}\.pdf$/);
    }
    const names = (await storedFiles(t)).map((file) => file.original_name);
    expect(names).toEqual(['escaped.pdf', 'escaped.pdf', 'escaped.pdf', '%2e%2e%2fescaped.pdf']);
    expect(fs.existsSync(outside)).toBe(false);
    expect(filesOnDisk(t).every((entry) => entry.startsWith(`documents${path.sep}ipa${path.sep}`))).toBe(true);
  });

  it('refuses a record linking a file that is not ours, with the field message', async () => {
    const t = await signedInApp();
    const photo = (await upload(t, 'photo', 'me.png', sampleFiles.png())).json().url as string;
    const ipa = (await upload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf())).json().url as string;
    const links = {
      'another site': 'https://evil.example/ipa.pdf',
      'a javascript: URL': 'javascript:alert(1)',
      'a file never uploaded': `/api/files/documents/ipa/${randomUUID()}.pdf`,
      'a traversal': '/api/files/../../etc/passwd',
      'a photo as an IPA': photo,
    };
    for (const [name, url] of Object.entries(links)) {
      const response = await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: url }) });
      expect(response.statusCode, name).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), name).toEqual(['ipa_url']);
    }
    const worker = (
      await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: ipa }) })
    ).json();
    const certificate = await t.request({
      method: 'POST',
      url: '/api/training-records',
      payload: buildTrainingRecord(worker.id, { certificate_url: ipa }),
    });
    expect(certificate.statusCode).toBe(400);
    expect(Object.keys(certificate.json().error.fields)).toEqual(['certificate_url']);
    expect(await t.db.selectFrom('workers').select('id').execute()).toHaveLength(1);
  });

  it('serves files with nosniff and a safe disposition, and never to someone signed out', async () => {
    const t = await signedInApp();
    const pdf = (await upload(t, 'ipa', 'Résumé <b>x</b>.pdf', sampleFiles.pdf())).json().url as string;
    const docx = (await upload(t, 'contract', 'contract.docx', sampleFiles.docx())).json().url as string;
    const served = await t.request({ method: 'GET', url: pdf });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(String(served.headers['content-disposition'])).toMatch(
      /^inline; filename="[A-Za-z0-9._ -]+"; filename\*=UTF-8''/,
    );
    const word = await t.request({ method: 'GET', url: docx });
    expect(String(word.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(String(word.headers['content-security-policy'])).toContain("default-src 'self'");
    for (const cookie of ['', 'td_session=forged']) {
      const anonymous = await t.app.inject({ method: 'GET', url: pdf, headers: { cookie } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('%PDF');
    }
  });
});

describe('an oversized upload is cut off while streaming (decisions 008, 036)', () => {
  /** Sends `total` bytes of a PDF upload over a real socket, sampling the server process's RSS. */
  async function sendLargeUpload(t: TestApp, total: number, declareLength: boolean) {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const boundary = 'td-large-upload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nipa\r\n--${boundary}\r\n` +
        `Content-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const result = await new Promise<{ status: string; sent: number; reset: boolean }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let response = '';
      let sent = 0;
      let done = false;
      let reset = false;
      const finish = () => {
        if (done) return;
        done = true;
        resolve({ status: response.split('\r\n')[0] ?? '', sent, reset });
      };
      socket.on('data', (data) => {
        response += data.toString('latin1');
      });
      socket.on('close', finish);
      socket.on('error', () => {
        reset = true;
        finish();
      });
      const lengthHeader = declareLength ? `Content-Length: ${head.length + total}` : 'Transfer-Encoding: chunked';
      socket.write(
        `POST /api/files HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nCookie: ${t.cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n${lengthHeader}\r\n\r\n`,
      );
      const frame = (data: Buffer) =>
        declareLength
          ? data
          : Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
      socket.write(frame(head));
      const pump = () => {
        while (!done && sent < total) {
          sent += chunk.length;
          if (!socket.write(frame(chunk))) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
    clearInterval(sampler);
    return { ...result, rssGrowthMb: (peak - baseline) / 1024 / 1024 };
  }

  it('answers a 50 MB upload with 413 holding a few MB, not 50', async () => {
    const MB = 1024 * 1024;
    for (const declareLength of [false, true]) {
      const t = await signedInApp();
      const { status, sent, reset, rssGrowthMb } = await sendLargeUpload(t, 50 * MB, declareLength);
      console.info(
        `[reliability] 50 MB upload (${declareLength ? 'Content-Length' : 'chunked'}): ${status || '(reset before the answer was read)'}${reset ? ', connection reset' : ''}, client had written ${(sent / MB).toFixed(1)} MB, server RSS grew ${rssGrowthMb.toFixed(1)} MB`,
      );
      // The server answers 413 and closes with the rest unread; the kernel then resets the connection,
      // and a client still sending may see the reset before it reads the answer (seen on a busy machine).
      if (!(reset && status === '')) expect(status).toBe('HTTP/1.1 413 Payload Too Large');
      expect(sent).toBeLessThan(20 * MB);
      // Buffered whole, 50 MB would show; the reader holds at most the 5 MB limit and what is in flight.
      expect(rssGrowthMb).toBeLessThan(25);
      expect(await storedFiles(t)).toHaveLength(0);
      await t.app.close();
    }
  }, 60_000);
});

describe('the sweep of files no record links (decision 036)', () => {
  const HOUR = 3600_000;
  const twoDaysAgo = () => new Date(Date.now() - 48 * HOUR).toISOString();

  /** Uploads a file and makes its record (and bytes) look `age` old. */
  async function oldUpload(t: TestApp, kind: string, name: string, data: Buffer, createdAt = twoDaysAgo()) {
    const url = (await upload(t, kind, name, data)).json().url as string;
    await t.db.updateTable('stored_files').set({ created_at: createdAt }).where('url', '=', url).execute();
    const onDisk = path.join(filesDirOf(t), url.replace('/api/files/', ''));
    fs.utimesSync(onDisk, new Date(createdAt), new Date(createdAt));
    return url;
  }

  const exists = (t: TestApp, url: string) => fs.existsSync(path.join(filesDirOf(t), url.replace('/api/files/', '')));

  it('deletes old unlinked files and stray bytes, and never a file a record links', async () => {
    const t = await signedInApp();
    // Linked and kept: a worker's IPA and photo, a training record's certificate.
    const ipa = await oldUpload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf());
    const photo = await oldUpload(t, 'photo', 'me.png', sampleFiles.png());
    const keeper = (
      await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: ipa, photo_url: photo }) })
    ).json();
    const certificate = await oldUpload(t, 'certificate', 'cert.pdf', sampleFiles.pdf());
    const record = await t.request({
      method: 'POST',
      url: '/api/training-records',
      payload: buildTrainingRecord(keeper.id, { certificate_url: certificate }),
    });
    expect(record.statusCode).toBe(201);
    // Unlinked: a deleted worker's contract, a photo replaced by another, an upload abandoned before Save.
    const goneWorkersContract = await oldUpload(t, 'contract', 'c.pdf', sampleFiles.pdf());
    const leaver = (
      await t.request({
        method: 'POST',
        url: '/api/workers',
        payload: buildWorker({ contract_url: goneWorkersContract }),
      })
    ).json();
    expect((await t.request({ method: 'DELETE', url: `/api/workers/${leaver.id}` })).statusCode).toBe(204);
    const replacedPhoto = await oldUpload(t, 'photo', 'old.png', sampleFiles.png());
    const newPhoto = await oldUpload(t, 'photo', 'new.png', sampleFiles.png());
    const changing = (
      await t.request({
        method: 'POST',
        url: '/api/workers',
        payload: buildWorker({
          ipa_url: await oldUpload(t, 'ipa', 'i.pdf', sampleFiles.pdf()),
          photo_url: replacedPhoto,
        }),
      })
    ).json();
    const replaced = await t.request({
      method: 'PUT',
      url: `/api/workers/${changing.id}`,
      payload: {
        ...buildWorker({ ipa_url: changing.ipa_url, photo_url: newPhoto }),
        fin_no: changing.fin_no,
        passport_no: changing.passport_no,
        wp_no: changing.wp_no,
      },
    });
    expect(replaced.statusCode).toBe(200);
    // The save removes the photo it replaced at once (decision 024); the sweep is there for when it could not.
    expect(exists(t, replacedPhoto)).toBe(false);
    const abandoned = await oldUpload(t, 'consent_letter', 'letter.pdf', sampleFiles.pdf());
    // Unlinked but young: an upload whose form is still open.
    const young = (await upload(t, 'ipa', 'fresh.pdf', sampleFiles.pdf())).json().url as string;
    // Bytes without a record: one old (an upload cut off between write and record), one young.
    const strayOld = path.join(filesDirOf(t), 'documents', 'ipa', `${randomUUID()}.pdf`);
    const strayYoung = path.join(filesDirOf(t), 'documents', 'ipa', `${randomUUID()}.pdf`);
    const notOurs = path.join(filesDirOf(t), 'README.txt');
    for (const file of [strayOld, strayYoung, notOurs]) fs.writeFileSync(file, 'x');
    fs.utimesSync(strayOld, new Date(twoDaysAgo()), new Date(twoDaysAgo()));
    fs.utimesSync(notOurs, new Date(twoDaysAgo()), new Date(twoDaysAgo()));

    const result = await sweepUnlinkedFiles(t.db, createLocalFileStore(filesDirOf(t)), {
      graceMs: 24 * HOUR,
      batchSize: 2,
    });
    expect(result).toEqual({
      trash: { restored: 0, removed: 0, failed: 0 },
      deletedRecords: 2,
      deletedOrphans: 1,
      failed: 0,
    });
    const urls = (await storedFiles(t)).map((file) => file.url).sort();
    const kept = [ipa, photo, certificate, newPhoto, changing.ipa_url, young];
    expect(urls).toEqual([...kept].sort());
    for (const url of kept) expect(exists(t, url), url).toBe(true);
    for (const url of [goneWorkersContract, replacedPhoto, abandoned]) expect(exists(t, url), url).toBe(false);
    expect([fs.existsSync(strayOld), fs.existsSync(strayYoung), fs.existsSync(notOurs)]).toEqual([false, true, true]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'stored_file')
      .where('action', '=', 'delete')
      .execute();
    // The sweep's deletes are audited with no user (the system); the save's removal of the photo by its user.
    const bySweep = audit.filter((entry) => entry.user_id === null).map((entry) => JSON.parse(entry.changes ?? '{}'));
    expect(bySweep.map((changes) => changes.url?.[0]).sort()).toEqual([goneWorkersContract, abandoned].sort());
    // The records that link them still read.
    expect((await t.request({ method: 'GET', url: certificate })).statusCode).toBe(200);
  });

  it('keeps a file linked after the search found it unlinked (the delete checks again)', async () => {
    const t = await signedInApp();
    const ipa = await oldUpload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf());
    const [candidate] = await repo.findUnlinkedStoredFiles(t.db, new Date().toISOString(), 10);
    expect(candidate?.url).toBe(ipa);
    // A form is saved between the sweep's search and its delete.
    expect(
      (await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: ipa }) })).statusCode,
    ).toBe(201);
    expect(await repo.deleteStoredFileIfUnlinked(t.db, candidate?.id ?? '')).toBe(false);
    expect(await storedFiles(t)).toHaveLength(1);
  });

  it('keeps the record when its bytes cannot be removed, and tries again next time', async () => {
    const t = await signedInApp();
    await oldUpload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf());
    const failing = fakeFileStore({ moveToTrash: async () => Promise.reject(new Error('EACCES')) });
    expect(await sweepUnlinkedFiles(t.db, failing, { graceMs: 24 * HOUR })).toEqual({
      trash: { restored: 0, removed: 0, failed: 0 },
      deletedRecords: 0,
      deletedOrphans: 0,
      failed: 1,
    });
    expect(await storedFiles(t)).toHaveLength(1);
  });

  it('runs when the server starts, without waiting for the first day', async () => {
    const t = await buildTestApp({ FILE_SWEEP_INTERVAL_HOURS: '24', FILE_SWEEP_GRACE_HOURS: '1' });
    // Left from before the start: a stored file no record links, two days old (the app is not ready yet).
    const stale = `documents/ipa/${randomUUID()}.pdf`;
    fs.mkdirSync(path.join(filesDirOf(t), 'documents', 'ipa'), { recursive: true });
    fs.writeFileSync(path.join(filesDirOf(t), stale), sampleFiles.pdf());
    await t.db
      .insertInto('stored_files')
      .values({
        id: randomUUID(),
        kind: 'ipa',
        path: stale,
        url: `/api/files/${stale}`,
        original_name: 'old.pdf',
        content_type: 'application/pdf',
        size_bytes: 10,
        created_by: null,
        created_at: twoDaysAgo(),
      })
      .execute();
    await t.app.ready();
    for (let i = 0; i < 100 && (await storedFiles(t)).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await storedFiles(t)).toHaveLength(0);
    expect(fs.existsSync(path.join(filesDirOf(t), stale))).toBe(false);
  });

  it('runs again every interval, and leaves linked files alone', async () => {
    // An interval of about a second and a grace of 3.6 s stand for "daily" and "a day".
    const t = await buildTestApp({ FILE_SWEEP_INTERVAL_HOURS: '0.0003', FILE_SWEEP_GRACE_HOURS: '0.001' });
    await t.signIn();
    const abandoned = (await upload(t, 'ipa', 'abandoned.pdf', sampleFiles.pdf())).json().url as string;
    const linked = (await upload(t, 'ipa', 'kept.pdf', sampleFiles.pdf())).json().url as string;
    expect(
      (await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: linked }) })).statusCode,
    ).toBe(201);
    expect(exists(t, abandoned)).toBe(true);
    // The bytes leave inside the transaction that deletes the record, before it commits: wait for both.
    const swept = async () => !exists(t, abandoned) && (await storedFiles(t)).length === 1;
    for (let i = 0; i < 200 && !(await swept()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(exists(t, abandoned)).toBe(false);
    expect(exists(t, linked)).toBe(true);
    expect((await storedFiles(t)).map((file) => file.url)).toEqual([linked]);
  }, 30_000);
});
