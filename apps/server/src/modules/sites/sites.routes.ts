import { IdParams } from '@td/shared/schemas/fields';
import { Site, SiteInput, SiteList, SiteListQuery } from '@td/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { currentUser } from '../../plugins/session.ts';
import * as sites from './sites.service.ts';

const tags = ['sites'];

/** Decision 090: the sites workers clock in at (`/sites` screens). */
export const sitesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    { config: { permission: 'sites.read' }, schema: { tags, querystring: SiteListQuery, response: { 200: SiteList } } },
    (request) => sites.listSites(db, request.query),
  );

  app.get(
    '/:id',
    { config: { permission: 'sites.read' }, schema: { tags, params: IdParams, response: { 200: Site } } },
    (request) => sites.getSite(db, request.params.id),
  );

  app.post(
    '/',
    { config: { permission: 'sites.write' }, schema: { tags, body: SiteInput, response: { 201: Site } } },
    async (request, reply) => reply.status(201).send(await sites.createSite(db, request.body, currentUser(request))),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'sites.write' },
      schema: { tags, params: IdParams, body: SiteInput, response: { 200: Site } },
    },
    (request) => sites.updateSite(db, request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id',
    { config: { permission: 'sites.write' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await sites.deleteSite(db, request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );
};
