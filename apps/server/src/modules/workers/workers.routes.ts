import {
  CreateWorkerInput,
  ExpiringListQuery,
  ExpiringWorkerList,
  UpdateWorkerInput,
  Worker,
  WorkerDashboard,
  WorkerList,
  WorkerListQuery,
  WorkerLookup,
} from '@td/shared/schemas/worker';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { currentUser } from '../../plugins/session.ts';
import { listWorkers, lookupWorkers } from './workers.repository.ts';
import * as workers from './workers.service.ts';

interface WorkersRoutesOptions {
  db: Db;
  /** SPEC 9: today and calendar months are those of the business (BUSINESS_TIME_ZONE). */
  timeZone: string;
}

const IdParams = z.object({ id: z.string() });
const tags = ['workers'];

/** SPEC 2 worker screens, 5 validation, 7 worker calls, 9 dashboard and expiry rules. */
export const workersRoutes: FastifyPluginAsyncZod<WorkersRoutesOptions> = async (app, { db, timeZone }) => {
  app.get('/', { schema: { tags, querystring: WorkerListQuery, response: { 200: WorkerList } } }, (request) =>
    listWorkers(db, request.query),
  );

  app.get('/dashboard', { schema: { tags, response: { 200: WorkerDashboard } } }, () =>
    workers.workerDashboard(db, timeZone),
  );

  app.get(
    '/expiring-wp',
    { schema: { tags, querystring: ExpiringListQuery, response: { 200: ExpiringWorkerList } } },
    (request) => workers.listExpiringWorkers(db, 'wp', request.query, timeZone),
  );

  app.get(
    '/expiring-coretrade',
    { schema: { tags, querystring: ExpiringListQuery, response: { 200: ExpiringWorkerList } } },
    (request) => workers.listExpiringWorkers(db, 'coretrade', request.query, timeZone),
  );

  app.get('/lookup', { schema: { tags, response: { 200: WorkerLookup } } }, async () => ({
    items: await lookupWorkers(db),
  }));

  app.get('/:id', { schema: { tags, params: IdParams, response: { 200: Worker } } }, (request) =>
    workers.getWorker(db, request.params.id),
  );

  app.post('/', { schema: { tags, body: CreateWorkerInput, response: { 201: Worker } } }, async (request, reply) =>
    reply.status(201).send(await workers.createWorker(db, request.body, currentUser(request))),
  );

  app.put(
    '/:id',
    { schema: { tags, params: IdParams, body: UpdateWorkerInput, response: { 200: Worker } } },
    (request) => workers.updateWorker(db, request.params.id, request.body, currentUser(request)),
  );

  app.delete('/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await workers.deleteWorker(db, request.params.id, currentUser(request));
    return reply.status(204).send();
  });
};
