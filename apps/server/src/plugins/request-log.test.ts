import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, ORIGIN } from '../../test/build-test-app.ts';
import { buildApp } from '../app.ts';
import { createUser } from '../auth/auth.service.ts';
import { loadConfig } from '../config.ts';

const PASSWORD = 'correct horse battery';

/** The whole app with its log lines written to `lines`, as main.ts builds it but for the stream. */
async function appWithLog(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  const db = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-log-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: level, DATA_DIR: dataDir, WEB_DIST_DIR: dataDir });
  const app = await buildApp({ config, db, logStream: stream });
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await createUser(db, { name: 'Staff', email: 'staff@example.com', password: PASSWORD }, null);
  return { app, lines };
}

describe('request log (decision 076)', () => {
  it('writes one JSON line a request with method, URL, status and time, and no secret', async () => {
    const { app, lines } = await appWithLog();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'staff@example.com', password: PASSWORD },
        headers: { origin: ORIGIN, cookie: 'td_device=a-device-token' },
      });
      expect(login.statusCode).toBe(200);
      const token = login.cookies.find((cookie) => cookie.name === 'td_session')?.value ?? '';
      const listed = await app.inject({
        method: 'GET',
        url: '/api/users?page=2',
        headers: { cookie: `td_session=${token}`, authorization: 'Bearer not-logged' },
      });
      expect(listed.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);

      const requestLines = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request completed');
      expect(requestLines).toHaveLength(3);
      expect(lines.some((line) => line.includes('incoming request'))).toBe(false);
      expect(requestLines[1]).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/api/users?page=2' },
        res: { statusCode: 200 },
        reqId: expect.any(String),
        responseTime: expect.any(Number),
      });
      expect(requestLines[0]).toMatchObject({
        req: { method: 'POST', url: '/api/auth/login' },
        res: { statusCode: 200 },
      });
      expect(requestLines[2]).toMatchObject({ req: { url: '/api/nothing' }, res: { statusCode: 404 } });
      for (const secret of [PASSWORD, token, 'a-device-token', 'not-logged', 'td_session', 'cookie']) {
        expect(lines.join('\n'), secret).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });

  it('writes no request line when the level is above info, and still logs a failure', async () => {
    const { app, lines } = await appWithLog('warn');
    app.get('/api/broken', { config: { permission: 'public' } }, async () => {
      throw new Error('broken');
    });
    try {
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      expect((await app.inject('/api/broken')).statusCode).toBe(500);
    } finally {
      await app.close();
    }
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed.some((line) => line.msg === 'request completed')).toBe(false);
    expect(parsed.filter((line) => line.level === 50).map((line) => line.msg)).toEqual(['request failed']);
  });
});

/** Runs `code` in a Node process of its own (with tsx) and collects its standard output as it comes. */
function nodeProcess(code: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const LOGGER = `
  import Fastify from 'fastify';
  import { logDestination } from './src/plugins/request-log.ts';
  const app = Fastify({ logger: { level: 'info', stream: logDestination() } });
`;

describe('log destination (decision 056)', () => {
  it('writes a lone line on a quiet server at once', { timeout: 20_000 }, async () => {
    const run = nodeProcess(
      `${LOGGER} app.log.info('ready'); setTimeout(() => app.log.info('lone line'), 1000); setInterval(() => undefined, 1000);`,
    );
    try {
      const waitFor = async (text: string, ms: number) => {
        const deadline = Date.now() + ms;
        while (!run.output().includes(text) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return run.output().includes(text);
      };
      // The process's start (tsx) takes a while; the second line is timed from the first.
      expect(await waitFor('ready', 10_000)).toBe(true);
      const readyAt = Date.now();
      expect(await waitFor('lone line', 10_000)).toBe(true);
      // Logged 1 s after the first, with room for a busy machine.
      expect(Date.now() - readyAt).toBeLessThan(1000 + 500);
    } finally {
      run.child.kill();
    }
  });

  it('loses no line when the process exits right after a burst of them', { timeout: 20_000 }, async () => {
    const run = nodeProcess(`${LOGGER} for (let i = 0; i < 20000; i++) app.log.info({ i }, 'burst'); process.exit(0);`);
    expect(await run.exited).toBe(0);
    const lines = run
      .output()
      .split('\n')
      .filter((line) => line.includes('burst'));
    expect(lines).toHaveLength(20000);
    expect(JSON.parse(lines.at(-1) ?? '{}').i).toBe(19999);
  });
});
