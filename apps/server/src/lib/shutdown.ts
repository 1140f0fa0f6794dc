import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();

/** Decision 089: from SIGTERM on, the server says it is not ready and asks clients to reconnect elsewhere. */
export function startDraining(app: FastifyInstance): void {
  draining.add(app);
}

export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app);
}

/** How long a stop waits for requests under way before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops taking requests, lets those under way finish, and closes (decision 038). The crash test found the
 * server's stop (SIGTERM) waiting 70 s after a client had downloaded a stored document over a
 * keep-alive connection, until Fastify's 72 s keep-alive timeout ended it. After the grace period
 * every connection left is closed, so a stop is bounded; `npm run test:crash` times it.
 */
export async function closeGracefully(
  app: FastifyInstance,
  { graceMs = SHUTDOWN_GRACE_MS, drainMs = 0 }: { graceMs?: number; drainMs?: number } = {},
): Promise<void> {
  // Decision 089: first draining: /api/ready answers 503 and answers close their connections, while
  // requests keep being served for `drainMs` (a load balancer's health check notices in that time and
  // sends new requests elsewhere); then the listener closes and requests under way finish.
  startDraining(app);
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  const force = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(force);
  }
}
