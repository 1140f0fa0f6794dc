import type { FastifyInstance } from 'fastify';

/** How long a stop waits for requests under way before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops taking requests, lets those under way finish, and closes (decision 038). The crash test found the
 * server's stop (SIGTERM) waiting 70 s after a client had downloaded a stored document over a
 * keep-alive connection, until Fastify's 72 s keep-alive timeout ended it. After the grace period
 * every connection left is closed, so a stop is bounded; `npm run test:crash` times it.
 */
export async function closeGracefully(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  const force = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(force);
  }
}
