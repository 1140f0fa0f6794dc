import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { type Db, poolOf } from '../db/database.ts';

/**
 * Decision 087: work that must run once however many servers there are (the file sweep, the trash
 * settling, the e-mail sender, the weekly digests) runs on whichever server holds one PostgreSQL
 * session-level advisory lock. The lock lives on one connection held for as long as the server leads;
 * when that server stops or dies the connection closes, the lock is released, and another server takes
 * it at its next try (within `pollMs`). SQLite has one process, which always leads.
 */

/** The advisory lock's key: any constant the app uses for nothing else. */
export const LEADER_LOCK_KEY = 4_747_047;

export interface BackgroundJob {
  /** For the log lines and metrics. */
  name: string;
  intervalMs: number;
  /** One run; a run that throws is logged, and the next interval tries again. */
  run(): Promise<void>;
}

export interface BackgroundJobs {
  /** The registration point: jobs added before or after start run while this server leads. */
  register(job: BackgroundJob): void;
  start(): void;
  /** Stops the jobs, waits for runs under way, and releases the lock. */
  stop(): Promise<void>;
  /** True while this server runs the background work. */
  isLeader(): boolean;
}

export function createBackgroundJobs(
  db: Db,
  log: FastifyBaseLogger,
  { pollMs = 5_000, lockKey = LEADER_LOCK_KEY }: { pollMs?: number; lockKey?: number } = {},
): BackgroundJobs {
  const jobs: BackgroundJob[] = [];
  const timers = new Map<BackgroundJob, NodeJS.Timeout>();
  const running = new Map<BackgroundJob, Promise<void>>();
  let leading = false;
  let stopped = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  const runOnce = (job: BackgroundJob) => {
    if (!leading || running.has(job)) return;
    const run = job
      .run()
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'a background job failed'))
      .finally(() => running.delete(job));
    running.set(job, run);
  };
  const schedule = (job: BackgroundJob) => {
    runOnce(job);
    const timer = setInterval(() => runOnce(job), job.intervalMs);
    timer.unref();
    timers.set(job, timer);
  };
  const beginLeading = () => {
    leading = true;
    log.info({ jobs: jobs.map((job) => job.name) }, 'this server runs the background jobs');
    for (const job of jobs) schedule(job);
  };
  const endLeading = async () => {
    leading = false;
    for (const timer of timers.values()) clearInterval(timer);
    timers.clear();
    await Promise.all(running.values());
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /**
   * PostgreSQL: try the lock on a connection of its own, and lead while it holds, checking the
   * connection at each poll. A connection cut while idle (`pg_terminate_backend`, a failover) reports
   * an error event, handled here: the lock went with it, so this server stops leading and contends again.
   */
  async function contend(pool: pg.Pool): Promise<void> {
    while (!stopped) {
      let client: pg.PoolClient | undefined;
      let lost = false;
      try {
        client = await pool.connect();
        client.on('error', (error) => {
          lost = true;
          log.warn({ err: error }, 'the background lock connection was lost');
          wake?.();
        });
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          lockKey,
        ]);
        if (rows[0]?.locked) {
          beginLeading();
          while (!stopped && !lost) {
            await sleep();
            if (!lost) await client.query('select 1');
          }
          await endLeading();
          if (!lost) await client.query('select pg_advisory_unlock($1)', [lockKey]);
        }
      } catch (error) {
        lost = true;
        log.warn({ err: error }, 'the background lock connection failed; trying again');
        await endLeading();
      } finally {
        client?.release(lost);
      }
      if (!stopped) await sleep();
    }
  }

  return {
    register(job) {
      jobs.push(job);
      if (leading) schedule(job);
    },
    start() {
      if (loop) return;
      const pool = poolOf(db);
      loop = pool ? contend(pool) : Promise.resolve(beginLeading());
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await endLeading();
    },
    isLeader: () => leading,
  };
}
