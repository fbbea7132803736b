import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function addresses(field: ParsedMail['to']): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ''));
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export class Mailbox {
  readonly #server: SMTPServer;
  readonly #received: ReceivedMail[] = [];
  #port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no STARTTLS with a certificate the sender would reject.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.#received.push({
              to: addresses(mail.to),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.#server.server.address();
    if (address === null || typeof address === 'string') throw new Error('SMTP server has no port');
    this.#port = address.port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The first message to `recipient` (with `subject`, if given), waiting for it to arrive. */
  async waitForMail(
    recipient: string,
    { subject, timeoutMs = 15_000 }: { subject?: string; timeoutMs?: number } = {},
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    const wanted = recipient.toLowerCase();
    while (Date.now() < deadline) {
      const mail = this.#received.find(
        (message) =>
          message.to.includes(wanted) && (subject === undefined || message.subject === subject),
      );
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No email to ${recipient} arrived within ${timeoutMs} ms`);
  }
}
