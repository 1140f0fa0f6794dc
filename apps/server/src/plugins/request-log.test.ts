import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FLUSH_EVERY_MS, OneLinePerRequest } from './request-log.ts';

/** A Fastify with the app's log controller, its log lines parsed into `lines`. */
function appWithLog(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLinePerRequest() });
  app.get('/api/things', async () => ({ things: [] }));
  return { app, lines };
}

describe('request log: one line per request (decision 053)', () => {
  it('writes one line when a request is answered, with what the two lines of Fastify held', async () => {
    const { app, lines } = appWithLog();
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const answered = await fetch(`http://127.0.0.1:${port}/api/things?page=2`);
      expect(answered.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/nothing`)).status).toBe(404);
    } finally {
      await app.close();
    }
    const requestLines = lines.filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requestLines.map((line) => line.msg)).toEqual(['request completed', 'request completed']);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    const [things, nothing] = requestLines;
    expect(things).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/things?page=2', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      reqId: expect.any(String),
      responseTime: expect.any(Number),
    });
    expect(nothing).toMatchObject({ req: { url: '/api/nothing' }, res: { statusCode: 404 } });
  });
});

describe('request log: the access line written by hand (decision 068)', () => {
  it('is the line pino writes for the same request, field for field and in the same order', async () => {
    const { app, lines } = appWithLog();
    // What `reply.log.info` made of the same request and reply, written beside the access line.
    app.addHook('onResponse', async (request, reply) => {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'written by pino');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const url = `http://127.0.0.1:${port}/api/things?name=%22Tan%22&note=caf%C3%A9`;
      await fetch(url, { headers: { 'accept-version': '2' } });
    } finally {
      await app.close();
    }
    const byHand = lines.find((line) => line.msg === 'request completed');
    const byPino = lines.find((line) => line.msg === 'written by pino');
    expect(byHand).toBeDefined();
    expect(Object.keys(byHand ?? {})).toEqual(Object.keys(byPino ?? {}));
    const { time: _t1, responseTime: _r1, msg: _m1, ...handFields } = byHand ?? {};
    const { time: _t2, responseTime: _r2, msg: _m2, ...pinoFields } = byPino ?? {};
    expect(handFields).toEqual(pinoFields);
    expect(handFields).toMatchObject({
      level: 30,
      pid: process.pid,
      req: { url: '/api/things?name=%22Tan%22&note=caf%C3%A9', version: '2', host: expect.any(String) },
    });
    expect(Object.keys(handFields)).toEqual(['level', 'pid', 'hostname', 'reqId', 'req', 'res']);
  });

  it('writes no access line when the level is above info, and still logs errors', async () => {
    const { app, lines } = appWithLog('warn');
    app.get('/api/broken', async () => {
      throw new Error('broken');
    });
    await app.ready();
    expect((await app.inject('/api/things')).statusCode).toBe(200);
    expect((await app.inject('/api/broken')).statusCode).toBe(500);
    expect(lines.some((line) => line.msg === 'request completed')).toBe(false);
    expect(lines.some((line) => line.level === 50)).toBe(true);
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
  it('writes a lone line on a quiet server within the flush interval (decision 061)', { timeout: 20_000 }, async () => {
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
      // Logged 1 s after the first; out within the flush interval, with room for a busy machine.
      expect(Date.now() - readyAt).toBeLessThan(1000 + FLUSH_EVERY_MS + 500);
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
