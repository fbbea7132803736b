import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export function confirmationEmail(input: {
  to: string;
  name: string;
  link: string;
  validHours: number;
}): MailMessage {
  const { name, link, validHours } = input;
  return {
    to: input.to,
    subject: 'Confirm your email address for Circuits',
    text: [
      `Hello ${name},`,
      '',
      'Welcome to Circuits. Please confirm your email address by opening this link:',
      '',
      link,
      '',
      `The link is valid for ${validHours} hours. If you did not create a Circuits account, ` +
        'you can ignore this email.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      '<p>Welcome to Circuits. Please confirm your email address:</p>',
      `<p><a href="${escapeHtml(link)}">Confirm my email address</a></p>`,
      `<p>Or open this link: ${escapeHtml(link)}</p>`,
      `<p>The link is valid for ${validHours} hours. If you did not create a Circuits account, ` +
        'you can ignore this email.</p>',
    ].join('\n'),
  };
}
