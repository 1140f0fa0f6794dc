import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { RoutePermission } from '@td/shared/rules/permissions';
import Fastify, { type FastifyInstance, type FastifySchema, type HTTPMethods, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { accountRoutes, authRoutes, HealthResponse } from './auth/auth.routes.ts';
import { authenticate } from './auth/session-cookie.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { FileStore } from './files/file-store.ts';
import { sweepUnlinkedFiles } from './files/file-sweeper.ts';
import { settleTrash } from './files/file-trash.ts';
import { filesRoutes } from './files/files.routes.ts';
import { createLocalFileStore } from './files/local-file-store.ts';
import { createS3FileStore } from './files/s3-file-store.ts';
import { type BackgroundJobs, createBackgroundJobs } from './jobs/background-jobs.ts';
import { AppError, unauthorized } from './lib/errors.ts';
import { isDraining } from './lib/shutdown.ts';
import { createMailer } from './mail/create-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { countWaitingMessages, sendDueMessages } from './mail/outbox.ts';
import { adminChargesRoutes } from './modules/admin-charges/admin-charges.routes.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import {
  complianceFeedRoutes,
  complianceRoutes,
  notificationSettingsRoutes,
} from './modules/compliance/compliance.routes.ts';
import { DIGEST_TICK_MS, runDigestJob } from './modules/compliance/public.ts';
import { employmentLetterRoutes } from './modules/employment-letter/employment-letter.routes.ts';
import { payRunsRoutes } from './modules/pay-runs/pay-runs.routes.ts';
import { payrollRunsRoutes, payslipsRoutes } from './modules/payslips/payslips.routes.ts';
import { payslipOutboxHandlers } from './modules/payslips/public.ts';
import { publicHolidaysRoutes } from './modules/public-holidays/public-holidays.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { timesheetImportsRoutes } from './modules/timesheet-imports/timesheet-imports.routes.ts';
import { timesheetsRoutes } from './modules/timesheets/timesheets.routes.ts';
import { trainingRecordsRoutes } from './modules/training-records/training-records.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { workersRoutes } from './modules/workers/workers.routes.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerHostCheck } from './plugins/host-check.ts';
import { forgetOldIdempotencyKeys, registerIdempotency } from './plugins/idempotency.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { requirePermissions, undeclaredApiRoutes } from './plugins/permissions.ts';
import { logDestination, registerRequestLog } from './plugins/request-log.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { requireSession } from './plugins/session.ts';
import { serveWebApp } from './web/serve-web-app.ts';

export interface AppDependencies {
  config: Config;
  /** A migrated database; the app closes it when it closes. */
  db: Db;
  /** Where uploads go; by default the local folder `config.filesDir` (ARCHITECTURE Shape). */
  fileStore?: FileStore;
  /** Where e-mail goes; by default SMTP_URL's server, else `$DATA_DIR/outbox` (ARCHITECTURE Shape). */
  mailer?: Mailer;
  /** Where log lines go; by default standard output, and none in tests (a test hands one to read them). */
  logStream?: DestinationStream;
}

/**
 * Decision 007: Fastify takes addresses as they are; a hop count becomes "the nearest n hops", which is
 * what Fastify itself no longer does for plain numbers (it trusts none, since a client that reaches
 * the server directly could then forge the header). docs/operations.md: use a count only when the proxy is the
 * only way in (HOST=127.0.0.1), addresses otherwise.
 */
function fastifyTrustProxy(trustProxy: Config['trustProxy']) {
  return typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;
}

/** One route as registered: what the guard test walks (decision 035). */
export interface RegisteredRoute {
  methods: HTTPMethods[];
  url: string;
  /** The route's zod schemas (body, querystring, params...): the fuzz test draws its input from them. */
  schema: FastifySchema | undefined;
  /** Decision 104: the permission the route declares in its `config` (read when asked: plugins may set it late). */
  readonly permission: RoutePermission | undefined;
}

const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();
const backgroundJobsOf = new WeakMap<FastifyInstance, BackgroundJobs>();

/**
 * Decision 087: the registration point for work that must run on one server only (the weekly digests
 * register here): `backgroundJobs(app).register({ name, intervalMs, run })`. A job runs on whichever
 * server holds the background lock, so it still claims what it sends in the database if it must never
 * send twice (a lock can change hands between two runs).
 */
export function backgroundJobs(app: FastifyInstance): BackgroundJobs {
  const jobs = backgroundJobsOf.get(app);
  if (!jobs) throw new Error('this app was not built by buildApp');
  return jobs;
}

/** Decision 089: a proxy's request id is kept when it is a plain token; anything else gets a UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Every route the app registered, from Fastify's own `onRoute` hook (so a route added anywhere, in any
 * plugin, is in it). Decision 035: the guard test walks this table instead of a hand-kept list.
 */
export function routeTableOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

/** Builds the whole app with one register() per module. Never listens: main.ts and the tests do. */
export async function buildApp({
  config,
  db,
  fileStore,
  mailer: givenMailer,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const stream = logStream ?? (config.env === 'test' ? undefined : logDestination());
  const app = Fastify({
    logger: stream ? { level: config.logLevel, stream } : false,
    // One line per request, written when it is answered (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Decision 089: after the drain, a request that a proxy sends on a connection it already held still
    // gets its answer while the server closes. Fastify's default 503 reached a user through nginx, which
    // does not retry a create (the two-server test: 1 of 100 creates in 1 of 4 runs).
    return503OnClosing: false,
    frameworkErrors,
    // Decision 089: X-Request-Id from the proxy (or a new UUID) is the request's id on every log line.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Decision 104: the roles that must use two-factor sign-in ride with the session policy.
  const sessionPolicy = { ...config.sessionPolicy, totpRoles: config.require2faRoles };
  const routeTable: RegisteredRoute[] = [];
  routeTables.set(app, routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push({
      methods: ([] as HTTPMethods[]).concat(route.method),
      url: route.url,
      schema: route.schema,
      get permission() {
        return route.config?.permission;
      },
    });
  });
  // Decision 104: an `/api` route that declares no permission stops the app from starting.
  app.addHook('onReady', async () => {
    const undeclared = undeclaredApiRoutes(routeTable.map((route) => ({ ...route, config: route })));
    if (undeclared.length > 0) {
      throw new Error(`These routes declare no permission (decision 104): ${undeclared.join(', ')}`);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their zod schema outside production (tests, dev), written fast always.
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env !== 'production' }));
  app.decorateRequest('user', null);
  app.addHook('onClose', async () => db.destroy());
  const mailer = givenMailer ?? createMailer(config.mail);
  app.addHook('onClose', async () => mailer.close());

  registerRequestLog(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Decision 089: while draining, each answer closes its connection, so a keep-alive client (the
    // proxy) opens its next one to a server that is staying.
    if (isDraining(app)) reply.header('connection', 'close');
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  // Decision 076: JSON answers and the app's pages of 1 KB and more go compressed to browsers (a page of
  // 25 workers: about 25 KB of JSON, 4 KB in brotli), with the compressible types of mime-db besides;
  // not the plugin's default `application/octet-stream`, so stored files go as they were stored.
  // Request bodies are not decompressed (no client sends them compressed; a body's size limit holds).
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/json|text\/html)(;|$)/,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  registerHostCheck(app, { publicOrigin: config.publicOrigin, listenHost: config.host });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'TD Workforce API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // Decision 035 (route guard test): the docs are for signed-in staff, their static assets included;
  // swagger-ui's own `uiHooks` skip its static files, so the guard sits on a plugin around it.
  await app.register(async (docs) => {
    docs.addHook('onRequest', async (request, reply) => {
      if (!(await authenticate(db, sessionPolicy, request, reply))) throw unauthorized();
    });
    // Decision 104: the API's documentation is for any signed-in staff member.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, permission: 'signed-in' };
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Our policy frames nothing (decision 035): swagger-ui's own allows framing by the same origin.
      transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  });

  registerSameOriginCheck(app, [...config.allowedOrigins, ...(config.publicOrigin ? [config.publicOrigin] : [])]);

  const store =
    fileStore ??
    (config.files.driver === 's3' ? createS3FileStore(config.files) : createLocalFileStore(config.filesDir));
  // Decision 089: alive (the process answers and reaches its database), for a restart policy.
  app.get(
    '/api/health',
    { config: { permission: 'public' }, schema: { tags: ['health'], response: { 200: HealthResponse } } },
    async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const };
    },
  );
  // Decision 089: ready for requests (database and file store reachable), for the load balancer;
  // 503 from the moment SIGTERM arrives (lib/shutdown.ts) while the requests under way finish.
  app.get(
    '/api/ready',
    { config: { permission: 'public' }, schema: { tags: ['health'], response: { 200: HealthResponse } } },
    async () => {
      if (isDraining(app)) throw new AppError(503, 'SHUTTING_DOWN', 'This server is shutting down.');
      try {
        await sql`select 1`.execute(db);
        await store.check?.();
      } catch {
        throw new AppError(503, 'NOT_READY', 'The database or the file store cannot be reached.');
      }
      return { status: 'ok' as const };
    },
  );
  if (config.metricsToken) {
    registerMetrics(app, { db, token: config.metricsToken, outboxDepth: () => countWaitingMessages(db) });
  }
  await app.register(authRoutes, { prefix: '/api/auth', db, sessionPolicy });
  // Decision 094: the calendar feed is read by calendar services with no session; its token is its key.
  await app.register(complianceFeedRoutes, {
    prefix: '/api/compliance/feed',
    db,
    timeZone: config.businessTimeZone,
    publicOrigin: config.publicOrigin,
  });

  // Decision 042: the file deletes a crash interrupted are finished before the first request, sweep
  // or no sweep, so a file whose record survived is served again. A failure is logged, not fatal:
  // the files stay in the trash for the next start or sweep. Decision 087: with several servers (on
  // PostgreSQL) only the one holding the background lock settles, as a background job, so that one
  // server never puts back a file another is deleting.
  const settle = async () => {
    const result = await settleTrash(db, store);
    if (result.restored || result.removed || result.failed) app.log.info({ trash: result }, 'settled the file trash');
  };
  if (!config.databaseUrl) {
    app.addHook('onReady', async () => {
      await settle().catch((error: unknown) => app.log.error({ err: error }, 'could not settle the file trash'));
    });
  }

  // Decision 087: work done once whatever the number of servers, on the holder of the background lock.
  const jobs = createBackgroundJobs(db, app.log);
  backgroundJobsOf.set(app, jobs);
  if (config.databaseUrl) jobs.register({ name: 'file-trash', intervalMs: 60 * 60 * 1000, run: settle });
  const { fileSweep } = config;
  if (fileSweep) {
    // Decision 036: at start and daily, stored files no record links are swept after the grace period.
    jobs.register({
      name: 'file-sweep',
      intervalMs: fileSweep.intervalMs,
      run: async () => {
        const result = await sweepUnlinkedFiles(db, store, { graceMs: fileSweep.graceMs });
        const { restored, removed, failed } = result.trash;
        if (result.deletedRecords || result.deletedOrphans || result.failed || restored || removed || failed)
          app.log.info({ sweep: result }, 'swept unlinked files');
      },
    });
  }
  // Decision 088: e-mails a temporary failure put back in the queue, sent again when due.
  jobs.register({
    name: 'email-outbox',
    intervalMs: config.outboxPollMs,
    run: async () => {
      const counts = await sendDueMessages(db, mailer, payslipOutboxHandlers);
      if (counts.sent || counts.queued || counts.failed) app.log.info({ outbox: counts }, 'sent queued e-mail');
    },
  });
  jobs.register({ name: 'idempotency-keys', intervalMs: 60 * 60 * 1000, run: () => forgetOldIdempotencyKeys(db) });
  // Decision 094: the weekly compliance digest (its claim per person and week is in the database).
  jobs.register({
    name: 'compliance-digest',
    intervalMs: DIGEST_TICK_MS,
    run: () => runDigestJob({ db, mailer, timeZone: config.businessTimeZone, appOrigin: config.publicOrigin }, app.log),
  });
  if (config.backgroundJobs || fileSweep) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('preClose', async () => jobs.stop());
  }

  // Everything registered in here needs a signed-in staff member.
  await app.register(
    async (api) => {
      requireSession(api, db, sessionPolicy);
      requirePermissions(api);
      registerIdempotency(api, db);
      await api.register(accountRoutes, { prefix: '/auth', db, sessionPolicy });
      await api.register(notificationSettingsRoutes, { prefix: '/auth', db, timeZone: config.businessTimeZone });
      await api.register(complianceRoutes, {
        prefix: '/compliance',
        db,
        timeZone: config.businessTimeZone,
        mailer,
        publicOrigin: config.publicOrigin,
      });
      await api.register(usersRoutes, { prefix: '/users', db, sessionPolicy });
      await api.register(auditLogRoutes, { prefix: '/audit-log', db, timeZone: config.businessTimeZone });
      await api.register(workersRoutes, { prefix: '/workers', db, timeZone: config.businessTimeZone, store });
      await api.register(adminChargesRoutes, {
        prefix: '/admin-charges',
        db,
        timeZone: config.businessTimeZone,
      });
      await api.register(employmentLetterRoutes, {
        prefix: '/workers',
        db,
        company: config.company,
        timeZone: config.businessTimeZone,
      });
      await api.register(timesheetsRoutes, { prefix: '/timesheets', db, timeZone: config.businessTimeZone });
      await api.register(filesRoutes, { prefix: '/files', db, store });
      await api.register(trainingRecordsRoutes, {
        prefix: '/training-records',
        db,
        store,
        timeZone: config.businessTimeZone,
      });
      await api.register(payslipsRoutes, {
        prefix: '/payslips',
        db,
        mailer,
        company: config.company,
        timeZone: config.businessTimeZone,
        payRules: config.payRules,
      });
      await api.register(payrollRunsRoutes, { prefix: '/payroll-runs', db, payRules: config.payRules });
      await api.register(payRunsRoutes, {
        prefix: '/pay-runs',
        db,
        mailer,
        company: config.company,
        timeZone: config.businessTimeZone,
        payRules: config.payRules,
      });
      // Decision 090, 091: sites, attendance imports, the manpower report.
      await api.register(sitesRoutes, { prefix: '/sites', db });
      await api.register(timesheetImportsRoutes, {
        prefix: '/timesheet-imports',
        db,
        timeZone: config.businessTimeZone,
      });
      await api.register(reportsRoutes, { prefix: '/reports', db });
      await api.register(publicHolidaysRoutes, { prefix: '/public-holidays', db });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, config.webDistDir);
  return app;
}
