import nodemailer from 'nodemailer';
import { MailError, type Mailer, type MailMessage } from './mailer.ts';

/**
 * Bounded waits so a staff member pressing Email Payslip gets an answer in seconds, not the minutes of
 * nodemailer's defaults. Query parameters of SMTP_URL (`?connectionTimeout=...`) override them.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Sends through the SMTP server of SMTP_URL (`smtp://user:password@host:587`, `smtps://...` for TLS). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ url: options.url, ...TIMEOUTS }, { from: options.from });
  return {
    async send(message: MailMessage) {
      try {
        const info = await transport.sendMail(toNodemailer(message));
        return { delivered: 'smtp', messageId: info.messageId };
      } catch (error) {
        throw new MailError(describeSmtpError(error), { cause: error, temporary: isTemporarySmtpError(error) });
      }
    },
    close() {
      transport.close();
    },
  };
}

export function toNodemailer(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
      contentType: attachment.contentType,
    })),
  };
}

const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

/**
 * Decision 088, RFC 5321 s.4.2.1: a 4yz reply is a transient failure (try again later), a 5yz one is
 * permanent; a server that cannot be reached is transient too. Anything else (a message nodemailer could
 * not build) will not get better by waiting.
 */
export function isTemporarySmtpError(error: unknown): boolean {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && UNREACHABLE.has(code);
}

/** A short reason for the user (SPEC 8 'Failed to email payslip: {reason}'), with the server's own words. */
export function describeSmtpError(error: unknown): string {
  const { code, response, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const serverSaid = typeof response === 'string' && response.trim() ? oneLine(response) : undefined;
  const detail = serverSaid ?? (typeof message === 'string' && message.trim() ? oneLine(message) : 'unknown error');
  switch (code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return `the mail server refused the sign-in (${detail})`;
    case 'EENVELOPE':
      return `the mail server refused the sender or recipient (${detail})`;
    case 'EMESSAGE':
      return `the mail server refused the message (${detail})`;
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'ETIMEDOUT':
    case 'EDNS':
    case 'ETLS':
      return `could not reach the mail server (${detail})`;
    default:
      return detail;
  }
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}
