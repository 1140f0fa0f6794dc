/**
 * The SQL the product runs for each benchmarked URL, session check included, for the bare server to
 * run (decision 078). The product's own app, on the store's database, answers each URL once in this
 * process with Kysely's query log on (`createDatabase({ log })`): the statements and parameters are
 * exactly the ones the built server runs for the same URL on the same data. Nothing is timed here.
 *
 * The bench's entry points into the server's source: `app.ts` (buildApp), `config.ts` (loadConfig)
 * and `db/database.ts` (createDatabase), here and in bare-server.ts.
 */
import { buildApp } from '@td/server/src/app.ts';
import { loadConfig } from '@td/server/src/config.ts';
import { createDatabase } from '@td/server/src/db/database.ts';
import type { Store } from './stack.ts';

export interface CapturedQuery {
  sql: string;
  parameters: unknown[];
}

export async function captureSql(
  store: Store,
  account: { email: string; password: string },
  urls: readonly string[],
): Promise<Record<string, CapturedQuery[]>> {
  let capturing: CapturedQuery[] | null = null;
  const db = createDatabase({
    databaseUrl: store.databaseUrl,
    dataDir: store.dataDir,
    log: (event) => {
      if (event.level === 'query') capturing?.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: store.dataDir,
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  });
  const app = await buildApp({ config, db });
  try {
    const origin = 'http://localhost:80';
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin }, payload: account });
    const session = login.cookies.find((c) => c.name === 'td_session');
    if (!session) throw new Error(`sign-in failed: ${login.body}`);
    const routes: Record<string, CapturedQuery[]> = {};
    for (const url of urls) {
      capturing = [];
      const response = await app.inject({ method: 'GET', url, headers: { cookie: `td_session=${session.value}` } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      routes[url] = capturing;
      capturing = null;
    }
    return routes;
  } finally {
    await app.close();
    await db.destroy();
  }
}
