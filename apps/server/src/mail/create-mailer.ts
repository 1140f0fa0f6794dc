import type { Config } from '../config.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** ARCHITECTURE Shape: SMTP when SMTP_URL is set, else .eml files in `$DATA_DIR/outbox`. */
export function createMailer(mail: Config['mail']): Mailer {
  return mail.smtpUrl
    ? createSmtpMailer({ url: mail.smtpUrl, from: mail.from })
    : createOutboxMailer({ dir: mail.outboxDir, from: mail.from });
}
