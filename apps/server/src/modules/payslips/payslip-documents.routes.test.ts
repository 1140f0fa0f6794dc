import fs from 'node:fs/promises';
import path from 'node:path';
import { PAYSLIP_DOCUMENT_MESSAGES as D } from '@td/shared/options/payslip-documents';
import { PAYSLIP_MESSAGES as M } from '@td/shared/options/payslips';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { finFor, insertWorkers } from '../../../test/factories.ts';
import { givenMarchMonthlyWorker, insertCharges } from '../../../test/payroll-factories.ts';
import { NAMES_IN_EVERY_SCRIPT, readPdf, readPdfFonts } from '../../../test/pdf-text.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';
import { loadConfig } from '../../config.ts';
import { createMailer } from '../../mail/create-mailer.ts';
import type { WorkerSeedRow } from '../workers/public.ts';

const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };
const SOME_ID = '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55';

/** A signed-in app; with `smtp`, its mailer talks to that real SMTP server, else it writes the outbox. */
async function signedInApp(smtp?: TestSmtpServer): Promise<TestApp> {
  const env: Record<string, string> = smtp
    ? { SMTP_URL: smtp.url, MAIL_FROM: 'TD Payroll <payroll@td.example.com>' }
    : {};
  const mailer = smtp ? createMailer(loadConfig(env).mail) : undefined;
  const t = await buildTestApp(env, mailer ? { mailer } : {});
  await t.signIn({ name: 'Hui Min' });
  return t;
}

/** The payslip example's Monthly worker's March payslip: basic 1,665.44, overtime 166.77, charges 75.50, other 20.50, nett 1,736.21. */
async function givenPayslip(t: TestApp, workerOverrides: Partial<WorkerSeedRow> = {}) {
  const { worker } = await givenMarchMonthlyWorker(t.db, workerOverrides);
  const response = await t.request({
    method: 'POST',
    url: '/api/payslips',
    payload: { worker_id: worker.id, ...MARCH, other_deductions: '20.50' },
  });
  expect(response.statusCode).toBe(201);
  return { worker, payslip: response.json() as { id: string; status: string } };
}

const emailOf = (t: TestApp, id: string) => t.request({ method: 'POST', url: `/api/payslips/${id}/email` });

describe('GET /api/payslips/{id}/pdf', () => {
  it('answers the itemised payslip as a PDF named with the worker id and both period dates', async () => {
    const t = await signedInApp();
    const { payslip } = await givenPayslip(t);

    const response = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}/pdf` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^inline; filename="Payslip_TD-4821_2025-03-01_2025-03-31\.pdf"/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { text } = readPdf(response.rawPayload);
    for (const item of [
      'TD Workforce Pte. Ltd.',
      '201912345K',
      'Rahim Uddin',
      'TD-4821',
      'G1234567X',
      'WP0001',
      '1 March 2025',
      '31 March 2025',
      '187.25',
      '12.50',
      'SGD 1,665.44',
      'SGD 166.77',
      'Attendance',
      'Late three times',
      'SGD 50.00',
      'SGD 25.50',
      'SGD 75.50',
      'SGD 20.50',
      'SGD 1,736.21',
      'Hui Min',
    ]) {
      expect(text).toContain(item);
    }

    const download = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}/pdf?download=1` });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Payslip_TD-4821_2025-03-01_/);
  });

  it('itemises the charges the payslip recorded, not one added to the period after generation (decision 081)', async () => {
    const t = await signedInApp();
    const { worker, payslip } = await givenPayslip(t);
    await insertCharges(t.db, { worker_id: worker.id, charge_date: '2025-03-15', charge_type: 'Other', amount: 999 });

    const response = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}/pdf` });

    const { text } = readPdf(response.rawPayload);
    expect(text).not.toContain('changed since the payslip was generated');
    expect(text).not.toContain('SGD 9.99');
    expect(text).toContain('SGD 75.50');
  });

  it('shows the charges by type as deducted when its recorded charges do not add up (a payslip from before the record)', async () => {
    const t = await signedInApp();
    const { payslip } = await givenPayslip(t);
    await t.db.deleteFrom('payslip_charges').where('payslip_id', '=', payslip.id).execute();

    const response = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}/pdf` });

    const { text } = readPdf(response.rawPayload);
    expect(text).toContain('changed since the payslip was generated');
    expect(text).toContain('SGD 75.50');
  });

  it('prints the date of payment in the business time zone, not the UTC date', async () => {
    const t = await signedInApp();
    const { payslip } = await givenPayslip(t);
    // Paid at 04:23 on 2 December 2026 in Singapore, which is still 1 December in UTC.
    await t.db
      .updateTable('payslips')
      .set({ status: 'Paid', paid_at: '2026-12-01T20:23:00.000Z' })
      .where('id', '=', payslip.id)
      .execute();
    const response = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}/pdf` });
    const { text } = readPdf(response.rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain('Date of payment 2 December 2026');
  });

  it('keeps working from the snapshot after the worker is deleted, and answers 404 for unknown ids', async () => {
    const t = await signedInApp();
    const { worker, payslip } = await givenPayslip(t);
    await t.db.deleteFrom('workers').where('id', '=', worker.id).execute();

    const response = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(readPdf(response.rawPayload).text).toContain('Rahim Uddin');

    for (const id of [SOME_ID, 'not-a-uuid']) {
      const missing = await t.request({ method: 'GET', url: `/api/payslips/${id}/pdf` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(M.notFound);
    }
  });

  it('is for signed-in staff only', async () => {
    const t = await signedInApp();
    const { payslip } = await givenPayslip(t);
    const response = await t.request({
      method: 'GET',
      url: `/api/payslips/${payslip.id}/pdf`,
      headers: { cookie: '' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/payslips/{id}/pdf: names in every script (decision 080)', () => {
  it('prints Chinese, Vietnamese, Tamil, Bengali, Thai and Burmese names as typed, in subset fonts', async () => {
    const t = await signedInApp();
    for (const [index, name] of NAMES_IN_EVERY_SCRIPT.entries()) {
      const { payslip } = await givenPayslip(t, {
        first_name: name.first,
        last_name: name.last,
        worker_id: `TD-50${index}`,
        fin_no: finFor(500 + index),
        wp_no: `WP50${index}`,
      });
      const response = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}/pdf` });
      expect(response.statusCode).toBe(200);

      const pdf = readPdf(response.rawPayload);
      expect(pdf.text, name.script).toContain(name.reads);
      expect(pdf.text, name.script).toContain(`TD-50${index}`);
      expect(pdf.info.Subject, name.script).toContain(`${name.first} ${name.last}`);
      const fonts = readPdfFonts(response.rawPayload);
      expect(
        fonts.some((font) => font.name.includes(name.font) && font.embedded && font.subset),
        `${name.script}: ${fonts.map((font) => font.name).join(', ')}`,
      ).toBe(true);
      // Subset: only the glyphs drawn are in the file (the Chinese font file alone is 10 MB).
      expect(response.rawPayload.length, name.script).toBeLessThan(30_000);
    }
  });

  it('keeps a Latin name in the standard fonts, embedding nothing', async () => {
    const t = await signedInApp();
    const { payslip } = await givenPayslip(t, { first_name: 'José', last_name: 'Müller-Lüdenscheidt' });
    const response = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}/pdf` });
    expect(readPdf(response.rawPayload).text).toContain('José Müller-Lüdenscheidt');
    expect(readPdfFonts(response.rawPayload).filter((font) => font.embedded)).toEqual([]);
  });
});

describe('POST /api/payslips/{id}/email', () => {
  it('sends the payslip over SMTP with its figures and the PDF attached, then marks it Sent (audited)', async () => {
    const smtp = await startTestSmtpServer();
    const t = await signedInApp(smtp);
    const { payslip } = await givenPayslip(t);

    const response = await emailOf(t, payslip.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: payslip.id,
      status: 'Sent',
      delivery: { method: 'smtp', to: 'rahim@example.com', name: 'Rahim Uddin', file: null },
    });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.envelopeTo).toEqual(['rahim@example.com']);
    expect(mail?.parsed.subject).toBe('Your payslip for 1 March 2025 to 31 March 2025');
    for (const figure of ['Rahim Uddin', 'Total hours worked: 187.25', 'Overtime hours: 12.50', 'SGD 1,736.21']) {
      expect(mail?.parsed.text).toContain(figure);
    }
    const [attachment] = mail?.parsed.attachments ?? [];
    expect(attachment?.filename).toBe('Payslip_TD-4821_2025-03-01_2025-03-31.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(readPdf(attachment?.content ?? Buffer.alloc(0)).text).toContain('SGD 1,736.21');

    const audit = await listAuditEntries(t.db, 'payslip', payslip.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it('writes the message to the outbox without SMTP_URL and says which file', async () => {
    const t = await signedInApp();
    const { payslip } = await givenPayslip(t);

    const response = await emailOf(t, payslip.id);

    expect(response.statusCode).toBe(200);
    const { delivery, status } = response.json();
    expect(status).toBe('Sent');
    expect(delivery).toMatchObject({ method: 'outbox', to: 'rahim@example.com' });
    const raw = await fs.readFile(path.join(t.dataDir, 'outbox', delivery.file));
    const parsed = await simpleParser(raw);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('rahim@example.com');
    expect(parsed.attachments[0]?.filename).toBe('Payslip_TD-4821_2025-03-01_2025-03-31.pdf');
  });

  it('e-mails a Paid payslip, which stays Paid (decision 082); refuses a worker without an address or gone (400) and an unknown id (404)', async () => {
    const t = await signedInApp();
    const paid = await givenPayslip(t);
    await t.request({ method: 'POST', url: '/api/payslips/mark-paid', payload: { ids: [paid.payslip.id] } });
    const emailedPaid = await emailOf(t, paid.payslip.id);
    expect(emailedPaid.statusCode).toBe(200);
    expect(emailedPaid.json().status).toBe('Paid');

    const noAddress = await givenPayslip(t, {
      worker_id: 'TD-4822',
      fin_no: 'G7654321N',
      wp_no: 'WP0002',
      email: null,
    });
    const refusedNoAddress = await emailOf(t, noAddress.payslip.id);
    expect(refusedNoAddress.statusCode).toBe(400);
    expect(refusedNoAddress.json().error.message).toBe(D.noEmailAddress);

    const gone = await givenPayslip(t, { worker_id: 'TD-4823', fin_no: 'F1234567N', wp_no: 'WP0003' });
    await t.db.deleteFrom('workers').where('id', '=', gone.worker.id).execute();
    const refusedGone = await emailOf(t, gone.payslip.id);
    expect(refusedGone.statusCode).toBe(400);
    expect(refusedGone.json().error.message).toBe(D.workerMissing);

    const unknown = await emailOf(t, SOME_ID);
    expect(unknown.statusCode).toBe(404);
    expect((await t.db.selectFrom('payslips').select('status').where('id', '=', gone.payslip.id).execute())[0]).toEqual(
      { status: 'Generated' },
    );
  });

  it('answers 502 with the server reason when SMTP refuses, and leaves the payslip as it was', async () => {
    const smtp = await startTestSmtpServer();
    const t = await signedInApp(smtp);
    const { payslip } = await givenPayslip(t);
    smtp.refuseMessages(550, 'Mailbox unavailable');

    const response = await emailOf(t, payslip.id);

    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toMatch(/550|Mailbox unavailable/);
    const read = await t.request({ method: 'GET', url: `/api/payslips/${payslip.id}` });
    expect(read.json().status).toBe('Generated');
  });

  it('e-mails once when the button is pressed twice at the same moment', async () => {
    const smtp = await startTestSmtpServer();
    const t = await signedInApp(smtp);
    const { payslip } = await givenPayslip(t);

    const answers = await Promise.all([emailOf(t, payslip.id), emailOf(t, payslip.id)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error.message).toBe(D.alreadySending);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('POST /api/payslips with send_email', () => {
  it('saves the payslip as Sent after the e-mail left', async () => {
    const smtp = await startTestSmtpServer();
    const t = await signedInApp(smtp);
    const [worker] = await insertWorkers(t.db, { email: 'ana@example.com', rate_type: 'Hourly', salary_rate: 1_235 });

    const response = await t.request({
      method: 'POST',
      url: '/api/payslips',
      payload: { worker_id: worker?.id, ...MARCH, send_email: true },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'Sent', email_error: null });
    expect(smtp.received[0]?.envelopeTo).toEqual(['ana@example.com']);
  });

  it('keeps the payslip saved and Generated when SMTP fails, and says why', async () => {
    const smtp = await startTestSmtpServer();
    const t = await signedInApp(smtp);
    smtp.refuseMessages(554, 'Transaction failed');
    const [worker] = await insertWorkers(t.db, { email: 'ana@example.com', rate_type: 'Daily', salary_rate: 9_500 });

    const response = await t.request({
      method: 'POST',
      url: '/api/payslips',
      payload: { worker_id: worker?.id, ...MARCH, send_email: true },
    });

    expect(response.statusCode).toBe(201);
    const generated = response.json();
    expect(generated.status).toBe('Generated');
    expect(generated.email_error).toMatch(/554|Transaction failed/);
    const stored = await t.db.selectFrom('payslips').select(['id', 'status']).execute();
    expect(stored).toEqual([{ id: generated.id, status: 'Generated' }]);
  });
});
