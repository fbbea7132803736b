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

/**
 * Sent instead of a confirmation link when someone registers with an address that already has
 * an account: the registration answered as for a new address (so it tells no one whether the
 * address is known); only the owner of the address learns it, here.
 */
export function accountExistsEmail(input: {
  to: string;
  loginLink: string;
  forgotLink: string;
}): MailMessage {
  const { loginLink, forgotLink } = input;
  return {
    to: input.to,
    subject: 'You already have a Circuits account',
    text: [
      'Hello,',
      '',
      'Someone, perhaps you, has just registered for Circuits with this email address. You already',
      'have an account with it, so no new account was made for this address.',
      '',
      `Log in: ${loginLink}`,
      `Forgot your password? Choose a new one: ${forgotLink}`,
      '',
      'If it was not you, you can ignore this email: your account is unchanged.',
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>Someone, perhaps you, has just registered for Circuits with this email address. You ' +
        'already have an account with it, so no new account was made for this address.</p>',
      `<p><a href="${escapeHtml(loginLink)}">Log in</a> · ` +
        `<a href="${escapeHtml(forgotLink)}">Forgot your password? Choose a new one</a></p>`,
      '<p>If it was not you, you can ignore this email: your account is unchanged.</p>',
    ].join('\n'),
  };
}
