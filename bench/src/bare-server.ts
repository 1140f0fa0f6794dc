/**
 * The physical limit of this stack on this machine (issue 15): a bare `node:http` server that answers
 * each benchmarked URL by running the same SQL with the same parameters as the product did for it
 * (captured from Kysely's log, the session check included) straight on the driver, and replying with
 * the rows as JSON. No framework, validation, mapping or schema serialisation: what is left is the
 * database and JSON, which the product cannot beat.
 *
 * Runs as a child process; the parent sends `{ sqliteFile | postgresUrl, routes }` and gets the port.
 */
import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { postgresPoolConfig, prepareOnEachConnection } from '../db/postgres-pool.ts';
import { withStatementCache } from '../db/sqlite-statements.ts';

export interface CapturedQuery {
  sql: string;
  parameters: unknown[];
}

export interface BareServerSetup {
  sqliteFile?: string;
  postgresUrl?: string;
  routes: Record<string, CapturedQuery[]>;
}

type Run = (queries: CapturedQuery[]) => Promise<unknown[][]>;

function sqliteRunner(file: string): Run {
  const database = new SQLite(file);
  // The product's connection settings (db/database.ts).
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  // The product's statement cache and row reading (db/sqlite-statements.ts): the limit of this stack.
  const statements = withStatementCache(database);
  return async (queries) =>
    queries.map(({ sql, parameters }) => {
      const statement = statements.prepare(sql);
      if (statement.reader) return statement.all(parameters);
      statement.run(parameters);
      return [];
    });
}

function postgresRunner(url: string, routes: BareServerSetup['routes']): Run {
  // The product's pool: its size, its row parsers and its session settings (db/postgres-pool.ts),
  // and every statement prepared once per connection (decision 059), as the limit of this stack.
  const pool = new pg.Pool(postgresPoolConfig(url));
  for (const { sql } of Object.values(routes).flat()) prepareOnEachConnection(sql);
  return async (queries) => {
    const results: unknown[][] = [];
    for (const { sql, parameters } of queries) results.push((await pool.query(sql, parameters)).rows);
    return results;
  };
}

process.once('message', (setup: BareServerSetup) => {
  const run = setup.sqliteFile
    ? sqliteRunner(setup.sqliteFile)
    : postgresRunner(setup.postgresUrl ?? 'postgres://missing', setup.routes);
  const server = http.createServer((request, response) => {
    const queries = setup.routes[request.url ?? ''];
    if (!queries) {
      response.writeHead(404).end();
      return;
    }
    run(queries).then(
      (results) => {
        const body = JSON.stringify(results.length === 1 ? results[0] : results);
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      },
      (error: unknown) => {
        response.writeHead(500).end(String(error));
      },
    );
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
});
// The bench that started this process is gone (stopped, or crashed): so is this process.
process.once('disconnect', () => process.exit(0));
