import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  FILE_NAME_INVALID,
  FILE_TOO_LARGE,
  INVALID_CERTIFICATE_TYPE,
  INVALID_DOCUMENT_TYPE,
  INVALID_PHOTO_TYPE,
  MAX_UPLOAD_BYTES,
  STORAGE_NOT_CONFIGURED,
} from '@td/shared/schemas/file';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildWorker, fakeFileStore, givenStoredFile, multipart, sampleFiles } from '../../test/factories.ts';
import { LINGER_MAX_BYTES } from '../lib/lingering-close.ts';
import type { FileStore } from './file-store.ts';
import { StorageError } from './file-store.ts';

async function signedInApp(overrides: Record<string, string> = {}, fileStore?: FileStore): Promise<TestApp> {
  const t = await buildTestApp(overrides, fileStore ? { fileStore } : {});
  await t.signIn({ name: 'Uploader' });
  return t;
}

function upload(t: TestApp, kind: string, name: string, data: Buffer) {
  const body = multipart({ kind }, { name, data });
  return t.request({ method: 'POST', url: '/api/files', payload: body.payload, headers: body.headers });
}

const filesDirOf = (t: TestApp) => path.join(t.dataDir, 'files');
const pathOf = (url: string) => url.replace('/api/files/', '');

describe('POST /api/files', () => {
  it('answers 401 without a session', async () => {
    const t = await buildTestApp();
    const response = await upload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf());
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['photo', 'Photo.PNG', sampleFiles.png(), /^\/api\/files\/workers\/[0-9a-f-]{36}\.png$/],
    ['photo', 'me.gif', sampleFiles.gif(), /^\/api\/files\/workers\/[0-9a-f-]{36}\.gif$/],
    ['ipa', 'ipa.pdf', sampleFiles.pdf(), /^\/api\/files\/documents\/ipa\/[0-9a-f-]{36}\.pdf$/],
    [
      'consent_letter',
      'consent.doc',
      sampleFiles.doc(),
      /^\/api\/files\/documents\/consent-letter\/[0-9a-f-]{36}\.doc$/,
    ],
    ['contract', 'contract.docx', sampleFiles.docx(), /^\/api\/files\/documents\/contract\/[0-9a-f-]{36}\.docx$/],
    ['contract', 'scan.jpeg', sampleFiles.jpg(), /^\/api\/files\/documents\/contract\/[0-9a-f-]{36}\.jpeg$/],
    ['certificate', 'cert.JPG', sampleFiles.jpg(), /^\/api\/files\/certificates\/[0-9a-f-]{36}\.jpg$/],
  ])('stores a %s (%s) under a random name keeping the extension', async (kind, name, data, url) => {
    const t = await signedInApp();
    const response = await upload(t, kind, name, data);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.url).toMatch(url);
    const onDisk = path.join(filesDirOf(t), pathOf(body.url));
    expect(fs.readFileSync(onDisk).equals(data)).toBe(true);
    const record = await t.db.selectFrom('stored_files').selectAll().executeTakeFirstOrThrow();
    expect(record).toMatchObject({ kind, url: body.url, original_name: name, size_bytes: data.length });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'stored_file').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', entity_id: record.id, user_name: 'Uploader' });
  });

  it('accepts exactly 5 MB and refuses one byte more with 413 and the SPEC message', async () => {
    const t = await signedInApp();
    const pdf = sampleFiles.pdf();
    const exactly = Buffer.concat([pdf, Buffer.alloc(MAX_UPLOAD_BYTES - pdf.length, 0x20)]);
    expect((await upload(t, 'ipa', 'big.pdf', exactly)).statusCode).toBe(201);
    const tooBig = await upload(
      t,
      'photo',
      'big.png',
      Buffer.concat([sampleFiles.png(), Buffer.alloc(MAX_UPLOAD_BYTES)]),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: FILE_TOO_LARGE });
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toHaveLength(1);
  });

  it('checks the content, not only the name: a program renamed .pdf is refused', async () => {
    const t = await signedInApp();
    const exe = await upload(t, 'ipa', 'ipa.pdf', sampleFiles.exe());
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error.message).toBe(INVALID_DOCUMENT_TYPE);
    const mismatch = await upload(t, 'contract', 'contract.pdf', sampleFiles.png());
    expect(mismatch.json().error.message).toBe(INVALID_DOCUMENT_TYPE);
    const text = await upload(t, 'consent_letter', 'letter.txt', Buffer.from('hello'));
    expect(text.json().error.message).toBe(INVALID_DOCUMENT_TYPE);
    const gifDocument = await upload(t, 'ipa', 'ipa.gif', sampleFiles.gif());
    expect(gifDocument.json().error.message).toBe(INVALID_DOCUMENT_TYPE);
    const pdfPhoto = await upload(t, 'photo', 'photo.pdf', sampleFiles.pdf());
    expect(pdfPhoto.json().error.message).toBe(INVALID_PHOTO_TYPE);
    const exeCertificate = await upload(t, 'certificate', 'cert.png', sampleFiles.exe());
    expect(exeCertificate.json().error.message).toBe(INVALID_CERTIFICATE_TYPE);
    const plainZip = await upload(t, 'contract', 'contract.docx', Buffer.from('504b030414000000', 'hex'));
    expect(plainZip.statusCode).toBe(400);
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toHaveLength(0);
    expect(fs.existsSync(filesDirOf(t)) ? fs.readdirSync(filesDirOf(t), { recursive: true }) : []).toEqual([]);
  });

  it('needs a known kind and a file', async () => {
    const t = await signedInApp();
    const noKind = await upload(t, 'passport', 'p.pdf', sampleFiles.pdf());
    expect(noKind.statusCode).toBe(400);
    expect(Object.keys(noKind.json().error.fields)).toEqual(['kind']);
    const body = multipart({ kind: 'ipa' });
    const noFile = await t.request({ method: 'POST', url: '/api/files', payload: body.payload, headers: body.headers });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('Please choose a file to upload.');
    const json = await t.request({ method: 'POST', url: '/api/files', payload: { kind: 'ipa' } });
    expect(json.statusCode).toBe(400);
  });

  it('reports a store folder that cannot be created (SPEC 8)', async () => {
    const base = await buildTestApp();
    fs.mkdirSync(base.dataDir, { recursive: true });
    const notAFolder = path.join(base.dataDir, 'plain-file');
    fs.writeFileSync(notAFolder, 'x');
    const t = await signedInApp({ FILES_DIR: path.join(notAFolder, 'files') });
    const response = await upload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf());
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toEqual({ code: 'STORAGE_NOT_CONFIGURED', message: STORAGE_NOT_CONFIGURED });
  });

  it('reports permission failures with the SPEC 8 messages', async () => {
    const denied = (): never => {
      throw new StorageError('access-denied', 'EACCES: permission denied');
    };
    const store = fakeFileStore({
      put: async () => denied(),
      remove: async () => denied(),
      moveToTrash: async () => denied(),
    });
    const t = await signedInApp({}, store);
    const response = await upload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(
      'Access denied: You do not have permission to upload files. Please contact the administrator. Error details: EACCES: permission denied',
    );
    // A recorded file whose removal is refused stays recorded.
    const url = '/api/files/documents/ipa/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55.pdf';
    await t.db
      .insertInto('stored_files')
      .values({
        id: '3c2f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55',
        kind: 'ipa',
        path: pathOf(url),
        url,
        original_name: 'ipa.pdf',
        content_type: 'application/pdf',
        size_bytes: 1,
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const removal = await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(url)}` });
    expect(removal.statusCode).toBe(403);
    expect(removal.json().error.message).toBe(
      'Access denied: You do not have permission to delete files. Please contact the administrator. Error details: EACCES: permission denied',
    );
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'stored_file').execute()).toHaveLength(
      0,
    );
  });
});

describe('GET /api/files/*', () => {
  it('serves a PDF inline with the stored type, nosniff and no caching, to signed-in staff only', async () => {
    const t = await signedInApp();
    const { url } = (await upload(t, 'ipa', 'IPA letter (final).pdf', sampleFiles.pdf())).json();
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(sampleFiles.pdf())).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-length': String(sampleFiles.pdf().length),
    });
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="IPA letter _final_.pdf"; filename*=UTF-8''${encodeURIComponent('IPA letter (final).pdf')}`,
    );
    const anonymous = await t.request({ method: 'GET', url, headers: { cookie: '' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves images inline and Word files as attachments', async () => {
    const t = await signedInApp();
    const photo = (await upload(t, 'photo', 'me.png', sampleFiles.png())).json().url;
    const contract = (await upload(t, 'contract', 'c.docx', sampleFiles.docx())).json().url;
    const letter = (await upload(t, 'consent_letter', 'l.doc', sampleFiles.doc())).json().url;
    const image = await t.request({ method: 'GET', url: photo });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    const docx = await t.request({ method: 'GET', url: contract });
    expect(docx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docx.headers['content-disposition']).toMatch(/^attachment;/);
    const doc = await t.request({ method: 'GET', url: letter });
    expect(doc.headers['content-type']).toBe('application/msword');
    expect(doc.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses path traversal and unknown files with 404', async () => {
    const t = await signedInApp();
    await upload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf());
    fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'TOP-SECRET-CONTENT');
    for (const url of [
      '/api/files/../secret.txt',
      '/api/files/%2e%2e/secret.txt',
      '/api/files/documents/..%2f..%2fsecret.txt',
      '/api/files/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/api/files/documents/ipa/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55.pdf',
      '/api/files/',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('TOP-SECRET-CONTENT');
    }
  });
});

describe('DELETE /api/files', () => {
  it('removes the stored file and its record, audits it, and is idempotent', async () => {
    const t = await signedInApp();
    const { url } = (await upload(t, 'contract', 'c.pdf', sampleFiles.pdf())).json();
    const onDisk = path.join(filesDirOf(t), pathOf(url));
    expect(fs.existsSync(onDisk)).toBe(true);
    const response = await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(url)}` });
    expect(response.statusCode).toBe(204);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toHaveLength(0);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'stored_file').execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
    // SPEC 4: removing a file that is already gone still lets the form clear its link.
    expect((await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(url)}` })).statusCode).toBe(
      204,
    );
  });

  it('refuses URLs that are not stored-file URLs, and needs a session', async () => {
    const t = await signedInApp();
    for (const url of ['https://example.com/x.pdf', '/api/files/../app.db', '/api/files/other/x.pdf']) {
      const response = await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(url)}` });
      expect(response.statusCode, url).toBe(400);
    }
    const anonymous = await t.request({ method: 'DELETE', url: '/api/files?url=x', headers: { cookie: '' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a worker link an uploaded file, and refuses the link once the file is deleted', async () => {
    const t = await signedInApp();
    const { url } = (await upload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf())).json();
    const created = await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: url }) });
    expect(created.statusCode).toBe(201);
    const contract = (await upload(t, 'contract', 'c.pdf', sampleFiles.pdf())).json().url;
    await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(contract)}` });
    const linked = await t.request({
      method: 'PUT',
      url: `/api/workers/${created.json().id}`,
      payload: buildWorker({ ipa_url: url, contract_url: contract }),
    });
    expect(linked.statusCode).toBe(400);
    expect(linked.json().error.fields).toEqual({
      contract_url: 'The uploaded Contract could not be found. Please upload it again.',
    });
  });
});

describe('broken and oversized uploads (decision 008)', () => {
  const boundary = 'td-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nipa\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ipa.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const pdf = sampleFiles.pdf().toString('latin1');

  it.each([
    ['no boundary', 'multipart/form-data', `${head}${pdf}\r\n--${boundary}--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', `${head}${pdf}\r\n--${boundary}--\r\n`],
    ['no closing boundary', `multipart/form-data; boundary=${boundary}`, `${head}${pdf}\r\n`],
    [
      'a closing boundary without its dashes',
      `multipart/form-data; boundary=${boundary}`,
      `${head}${pdf}\r\n--${boundary}`,
    ],
    ['the file cut short', `multipart/form-data; boundary=${boundary}`, `${head}${pdf.slice(0, 20)}`],
    ['another boundary than declared', 'multipart/form-data; boundary=other', `${head}${pdf}\r\n--${boundary}--\r\n`],
    ['an empty body', `multipart/form-data; boundary=${boundary}`, ''],
  ])('answers 400 to a body with %s, storing nothing', async (_, contentType, body) => {
    const t = await signedInApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/files',
      payload: Buffer.from(body, 'latin1'),
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^(The upload could not be read|Please choose a file)/);
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toHaveLength(0);
  });

  it('still stores a complete body with the same parts', async () => {
    const t = await signedInApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/files',
      payload: Buffer.from(`${head}${pdf}\r\n--${boundary}--\r\n`, 'latin1'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(201);
  });

  /**
   * Sends `declared` bytes (or chunked, without a length) through a real socket as fast as the server
   * takes them, and reports how much the server read before it answered and closed the connection.
   */
  async function oversizedUpload(t: TestApp, declared: number | 'chunked') {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const serverSockets: net.Socket[] = [];
    t.app.server.on('connection', (socket) => serverSockets.push(socket));
    const lengthHeader = declared === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${declared}`;
    const frame = (data: Buffer) =>
      declared === 'chunked'
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    return new Promise<{ status: string; headers: string; serverRead: number; closed: boolean }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let response = '';
      let sent = 0;
      let ended = false;
      const finish = () => {
        if (ended) return;
        ended = true;
        const [headers = ''] = response.split('\r\n\r\n');
        resolve({
          status: headers.split('\r\n')[0] ?? '',
          headers: headers.toLowerCase(),
          serverRead: serverSockets.reduce((sum, s) => sum + s.bytesRead, 0),
          closed: true,
        });
      };
      socket.on('data', (data) => {
        response += data.toString('latin1');
      });
      socket.on('close', finish);
      socket.on('error', finish);
      socket.write(
        `POST /api/files HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nCookie: ${t.cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n${lengthHeader}\r\n\r\n`,
      );
      socket.write(frame(Buffer.from(head + pdf, 'latin1')));
      const chunk = frame(Buffer.alloc(64 * 1024, 0x20));
      const limit = declared === 'chunked' ? 500 * 1024 * 1024 : declared;
      const pump = () => {
        while (!ended && sent < limit) {
          sent += 64 * 1024;
          if (!socket.write(chunk)) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  }

  it('refuses a declared 500 MB upload with 413 before reading it, and closes the connection', async () => {
    const t = await signedInApp();
    const result = await oversizedUpload(t, 500 * 1024 * 1024);
    expect(result.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(result.headers).toContain('connection: close');
    // Answered from the headers: what was in flight (about 100 KB measured), then at most the lingering
    // close's drop, so that the client reads the answer (lingering-close.ts).
    expect(result.serverRead).toBeLessThan(2 * 1024 * 1024 + LINGER_MAX_BYTES);
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toHaveLength(0);
  }, 30_000);

  it('stops reading an upload without a length as soon as it passes 5 MB', async () => {
    const t = await signedInApp();
    const result = await oversizedUpload(t, 'chunked');
    expect(result.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(result.headers).toContain('connection: close');
    // The limit plus what was already in flight in one read and the lingering close's drop: far from
    // the 500 MB offered.
    expect(result.serverRead).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024 + LINGER_MAX_BYTES);
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toHaveLength(0);
  }, 30_000);
});

describe('file names (decisions 008, 009)', () => {
  it('keeps the extension when a 5,000-character name is shortened', async () => {
    const t = await signedInApp();
    const name = `${'n'.repeat(5000)}.pdf`;
    const response = await upload(t, 'ipa', name, sampleFiles.pdf());
    expect(response.statusCode).toBe(201);
    const record = await t.db.selectFrom('stored_files').select('original_name').executeTakeFirstOrThrow();
    expect(record.original_name).toHaveLength(255);
    expect(record.original_name.endsWith('nnn.pdf')).toBe(true);
    const served = await t.request({ method: 'GET', url: response.json().url });
    expect(served.headers['content-disposition']).toContain('.pdf"');
  });

  it.each([
    ['a NUL', 'ipa\u0000.pdf'],
    ['an escape', 'ipa\u001b[0m.pdf'],
    ['a delete character', 'ipa\u007f.pdf'],
  ])('refuses a file name with %s with 400 and the file message', async (_, name) => {
    const t = await signedInApp();
    const response = await upload(t, 'ipa', name, sampleFiles.pdf());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ file: FILE_NAME_INVALID });
    expect(await t.db.selectFrom('stored_files').select('id').execute()).toHaveLength(0);
  });
});

describe('deleting a linked file (decision 008)', () => {
  it('clears the link of the saved worker in the same transaction, and audits it', async () => {
    const t = await signedInApp();
    const { url } = (await upload(t, 'ipa', 'ipa.pdf', sampleFiles.pdf())).json();
    const photo = (await upload(t, 'photo', 'me.png', sampleFiles.png())).json().url;
    const worker = (
      await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: url, photo_url: photo }) })
    ).json();
    const removed = await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(url)}` });
    expect(removed.statusCode).toBe(204);
    const after = (await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json();
    expect(after).toMatchObject({ ipa_url: null, photo_url: photo });
    expect(after.updated_at >= worker.updated_at).toBe(true);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', worker.id).execute();
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audit[1]?.changes ?? '{}')).toEqual({ ipa_url: [url, null] });
  });

  it('leaves the link when the stored file cannot be removed', async () => {
    const denied = (): never => {
      throw new StorageError('access-denied', 'EACCES: permission denied');
    };
    const store = fakeFileStore({ moveToTrash: async () => denied() });
    const t = await signedInApp({}, store);
    const linked = await givenStoredFile(t.db, 'ipa');
    const worker = (
      await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url: linked }) })
    ).json();
    const removal = await t.request({ method: 'DELETE', url: `/api/files?url=${encodeURIComponent(linked)}` });
    expect(removal.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/workers/${worker.id}` })).json().ipa_url).toBe(linked);
  });
});
