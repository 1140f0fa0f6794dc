/**
 * `npm run backup [-- <folder>]`: a consistent copy of the database and the stored files, taken while
 * the app runs (decision 039). Reads the same settings as the server (DATA_DIR, DATABASE_URL,
 * FILES_DIR); the copy goes to the folder given, else `$BACKUP_DIR/td-backup-<UTC time>`
 * (`./backups` by default). docs/operations.md, Backup and restore: how and how often.
 */
import path from 'node:path';
import { BackupError, createBackup } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createS3FileStore } from '../files/s3-file-store.ts';

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function main(): Promise<void> {
  const config = loadConfig();
  const now = new Date();
  const target = path.resolve(
    process.argv[2] ?? path.join(process.env.BACKUP_DIR || 'backups', `td-backup-${stamp(now)}`),
  );
  // Decision 087: with FILES_DRIVER=s3 the files are the bucket's objects the database points at.
  const bucket = config.files.driver === 's3' ? createS3FileStore(config.files) : undefined;
  const manifest = await createBackup(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, filesDir: config.filesDir, bucket },
    target,
    now,
  ).finally(() => bucket?.client.destroy());
  if (manifest.missingFiles.length > 0) {
    console.warn(
      `Warning: ${manifest.missingFiles.length} stored file(s) the database records were not in the files folder, ` +
        `so they are not in the backup either (listed in manifest.json; first: ${manifest.missingFiles[0]})`,
    );
  }
  const megabytes = (manifest.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${target}: the ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database ` +
      `and ${manifest.filesCopied} stored files (${megabytes} MB, ${manifest.storedFiles} of them recorded in the database copy) in ${(manifest.ms / 1000).toFixed(1)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof BackupError || error instanceof ConfigError ? `Backup failed: ${error.message}` : error,
  );
  process.exit(1);
});
