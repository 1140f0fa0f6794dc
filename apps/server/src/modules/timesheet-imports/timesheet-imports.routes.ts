import { IdParams } from '@td/shared/schemas/fields';
import { FILE_REQUIRED } from '@td/shared/schemas/file';
import {
  IMPORT_FILE_TOO_LARGE,
  ImportApplied,
  ImportInspection,
  ImportPreview,
  ImportRow,
  LineParams,
  ResolveConflictInput,
  SaveMappingInput,
} from '@td/shared/schemas/timesheet-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { acceptMultipart, readUpload } from '../../files/upload-stream.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/session.ts';
import * as imports from './timesheet-imports.service.ts';

/** Decision 091: a month of a 2,000-worker site is a few MB; 20 MB leaves room and bounds the work. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const tags = ['timesheet-imports'];

/** The file (and the mapping and default site) of an upload; past 20 MB a 413 that says what to do. */
async function readImportUpload(
  request: FastifyRequest,
): Promise<imports.UploadedFile & { mapping?: string; siteId?: string }> {
  try {
    const { fields, file } = await readUpload(request, {
      maxFileBytes: MAX_IMPORT_BYTES,
      fieldNames: ['mapping', 'site_id'],
    });
    if (!file) throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
    return { ...file, mapping: fields.mapping, siteId: fields.site_id };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 413) {
      throw new AppError(413, 'FILE_TOO_LARGE', IMPORT_FILE_TOO_LARGE, { file: IMPORT_FILE_TOO_LARGE });
    }
    throw error;
  }
}

/** Decision 091: attendance files to timesheets, previewed before anything is saved. */
/** `timeZone`: the business time zone, for the timesheet rules a replaced conflict goes through (probe finding 16). */
export const timesheetImportsRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  acceptMultipart(app);

  app.post(
    '/inspect',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ImportInspection } },
    },
    async (request) => imports.inspectFile(db, await readImportUpload(request), currentUser(request).role),
  );

  app.post(
    '/',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ImportPreview } },
    },
    async (request) => {
      const upload = await readImportUpload(request);
      return imports.previewImport(
        db,
        { fileName: upload.fileName, data: upload.data, mapping: upload.mapping, siteId: upload.siteId },
        currentUser(request),
        timeZone,
      );
    },
  );

  app.post(
    '/mappings',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, body: SaveMappingInput, response: { 201: z.object({ id: z.string() }) } },
    },
    async (request, reply) => reply.status(201).send(await imports.saveMapping(db, request.body, currentUser(request))),
  );

  app.get(
    '/:id',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, params: IdParams, response: { 200: ImportPreview } },
    },
    (request) => imports.getImport(db, request.params.id),
  );

  app.post(
    '/:id/apply',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, params: IdParams, response: { 200: ImportApplied } },
    },
    (request) => imports.applyImport(db, request.params.id, currentUser(request)),
  );

  app.post(
    '/:id/rows/:line/resolve',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, params: LineParams, body: ResolveConflictInput, response: { 200: ImportRow } },
    },
    (request) =>
      imports.resolveConflict(
        db,
        request.params.id,
        request.params.line,
        request.body.action,
        currentUser(request),
        timeZone,
      ),
  );

  app.get(
    '/:id/errors.csv',
    { config: { permission: 'timesheets.write' }, schema: { tags, params: IdParams, produces: ['text/csv'] } },
    async (request, reply) => {
      const file = await imports.errorsCsv(db, request.params.id, currentUser(request).role);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
