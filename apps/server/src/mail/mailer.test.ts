import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../../test/smtp-test-server.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from './create-mailer.ts';
import { MailError, type Mailer, type MailMessage } from './mailer.ts';

// The bytes of a (tiny) PDF: the attachment must arrive byte for byte.
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n% payslip\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'));

const message: MailMessage = {
  to: 'ah.seng@example.com',
  subject: 'Your payslip for 01/03/2025 - 31/03/2025',
  text: 'Dear Tan Ah Seng,\n\nNett salary: SGD 1,234.56\n',
  attachments: [
    { filename: 'Payslip_TD-1234_2025-03-01_2025-03-31.pdf', content: PDF, contentType: 'application/pdf' },
  ],
};

const mailers: Mailer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const mailer of mailers.splice(0)) mailer.close();
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'td-mail-'));
  dirs.push(dir);
  return dir;
}

function mailerFor(env: Record<string, string>): Mailer {
  const mailer = createMailer(loadConfig(env).mail);
  mailers.push(mailer);
  return mailer;
}

/** A port nobody listens on: bound, noted and released again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('SMTP mailer (SMTP_URL set)', () => {
  it('signs in and delivers the recipient, subject, body and the PDF attachment byte for byte', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = mailerFor({ SMTP_URL: smtp.url, MAIL_FROM: 'TD Payroll <payroll@td.example.com>' });

    const result = await mailer.send(message);

    expect(result.delivered).toBe('smtp');
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.user).toBe('payroll');
    expect(mail?.envelopeTo).toEqual(['ah.seng@example.com']);
    expect(mail?.envelopeFrom).toBe('payroll@td.example.com');
    expect(mail?.parsed.from?.value).toEqual([{ name: 'TD Payroll', address: 'payroll@td.example.com' }]);
    expect(mail?.parsed.subject).toBe(message.subject);
    expect(mail?.parsed.text).toContain('Nett salary: SGD 1,234.56');
    expect(mail?.parsed.messageId).toBe(result.delivered === 'smtp' ? result.messageId : '');
    const [attachment] = mail?.parsed.attachments ?? [];
    expect(attachment?.filename).toBe('Payslip_TD-1234_2025-03-01_2025-03-31.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(new Uint8Array(attachment?.content ?? [])).toEqual(PDF);
  });

  it('sends an HTML part when one is given', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = mailerFor({ SMTP_URL: smtp.url, MAIL_FROM: 'payroll@td.example.com' });
    await mailer.send({ ...message, html: '<p>Nett salary: <b>SGD 1,234.56</b></p>' });
    expect(smtp.received[0]?.parsed.html).toContain('<b>SGD 1,234.56</b>');
    expect(smtp.received[0]?.parsed.text).toContain('Nett salary: SGD 1,234.56');
  });

  it('reports a refused message with the server reply and nothing delivered', async () => {
    const smtp = await startTestSmtpServer();
    smtp.refuseMessages(550, 'Mailbox unavailable');
    const mailer = mailerFor({ SMTP_URL: smtp.url, MAIL_FROM: 'payroll@td.example.com' });

    const failure = await mailer.send(message).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MailError);
    expect((failure as MailError).message).toMatch(/^the mail server refused the message \(550 Mailbox unavailable\)$/);
    expect(smtp.received).toHaveLength(0);
  });

  it('reports a refused sign-in without showing the password', async () => {
    const smtp = await startTestSmtpServer();
    const wrong = smtp.url.replace('smtp-secret', 'not-the-password');
    const mailer = mailerFor({ SMTP_URL: wrong, MAIL_FROM: 'payroll@td.example.com' });

    const failure = await mailer.send(message).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MailError);
    expect((failure as MailError).message).toMatch(/^the mail server refused the sign-in \(535 /);
    expect((failure as MailError).message).not.toContain('not-the-password');
  });

  it('reports a server that cannot be reached', async () => {
    const port = await closedPort();
    const mailer = mailerFor({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'payroll@td.example.com' });

    const failure = await mailer.send(message).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MailError);
    expect((failure as MailError).message).toMatch(/^could not reach the mail server \(.*ECONNREFUSED/);
  });
});

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes the whole message as an .eml file in $DATA_DIR/outbox', async () => {
    const dataDir = await tempDir();
    const mailer = mailerFor({ DATA_DIR: dataDir });

    const result = await mailer.send(message);

    expect(result.delivered).toBe('outbox');
    if (result.delivered !== 'outbox') return;
    expect(result.file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    expect(await fs.readdir(path.join(dataDir, 'outbox'))).toEqual([result.file]);
    const raw = await fs.readFile(path.join(dataDir, 'outbox', result.file));
    const parsed = await simpleParser(raw);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('ah.seng@example.com');
    expect(parsed.from?.value).toEqual([{ name: 'TD Workforce', address: 'no-reply@td-workforce.invalid' }]);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toContain('Nett salary: SGD 1,234.56');
    expect(parsed.attachments[0]?.filename).toBe('Payslip_TD-1234_2025-03-01_2025-03-31.pdf');
    expect(new Uint8Array(parsed.attachments[0]?.content ?? [])).toEqual(PDF);
    // Personal data: readable by the server's own user only.
    expect((await fs.stat(path.join(dataDir, 'outbox', result.file))).mode & 0o777).toBe(0o600);
  });

  it('uses MAIL_FROM when it is set, and keeps two messages apart', async () => {
    const dataDir = await tempDir();
    const mailer = mailerFor({ DATA_DIR: dataDir, MAIL_FROM: 'Payroll <payroll@td.example.com>' });
    const [first, second] = await Promise.all([mailer.send(message), mailer.send(message)]);
    const files = await fs.readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    expect(first).not.toEqual(second);
    const parsed = await simpleParser(await fs.readFile(path.join(dataDir, 'outbox', files[0] ?? '')));
    expect(parsed.from?.value).toEqual([{ name: 'Payroll', address: 'payroll@td.example.com' }]);
  });

  it('reports an outbox it cannot write to', async () => {
    const dataDir = await tempDir();
    // A file where the outbox folder should be.
    await fs.writeFile(path.join(dataDir, 'outbox'), 'in the way');
    const mailer = mailerFor({ DATA_DIR: dataDir });

    const failure = await mailer.send(message).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MailError);
    expect((failure as MailError).message).toMatch(/^the message could not be written to the outbox \(E[A-Z]+\)$/);
  });
});
