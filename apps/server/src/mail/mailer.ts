export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/**
 * What happened to a message: handed to the SMTP server (`messageId` as the server has it), or written
 * to the outbox folder as `file` (a name inside `$DATA_DIR/outbox`) because no SMTP server is set.
 */
export type MailResult = { delivered: 'smtp'; messageId: string } | { delivered: 'outbox'; file: string };

/**
 * Sends e-mail (ARCHITECTURE Shape: the outbox folder by default, SMTP when SMTP_URL is set). Injected
 * into buildApp like the file store, so tests can point it at a real SMTP server in the test process.
 */
export interface Mailer {
  /** Resolves once the SMTP server accepted the message or the .eml file is written; else MailError. */
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/**
 * A message that could not be sent; `message` is short, fit for the user, and never holds credentials.
 * `temporary` (decision 088): worth trying again later (a 4xx reply, a server that could not be reached,
 * an outbox folder that could not be written); otherwise the server refused it for good (a 5xx reply).
 */
export class MailError extends Error {
  readonly temporary: boolean;
  constructor(message: string, options?: { cause?: unknown; temporary?: boolean }) {
    super(message, options);
    this.name = 'MailError';
    this.temporary = options?.temporary ?? false;
  }
}
