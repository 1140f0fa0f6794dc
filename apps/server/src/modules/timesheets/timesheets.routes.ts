import { IdParams, requiredText } from '@td/shared/schemas/fields';
import {
  CrewRecorded,
  CrewRecordedQuery,
  CrewTimesheetInput,
  CrewTimesheetResult,
  SavedTimesheet,
  Timesheet,
  TimesheetInput,
  TimesheetList,
  TimesheetListQuery,
  TimesheetSummary,
  TimesheetSummaryQuery,
} from '@td/shared/schemas/timesheet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { csvReply } from '../../lib/csv-download.ts';
import { currentUser } from '../../plugins/session.ts';
import * as timesheets from './timesheets.service.ts';

interface TimesheetsRoutesOptions {
  db: Db;
  /** SPEC 9: the default month is the current one in the business time zone. */
  timeZone: string;
}

// Decision 009: clean text (a NUL reached PostgreSQL and answered 500).
const CrewWorkersQuery = z.object({ company: requiredText(200, { label: 'Company' }) });
const CrewCompanies = z.object({ items: z.array(z.object({ company: z.string(), workers: z.number().int() })) });
const CrewWorkers = z.object({
  items: z.array(
    // Decision 092: the rest day, so that crew entry asks who requested the work of the workers it falls on.
    z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      worker_id: z.string(),
      rest_day: z.string(),
    }),
  ),
});
const tags = ['timesheets'];
/** The list's filters without its paging (the export answers every page). */
const ExportQuery = TimesheetListQuery.omit({ page: true, pageSize: true });

/** SPEC 2 timesheet screens, 5 validation, 7 timesheet calls, 9 hours and summary; crew entry (decision 012). */
export const timesheetsRoutes: FastifyPluginAsyncZod<TimesheetsRoutesOptions> = async (app, { db, timeZone }) => {
  app.get(
    '/',
    {
      config: { permission: 'timesheets.read' },
      schema: { tags, querystring: TimesheetListQuery, response: { 200: TimesheetList } },
    },
    (request) => timesheets.listTimesheets(db, request.query, timeZone),
  );

  // Probe finding 25 (decision 024): what the list shows, every page, as CSV.
  app.get(
    '/export',
    { config: { permission: 'timesheets.read' }, schema: { tags, querystring: ExportQuery, produces: ['text/csv'] } },
    async (request, reply) =>
      csvReply(reply, 'timesheets', timeZone, await timesheets.exportTimesheetsCsv(db, request.query, timeZone)),
  );

  app.get(
    '/summary',
    {
      config: { permission: 'timesheets.read' },
      schema: { tags, querystring: TimesheetSummaryQuery, response: { 200: TimesheetSummary } },
    },
    (request) => timesheets.timesheetSummary(db, request.query, timeZone),
  );

  app.get(
    '/crew/companies',
    { config: { permission: 'timesheets.read' }, schema: { tags, response: { 200: CrewCompanies } } },
    () => timesheets.crewCompanies(db),
  );

  app.get(
    '/crew/workers',
    {
      config: { permission: 'timesheets.read' },
      schema: { tags, querystring: CrewWorkersQuery, response: { 200: CrewWorkers } },
    },
    (request) => timesheets.crewWorkers(db, request.query.company),
  );

  app.get(
    '/crew/recorded',
    {
      config: { permission: 'timesheets.read' },
      schema: { tags, querystring: CrewRecordedQuery, response: { 200: CrewRecorded } },
    },
    (request) => timesheets.crewRecorded(db, request.query.work_date),
  );

  app.post(
    '/crew',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, body: CrewTimesheetInput, response: { 200: CrewTimesheetResult } },
    },
    (request) => timesheets.createCrewTimesheets(db, request.body, currentUser(request), timeZone),
  );

  app.get(
    '/:id',
    { config: { permission: 'timesheets.read' }, schema: { tags, params: IdParams, response: { 200: Timesheet } } },
    (request) => timesheets.getTimesheet(db, request.params.id),
  );

  app.post(
    '/',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, body: TimesheetInput, response: { 201: SavedTimesheet } },
    },
    async (request, reply) =>
      reply.status(201).send(await timesheets.createTimesheet(db, request.body, currentUser(request), timeZone)),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'timesheets.write' },
      schema: { tags, params: IdParams, body: TimesheetInput, response: { 200: SavedTimesheet } },
    },
    (request) => timesheets.updateTimesheet(db, request.params.id, request.body, currentUser(request), timeZone),
  );

  app.delete(
    '/:id',
    { config: { permission: 'timesheets.write' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await timesheets.deleteTimesheet(db, request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );
};
