/**
 * `npm run user:add`: adds a staff account from the command line. Asks for name, e-mail and password
 * (the password without echo); in scripts and CI, USER_NAME, USER_EMAIL and USER_PASSWORD answer instead.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { NewAccountInput } from '@td/shared/schemas/auth';
import { createUser } from '../auth/auth.service.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase, migrateToLatest } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';

/** One prompt for every question (a piped stdin is read once); a secret answer is not echoed. */
function createPrompt() {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
  // Reading lines through the iterator keeps the ones a pipe delivers before they are asked for.
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question: string, { secret = false } = {}): Promise<string> {
      process.stdout.write(question);
      muted = secret;
      const { value } = await lines.next();
      muted = false;
      if (secret) process.stdout.write('\n');
      return String(value ?? '').trim();
    },
    close: () => rl.close(),
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const prompt = createPrompt();
  const name = process.env.USER_NAME ?? (await prompt.ask('Name: '));
  const email = process.env.USER_EMAIL ?? (await prompt.ask('Email address: '));
  const password = process.env.USER_PASSWORD ?? (await prompt.ask('Password (not shown): ', { secret: true }));
  prompt.close();

  const parsed = NewAccountInput.safeParse({ name, email, password });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const user = await createUser(db, parsed.data, null);
    console.log(`Added ${user.name} <${user.email}>. They can sign in now.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof AppError ? error.message : error);
  process.exit(1);
});
