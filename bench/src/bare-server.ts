/**
 * The limit of this stack on this machine (decision 078): a bare `node:http` server that answers each
 * benchmarked URL by running the SQL the product ran for it (capture-sql.ts, session check included)
 * through the product's own database connection (`createDatabase`: its driver, pool, pragmas and
 * statement cache), and replying with the rows as JSON. No framework, validation, mapping or schema
 * serialisation: what is left is the database and JSON.
 *
 * Runs as a child process; the parent sends `{ dataDir, databaseUrl, routes }` and gets the port.
 */
import http from 'node:http';
import { createDatabase } from '@td/server/src/db/database.ts';
import { CompiledQuery } from 'kysely';
import type { CapturedQuery } from './capture-sql.ts';

export interface BareServerSetup {
  dataDir: string;
  databaseUrl: string | undefined;
  routes: Record<string, CapturedQuery[]>;
}

process.once('message', (setup: BareServerSetup) => {
  const db = createDatabase({ databaseUrl: setup.databaseUrl, dataDir: setup.dataDir });
  const run = async (queries: CapturedQuery[]) => {
    const results: unknown[][] = [];
    for (const { sql, parameters } of queries)
      results.push([...(await db.executeQuery(CompiledQuery.raw(sql, parameters))).rows]);
    return results;
  };
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
  // The bench that started this process is gone (stopped, or crashed): so is this process.
  process.once('disconnect', () => {
    server.close();
    void db.destroy().finally(() => process.exit(0));
  });
});
