import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log.ts';

/** A Fastify with the app's log controller, its log lines parsed into `lines`. */
function appWithLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
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
