import { IdParams } from '@td/shared/schemas/fields';
import {
  TrainingRecord,
  TrainingRecordInput,
  TrainingRecordList,
  TrainingRecordListQuery,
  TrainingSummary,
  TrainingSummaryQuery,
} from '@td/shared/schemas/training-record';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../files/file-store.ts';
import { csvReply } from '../../lib/csv-download.ts';
import { currentUser } from '../../plugins/session.ts';
import * as training from './training-records.service.ts';

interface TrainingRecordsRoutesOptions {
  db: Db;
  store: FileStore;
  /** SPEC 9: today is that of the business (BUSINESS_TIME_ZONE). */
  timeZone: string;
}

const tags = ['training-records'];
/** The list's filters without its paging (the export answers every page). */
const ExportQuery = TrainingRecordListQuery.omit({ page: true, pageSize: true });

/** SPEC 2 training records, 4 status, 5 validation, 7 training_records calls, 8 messages, 9 Expiring Soon. */
export const trainingRecordsRoutes: FastifyPluginAsyncZod<TrainingRecordsRoutesOptions> = async (
  app,
  { db, store, timeZone },
) => {
  const ctx: training.TrainingRecordsContext = { db, store, timeZone, log: app.log };

  app.get(
    '/',
    {
      config: { permission: 'training.read' },
      schema: { tags, querystring: TrainingRecordListQuery, response: { 200: TrainingRecordList } },
    },
    (request) => training.listTrainingRecords(ctx, request.query),
  );

  // Probe finding 25 (decision 024): what the list shows, every page, as CSV.
  app.get(
    '/export',
    { config: { permission: 'training.read' }, schema: { tags, querystring: ExportQuery, produces: ['text/csv'] } },
    async (request, reply) =>
      csvReply(reply, 'training-records', timeZone, await training.exportTrainingRecordsCsv(ctx, request.query)),
  );

  app.get(
    '/summary',
    {
      config: { permission: 'training.read' },
      schema: { tags, querystring: TrainingSummaryQuery, response: { 200: TrainingSummary } },
    },
    (request) => training.trainingSummary(ctx, request.query),
  );

  app.get(
    '/:id',
    { config: { permission: 'training.read' }, schema: { tags, params: IdParams, response: { 200: TrainingRecord } } },
    (request) => training.getTrainingRecord(ctx, request.params.id),
  );

  app.post(
    '/',
    {
      config: { permission: 'training.write' },
      schema: { tags, body: TrainingRecordInput, response: { 201: TrainingRecord } },
    },
    async (request, reply) =>
      reply.status(201).send(await training.createTrainingRecord(ctx, request.body, currentUser(request))),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'training.write' },
      schema: { tags, params: IdParams, body: TrainingRecordInput, response: { 200: TrainingRecord } },
    },
    (request) => training.updateTrainingRecord(ctx, request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id',
    { config: { permission: 'training.write' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await training.deleteTrainingRecord(ctx, request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );
};
