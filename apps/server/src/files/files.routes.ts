import {
  FILE_FOLDERS,
  FILE_KIND_REQUIRED,
  FILE_KINDS,
  FILE_REQUIRED,
  MAX_UPLOAD_BYTES,
  UploadedFile,
} from '@td/shared/schemas/file';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/errors.ts';
import { demandPermission } from '../plugins/permissions.ts';
import { currentUser } from '../plugins/session.ts';
import type { FileStore } from './file-store.ts';
import { dispositionFor } from './file-types.ts';
import { deleteFile, readFile, type Upload, uploadFile } from './files.service.ts';
import { acceptMultipart, type ReceivedFile, receiveUpload } from './upload-stream.ts';

interface FilesRoutesOptions {
  db: Db;
  store: FileStore;
}

const FileKindField = z.enum(FILE_KINDS);

/**
 * The `kind` field and the one `file` part of an upload (SPEC 9: at most 5 MB), the file received to
 * a temporary file (decision 106) that `use` reads; it is removed afterwards whatever happens.
 */
async function withFileUpload<T>(request: FastifyRequest, use: (upload: Upload) => Promise<T>): Promise<T> {
  const { fields, file } = await receiveUpload(request, { maxFileBytes: MAX_UPLOAD_BYTES, fieldNames: ['kind'] });
  const received: ReceivedFile | undefined = file;
  try {
    const parsedKind = FileKindField.safeParse(fields.kind);
    if (!parsedKind.success) throw badRequest(FILE_KIND_REQUIRED, { kind: FILE_KIND_REQUIRED });
    if (!received) throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
    return await use({
      kind: parsedKind.data,
      fileName: received.fileName,
      file: { path: received.path, size: received.size },
    });
  } finally {
    await received?.discard();
  }
}

/** `inline; filename="..."; filename*=UTF-8''...` with an ASCII fallback for old clients. */
function contentDisposition(contentType: string, originalName: string): string {
  const fallback = originalName.replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  return `${dispositionFor(contentType)}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}

/** SPEC 3 stored files, 4 deletion, 8 storage errors; ARCHITECTURE differs 2 (private) and 6 (checked). */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { db, store }) => {
  // Only this plugin accepts multipart bodies; `receiveUpload` streams them with the limits above.
  acceptMultipart(app);

  app.post(
    '/',
    {
      config: { permission: 'documents.write' },
      schema: { tags: ['files'], consumes: ['multipart/form-data'], response: { 201: UploadedFile } },
    },
    async (request, reply) => {
      const uploaded = await withFileUpload(request, (upload) => uploadFile(db, store, upload, currentUser(request)));
      return reply.status(201).send(uploaded);
    },
  );

  app.get(
    '/*',
    { config: { permission: 'workers.read' }, schema: { tags: ['files'], params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      // Decision 104: a photo is part of the worker list (every role reading workers); anything else is a
      // document, for the roles that read documents.
      if (!request.params['*'].startsWith(`${FILE_FOLDERS.photo}/`)) demandPermission(request, 'documents.read');
      const file = await readFile(db, store, request.params['*']);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.contentType, file.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.body);
    },
  );

  app.delete(
    '/',
    {
      config: { permission: 'documents.write' },
      schema: { tags: ['files'], querystring: z.object({ url: z.string().min(1).max(500) }) },
    },
    async (request, reply) => {
      await deleteFile(db, store, request.query.url, currentUser(request));
      return reply.status(204).send();
    },
  );
};
