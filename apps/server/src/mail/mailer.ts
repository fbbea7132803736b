import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  /** Where mail goes, for the start-up banner. */
  readonly destination: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string };

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to the outbox folder as an RFC 822
 * `.eml` file (what mail clients and the admin panel read) with a plain-text `.txt` copy beside it,
 * so links can be copied from it as they are.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const url = new URL(smtpUrl);
  return {
    destination: `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    destination: `files in ${options.outboxDir}`,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Sortable by time; the random part keeps names unique across instances.
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}`;
      await fs.writeFile(path.join(options.outboxDir, `${name}.eml`), info.message as Buffer);
      const readable = `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
      await fs.writeFile(path.join(options.outboxDir, `${name}.txt`), readable);
    },
    close() {
      transport.close();
    },
  };
}
