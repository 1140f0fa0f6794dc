/**
 * The load generator of `npm run bench` (issue 15: "from a separate load process"): a child process
 * that runs autocannon for each request the parent sends over IPC and answers its figures.
 *
 * The URLs of one request (the product's and the bare server's) are loaded in turns: a slice of each,
 * alternating, until each has had its seconds, and each URL's figures are those of all its slices
 * together (decision 055). The machine's speed drifts by up to 2x within a minute here; measured one
 * after the other in two 5-second windows, a drift between the windows went straight into the ratio.
 */
import autocannon from 'autocannon';
import { percentile } from './figures.ts';

export interface LoadRequest {
  /** Loaded in turns, in this order; one result per URL, in the same order. */
  urls: string[];
  headers: Record<string, string>;
  connections: number;
  /** Seconds of load per URL in all, in `slices` turns each (after one unrecorded turn of `warmUpSeconds`). */
  seconds?: number;
  slices?: number;
  warmUpSeconds?: number;
  /** Instead of seconds, this many requests per URL, one turn each (the short form). */
  amount?: number;
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

function loadTurn(
  url: string,
  request: LoadRequest,
  length: { seconds: number } | { amount: number },
  record: boolean,
): Promise<Turn> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        headers: request.headers,
        connections: request.connections,
        // autocannon stops at its first sample after the end (every second by default): samples every
        // 50 ms end a turn or a fixed number of requests (the short form) on time.
        sampleInt: 50,
        ...('amount' in length ? { amount: length.amount } : { duration: length.seconds }),
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

function resultOf(turns: Turn[]): LoadResult {
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
  const turns = request.urls.map((): Turn[] => []);
  if (request.amount) {
    for (const [index, url] of request.urls.entries())
      turns[index]?.push(await loadTurn(url, request, { amount: request.amount }, true));
    return turns.map(resultOf);
  }
  if (request.warmUpSeconds) {
    for (const url of request.urls) await loadTurn(url, request, { seconds: request.warmUpSeconds }, false);
  }
  const slices = Math.max(1, request.slices ?? 1);
  const slice = (request.seconds ?? 1) / slices;
  for (let round = 0; round < slices; round++) {
    for (const [index, url] of request.urls.entries())
      turns[index]?.push(await loadTurn(url, request, { seconds: slice }, true));
  }
  return turns.map(resultOf);
}

process.on('message', (message: LoadRequest | 'exit') => {
  if (message === 'exit') process.exit(0);
  load(message).then(
    (results) => process.send?.(results),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.send?.('ready');
// The bench that started this process is gone (stopped, or crashed): so is this process.
process.once('disconnect', () => process.exit(0));
