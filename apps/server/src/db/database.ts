import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogConfig, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { NoEmptyWherePlugin } from './no-empty-where-plugin.ts';
import { postgresPoolConfig } from './postgres-pool.ts';
import type { Database } from './schema.ts';
import { checkpointInBackground } from './sqlite-checkpointer.ts';
import { withStatementCache } from './sqlite-statements.ts';

export type Db = Kysely<Database>;

/** The SQLite database's file name inside DATA_DIR (backup and restore find it by this name). */
export const SQLITE_FILE = 'app.db';

export interface DatabaseOptions {
  /** `postgres://...`; without it, the embedded SQLite file in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir, or `:memory:`. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each app its own). */
  postgresSchema?: string;
  /** PostgreSQL connections in the pool (DATABASE_POOL_SIZE); 10 by default. */
  poolSize?: number;
  /** Kysely's query log (the benchmark reads the SQL each request runs from it). */
  log?: LogConfig;
}

const pools = new WeakMap<Db, pg.Pool>();
const readers = new WeakMap<Db, Db>();

/**
 * Decision 100: on a SQLite file, a second connection that only reads (`query_only`). WAL lets it read
 * the last committed state while the main connection holds a long write transaction (a pay run's
 * generation), so the session check of a progress poll does not wait for the run. The main `Db`
 * itself everywhere else (PostgreSQL, `:memory:`, a transaction's `Db`).
 */
export function readerOf(db: Db): Db {
  return readers.get(db) ?? db;
}

/** The PostgreSQL pool behind `db` (the metrics read its counts); none for SQLite. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function createDatabase(options: DatabaseOptions): Db {
  const plugins = [new NoEmptyWherePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      ...postgresPoolConfig(options.databaseUrl, options.postgresSchema),
      // Decision 087: DATABASE_POOL_SIZE; servers x (size + 1 for the background lock) must stay under max_connections.
      ...(options.poolSize ? { max: options.poolSize } : {}),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins,
      ...(options.log ? { log: options.log } : {}),
    });
    pools.set(db, pool);
    return db;
  }
  const file = options.sqliteFile ?? SQLITE_FILE;
  if (file !== ':memory:') fs.mkdirSync(options.dataDir, { recursive: true });
  const filePath = file === ':memory:' ? file : path.join(options.dataDir, file);
  const sqlite = new SQLite(filePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  const checkpointer = file === ':memory:' ? undefined : checkpointInBackground(sqlite, filePath);
  const statements = withStatementCache(sqlite);
  const reader = file === ':memory:' ? undefined : openReader(filePath, options.log);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: {
        prepare: statements.prepare,
        close: () => {
          checkpointer?.stop();
          reader?.statements.close();
          statements.close();
        },
      },
    }),
    plugins,
    ...(options.log ? { log: options.log } : {}),
  });
  if (reader) readers.set(db, reader.db);
  return db;
}

/**
 * Decision 100: the read-only second connection to the same SQLite file (see `readerOf`). It logs as the
 * main one does: the session check reads through it, and the benchmark's bare server runs every
 * statement of a request from that log (decision 078), the session check included.
 */
function openReader(filePath: string, log: LogConfig | undefined) {
  const sqlite = new SQLite(filePath);
  sqlite.pragma('query_only = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: { prepare: statements.prepare, close: () => undefined } }),
    plugins: [new NoEmptyWherePlugin()],
    ...(log ? { log } : {}),
  });
  return { db, statements };
}

/**
 * Runs every pending migration, forward only; throws with the failing migration's error.
 * `postgresSchema` must match the one the database was created with: Kysely otherwise looks for its
 * migration tables in every schema and, finding them in another one, skips creating them in this one.
 */
export async function migrateToLatest(db: Db, postgresSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
}
