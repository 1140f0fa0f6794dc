import {
  GeneratedPayslip,
  GeneratePayslipInput,
  MarkPaidInput,
  MarkPaidResult,
  PayrollRunInput,
  PayrollRunPreview,
  PayrollRunResult,
  Payslip,
  PayslipList,
  PayslipListQuery,
  PayslipPreview,
  PayslipPreviewInput,
  PayslipSummary,
} from '@td/shared/schemas/payslip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { currentUser } from '../../plugins/session.ts';
import { previewPayrollRun, runPayroll } from './payroll-run.service.ts';
import { listPayslips, summarizePayslips } from './payslips.repository.ts';
import * as payslips from './payslips.service.ts';

interface PayslipsRoutesOptions {
  db: Db;
  /** Issue 13's mailer; without it a wish to e-mail is recorded and reported as not sent. */
  sendEmail?: payslips.PayslipEmailSender;
}

const IdParams = z.object({ id: z.string() });
const SummaryQuery = PayslipListQuery.pick({ q: true, worker_id: true, month: true });
const tags = ['payslips'];

/** SPEC 2 payslip screens, 4 payslip status, 5 generation rules, 7 payslip calls, 9 payslip maths. */
export const payslipsRoutes: FastifyPluginAsyncZod<PayslipsRoutesOptions> = async (app, { db, sendEmail }) => {
  app.get('/', { schema: { tags, querystring: PayslipListQuery, response: { 200: PayslipList } } }, (request) =>
    listPayslips(db, request.query),
  );

  app.get('/summary', { schema: { tags, querystring: SummaryQuery, response: { 200: PayslipSummary } } }, (request) =>
    summarizePayslips(db, request.query),
  );

  app.post('/preview', { schema: { tags, body: PayslipPreviewInput, response: { 200: PayslipPreview } } }, (request) =>
    payslips.previewPayslip(db, request.body),
  );

  app.post(
    '/',
    { schema: { tags, body: GeneratePayslipInput, response: { 201: GeneratedPayslip } } },
    async (request, reply) =>
      reply.status(201).send(await payslips.generatePayslip(db, request.body, currentUser(request), { sendEmail })),
  );

  app.post('/mark-paid', { schema: { tags, body: MarkPaidInput, response: { 200: MarkPaidResult } } }, (request) =>
    payslips.markPayslipsPaid(db, request.body.ids, currentUser(request)),
  );

  app.get('/:id', { schema: { tags, params: IdParams, response: { 200: Payslip } } }, (request) =>
    payslips.getPayslip(db, request.params.id),
  );

  app.delete('/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await payslips.deletePayslip(db, request.params.id, currentUser(request));
    return reply.status(204).send();
  });
};

/** The payroll run (issue 12): every active worker's payslip for a period in one go. */
export const payrollRunsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const runTags = ['payroll-runs'];

  app.post(
    '/preview',
    { schema: { tags: runTags, body: PayrollRunInput, response: { 200: PayrollRunPreview } } },
    (request) => previewPayrollRun(db, request.body),
  );

  app.post(
    '/',
    { schema: { tags: runTags, body: PayrollRunInput, response: { 201: PayrollRunResult } } },
    async (request, reply) => reply.status(201).send(await runPayroll(db, request.body, currentUser(request))),
  );
};
