import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifySchema, type HTTPMethods, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { accountRoutes, authRoutes, HealthResponse } from './auth/auth.routes.ts';
import { authenticate } from './auth/session-cookie.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { FileStore } from './files/file-store.ts';
import { startFileSweeper } from './files/file-sweeper.ts';
import { settleTrash } from './files/file-trash.ts';
import { filesRoutes } from './files/files.routes.ts';
import { createLocalFileStore } from './files/local-file-store.ts';
import { unauthorized } from './lib/errors.ts';
import { createMailer } from './mail/create-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { adminChargesRoutes } from './modules/admin-charges/admin-charges.routes.ts';
import { employmentLetterRoutes } from './modules/employment-letter/employment-letter.routes.ts';
import { payrollRunsRoutes, payslipsRoutes } from './modules/payslips/payslips.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { timesheetImportsRoutes } from './modules/timesheet-imports/timesheet-imports.routes.ts';
import { timesheetsRoutes } from './modules/timesheets/timesheets.routes.ts';
import { trainingRecordsRoutes } from './modules/training-records/training-records.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { workersRoutes } from './modules/workers/workers.routes.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerHostCheck } from './plugins/host-check.ts';
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
}

const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

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
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: RegisteredRoute[] = [];
  routeTables.set(app, routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push({ methods: ([] as HTTPMethods[]).concat(route.method), url: route.url, schema: route.schema });
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their zod schema outside production (tests, dev), written fast always.
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env !== 'production' }));
  app.decorateRequest('user', null);
  app.addHook('onClose', async () => db.destroy());
  const mailer = givenMailer ?? createMailer(config.mail);
  app.addHook('onClose', async () => mailer.close());

  registerRequestLog(app);
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
      if (!(await authenticate(db, config.sessionPolicy, request, reply))) throw unauthorized();
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Our policy frames nothing (decision 035): swagger-ui's own allows framing by the same origin.
      transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  });

  registerSameOriginCheck(app, [...config.allowedOrigins, ...(config.publicOrigin ? [config.publicOrigin] : [])]);

  app.get('/api/health', { schema: { tags: ['health'], response: { 200: HealthResponse } } }, async () => {
    await sql`select 1`.execute(db);
    return { status: 'ok' as const };
  });
  await app.register(authRoutes, { prefix: '/api/auth', db, sessionPolicy: config.sessionPolicy });

  const store = fileStore ?? createLocalFileStore(config.filesDir);
  // Decision 042: the file deletes a crash interrupted are finished before the first request, sweep
  // or no sweep, so a file whose record survived is served again. A failure is logged, not fatal:
  // the files stay in the trash for the next start or sweep.
  app.addHook('onReady', async () => {
    await settleTrash(db, store).then(
      (result) => {
        if (result.restored || result.removed || result.failed)
          app.log.info({ trash: result }, 'settled the file trash');
      },
      (error: unknown) => app.log.error({ err: error }, 'could not settle the file trash'),
    );
  });
  const { fileSweep } = config;
  if (fileSweep) {
    // Decision 036: at start and daily, stored files no record links are swept after the grace period.
    let stopSweeper: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopSweeper = startFileSweeper(db, store, fileSweep, app.log);
    });
    app.addHook('preClose', async () => stopSweeper?.());
  }

  // Everything registered in here needs a signed-in staff member.
  await app.register(
    async (api) => {
      requireSession(api, db, config.sessionPolicy);
      await api.register(accountRoutes, { prefix: '/auth', db });
      await api.register(usersRoutes, { prefix: '/users', db });
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
      });
      await api.register(payrollRunsRoutes, { prefix: '/payroll-runs', db });
      // Decision 090, 091: sites, attendance imports, the manpower report.
      await api.register(sitesRoutes, { prefix: '/sites', db });
      await api.register(timesheetImportsRoutes, { prefix: '/timesheet-imports', db });
      await api.register(reportsRoutes, { prefix: '/reports', db });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, config.webDistDir);
  return app;
}
