import { dateInTimeZone } from '@td/shared/rules/dates';
import {
  AdminCharge,
  AdminChargeDefaults,
  AdminChargeFilters,
  AdminChargeInput,
  AdminChargeList,
  AdminChargeListQuery,
  AdminChargeSummary,
} from '@td/shared/schemas/admin-charge';
import { IdParams } from '@td/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { csvReply } from '../../lib/csv-download.ts';
import { currentUser } from '../../plugins/session.ts';
import { listAdminCharges, summarizeAdminCharges } from './admin-charges.repository.ts';
import * as charges from './admin-charges.service.ts';

interface AdminChargesRoutesOptions {
  db: Db;
  /** SPEC 5: the charge date defaults to today, the business's today (BUSINESS_TIME_ZONE). */
  timeZone: string;
}

const tags = ['admin-charges'];

/** SPEC 2 admin charge screens, 4 admin charge states, 5 validation, 7 admin_charges calls. */
export const adminChargesRoutes: FastifyPluginAsyncZod<AdminChargesRoutesOptions> = async (app, { db, timeZone }) => {
  // Approve and reject take no body; a client that still labels its empty body as JSON is not refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });

  app.get(
    '/',
    {
      config: { permission: 'charges.read' },
      schema: { tags, querystring: AdminChargeListQuery, response: { 200: AdminChargeList } },
    },
    (request) => listAdminCharges(db, request.query),
  );

  // Same filters as the list; paging parameters, if sent, are ignored.
  app.get(
    '/summary',
    {
      config: { permission: 'charges.read' },
      schema: { tags, querystring: AdminChargeFilters, response: { 200: AdminChargeSummary } },
    },
    (request) => summarizeAdminCharges(db, request.query),
  );

  // Probe finding 25 (decision 024): what the list shows, every page, as CSV.
  app.get(
    '/export',
    {
      config: { permission: 'charges.read' },
      schema: { tags, querystring: AdminChargeFilters, produces: ['text/csv'] },
    },
    async (request, reply) =>
      csvReply(reply, 'admin-charges', timeZone, await charges.exportAdminChargesCsv(db, request.query, timeZone)),
  );

  app.get(
    '/defaults',
    { config: { permission: 'charges.read' }, schema: { tags, response: { 200: AdminChargeDefaults } } },
    () => ({
      charge_date: dateInTimeZone(new Date(), timeZone),
    }),
  );

  app.get(
    '/:id',
    { config: { permission: 'charges.read' }, schema: { tags, params: IdParams, response: { 200: AdminCharge } } },
    (request) => charges.getAdminCharge(db, request.params.id),
  );

  app.post(
    '/',
    {
      config: { permission: 'charges.write' },
      schema: { tags, body: AdminChargeInput, response: { 201: AdminCharge } },
    },
    async (request, reply) =>
      reply.status(201).send(await charges.createAdminCharge(db, request.body, currentUser(request))),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'charges.write' },
      schema: { tags, params: IdParams, body: AdminChargeInput, response: { 200: AdminCharge } },
    },
    (request) => charges.updateAdminCharge(db, request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id',
    { config: { permission: 'charges.write' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await charges.deleteAdminCharge(db, request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/approve',
    { config: { permission: 'charges.approve' }, schema: { tags, params: IdParams, response: { 200: AdminCharge } } },
    (request) => charges.decideAdminCharge(db, request.params.id, 'Approved', currentUser(request)),
  );

  app.post(
    '/:id/reject',
    { config: { permission: 'charges.approve' }, schema: { tags, params: IdParams, response: { 200: AdminCharge } } },
    (request) => charges.decideAdminCharge(db, request.params.id, 'Rejected', currentUser(request)),
  );
};
