import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { FILE_REQUIRED, FILE_TOO_LARGE, UPLOAD_UNREADABLE } from '@td/shared/schemas/file';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/errors.ts';

/**
 * Reading one uploaded file from a `multipart/form-data` request (decision 008). Every upload of
 * every module (worker documents and photos, training certificates) goes through here:
 *
 * - a body that is not readable multipart (no boundary, no closing boundary, broken part headers)
 *   answers 400, never 500;
 * - the size limit stops the reading: a declared `Content-Length` beyond it is refused before a byte
 *   is read, and a body without one is refused as soon as the file passes the limit. The 413 closes
 *   the connection (the error handler sends `Connection: close`), so the rest of a 500 MB body is
 *   never read.
 *
 * Two ways to receive the file: `readUpload` keeps it in memory (an attendance import, parsed whole
 * anyway); `receiveUpload` writes it to a temporary file as it arrives, so a stored document is never
 * held whole in memory (decision 087, decision 106): the content checks read that file and the store is
 * given a stream of it.
 */

export const fileTooLarge = () => new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE);
export const uploadUnreadable = () =>
  new AppError(400, 'UPLOAD_UNREADABLE', UPLOAD_UNREADABLE, { file: UPLOAD_UNREADABLE });
const ONE_AT_A_TIME = 'Please upload one file at a time.';

/** Room for the multipart framing around the file: boundaries, part headers and the small text fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MAX_FIELD_BYTES = 1024;

export interface UploadOptions {
  /** Largest file accepted, in bytes; one byte more answers 413. */
  maxFileBytes: number;
  /** Name of the file part (default `file`). */
  fileField?: string;
  /** Text fields to keep; others are ignored. */
  fieldNames: readonly string[];
}

export interface UploadParts {
  fields: Record<string, string>;
  file: { fileName: string; data: Buffer } | undefined;
}

/** An uploaded file written to a temporary file; `discard` removes it (call it once done, in `finally`). */
export interface ReceivedFile {
  fileName: string;
  /** Absolute path of the temporary file, readable by this process only. */
  path: string;
  size: number;
  discard(): Promise<void>;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | undefined;
}

/** Where the file part goes as it arrives: resolves when it is all there, rejects with an AppError. */
type FileSink<T> = (stream: BusboyFileStream, fileName: string, maxFileBytes: number) => Promise<T>;

/**
 * Lets multipart bodies through to the route unread, so `readUpload` streams them. Register it in
 * the plugin that accepts uploads: every other route keeps answering 415 to multipart.
 */
export function acceptMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

const isMultipart = (request: FastifyRequest) =>
  /^multipart\/form-data(?:;|$)/i.test(request.headers['content-type']?.trim() ?? '');

/** True when the content type names a non-empty boundary. */
const hasBoundary = (contentType: string | undefined) => /;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i.test(contentType ?? '');

/**
 * The text fields and the one file of an upload. Refuses, with the messages above, what cannot be
 * read; stops reading the moment the file passes `maxFileBytes`.
 */
export function readUpload(request: FastifyRequest, options: UploadOptions): Promise<UploadParts> {
  return parseUpload(request, options, collectInMemory);
}

/**
 * As `readUpload`, with the file written to a temporary file as it arrives (memory stays flat whatever
 * the size). The caller discards the file; a refused upload leaves none behind.
 */
export async function receiveUpload(request: FastifyRequest, options: UploadOptions): Promise<ReceivedUpload> {
  const temporary: TemporaryFiles = { files: [], writing: new Set(), abandoned: false };
  try {
    return await parseUpload(request, options, (stream, fileName, maxFileBytes) =>
      writeToTemporaryFile(stream, fileName, maxFileBytes, temporary),
    );
  } catch (error) {
    temporary.abandoned = true;
    // A request that stopped being read (a client gone, a refusal) never ends its file part: the write
    // is ended here, or its file stays open.
    for (const stream of temporary.writing) stream.destroy();
    await Promise.all(temporary.files.map((file) => file.discard()));
    throw error;
  }
}

/** The temporary files of one upload; once `abandoned`, a write that finishes late removes its own. */
interface TemporaryFiles {
  files: ReceivedFile[];
  /** The file parts still being written. */
  writing: Set<BusboyFileStream>;
  abandoned: boolean;
}

/** The whole file in memory, refused with 413 past the limit. */
const collectInMemory: FileSink<{ fileName: string; data: Buffer }> = (stream, fileName, maxFileBytes) =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxFileBytes) {
        stream.destroy();
        reject(fileTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    stream.on('limit', () => reject(fileTooLarge()));
    stream.on('error', () => reject(uploadUnreadable()));
    stream.on('end', () => resolve({ fileName, data: Buffer.concat(chunks, size) }));
  });

/**
 * Writes the file part to `<tmpdir>/td-upload-<uuid>` (created exclusively, owner-only), counting
 * bytes as they pass: one past the limit stops the write with 413 and the partial file is removed.
 */
async function writeToTemporaryFile(
  stream: BusboyFileStream,
  fileName: string,
  maxFileBytes: number,
  temporary: TemporaryFiles,
): Promise<ReceivedFile> {
  const location = path.join(os.tmpdir(), `td-upload-${randomUUID()}`);
  let size = 0;
  const file: ReceivedFile = {
    fileName,
    path: location,
    get size() {
      return size;
    },
    discard: () => fs.rm(location, { force: true }).catch(() => undefined),
  };
  temporary.files.push(file);
  stream.on('limit', () => stream.destroy(fileTooLarge()));
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxFileBytes ? fileTooLarge() : null, chunk);
    },
  });
  const output = createWriteStream(location, { flags: 'wx', mode: 0o600 });
  let writeFailure: unknown;
  output.on('error', (error) => {
    writeFailure = error;
  });
  temporary.writing.add(stream);
  try {
    await pipeline(stream, counter, output);
  } catch (error) {
    void file.discard();
    if (error instanceof AppError) throw error;
    // A temporary folder that cannot be written is the server's failure; anything else, the client's bytes.
    if (writeFailure) throw writeFailure;
    throw uploadUnreadable();
  } finally {
    temporary.writing.delete(stream);
  }
  if (temporary.abandoned) await file.discard();
  return file;
}

async function parseUpload<T>(request: FastifyRequest, options: UploadOptions, sink: FileSink<T>) {
  const { maxFileBytes, fileField = 'file', fieldNames } = options;
  const contentType = request.headers['content-type'];
  if (!isMultipart(request)) throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
  if (!hasBoundary(contentType)) throw uploadUnreadable();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxFileBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge();

  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { ...request.headers, 'content-type': contentType ?? '' },
      // One byte past the limit is enough to know; the sink refuses it as it arrives.
      limits: { fileSize: maxFileBytes + 1, files: 1, fields: 5, parts: 6, fieldSize: MAX_FIELD_BYTES },
    });
  } catch {
    throw uploadUnreadable();
  }

  const raw = request.raw;
  return new Promise<{ fields: Record<string, string>; file: T | undefined }>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: T | undefined;
    let receiving = false;
    let reading: Promise<void> = Promise.resolve();
    let settled = false;

    /** Stops reading the request at once: nothing more is parsed or buffered. */
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      raw.unpipe(parser);
      raw.pause();
      reject(error);
    };

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (fieldNames.includes(name) && !valueTruncated) fields[name] = value;
    });
    parser.on('file', (name, stream, fileName) => {
      if (name !== fileField || receiving) {
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      receiving = true;
      reading = sink(stream, fileName, maxFileBytes).then(
        (received) => {
          file = received;
        },
        // Past the limit (or a failed write), the request stops being read at once.
        (error: unknown) => fail(error),
      );
    });
    parser.on('filesLimit', () => fail(badRequest(ONE_AT_A_TIME, { file: ONE_AT_A_TIME })));
    parser.on('partsLimit', () => fail(uploadUnreadable()));
    parser.on('fieldsLimit', () => fail(uploadUnreadable()));
    // Unexpected end (no closing boundary), malformed part headers...: the client's bytes.
    parser.on('error', () => fail(uploadUnreadable()));
    // Busboy finishes only after the closing boundary and once every part has ended.
    parser.on('finish', () => {
      void reading.then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, file });
      });
    });
    raw.on('aborted', () => fail(uploadUnreadable()));
    raw.on('error', () => fail(uploadUnreadable()));
    raw.pipe(parser);
  });
}
