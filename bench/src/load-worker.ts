/**
 * The load generator of `npm run bench`: a child process, so that loading the servers takes no time
 * from the process that times the rest, running autocannon for each request the parent sends over IPC.
 *
 * The targets of one request (the product on the large set, the bare server, the product on the small
 * set) are loaded in turns: a slice of each, in order, until each has had its seconds, and each
 * target's figures are those of all its slices together (decision 055). The machine's speed drifts by
 * up to 2x within a minute here; measured one after the other, a drift between the windows went
 * straight into the ratio.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { percentile } from './figures.ts';

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
}

export interface LoadRequest {
  /** Loaded in turns, in this order; one result per target, in the same order. */
  targets: LoadTarget[];
  connections: number;
  /** Seconds of load per target in all, in `slices` turns each (after one unrecorded turn of `warmUpSeconds`). */
  seconds: number;
  slices: number;
  warmUpSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Milliseconds, from every request's own latency (not a histogram's buckets). */
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

interface Turn {
  /** Each answered request's latency, ms. */
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
}

function loadTurn(target: LoadTarget, connections: number, seconds: number, record: boolean): Promise<Turn> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
        connections,
        // autocannon stops at its first sample after the end (every second by default): samples every
        // 50 ms end a turn on time.
        sampleInt: 50,
        duration: seconds,
      },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({
            latencies,
            seconds: result.duration,
            non2xx: result.non2xx,
            errors: result.errors + result.timeouts,
          });
      },
    );
    if (record) {
      instance.on('response', (_client: unknown, _status: number, _bytes: number, latency: number) => {
        latencies.push(latency);
      });
    }
  });
}

export function resultOf(turns: readonly Turn[]): LoadResult {
  const latencies = turns.flatMap((turn) => turn.latencies);
  const seconds = turns.reduce((sum, turn) => sum + turn.seconds, 0);
  return {
    requestsPerSecond: latencies.length / Math.max(0.001, seconds),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    requests: latencies.length,
    non2xx: turns.reduce((sum, turn) => sum + turn.non2xx, 0),
    errors: turns.reduce((sum, turn) => sum + turn.errors, 0),
  };
}

export async function load(request: LoadRequest): Promise<LoadResult[]> {
  const turns = request.targets.map((): Turn[] => []);
  if (request.warmUpSeconds > 0) {
    for (const target of request.targets) await loadTurn(target, request.connections, request.warmUpSeconds, false);
  }
  const slices = Math.max(1, request.slices);
  const slice = request.seconds / slices;
  for (let round = 0; round < slices; round++) {
    for (const [index, target] of request.targets.entries())
      turns[index]?.push(await loadTurn(target, request.connections, slice, true));
  }
  return turns.map(resultOf);
}

// Only as the child process the bench forks (the test imports `load` alone).
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.on('message', (message: LoadRequest) => {
    load(message).then(
      (results) => process.send?.(results),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
  });
  process.send?.('ready');
  // The bench that started this process is gone (stopped, or crashed): so is this process.
  process.once('disconnect', () => process.exit(0));
}
