import os from 'node:os';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseUnderTest } from '../../test/build-test-app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { type BackgroundJobs, createBackgroundJobs } from './background-jobs.ts';

const log = pino({ level: 'silent' });
const opened: Db[] = [];
const started: BackgroundJobs[] = [];
afterEach(async () => {
  for (const jobs of started.splice(0)) await jobs.stop();
  for (const db of opened.splice(0)) await db.destroy();
});

/** One "server": its own connection pool, its own jobs, the same database. */
function server(lockKey: number, runs: string[], name: string) {
  const db = createDatabase({
    // The SQLite project has TEST_DATABASE_URL in its environment too (or "skip"): only the PostgreSQL one uses it.
    databaseUrl: databaseUnderTest === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    dataDir: os.tmpdir(),
    sqliteFile: ':memory:',
  });
  opened.push(db);
  const jobs = createBackgroundJobs(db, log, { pollMs: 100, lockKey });
  started.push(jobs);
  jobs.register({ name: 'count', intervalMs: 50, run: async () => void runs.push(name) });
  return { db, jobs };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background jobs on the holder of the lock (decision 087)', () => {
  it.runIf(databaseUnderTest === 'postgres')(
    'runs on one of two servers; when it stops or loses its connection, the other takes over',
    async () => {
      const lockKey = Math.floor(Math.random() * 1_000_000_000);
      const runs: string[] = [];
      const a = server(lockKey, runs, 'a');
      const b = server(lockKey, runs, 'b');
      a.jobs.start();
      await wait(150);
      b.jobs.start();
      await wait(500);
      expect([a.jobs.isLeader(), b.jobs.isLeader()]).toEqual([true, false]);
      expect(new Set(runs)).toEqual(new Set(['a']));

      // The leader's lock connection is cut (a crashed server): the lock goes with it.
      await sql`select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and objid = ${lockKey} and granted`.execute(b.db);
      await wait(800);
      expect(b.jobs.isLeader()).toBe(true);
      expect(a.jobs.isLeader()).toBe(false);
      runs.length = 0;
      await wait(300);
      expect(new Set(runs)).toEqual(new Set(['b']));

      // A stop releases it at once for the other.
      await b.jobs.stop();
      await wait(600);
      expect(a.jobs.isLeader()).toBe(true);
    },
  );

  it.runIf(databaseUnderTest === 'sqlite')(
    'runs at once in the one SQLite process, and a job added later too',
    async () => {
      const runs: string[] = [];
      const a = server(1, runs, 'a');
      a.jobs.start();
      a.jobs.register({ name: 'later', intervalMs: 50, run: async () => void runs.push('later') });
      // Waited for rather than slept on: on a busy 2-core machine the first turn can take longer than 200 ms.
      await vi.waitFor(
        () => {
          expect(a.jobs.isLeader()).toBe(true);
          expect(runs).toContain('a');
          expect(runs).toContain('later');
        },
        { timeout: 5_000, interval: 50 },
      );
      await a.jobs.stop();
      const count = runs.length;
      await wait(200);
      expect(runs.length).toBe(count);
    },
  );
});
