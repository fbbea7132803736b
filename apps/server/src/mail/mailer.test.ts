import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('the outbox mailer', () => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-outbox-'));
  afterEach(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

  it('writes each message as .eml with a readable .txt copy', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Circuits <a@b.example>', outboxDir });
    const link = `https://circuits.example/api/email/confirm?token=${'x'.repeat(60)}`;
    await mailer.send({
      to: 'c@d.example',
      subject: 'Hello',
      text: `Open ${link}`,
      html: '<p>Hi</p>',
    });
    mailer.close();

    const files = fs.readdirSync(outboxDir).sort();
    expect(files.map((file) => path.extname(file))).toEqual(['.eml', '.txt']);
    const mail = await simpleParser(fs.readFileSync(path.join(outboxDir, files[0]!)));
    expect(mail.subject).toBe('Hello');
    expect(mail.from?.value[0]?.address).toBe('a@b.example');
    expect(mail.text?.trim()).toBe(`Open ${link}`);
    expect(fs.readFileSync(path.join(outboxDir, files[1]!), 'utf8')).toBe(
      `To: c@d.example\nSubject: Hello\n\nOpen ${link}\n`,
    );
    expect(mailer.destination).toBe(`files in ${outboxDir}`);
  });
});
