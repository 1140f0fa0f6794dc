import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { ENDPOINTS } from './run-bench.ts';

const captured: Array<{ sql: string; parameters: unknown[]; ms: number }> = [];
let on = false;
const db = createDatabase({
  databaseUrl: process.env.PGURL,
  dataDir: process.env.DIR ?? '/tmp/large15',
  log: (e) => {
    if (on && e.level === 'query')
      captured.push({ sql: e.query.sql, parameters: [...e.query.parameters], ms: e.queryDurationMillis });
  },
});
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), WEB_DIST_DIR: path.join(os.tmpdir(), 'none') });
const app = await buildApp({ config, db });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { origin: 'http://localhost:80' },
  payload: { email: 'demo@example.com', password: process.env.PW },
});
const cookie = `td_session=${login.cookies.find((c) => c.name === 'td_session')?.value}`;
const only = process.env.ONLY;
for (const e of ENDPOINTS) {
  if (only && !e.url.includes(only)) continue;
  for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: e.url, headers: { cookie } });
  captured.length = 0;
  on = true;
  const t = performance.now();
  const r = await app.inject({ method: 'GET', url: e.url, headers: { cookie } });
  const total = performance.now() - t;
  on = false;
  console.log(`\n=== ${e.url} ${r.statusCode} total ${total.toFixed(1)} ms, ${r.body.length} bytes`);
  for (const q of captured) {
    console.log(`  ${q.ms.toFixed(1)} ms: ${q.sql.slice(0, 400)}  ${JSON.stringify(q.parameters).slice(0, 120)}`);
    if (process.env.EXPLAIN && q.ms > 2) {
      const plan = process.env.PGURL
        ? await sql
            .raw(
              `explain analyze ${q.sql.replace(/\$(\d+)/g, (_, n) => {
                const v = q.parameters[Number(n) - 1];
                return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
              })}`,
            )
            .execute(db)
        : await sql
            .raw(
              `explain query plan ${q.sql.replace(/\?/g, () => {
                const v = q.parameters.shift();
                return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
              })}`,
            )
            .execute(db);
      for (const row of plan.rows as Array<Record<string, unknown>>)
        console.log('      ', Object.values(row).join(' | '));
    }
  }
}
await app.close();
