import type { PayRules } from '@td/shared/options/pay-rules';
import { IdParams } from '@td/shared/schemas/fields';
import {
  PayRun,
  PayRunInput,
  PayRunList,
  PayRunListQuery,
  PayRunPayInput,
  PayRunPayment,
  PayRunPayslipParams,
  PayRunStarted,
  RegeneratePayslipInput,
} from '@td/shared/schemas/pay-run';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { currentUser } from '../../plugins/session.ts';
import { emailPayslip, type PayslipDocumentSettings } from '../payslips/public.ts';
import { bankFile, payRunListCsv, type RunFile, registerCsv, registerPdf } from './pay-run-documents.ts';
import * as payRuns from './pay-runs.service.ts';
import { statutoryCsv, statutoryPdf } from './statutory-summary.ts';

interface PayRunsRoutesOptions extends PayslipDocumentSettings {
  db: Db;
  mailer: Mailer;
  /** The installation's pay rules (PAY_RULES, decision 092): a run's payslips are computed by them. */
  payRules: PayRules;
}

const tags = ['pay-runs'];

const sendFile = (reply: FastifyReply, type: string, file: RunFile) =>
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', contentDisposition('attachment', file.fileName))
    .header('Cache-Control', 'private, no-store')
    .send(file.body);

/** Decision 082: the pay runs, from Generating to Paid, and their bank file and payroll register. */
export const payRunsRoutes: FastifyPluginAsyncZod<PayRunsRoutesOptions> = async (
  app,
  { db, mailer, payRules, ...settings },
) => {
  // The generations and e-mail batches running in the background: closing the server waits for them.
  const jobs = new Set<Promise<void>>();
  const startJob: payRuns.StartJob = (job) => {
    const running = job().catch((error: unknown) => app.log.error({ err: error }, 'pay run job failed'));
    jobs.add(running);
    void running.finally(() => jobs.delete(running));
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...jobs]);
  });
  // Runs a stopped server left Generating are marked Failed before the first request.
  app.addHook('onReady', async () => {
    const failed = await payRuns.failInterruptedRuns(db);
    if (failed > 0) app.log.warn({ failed }, 'pay runs interrupted by a stop were marked Failed');
  });

  app.get(
    '/',
    {
      config: { permission: 'payroll.read' },
      schema: { tags, querystring: PayRunListQuery, response: { 200: PayRunList } },
    },
    (request) => payRuns.listPayRuns(db, request.query),
  );

  app.get(
    '/export',
    { config: { permission: 'payroll.read' }, schema: { tags, produces: ['text/csv'] } },
    async (_request, reply) => sendFile(reply, 'text/csv; charset=utf-8', await payRunListCsv(db)),
  );

  app.post(
    '/',
    { config: { permission: 'payroll.write' }, schema: { tags, body: PayRunInput, response: { 202: PayRunStarted } } },
    async (request, reply) =>
      reply.status(202).send(await payRuns.startPayRun(db, request.body, currentUser(request), startJob, payRules)),
  );

  app.get(
    '/:id',
    { config: { permission: 'payroll.read' }, schema: { tags, params: IdParams, response: { 200: PayRun } } },
    (request) => payRuns.getPayRun(db, request.params.id),
  );

  app.post(
    '/:id/approve',
    { config: { permission: 'payroll.write' }, schema: { tags, params: IdParams, response: { 200: PayRun } } },
    (request) => payRuns.approvePayRun(db, request.params.id, currentUser(request)),
  );

  app.post(
    '/:id/reopen',
    { config: { permission: 'payroll.write' }, schema: { tags, params: IdParams, response: { 200: PayRun } } },
    (request) => payRuns.reopenPayRun(db, request.params.id, currentUser(request)),
  );

  // The Pay dialog: each payslip's mode and whether the worker's bank details are there (masked).
  app.get(
    '/:id/payment',
    { config: { permission: 'payroll.read' }, schema: { tags, params: IdParams, response: { 200: PayRunPayment } } },
    (request) => payRuns.paymentOfRun(db, request.params.id),
  );

  app.post(
    '/:id/pay',
    {
      config: { permission: 'payroll.write' },
      schema: { tags, params: IdParams, body: PayRunPayInput, response: { 200: PayRun } },
    },
    async (request) => {
      const actor = currentUser(request);
      const run = await payRuns.payPayRun(db, request.params.id, request.body, actor);
      if (request.body.email_payslips) {
        // MOM: the payslip goes with the payment. One at a time after the answer; the page's own batch
        // (with its progress and report) is the usual way, this is for a client that asks the server.
        const ids = await payRuns.payslipIdsOfRun(db, run.id);
        startJob(async () => {
          for (const id of ids) {
            await emailPayslip(db, mailer, id, actor, settings).catch((error: unknown) =>
              app.log.warn({ err: error, payslip: id }, 'payslip e-mail after payment failed'),
            );
          }
        });
      }
      return run;
    },
  );

  app.delete(
    '/:id',
    { config: { permission: 'payroll.write' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await payRuns.deletePayRun(db, request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/:id/payslips/:payslipId',
    {
      config: { permission: 'payroll.write' },
      schema: { tags, params: PayRunPayslipParams, response: { 200: PayRun } },
    },
    (request) => payRuns.removePayslipFromRun(db, request.params.id, request.params.payslipId, currentUser(request)),
  );

  // Decision 082: a Draft run's payslip computed again with another figure of other deductions.
  app.post(
    '/:id/payslips/:payslipId/regenerate',
    {
      config: { permission: 'payroll.write' },
      schema: { tags, params: PayRunPayslipParams, body: RegeneratePayslipInput, response: { 200: PayRun } },
    },
    (request) =>
      payRuns.regenerateRunPayslip(
        db,
        request.params.id,
        request.params.payslipId,
        request.body,
        currentUser(request),
        payRules,
      ),
  );

  app.get(
    '/:id/bank-file',
    { config: { permission: 'payroll.read' }, schema: { tags, params: IdParams, produces: ['text/csv'] } },
    async (request, reply) =>
      sendFile(reply, 'text/csv; charset=utf-8', await bankFile(db, request.params.id, currentUser(request).role)),
  );

  app.get(
    '/:id/register.csv',
    { config: { permission: 'payroll.read' }, schema: { tags, params: IdParams, produces: ['text/csv'] } },
    async (request, reply) =>
      sendFile(reply, 'text/csv; charset=utf-8', await registerCsv(db, request.params.id, currentUser(request).role)),
  );

  app.get(
    '/:id/register.pdf',
    { config: { permission: 'payroll.read' }, schema: { tags, params: IdParams, produces: ['application/pdf'] } },
    async (request, reply) =>
      sendFile(
        reply,
        'application/pdf',
        await registerPdf(db, request.params.id, settings.company, currentUser(request).role),
      ),
  );

  // Decision 103: the run's CPF, SDL and levy, adding up to its payslips.
  app.get(
    '/:id/statutory.csv',
    { config: { permission: 'payroll.read' }, schema: { tags, params: IdParams, produces: ['text/csv'] } },
    async (request, reply) =>
      sendFile(reply, 'text/csv; charset=utf-8', await statutoryCsv(db, request.params.id, currentUser(request).role)),
  );

  app.get(
    '/:id/statutory.pdf',
    { config: { permission: 'payroll.read' }, schema: { tags, params: IdParams, produces: ['application/pdf'] } },
    async (request, reply) =>
      sendFile(
        reply,
        'application/pdf',
        await statutoryPdf(db, request.params.id, settings.company, currentUser(request).role),
      ),
  );
};
