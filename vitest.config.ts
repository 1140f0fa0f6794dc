import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for everything but the browser suite: shared rules, the web components, the
 * benchmark's own logic, and the server's API tests once on SQLite and once on PostgreSQL (TEST_DATABASE_URL, by default the local
 * server; `TEST_DATABASE_URL=skip` leaves PostgreSQL out, except in CI where nothing is skipped).
 */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const requested = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES;
if (process.env.CI === 'true' && requested === 'skip') {
  throw new Error('CI=true: the PostgreSQL suite must run; TEST_DATABASE_URL=skip is not allowed in CI.');
}
const postgresUrl = requested === 'skip' ? undefined : requested;

const serverProject = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    environment: 'node',
    env,
    // PostgreSQL tests share one server; files run one at a time to keep the 2-core machine responsive.
    fileParallelism: name !== 'server-postgres',
    // Sign-in tests hash passwords (scrypt, ~60 ms each on an idle core); on a busy shared machine the
    // default 5 s is too tight for a test that signs in a dozen times.
    testTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      // The benchmark's own logic (figures, budgets, turns, route sizes): no database, no server.
      { extends: true, test: { name: 'bench', include: ['bench/src/**/*.test.ts'], environment: 'node' } },
      serverProject('server-sqlite', { TEST_DB: 'sqlite' }),
      ...(postgresUrl
        ? [serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl })]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
