import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, migrateToLatest } from './db/database.ts';
import { closeGracefully } from './lib/shutdown.ts';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  const address = await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  // With PUBLIC_URL only that address is served (decision 007), so it is the one to print.
  const url = config.publicOrigin ?? address.replace('127.0.0.1', 'localhost');
  console.log(`TD Workforce is running at ${url} (${where}, ready in ${seconds}s)`);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: finishing open requests and closing...`);
    // Decision 089: /api/ready answers 503 from now, so the proxy stops sending new requests here.
    await closeGracefully(app, { drainMs: config.drainMs });
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
