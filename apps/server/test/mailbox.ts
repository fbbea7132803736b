import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { envelopeTo: string[]; mail: ParsedMail };

/** A real SMTP server on a free loopback port that keeps every message it receives, parsed. */
export class Mailbox {
  readonly received: ReceivedMail[] = [];
  readonly #server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS with a certificate the sender would reject.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
          this.received.push({ envelopeTo, mail });
          callback();
        })
        .catch(callback);
    },
  });
  #port = 0;

  /** The `SMTP_URL` that delivers here. */
  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#port = (this.#server.server.address() as AddressInfo).port;
  }

  /** The first message to `recipient` with `subject`, waiting for it to arrive. */
  async waitFor(recipient: string, subject: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.received.find(
        ({ envelopeTo, mail }) => envelopeTo.includes(recipient) && mail.subject === subject,
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${recipient} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops accepting mail; senders then get a refused connection. */
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
