import { PAYSLIP_DOCUMENT_MESSAGES as D } from '@td/shared/options/payslip-documents';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { givenMarchMonthlyWorker } from '../../../test/payroll-factories.ts';
import { loadConfig } from '../../config.ts';
import { MailError, type Mailer, type MailMessage } from '../../mail/mailer.ts';
import { MAX_ATTEMPTS, retryDelayMs, sendDueMessages } from '../../mail/outbox.ts';
import { emailPayslip, payslipOutboxHandlers } from './payslip-documents.service.ts';

const MARCH = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };
const ACTOR = { id: '00000000-0000-4000-8000-000000000001', name: 'Hui Min' };

/** A mail server stand-in: records what it was handed; `fail` makes the next sends throw. */
function recordingMailer(delayMs = 0) {
  const sent: MailMessage[] = [];
  let failure: MailError | null = null;
  const mailer: Mailer & { sent: MailMessage[]; fail(error: MailError | null): void } = {
    sent,
    fail(error) {
      failure = error;
    },
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (failure) throw failure;
      sent.push(message);
      return { delivered: 'smtp', messageId: `<${sent.length}@test>` };
    },
    close() {},
  };
  return mailer;
}

async function givenPayslip(t: TestApp, email: string | null = 'rahim@example.com') {
  const { worker } = await givenMarchMonthlyWorker(t.db, { email });
  const response = await t.request({
    method: 'POST',
    url: '/api/payslips',
    payload: { worker_id: worker.id, ...MARCH },
  });
  expect(response.statusCode).toBe(201);
  return { worker, payslipId: (response.json() as { id: string }).id };
}

const settings = () => {
  const config = loadConfig({ NODE_ENV: 'test' });
  return { company: config.company, timeZone: config.businessTimeZone };
};

describe('payslip e-mail through the outbox (decision 088)', () => {
  it('sends once when two servers e-mail the same payslip at the same moment (probe finding 15), 10 rounds', async () => {
    const t = await buildTestApp();
    await t.signIn();
    let held = 0;
    for (let round = 0; round < 10; round++) {
      const { payslipId } = await givenPayslip(t);
      // Two servers: two mailers of their own, no memory shared, one database.
      const [first, second] = [recordingMailer(20), recordingMailer(20)];
      const answers = await Promise.allSettled([
        emailPayslip(t.db, first, payslipId, ACTOR, settings()),
        emailPayslip(t.db, second, payslipId, ACTOR, settings()),
      ]);
      const sent = first.sent.length + second.sent.length;
      const refused = answers.filter((a) => a.status === 'rejected');
      if (sent === 1 && refused.length === 1) held++;
      for (const answer of refused) expect((answer as PromiseRejectedResult).reason.message).toBe(D.alreadySending);
      await t.db.deleteFrom('payslips').where('id', '=', payslipId).execute();
      await t.db.deleteFrom('workers').execute();
    }
    expect(held).toBe(10);
  });

  it('queues a temporary failure, retries it in the background after the wait, and shows each state', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const { payslipId } = await givenPayslip(t);
    const mailer = recordingMailer();
    mailer.fail(new MailError('could not reach the mail server (ECONNREFUSED)', { temporary: true }));
    const start = new Date();

    await expect(emailPayslip(t.db, mailer, payslipId, ACTOR, settings(), () => start)).rejects.toThrow(
      /ECONNREFUSED.*tried again automatically/,
    );
    const queued = (await t.request({ method: 'GET', url: `/api/payslips/${payslipId}` })).json();
    expect(queued.status).toBe('Generated');
    expect(queued.last_email).toMatchObject({ state: 'queued', to: 'rahim@example.com' });
    expect(queued.last_email.error).toMatch(/ECONNREFUSED/);
    // A second press while it waits is refused: it is already on its way.
    await expect(emailPayslip(t.db, mailer, payslipId, ACTOR, settings())).rejects.toThrow(D.alreadySending);

    mailer.fail(null);
    const tooEarly = await sendDueMessages(t.db, mailer, payslipOutboxHandlers, {
      now: () => new Date(start.getTime() + retryDelayMs(1) - 1000),
    });
    expect(tooEarly).toEqual({ sent: 0, queued: 0, failed: 0 });
    const due = await sendDueMessages(t.db, mailer, payslipOutboxHandlers, {
      now: () => new Date(start.getTime() + retryDelayMs(1) + 1000),
    });
    expect(due).toEqual({ sent: 1, queued: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    const sent = (await t.request({ method: 'GET', url: `/api/payslips/${payslipId}` })).json();
    expect(sent.status).toBe('Sent');
    expect(sent.last_email).toMatchObject({ state: 'sent', to: 'rahim@example.com', error: null });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_name'])
      .where('entity_id', '=', payslipId)
      .where('action', '=', 'update')
      .execute();
    expect(audit).toEqual([{ user_name: ACTOR.name }]);
  });

  it('reports a permanent failure (5xx) at once, without retrying, and lets it be sent again', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const { payslipId } = await givenPayslip(t);
    const mailer = recordingMailer();
    mailer.fail(new MailError('the mail server refused the message (550 Mailbox unavailable)', { temporary: false }));

    await expect(emailPayslip(t.db, mailer, payslipId, ACTOR, settings())).rejects.toThrow(/550 Mailbox unavailable/);
    const failed = (await t.request({ method: 'GET', url: `/api/payslips/${payslipId}` })).json();
    expect(failed.last_email).toMatchObject({ state: 'failed', error: expect.stringMatching(/550/) });
    const later = await sendDueMessages(t.db, mailer, payslipOutboxHandlers, {
      now: () => new Date(Date.now() + 24 * 3600_000),
    });
    expect(later).toEqual({ sent: 0, queued: 0, failed: 0 });

    mailer.fail(null);
    const again = await emailPayslip(t.db, mailer, payslipId, ACTOR, settings());
    expect(again.status).toBe('Sent');
  });

  it(`gives up after ${MAX_ATTEMPTS} temporary failures and reports the last reply`, async () => {
    const t = await buildTestApp();
    await t.signIn();
    const { payslipId } = await givenPayslip(t);
    const mailer = recordingMailer();
    mailer.fail(new MailError('the mail server refused the message (451 try later)', { temporary: true }));
    let clock = Date.now();
    await expect(emailPayslip(t.db, mailer, payslipId, ACTOR, settings(), () => new Date(clock))).rejects.toThrow();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock += retryDelayMs(attempt - 1) + 1000;
      const round = await sendDueMessages(t.db, mailer, payslipOutboxHandlers, { now: () => new Date(clock) });
      expect(round).toEqual(
        attempt < MAX_ATTEMPTS ? { sent: 0, queued: 1, failed: 0 } : { sent: 0, queued: 0, failed: 1 },
      );
    }
    const row = await t.db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, active_key: null });
    const payslip = (await t.request({ method: 'GET', url: `/api/payslips/${payslipId}` })).json();
    expect(payslip.last_email).toMatchObject({ state: 'failed', error: expect.stringMatching(/451/) });
  });

  it('shows the address the payslip was sent to when the worker had none at generation (probe finding 26)', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const { worker, payslipId } = await givenPayslip(t, null);
    await t.db.updateTable('workers').set({ email: 'added.later@example.com' }).where('id', '=', worker.id).execute();

    const emailed = await emailPayslip(t.db, recordingMailer(), payslipId, ACTOR, settings());

    expect(emailed.worker.email).toBeNull();
    expect(emailed.last_email).toMatchObject({ state: 'sent', to: 'added.later@example.com' });
    const read = (await t.request({ method: 'GET', url: `/api/payslips/${payslipId}` })).json();
    expect(read.last_email.to).toBe('added.later@example.com');
    expect(read.last_email.sent_at).toEqual(expect.any(String));
  });
});
