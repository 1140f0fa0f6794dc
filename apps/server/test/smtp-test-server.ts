import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  /** MAIL FROM of the SMTP envelope. */
  envelopeFrom: string | undefined;
  /** The user name the client signed in with, if it did. */
  user: string | undefined;
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** `smtp://user:secret@127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next messages are refused with this SMTP reply (e.g. 550 mailbox unavailable). */
  refuseMessages(responseCode: number, text: string): void;
  close(): Promise<void>;
}

const USER = 'payroll';
const PASSWORD = 'smtp-secret';

const servers: TestSmtpServer[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

/**
 * A real SMTP server inside the test process (the `smtp-server` package, the counterpart of nodemailer):
 * it asks for a sign-in, keeps every message it accepts, and can be told to refuse them.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: { responseCode: number; text: string } | undefined;

  const server = new SMTPServer({
    // Plain text on the loopback interface: no STARTTLS certificate to manage in tests.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.responseCode }));
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const from = session.envelope.mailFrom;
            received.push({
              envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
              envelopeFrom: from ? from.address : undefined,
              user: typeof session.user === 'string' ? session.user : undefined,
              raw,
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const testServer: TestSmtpServer = {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    received,
    refuseMessages(responseCode, text) {
      refusal = { responseCode, text };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  servers.push(testServer);
  return testServer;
}
