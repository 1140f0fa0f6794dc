import { AuditLogChoices, AuditLogFilterQuery, AuditLogList, AuditLogQuery } from '@td/shared/schemas/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { csvReply } from '../../lib/csv-download.ts';
import { auditLogChoices, listAuditLog } from './audit-log.repository.ts';
import { exportAuditLogCsv } from './audit-log.service.ts';

const tags = ['audit-log'];
const config = { permission: 'audit.read' } as const;

/** Decision 104: the audit log (`/settings/audit`, admin and viewer), paged on the server, and its CSV. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  app.get('/', { config, schema: { tags, querystring: AuditLogQuery, response: { 200: AuditLogList } } }, (request) =>
    listAuditLog(db, request.query, timeZone),
  );
  app.get('/choices', { config, schema: { tags, response: { 200: AuditLogChoices } } }, () => auditLogChoices(db));
  app.get(
    '/export',
    { config, schema: { tags, querystring: AuditLogFilterQuery, produces: ['text/csv'] } },
    async (request, reply) =>
      csvReply(reply, 'audit-log', timeZone, await exportAuditLogCsv(db, request.query, timeZone)),
  );
};
