/**
 * `npm run files:migrate [-- <folder>]` (decision 087): copies the local files folder (FILES_DIR, or the
 * folder given) into the S3 bucket the settings name (FILES_DRIVER=s3, S3_BUCKET ...), verifies each
 * object by reading it back, and reports. Run it before starting the servers with the S3 settings;
 * running it again copies only what is missing or different. docs/deploy.md, Moving files to S3.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateFolderToBucket } from '../files/migrate-to-bucket.ts';
import { createS3FileStore } from '../files/s3-file-store.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.files.driver !== 's3') {
    throw new ConfigError('set FILES_DRIVER=s3 and the S3_* settings of the bucket to copy the files into');
  }
  const folder = path.resolve(process.argv[2] ?? config.filesDir);
  const bucket = createS3FileStore(config.files);
  try {
    let shown = 0;
    const report = await migrateFolderToBucket(folder, bucket, (done, total) => {
      if (done === total || done - shown >= 100) {
        shown = done;
        console.log(`${done} of ${total} files checked`);
      }
    });
    console.log(
      `Copied ${report.copied} files (${(report.bytes / 1024 / 1024).toFixed(1)} MB) from ${folder} into the bucket ` +
        `${bucket.bucket}, each read back and compared; ${report.alreadyThere} were there already.`,
    );
    if (report.failed.length > 0) {
      for (const failure of report.failed) console.error(`  ${failure.path}: ${failure.reason}`);
      throw new Error(`${report.failed.length} file(s) were not copied: run the command again`);
    }
  } finally {
    bucket.client.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`Files migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
