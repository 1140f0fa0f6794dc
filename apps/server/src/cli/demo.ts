/**
 * `npm run demo`: fills an installation with demo data for someone trying the product (decision 030), on
 * the configured database (SQLite in DATA_DIR, or DATABASE_URL). `--workers 10000` builds the large
 * set the benchmark measures; `--months` sets the history (default 3, or 12 from 1,000 workers);
 * `--force` adds to a database that already holds workers.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase, migrateToLatest } from '../db/database.ts';
import { DemoRefused, type DemoStage, generateDemoData, prepareDemo } from '../demo/demo-data.ts';
import { createLocalFileStore } from '../files/local-file-store.ts';

/** A progress bar on stderr, redrawn at most 10 times a second (a plain line per stage when not a terminal). */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  let lastStage = '';
  let lastDraw = 0;
  return (stage: DemoStage, done: number, total: number) => {
    const finished = done >= total;
    if (!stream.isTTY) {
      if (finished) stream.write(`${stage}: ${total.toLocaleString('en')} done\n`);
      return;
    }
    const time = performance.now();
    if (!finished && stage === lastStage && time - lastDraw < 100) return;
    lastStage = stage;
    lastDraw = time;
    const width = 30;
    const filled = Math.round((done / Math.max(1, total)) * width);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
    stream.write(
      `\r${stage.padEnd(17)} [${bar}] ${String(Math.floor((done / Math.max(1, total)) * 100)).padStart(3)}%`,
    );
    if (finished) stream.write('\n');
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workers: { type: 'string', default: '60' },
      months: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const workers = Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 100_000)
    throw new ConfigError('--workers must be 1 to 100000');
  const months = Number(values.months ?? (workers >= 1000 ? 12 : 3));
  if (!Number.isInteger(months) || months < 1 || months > 36) throw new ConfigError('--months must be 1 to 36');

  const config = loadConfig();
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const password = process.env.DEMO_PASSWORD ?? `demo-${randomBytes(6).toString('hex')}`;
    const account = await prepareDemo(db, { force: values.force, password });
    const started = performance.now();
    const counts = await generateDemoData(db, {
      workers,
      months,
      timeZone: config.businessTimeZone,
      company: config.company,
      store: createLocalFileStore(config.filesDir),
      actor: account.actor,
      progress: progressBar(),
    });
    const seconds = (performance.now() - started) / 1000;
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;
    console.log(
      `Demo data added to ${where} in ${seconds.toFixed(1)} s: ${counts.workers.toLocaleString('en')} workers ` +
        `(${counts.files} files), ${counts.timesheets.toLocaleString('en')} timesheets, ` +
        `${counts.adminCharges.toLocaleString('en')} admin charges, ${counts.trainingRecords.toLocaleString('en')} training records, ` +
        `${counts.payslips.toLocaleString('en')} payslips.`,
    );
    const url = `http://localhost:${config.port}`;
    if (account.created) {
      console.log(
        `Start the app with \`npm start\`, open ${url} and sign in as ${account.created.email} with the password ${account.created.password}`,
      );
    } else {
      console.log(`Start the app with \`npm start\`, open ${url} and sign in with your staff account.`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DemoRefused ? error.message : error);
  process.exit(1);
});
