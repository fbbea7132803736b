import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** "1 hour", "2 hours", "30 minutes": how long a link works, as the email says it. */
export function linkLifetime(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function passwordResetEmail(input: {
  to: string;
  name: string;
  link: string;
  validFor: string;
}): MailMessage {
  const { to, name, link, validFor } = input;
  return {
    to,
    subject: 'Set a new password for Circuits',
    text: [
      `Hello ${name},`,
      '',
      `Someone asked to set a new password for the Circuits account ${to}. If it was you, open ` +
        'this link to choose a new password:',
      '',
      link,
      '',
      `The link works once, for ${validFor}. Setting a new password logs the account out on ` +
        'every device.',
      '',
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>Someone asked to set a new password for the Circuits account ${escapeHtml(to)}. ` +
        'If it was you, choose a new password here:</p>',
      `<p><a href="${escapeHtml(link)}">Set a new password</a></p>`,
      `<p>Or open this link: ${escapeHtml(link)}</p>`,
      `<p>The link works once, for ${escapeHtml(validFor)}. Setting a new password logs the ` +
        'account out on every device.</p>',
      '<p>If you did not ask for it, ignore this email: your password stays as it is.</p>',
    ].join('\n'),
  };
}
