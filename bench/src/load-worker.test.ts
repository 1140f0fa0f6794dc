import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { load } from './load-worker.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server that answers after `delayMs` and notes when each request arrived. */
async function server(delayMs: number): Promise<{ url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  const instance = http.createServer((_request, response) => {
    arrivals.push(performance.now());
    setTimeout(() => response.end('{}'), delayMs);
  });
  servers.push(instance);
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(instance.address() as AddressInfo).port}/`, arrivals };
}

/** Decision 055: the product and the bare server are loaded in alternating turns, each measured from all of its own. */
describe('bench load generator', () => {
  it('loads the URLs in alternating turns and measures each from its own requests', { timeout: 20_000 }, async () => {
    const fast = await server(1);
    const slow = await server(20);
    const [fastResult, slowResult] = await load({
      targets: [
        { url: fast.url, headers: {} },
        { url: slow.url, headers: {} },
      ],
      connections: 2,
      seconds: 1.2,
      slices: 3,
      warmUpSeconds: 0,
    });
    // Three turns each, alternating: the slow server's requests fall between the fast one's first and last.
    const turnsOf = (arrivals: number[]) =>
      arrivals.filter((time, i) => i === 0 || time - (arrivals[i - 1] ?? 0) > 200);
    expect(turnsOf(fast.arrivals)).toHaveLength(3);
    expect(turnsOf(slow.arrivals)).toHaveLength(3);
    const [firstFast, lastFast] = [fast.arrivals[0] ?? 0, fast.arrivals.at(-1) ?? 0];
    expect(slow.arrivals.some((time) => time > firstFast && time < lastFast)).toBe(true);

    // Two connections at 20 ms an answer: about 100 requests a second, each taking 20 ms or more.
    expect(slowResult?.requestsPerSecond).toBeGreaterThan(50);
    expect(slowResult?.requestsPerSecond).toBeLessThan(110);
    expect(slowResult?.p50).toBeGreaterThanOrEqual(20);
    expect(slowResult?.p99).toBeGreaterThanOrEqual(slowResult?.p50 ?? 0);
    expect(fastResult?.requestsPerSecond).toBeGreaterThan(3 * (slowResult?.requestsPerSecond ?? 0));
    expect(fastResult?.p50).toBeLessThan(20);
    // Every answered request counts; at most one per connection and turn is cut off unanswered.
    expect(fastResult?.requests).toBeLessThanOrEqual(fast.arrivals.length);
    expect(fastResult?.requests).toBeGreaterThanOrEqual(fast.arrivals.length - 2 * 3);
    expect(fastResult?.non2xx).toBe(0);
    expect(fastResult?.errors).toBe(0);
  });
});
