import type { ParsedMail } from 'mailparser';
import type { TestServer } from './test-server.ts';

/**
 * The `count`-th mail to `recipient` with `subject` in the outbox, waiting for it: some mail
 * (password reset links) goes out after the request has been answered.
 */
export async function waitForOutboxMail(
  server: TestServer,
  recipient: string,
  subject: string,
  count = 1,
): Promise<ParsedMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = (await server.outbox()).filter(
      (mail) => mail.subject === subject && JSON.stringify(mail.to).includes(recipient),
    );
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" (${count}) to ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link in a mail's text that leads to `path` of the app at `baseUrl`. */
export function linkTo(mail: ParsedMail, baseUrl: string, path: string): string {
  const escaped = `${baseUrl}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}\\?token=[\\w-]+`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link to ${path} in: ${mail.text}`);
  return link;
}
