import { dateInTimeZone } from '@td/shared/rules/dates';
import {
  ComplianceCalendar,
  ComplianceFeed,
  ComplianceQuery,
  DigestSendResult,
  NotificationSettings,
  NotificationSettingsInput,
  RenewalInput,
  WorkerCompliance,
} from '@td/shared/schemas/compliance';
import { IdParams } from '@td/shared/schemas/fields';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { currentUser } from '../../plugins/session.ts';
import * as compliance from './compliance.service.ts';
import { sendDigestNow } from './compliance-digest.ts';

interface ComplianceRoutesOptions {
  db: Db;
  timeZone: string;
  mailer: Mailer;
  /** PUBLIC_URL's origin; without it the feed's address is built from the request's. */
  publicOrigin: string | undefined;
}

const tags = ['compliance'];

/** The app's own address as the browser reached it (the feed URL and the digest's links). */
export const originOf = (request: FastifyRequest, publicOrigin: string | undefined) =>
  publicOrigin ?? `${request.protocol}://${request.host}`;

/** Decision 094, 095: the compliance calendar, its CSV, a worker's items and renewals, reminders. */
export const complianceRoutes: FastifyPluginAsyncZod<ComplianceRoutesOptions> = async (
  app,
  { db, timeZone, mailer, publicOrigin },
) => {
  const ctx: compliance.ComplianceContext = { db, timeZone };

  app.get(
    '/',
    {
      config: { permission: 'compliance.read' },
      schema: { tags, querystring: ComplianceQuery, response: { 200: ComplianceCalendar } },
    },
    (request) => compliance.complianceCalendar(ctx, request.query),
  );

  app.get(
    '/export',
    {
      config: { permission: 'compliance.read' },
      schema: { tags, querystring: ComplianceQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="compliance-${dateInTimeZone(new Date(), timeZone)}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(await compliance.complianceCsv(ctx, request.query)),
  );

  app.get(
    '/workers/:id',
    {
      config: { permission: 'compliance.read' },
      schema: { tags, params: IdParams, response: { 200: WorkerCompliance } },
    },
    (request) => compliance.workerCompliance(ctx, request.params.id),
  );

  app.post(
    '/workers/:id/renewals',
    {
      config: { permission: 'compliance.write' },
      schema: { tags, params: IdParams, body: RenewalInput, response: { 201: WorkerCompliance } },
    },
    async (request, reply) =>
      reply.status(201).send(await compliance.renewItem(ctx, request.params.id, request.body, currentUser(request))),
  );

  app.post(
    '/feed',
    { config: { permission: 'compliance.read' }, schema: { tags, response: { 201: ComplianceFeed } } },
    async (request, reply) =>
      reply.status(201).send(await compliance.enableFeed(ctx, currentUser(request), originOf(request, publicOrigin))),
  );

  app.delete('/feed', { config: { permission: 'compliance.read' }, schema: { tags } }, async (request, reply) => {
    await compliance.disableFeed(ctx, currentUser(request));
    return reply.status(204).send();
  });

  app.post(
    '/digest/send-now',
    // Decision 094: "admin, for testing a setup".
    { config: { permission: 'settings.manage' }, schema: { tags, response: { 200: DigestSendResult } } },
    (request) => sendDigestNow({ ...ctx, mailer, appOrigin: originOf(request, publicOrigin) }),
  );
};

/** `/api/auth/me/notifications`: the signed-in person's reminders (registered under `/api/auth`). */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  const ctx: compliance.ComplianceContext = { db, timeZone };
  app.get(
    '/me/notifications',
    { config: { permission: 'signed-in' }, schema: { tags: ['auth'], response: { 200: NotificationSettings } } },
    (request) => compliance.notificationSettings(ctx, currentUser(request).id),
  );
  app.put(
    '/me/notifications',
    {
      config: { permission: 'signed-in' },
      schema: { tags: ['auth'], body: NotificationSettingsInput, response: { 200: NotificationSettings } },
    },
    (request) => compliance.setNotificationSettings(ctx, currentUser(request), request.body),
  );
};

const FeedParams = z.object({ token: z.string().max(100) });

/**
 * Decision 094: the private calendar feed, read by calendar services that hold no session: public,
 * read-only, found only by its unguessable token (404 otherwise, as for any unknown address).
 */
export const complianceFeedRoutes: FastifyPluginAsyncZod<{
  db: Db;
  timeZone: string;
  publicOrigin: string | undefined;
}> = async (app, { db, timeZone, publicOrigin }) => {
  const ctx: compliance.ComplianceContext = { db, timeZone };
  app.get(
    '/:token',
    { config: { permission: 'public' }, schema: { tags, params: FeedParams, produces: ['text/calendar'] } },
    async (request, reply) =>
      reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'inline; filename="td-workforce-compliance.ics"')
        .send(await compliance.feedCalendar(ctx, request.params.token, originOf(request, publicOrigin))),
  );
};
