import { IdParams } from '@td/shared/schemas/fields';
import {
  PublicHoliday,
  PublicHolidayInput,
  PublicHolidayList,
  PublicHolidayListQuery,
} from '@td/shared/schemas/public-holiday';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { currentUser } from '../../plugins/session.ts';
import * as holidays from './public-holidays.service.ts';

const tags = ['public-holidays'];

/** Decision 092: `GET /api/public-holidays?year=`, POST, PUT and DELETE `/api/public-holidays/{id}`. */
export const publicHolidaysRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { permission: 'holidays.read' },
      schema: { tags, querystring: PublicHolidayListQuery, response: { 200: PublicHolidayList } },
    },
    (request) => holidays.listPublicHolidays(db, request.query.year),
  );

  app.post(
    '/',
    {
      config: { permission: 'holidays.write' },
      schema: { tags, body: PublicHolidayInput, response: { 201: PublicHoliday } },
    },
    async (request, reply) =>
      reply.status(201).send(await holidays.createPublicHoliday(db, request.body, currentUser(request))),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'holidays.write' },
      schema: { tags, params: IdParams, body: PublicHolidayInput, response: { 200: PublicHoliday } },
    },
    (request) => holidays.updatePublicHoliday(db, request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id',
    { config: { permission: 'holidays.write' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await holidays.deletePublicHoliday(db, request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );
};
