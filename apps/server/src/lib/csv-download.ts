import { dateInTimeZone } from '@td/shared/rules/dates';
import type { FastifyReply } from 'fastify';

/** Decision 024: the most rows one export answers (far above any list this business keeps). */
export const MAX_EXPORT_ROWS = 50_000;

/**
 * Decision 024: a CSV download named after the list and the business's day. Every list's export
 * answers through this one (probe finding 25), so each is private, uncached and named alike.
 */
export const csvReply = (reply: FastifyReply, name: string, timeZone: string, body: string) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}-${dateInTimeZone(new Date(), timeZone)}.csv"`)
    .header('Cache-Control', 'private, no-store')
    .send(body);
