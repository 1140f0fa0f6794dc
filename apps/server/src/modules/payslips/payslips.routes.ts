import type { PayRules } from '@td/shared/options/pay-rules';
import { IdParams } from '@td/shared/schemas/fields';
import {
  EmailedPayslip,
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
import { contentDisposition } from '../../lib/content-disposition.ts';
import { csvReply } from '../../lib/csv-download.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { currentUser } from '../../plugins/session.ts';
import { previewPayrollRun, runPayroll } from './payroll-run.service.ts';
import { payslipFieldsFor } from './payslip-access.ts';
import { emailPayslip, type PayslipDocumentSettings, payslipPdf } from './payslip-documents.service.ts';
import { exportPayslipsCsv } from './payslip-export.service.ts';
import { listPayslips, summarizePayslips } from './payslips.repository.ts';
import * as payslips from './payslips.service.ts';

interface PayslipsRoutesOptions extends PayslipDocumentSettings {
  db: Db;
  mailer: Mailer;
  /** Decision 092: the rules payslips are computed by (PAY_RULES). */
  payRules: PayRules;
}

const PdfQuery = z.object({ download: z.enum(['0', '1']).optional() });
/** Probe finding 24: the tiles follow the list's filters (the status is what they break down). */
const SummaryQuery = PayslipListQuery.pick({ q: true, worker_id: true, month: true, pay_run_id: true });
/** The list's filters without its paging (the export answers every page). */
const ExportQuery = PayslipListQuery.omit({ page: true, pageSize: true });
const tags = ['payslips'];

/** SPEC 2 payslip screens, 4 payslip status, 5 generation rules, 7 payslip calls, 9 payslip maths. */
export const payslipsRoutes: FastifyPluginAsyncZod<PayslipsRoutesOptions> = async (
  app,
  { db, mailer, payRules, ...settings },
) => {
  const sendEmail: payslips.PayslipEmailSender = (id, actor) => emailPayslip(db, mailer, id, actor, settings);

  app.get(
    '/',
    {
      config: { permission: 'payroll.read' },
      schema: { tags, querystring: PayslipListQuery, response: { 200: PayslipList } },
    },
    async (request) => {
      const list = await listPayslips(db, request.query);
      return { ...list, items: list.items.map(payslipFieldsFor(currentUser(request).role)) };
    },
  );

  // Probe finding 25 (decision 024): what the list shows, every page, as CSV.
  app.get(
    '/export',
    { config: { permission: 'payroll.read' }, schema: { tags, querystring: ExportQuery, produces: ['text/csv'] } },
    async (request, reply) =>
      csvReply(reply, 'payslips', settings.timeZone, await exportPayslipsCsv(db, request.query, settings.timeZone)),
  );

  app.get(
    '/summary',
    {
      config: { permission: 'payroll.read' },
      schema: { tags, querystring: SummaryQuery, response: { 200: PayslipSummary } },
    },
    (request) => summarizePayslips(db, request.query),
  );

  app.post(
    '/preview',
    {
      config: { permission: 'payroll.read' },
      schema: { tags, body: PayslipPreviewInput, response: { 200: PayslipPreview } },
    },
    async (request) =>
      payslipFieldsFor(currentUser(request).role)(await payslips.previewPayslip(db, request.body, payRules)),
  );

  app.post(
    '/',
    {
      config: { permission: 'payroll.write' },
      schema: { tags, body: GeneratePayslipInput, response: { 201: GeneratedPayslip } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          payslipFieldsFor(currentUser(request).role)(
            await payslips.generatePayslip(db, request.body, currentUser(request), { sendEmail, payRules }),
          ),
        ),
  );

  app.post(
    '/mark-paid',
    {
      config: { permission: 'payroll.write' },
      schema: { tags, body: MarkPaidInput, response: { 200: MarkPaidResult } },
    },
    (request) => payslips.markPayslipsPaid(db, request.body.ids, currentUser(request)),
  );

  app.get(
    '/:id',
    { config: { permission: 'payroll.read' }, schema: { tags, params: IdParams, response: { 200: Payslip } } },
    async (request) => payslipFieldsFor(currentUser(request).role)(await payslips.getPayslip(db, request.params.id)),
  );

  // SPEC 2 Generate PDF: shown inline in the app's preview; `?download=1` asks the browser to save it.
  app.get(
    '/:id/pdf',
    {
      config: { permission: 'payroll.read' },
      schema: { tags, params: IdParams, querystring: PdfQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const file = await payslipPdf(db, request.params.id, settings, currentUser(request).role);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(disposition, file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(file.pdf);
    },
  );

  app.post(
    '/:id/email',
    { config: { permission: 'payroll.write' }, schema: { tags, params: IdParams, response: { 200: EmailedPayslip } } },
    async (request) =>
      payslipFieldsFor(currentUser(request).role)(
        await emailPayslip(db, mailer, request.params.id, currentUser(request), settings),
      ),
  );

  app.delete(
    '/:id',
    { config: { permission: 'payroll.write' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await payslips.deletePayslip(db, request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );
};

/** The payroll run (decision 019): every active worker's payslip for a period in one go. */
export const payrollRunsRoutes: FastifyPluginAsyncZod<{ db: Db; payRules: PayRules }> = async (
  app,
  { db, payRules },
) => {
  const runTags = ['payroll-runs'];

  app.post(
    '/preview',
    {
      config: { permission: 'payroll.read' },
      schema: { tags: runTags, body: PayrollRunInput, response: { 200: PayrollRunPreview } },
    },
    async (request) => {
      const preview = await previewPayrollRun(db, request.body, payRules);
      return { ...preview, items: preview.items.map(payslipFieldsFor(currentUser(request).role)) };
    },
  );

  app.post(
    '/',
    {
      config: { permission: 'payroll.write' },
      schema: { tags: runTags, body: PayrollRunInput, response: { 201: PayrollRunResult } },
    },
    async (request, reply) =>
      reply.status(201).send(await runPayroll(db, request.body, currentUser(request), { payRules })),
  );
};
