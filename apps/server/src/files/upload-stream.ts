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
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<UploadParts> {
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
      // One byte past the limit is enough to know; `collect` refuses it as it arrives.
      limits: { fileSize: maxFileBytes + 1, files: 1, fields: 5, parts: 6, fieldSize: MAX_FIELD_BYTES },
    });
  } catch {
    throw uploadUnreadable();
  }

  const raw = request.raw;
  return new Promise<UploadParts>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: UploadParts['file'];
    let reading: Promise<void> = Promise.resolve();
    let settled = false;

    /** Stops reading the request at once: nothing more is parsed or buffered. */
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      raw.unpipe(parser);
      raw.pause();
      reject(error);
    };

    const collect = (stream: BusboyFileStream, fileName: string): Promise<void> =>
      new Promise((done) => {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxFileBytes) {
            stream.destroy();
            fail(fileTooLarge());
            return;
          }
          chunks.push(chunk);
        });
        stream.on('limit', () => fail(fileTooLarge()));
        stream.on('error', () => fail(uploadUnreadable()));
        stream.on('end', () => {
          file = { fileName, data: Buffer.concat(chunks, size) };
          done();
        });
      });

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (fieldNames.includes(name) && !valueTruncated) fields[name] = value;
    });
    parser.on('file', (name, stream, fileName) => {
      if (name !== fileField || file !== undefined) {
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      reading = collect(stream, fileName);
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
