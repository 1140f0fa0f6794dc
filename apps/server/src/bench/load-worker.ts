/**
 * The load generator of `npm run bench` (issue 15: "from a separate load process"): a child process
 * that runs autocannon for each request the parent sends over IPC and answers its figures.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Run for this many seconds, or send this many requests. */
  seconds?: number;
  amount?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

process.on('message', (message: LoadRequest | 'exit') => {
  if (message === 'exit') process.exit(0);
  autocannon(
    {
      url: message.url,
      headers: message.headers,
      connections: message.connections,
      // A fixed number of requests (the short form) ends as soon as they are answered, not at autocannon's
      // next one-second sample.
      ...(message.amount ? { amount: message.amount, sampleInt: 50 } : { duration: message.seconds ?? 1 }),
    },
    (error, result) => {
      if (error) {
        process.send?.({ error: String(error) });
        return;
      }
      const answer: LoadResult = {
        // With a fixed number of requests, autocannon's per-sample average is not a rate: count over time.
        requestsPerSecond: message.amount
          ? result.requests.total / Math.max(0.001, result.duration)
          : result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
      process.send?.(answer);
    },
  );
});
process.send?.('ready');
