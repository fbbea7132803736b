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

export function passwordChangedEmail(input: {
  to: string;
  name: string;
  forgotLink: string;
}): MailMessage {
  const { to, name, forgotLink } = input;
  return {
    to,
    subject: 'Your Circuits password was changed',
    text: [
      `Hello ${name},`,
      '',
      `The password of the Circuits account ${to} has just been changed, and the account was ` +
        'logged out on the other devices. If it was you, there is nothing more to do.',
      '',
      'If it was not you, someone else knows your password: set a new one at once here:',
      '',
      forgotLink,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>The password of the Circuits account ${escapeHtml(to)} has just been changed, and the ` +
        'account was logged out on the other devices. If it was you, there is nothing more to do.</p>',
      '<p>If it was not you, someone else knows your password: ' +
        `<a href="${escapeHtml(forgotLink)}">set a new one at once</a>.</p>`,
    ].join('\n'),
  };
}
