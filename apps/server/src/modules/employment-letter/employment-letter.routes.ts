import { EmploymentLetterRecords } from '@td/shared/schemas/compliance';
import { IdParams } from '@td/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { currentUser } from '../../plugins/session.ts';
import {
  type EmploymentLetterSettings,
  generateEmploymentLetter,
  issueEmploymentLetter,
  listEmploymentLetters,
} from './employment-letter.service.ts';

interface EmploymentLetterRoutesOptions extends EmploymentLetterSettings {
  db: Db;
}

/**
 * SPEC 2 "Employment letter": `GET /api/workers/{id}/employment-letter` answers the letter as
 * `application/pdf`, shown inline (the app previews it) and named `Employment_Letter_{first}_{last}.pdf`.
 * Registered under the `/workers` prefix beside the worker routes, inside the signed-in scope (401).
 */
export const employmentLetterRoutes: FastifyPluginAsyncZod<EmploymentLetterRoutesOptions> = async (
  app,
  { db, company, timeZone },
) => {
  app.get(
    '/:id/employment-letter',
    {
      config: { permission: 'documents.read' },
      schema: {
        tags: ['employment-letter'],
        summary: "The worker's employment letter (PDF)",
        params: IdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const letter = await generateEmploymentLetter(db, request.params.id, { company, timeZone });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', letter.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(letter.pdf);
    },
  );

  // Decision 095: issuing the letter (the app's Generate button) records it; GET above is a preview.
  app.post(
    '/:id/employment-letter',
    {
      config: { permission: 'documents.write' },
      schema: {
        tags: ['employment-letter'],
        summary: "Issues the worker's employment letter (PDF) and records it",
        params: IdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const letter = await issueEmploymentLetter(db, request.params.id, { company, timeZone }, currentUser(request));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', letter.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(letter.pdf);
    },
  );

  app.get(
    '/:id/employment-letters',
    {
      config: { permission: 'documents.read' },
      schema: { tags: ['employment-letter'], params: IdParams, response: { 200: EmploymentLetterRecords } },
    },
    (request) => listEmploymentLetters(db, request.params.id),
  );
};
