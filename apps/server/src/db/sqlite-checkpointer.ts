import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the background connection moves committed pages from the write-ahead log into the file. */
export const CHECKPOINT_INTERVAL_MS = 1000;
/** SQLite's own default (pages), restored on the app's connection if the background one stops. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/**
 * At most this long, closing the database waits for a checkpoint under way to finish (the app's own
 * connection would otherwise do the same work on closing; a bulk load's log of 1 GB takes seconds).
 */
const CLOSE_WAIT_MS = 60_000;

/**
 * The worker's whole program, plain JavaScript run by `eval` so that it needs no build entry of its own
 * (the server is bundled into one file, the tests run the TypeScript sources): a connection of its own
 * that checkpoints every interval and, when told to stop, closes and says so through `done`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const done = new Int32Array(workerData.done);
const db = new SQLite(workerData.file, { fileMustExist: true });
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the background connection and waits until it is closed (before the app's own closes). */
  stop(): void;
}

/**
 * Decision 060: SQLite checkpoints its write-ahead log on the connection that commits, once the log holds
 * more than 1,000 pages, inside that commit: a payroll run's commit (10,000 payslips and their audit
 * entries, some 30 MB of pages) took 0.38-0.48 s instead of 0.04 s, copying every page into the file
 * and syncing it while every other request waited on the event loop. The app's connection no longer
 * checkpoints (`wal_autocheckpoint = 0`); a second connection on a worker thread does, every second,
 * without blocking readers or the writer (`PASSIVE`), as PostgreSQL's checkpointer does beside its
 * backends. A commit is durable when the log is synced (`synchronous = FULL`), so nothing changes for
 * a crash. Should the worker fail, the app's connection checkpoints as before.
 */
export function checkpointInBackground(sqlite: SQLite.Database, file: string): Checkpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const done = new SharedArrayBuffer(4);
  let stopping = false;
  let exited = false;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      done,
    },
  });
  // A background helper: it never keeps the process alive on its own.
  worker.unref();
  const checkpointHere = () => {
    exited = true;
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', checkpointHere);
  worker.on('exit', checkpointHere);
  return {
    stop() {
      if (stopping) return;
      stopping = true;
      if (exited) return;
      worker.postMessage('stop');
      // Synchronous, as closing a better-sqlite3 database is: the app's connection, closed last, then
      // checkpoints what is left and removes the log, as before.
      Atomics.wait(new Int32Array(done), 0, 0, CLOSE_WAIT_MS);
    },
  };
}
