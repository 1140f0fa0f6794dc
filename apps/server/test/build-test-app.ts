import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@td/shared/rules/permissions';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createUser } from '../src/auth/auth.service.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Db, migrateToLatest } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { FileStore } from '../src/files/file-store.ts';
import type { Mailer } from '../src/mail/mailer.ts';

/** Which database this run of the suite uses: vitest.config.ts runs it once per database. */
export const databaseUnderTest = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const postgresUrl = process.env.TEST_DATABASE_URL;

export const ORIGIN = 'http://localhost:80';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Requests with the app's own Origin (and the session cookie once signed in). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates a staff account (an admin unless a role is given, decision 104) and signs in as it. */
  signIn(user?: {
    name?: string;
    email?: string;
    password?: string;
    role?: Role;
  }): Promise<{ id: string; email: string }>;
  cookie: string | undefined;
  /** The app's DATA_DIR (a fresh temporary folder, removed after the test). */
  dataDir: string;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/**
 * A fresh, migrated database per call: SQLite in memory, or a new PostgreSQL schema dropped afterwards.
 * `migrate` replaces "all migrations" (e.g. to stop before one and test it on older data).
 */
export async function createTestDatabase(
  migrate: (db: Db, postgresSchema?: string) => Promise<void> = migrateToLatest,
): Promise<Db> {
  if (databaseUnderTest === 'sqlite') {
    const db = createDatabase({ dataDir: os.tmpdir(), sqliteFile: ':memory:' });
    await migrate(db);
    return db;
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL suite');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgresUrl, max: 1 }) }),
  });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  cleanups.push(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
    await admin.destroy();
  });
  const db = createDatabase({ databaseUrl: postgresUrl, dataDir: os.tmpdir(), postgresSchema: schema });
  await withCatalogRaceRetry(() => migrate(db, schema));
  return db;
}

/**
 * Kysely's migrator reads the catalog of every schema before it starts. When another test run on the
 * same server drops its own schema during that read, PostgreSQL fails the read with "schema
 * "test_..." does not exist" (or the relation of it) although nothing of ours is wrong. Nothing has
 * been migrated by then, so the start is simply tried again.
 */
export async function withCatalogRaceRetry(run: () => Promise<void>, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const raced =
        error instanceof Error &&
        /(^|^Database migration\s+failed: )(schema|relation) "[^"]+" does not exist/.test(error.message);
      if (!raced || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * For `createTestDatabase`: migrates up to `version`, lets `seed` write rows as they were then, and
 * migrates the rest (or up to `until`), to test a migration on data that was there before it.
 */
export function migrateAround(version: string, seed: (db: Db) => Promise<void>, until?: string) {
  return async (db: Db, schema?: string): Promise<void> => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    await withCatalogRaceRetry(async () => {
      const before = await migrator.migrateTo(version);
      if (before.error) throw before.error;
    });
    await seed(db);
    await withCatalogRaceRetry(async () => {
      const after = until ? await migrator.migrateTo(until) : await migrator.migrateToLatest();
      if (after.error) throw after.error;
    });
  };
}

export async function buildTestApp(
  overrides: Record<string, string> = {},
  dependencies: { fileStore?: FileStore; mailer?: Mailer } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const dataDir = path.join(os.tmpdir(), `td-test-${randomBytes(6).toString('hex')}`);
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Decision 092: the suites written before decision 092 hold SPEC 9's figures to the cent, so they run by
    // the seed's rules unless PAY_RULES says otherwise; the Employment Act's tests ask for it by name.
    PAY_RULES: process.env.PAY_RULES ?? 'seed',
    ...overrides,
  });
  const app = await buildApp({ config, db, ...dependencies });
  cleanups.push(() => app.close());

  const testApp: TestApp = {
    app,
    db,
    cookie: undefined,
    dataDir,
    async request(options) {
      const headers: Record<string, string> = { origin: ORIGIN, ...(options.headers as Record<string, string>) };
      if (testApp.cookie && !('cookie' in headers)) headers.cookie = testApp.cookie;
      return app.inject({ ...options, headers });
    },
    async signIn(user = {}) {
      const email = user.email ?? `staff-${randomBytes(4).toString('hex')}@example.com`;
      const password = user.password ?? 'correct horse battery';
      const created = await createUser(
        db,
        { name: user.name ?? 'Test Staff', email, password, ...(user.role ? { role: user.role } : {}) },
        null,
      );
      const response = await testApp.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      testApp.cookie = sessionCookieOf(response);
      return { id: created.id, email };
    },
  };
  return testApp;
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'td_session');
  return cookie ? `td_session=${cookie.value}` : undefined;
}
