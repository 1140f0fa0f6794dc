/**
 * `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back in place of the
 * database and stored files the settings point at (DATA_DIR, DATABASE_URL, FILES_DIR). Stop the server
 * first; this refuses while it answers on PORT. What is replaced is first backed up itself, to
 * `$DATA_DIR/before-restore-<UTC time>`, so a restore of the wrong backup can be undone.
 */

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { BackupError, createBackup, readManifest, restoreBackup } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { SQLITE_FILE } from '../db/database.ts';
import { createS3FileStore } from '../files/s3-file-store.ts';

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function serverAnswers(host: string, port: number): Promise<boolean> {
  const address = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  try {
    await fetch(`http://${address}:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** Whether there is an installation to keep before it is replaced (a fresh database has no tables). */
async function hasData(source: { databaseUrl: string | undefined; dataDir: string }): Promise<boolean> {
  if (!source.databaseUrl) {
    const file = path.join(source.dataDir, SQLITE_FILE);
    if (!fs.existsSync(file)) return false;
    const db = new SQLite(file, { readonly: true });
    try {
      return db.prepare("select 1 from sqlite_master where name = 'stored_files'").get() !== undefined;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: source.databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ found: string | null }>("select to_regclass('stored_files') as found");
    return result.rows[0]?.found != null;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const from = process.argv[2];
  if (!from) throw new BackupError('name the backup folder: npm run restore -- backups/td-backup-...');
  const config = loadConfig();
  const backup = path.resolve(from);
  const manifest = await readManifest(backup);
  if (await serverAnswers(config.host, config.port)) {
    throw new BackupError(`the server is running on port ${config.port}: stop it first`);
  }
  // Decision 087: with FILES_DRIVER=s3 the backup's files go back into the bucket.
  const bucket = config.files.driver === 's3' ? createS3FileStore(config.files) : undefined;
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, filesDir: config.filesDir, bucket };
  try {
    if (await hasData(target)) {
      const keep = path.join(config.dataDir, `before-restore-${stamp(new Date())}`);
      await createBackup(target, keep);
      console.log(`The data being replaced was saved first to ${keep}`);
    }
    await restoreBackup(backup, target);
  } finally {
    bucket?.client.destroy();
  }
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.database}, ${manifest.filesCopied} stored files). ` +
      'Start the server: it applies any newer migrations.',
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof BackupError || error instanceof ConfigError ? `Restore failed: ${error.message}` : error,
  );
  process.exit(1);
});
