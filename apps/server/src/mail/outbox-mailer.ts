import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { MailError, type Mailer, type MailMessage } from './mailer.ts';
import { toNodemailer } from './smtp-mailer.ts';

/**
 * ARCHITECTURE Shape: with no SMTP server configured, every message is written whole (headers, body and
 * attachments, exactly as it would be sent) as an .eml file any mail program opens.
 */
export function createOutboxMailer(options: { dir: string; from: string }): Mailer {
  // The stream transport builds the raw RFC 5322 message without sending it anywhere.
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    { from: options.from },
  );
  return {
    async send(message: MailMessage) {
      let raw: Buffer;
      try {
        const info = await transport.sendMail(toNodemailer(message));
        if (!Buffer.isBuffer(info.message)) throw new Error('the message was not built');
        raw = info.message;
      } catch (error) {
        throw new MailError(`the message could not be built (${describe(error)})`, { cause: error });
      }
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      try {
        // Payslips hold personal data: only the server's own user may read the outbox.
        await fs.mkdir(options.dir, { recursive: true, mode: 0o700 });
        await fs.writeFile(path.join(options.dir, file), raw, { flag: 'wx', mode: 0o600 });
      } catch (error) {
        throw new MailError(`the message could not be written to the outbox (${describe(error)})`, {
          cause: error,
          temporary: true,
        });
      }
      return { delivered: 'outbox', file };
    },
    close() {
      transport.close();
    },
  };
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string') return message;
  }
  return 'unknown error';
}
