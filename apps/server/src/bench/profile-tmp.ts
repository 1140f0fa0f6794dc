import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';

const db = createDatabase({ databaseUrl: process.env.PGURL, dataDir: process.env.DIR ?? '/tmp/large15' });
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  DATA_DIR: os.tmpdir(),
  WEB_DIST_DIR: path.join(os.tmpdir(), 'none'),
});
const app = await buildApp({ config, db });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { origin: 'http://localhost:80' },
  payload: { email: 'demo@example.com', password: process.env.PW },
});
const cookie = `td_session=${login.cookies.find((c) => c.name === 'td_session')?.value}`;
const { ENDPOINTS } = await import('./run-bench.ts');
const urls = process.env.URL ? [process.env.URL] : ENDPOINTS.map((e) => e.url);
for (const url of urls) {
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers: { cookie } });
  const n = Number(process.env.N ?? 100);
  const t = performance.now();
  const c = process.cpuUsage();
  for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url, headers: { cookie } });
  const cpu = process.cpuUsage(c);
  console.error(
    `${url.padEnd(70)} wall ${((performance.now() - t) / n).toFixed(2)} ms, cpu ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms/request`,
  );
}
await app.close();
