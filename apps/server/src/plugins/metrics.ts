import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.ts';
import { poolOf } from '../db/database.ts';

/**
 * Decision 089: Prometheus metrics at `/metrics`, only with `Authorization: Bearer $METRICS_TOKEN`
 * (without the setting the route does not exist): requests by route and status with their durations,
 * the PostgreSQL pool's use, the e-mail outbox's depth, and the process's memory and event-loop delay
 * (prom-client's default metrics). One registry per app, so tests can build many.
 */
export function registerMetrics(
  app: FastifyInstance,
  { db, token, outboxDepth }: { db: Db; token: string; outboxDepth: () => Promise<number> },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = poolOf(db);
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'email_outbox_waiting',
    help: 'E-mail messages queued or being sent',
    registers: [registry],
    async collect() {
      this.set(await outboxDepth());
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/api/workers/:id`), never the URL, so ids do not make a label each.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: { code: 'UNAUTHORIZED', message: 'A metrics token is required.' } });
    }
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
