import { dateInTimeZone } from '@td/shared/rules/dates';
import { roleCan } from '@td/shared/rules/permissions';
import { IdParams } from '@td/shared/schemas/fields';
import {
  ExpiringListQuery,
  ExpiringWorkerList,
  Worker,
  WorkerCompanies,
  WorkerDashboard,
  WorkerFilterQuery,
  WorkerHistory,
  WorkerList,
  WorkerListQuery,
  WorkerLookup,
  WorkerLookupQuery,
  WorkerSortQuery,
  workerInputSchema,
} from '@td/shared/schemas/worker';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../files/file-store.ts';
import { csvReply } from '../../lib/csv-download.ts';
import { badRequest } from '../../lib/errors.ts';
import { roleOf } from '../../plugins/permissions.ts';
import { currentUser } from '../../plugins/session.ts';
import { listCompanies } from './workers.repository.ts';
import * as workers from './workers.service.ts';

interface WorkersRoutesOptions {
  db: Db;
  /** SPEC 9: today and calendar months are those of the business (BUSINESS_TIME_ZONE). */
  timeZone: string;
  /** Where the documents are, so a save can remove the ones it unlinked (decision 024). */
  store?: FileStore;
}

const tags = ['workers'];
const ExportQuery = WorkerFilterQuery.extend(WorkerSortQuery.shape);

/** SPEC 2 worker screens, 5 validation, 7 worker calls, 9 dashboard and expiry rules. */
export const workersRoutes: FastifyPluginAsyncZod<WorkersRoutesOptions> = async (app, { db, timeZone, store }) => {
  // The age check (decision 023) reads today in the business time zone at each request.
  const today = () => dateInTimeZone(new Date(), timeZone);
  // Decision 108: the salary is asked on add only of the roles that see pay. The route's schema leaves it
  // out; for those roles the whole add rules run first (every message at once, as SPEC 5 answers them).
  const CreateBody = workerInputSchema('add', { today, payRequired: false });
  const CreateBodyWithPay = workerInputSchema('add', { today });
  const askPayOnAdd = async (request: FastifyRequest) => {
    if (!roleCan(roleOf(request), 'workers.pay')) return;
    const parsed = CreateBodyWithPay.safeParse(request.body);
    if (parsed.success) return;
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
    throw badRequest(Object.values(fields)[0] ?? 'The request is not valid', fields);
  };
  const UpdateBody = workerInputSchema('edit', { today });

  // Decision 083: the list answers the account number masked; the worker's own answer (the edit form's) whole.
  app.get(
    '/',
    {
      config: { permission: 'workers.read' },
      schema: { tags, querystring: WorkerListQuery, response: { 200: WorkerList } },
    },
    (request) => workers.listWorkersFor(db, request.query, roleOf(request)),
  );

  app.get(
    '/export',
    { config: { permission: 'workers.read' }, schema: { tags, querystring: ExportQuery, produces: ['text/csv'] } },
    async (request, reply) =>
      csvReply(
        reply,
        'workers',
        timeZone,
        await workers.exportWorkersCsv(db, request.query, timeZone, roleOf(request)),
      ),
  );

  app.get(
    '/companies',
    { config: { permission: 'workers.read' }, schema: { tags, response: { 200: WorkerCompanies } } },
    async () => ({
      items: await listCompanies(db),
    }),
  );

  app.get(
    '/dashboard',
    { config: { permission: 'workers.read' }, schema: { tags, response: { 200: WorkerDashboard } } },
    () => workers.workerDashboard(db, timeZone),
  );

  app.get(
    '/expiring-wp',
    {
      config: { permission: 'compliance.read' },
      schema: { tags, querystring: ExpiringListQuery, response: { 200: ExpiringWorkerList } },
    },
    (request) => workers.listExpiringWorkersFor(db, 'wp', request.query, timeZone, roleOf(request)),
  );

  app.get(
    '/expiring-coretrade',
    {
      config: { permission: 'compliance.read' },
      schema: { tags, querystring: ExpiringListQuery, response: { 200: ExpiringWorkerList } },
    },
    (request) => workers.listExpiringWorkersFor(db, 'coretrade', request.query, timeZone, roleOf(request)),
  );

  for (const kind of ['wp', 'coretrade'] as const) {
    app.get(
      `/expiring-${kind}/export`,
      {
        config: { permission: 'compliance.read' },
        schema: { tags, querystring: ExpiringListQuery, produces: ['text/csv'] },
      },
      async (request, reply) =>
        csvReply(
          reply,
          `expiring-${kind}`,
          timeZone,
          await workers.exportExpiringCsv(db, kind, request.query, timeZone, roleOf(request)),
        ),
    );
  }

  app.get(
    '/lookup',
    {
      config: { permission: 'workers.read' },
      schema: { tags, querystring: WorkerLookupQuery, response: { 200: WorkerLookup } },
    },
    (request) => workers.lookupWorkersFor(db, request.query, roleOf(request)),
  );

  app.get(
    '/:id',
    { config: { permission: 'workers.read' }, schema: { tags, params: IdParams, response: { 200: Worker } } },
    (request) => workers.getWorkerFor(db, request.params.id, roleOf(request)),
  );

  app.get(
    '/:id/history',
    { config: { permission: 'workers.history' }, schema: { tags, params: IdParams, response: { 200: WorkerHistory } } },
    async (request) => ({
      items: await workers.workerHistory(db, request.params.id, roleOf(request)),
    }),
  );

  app.post(
    '/',
    {
      config: { permission: 'workers.write' },
      preValidation: askPayOnAdd,
      schema: { tags, body: CreateBody, response: { 201: Worker } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await workers.createWorker(db, request.body, currentUser(request), { role: roleOf(request) })),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'workers.write' },
      schema: { tags, params: IdParams, body: UpdateBody, response: { 200: Worker } },
    },
    (request) =>
      workers.updateWorker(db, request.params.id, request.body, currentUser(request), {
        ...(store ? { store } : {}),
        role: roleOf(request),
        onCleanupError: (error, url) => request.log.warn({ err: error, url }, 'could not remove an unlinked file'),
      }),
  );

  app.delete(
    '/:id',
    { config: { permission: 'workers.write' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await workers.deleteWorker(db, request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );
};
