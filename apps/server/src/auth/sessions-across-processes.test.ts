/**
 * Decision 076: no server process remembers a session between requests (ARCHITECTURE: processes keep
 * no state in memory), so a session ended through one process is refused by every other one on its
 * very next request. Two apps on one database stand for two server processes.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseUnderTest, ORIGIN, sessionCookieOf } from '../../test/build-test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db, migrateToLatest } from '../db/database.ts';
import { createUser } from './auth.service.ts';

const PASSWORD = 'correct horse battery';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** Two connections to one migrated database: one SQLite file, or one PostgreSQL schema. */
async function twoConnections(dataDir: string): Promise<[Db, Db]> {
  if (databaseUnderTest === 'sqlite') {
    const first = createDatabase({ dataDir });
    await migrateToLatest(first);
    return [first, createDatabase({ dataDir })];
  }
  let schema: string | undefined;
  const first = await createTestDatabase(async (db, postgresSchema) => {
    schema = postgresSchema;
    await migrateToLatest(db, postgresSchema);
  });
  return [first, createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir, postgresSchema: schema })];
}

async function twoApps(): Promise<[FastifyInstance, FastifyInstance, Db]> {
  const dataDir = path.join(os.tmpdir(), `td-test-${randomBytes(6).toString('hex')}`);
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const dbs = await twoConnections(dataDir);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const apps = await Promise.all(dbs.map((db) => buildApp({ config, db })));
  for (const app of apps) cleanups.push(() => app.close());
  return [apps[0] as FastifyInstance, apps[1] as FastifyInstance, dbs[0]];
}

const send = (app: FastifyInstance, options: InjectOptions, cookie?: string) =>
  app.inject({ ...options, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const response = await send(app, { method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  expect(response.statusCode).toBe(200);
  return sessionCookieOf(response) ?? '';
}

describe('a session ended on one server process (decision 076)', () => {
  it('is refused by another process on its very next request after a sign-out', async () => {
    const [one, other, db] = await twoApps();
    await createUser(db, { name: 'Staff', email: 'staff@example.com', password: PASSWORD }, null);
    const cookie = await signIn(one, 'staff@example.com');
    // Both processes have just read the session: neither may answer for it afterwards.
    expect((await send(other, { method: 'GET', url: '/api/users' }, cookie)).statusCode).toBe(200);
    expect((await send(one, { method: 'GET', url: '/api/users' }, cookie)).statusCode).toBe(200);
    expect((await send(one, { method: 'POST', url: '/api/auth/logout' }, cookie)).statusCode).toBe(204);
    expect((await send(other, { method: 'GET', url: '/api/users' }, cookie)).statusCode).toBe(401);
  });

  it('is refused by another process on its very next request after a password change', async () => {
    const [one, other, db] = await twoApps();
    await createUser(db, { name: 'Staff', email: 'staff@example.com', password: PASSWORD }, null);
    const elsewhere = await signIn(other, 'staff@example.com');
    const here = await signIn(one, 'staff@example.com');
    expect((await send(other, { method: 'GET', url: '/api/users' }, elsewhere)).statusCode).toBe(200);
    const changed = await send(
      one,
      {
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
      },
      here,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ endedSessions: 1 });
    expect((await send(other, { method: 'GET', url: '/api/users' }, elsewhere)).statusCode).toBe(401);
    expect((await send(other, { method: 'GET', url: '/api/users' }, here)).statusCode).toBe(200);
  });
});
