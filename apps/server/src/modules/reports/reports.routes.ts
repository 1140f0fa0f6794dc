import { LevyQuery, LevyReport, LevySheet } from '@td/shared/schemas/levy-report';
import { ManpowerQuery, ManpowerReport, ManpowerSheet } from '@td/shared/schemas/manpower-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { currentUser } from '../../plugins/session.ts';
import * as reports from './reports.service.ts';

const tags = ['reports'];

/** Decision 090: the monthly manpower report of a site, as JSON, CSV and PDF. */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/manpower',
    {
      config: { permission: 'reports.read' },
      schema: { tags, querystring: ManpowerQuery, response: { 200: ManpowerReport } },
    },
    (request) => reports.manpowerReport(db, request.query),
  );

  app.get(
    '/manpower/sheet',
    {
      config: { permission: 'reports.read' },
      schema: { tags, querystring: ManpowerQuery, response: { 200: ManpowerSheet } },
    },
    (request) => reports.manpowerSheet(db, request.query, currentUser(request)),
  );

  app.get(
    '/manpower.csv',
    { config: { permission: 'reports.read' }, schema: { tags, querystring: ManpowerQuery, produces: ['text/csv'] } },
    async (request, reply) => {
      const file = await reports.manpowerCsv(db, request.query, currentUser(request));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.get(
    '/manpower.pdf',
    {
      config: { permission: 'reports.read' },
      schema: { tags, querystring: ManpowerQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const file = await reports.manpowerPdf(db, request.query, currentUser(request));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  // Decision 103: the month's Foreign Worker Levy.
  app.get(
    '/levy',
    { config: { permission: 'payroll.read' }, schema: { tags, querystring: LevyQuery, response: { 200: LevyReport } } },
    (request) => reports.levyReport(db, request.query),
  );

  app.get(
    '/levy/sheet',
    { config: { permission: 'payroll.read' }, schema: { tags, querystring: LevyQuery, response: { 200: LevySheet } } },
    (request) => reports.levySheet(db, request.query, currentUser(request)),
  );
};
