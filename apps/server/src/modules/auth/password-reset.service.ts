import type { ResetPasswordInput } from '@circuits/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { accountDisabled, conflict, invalidField } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import {
  type Account,
  DETACHED_ACCOUNT_MESSAGE,
  type UsersService,
} from '../users/users.service.ts';
import type { AuthRepository, PasswordResetRow } from './auth.repository.ts';
import type { ClientInfo } from './auth.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { linkLifetime, passwordResetEmail } from './password-emails.ts';
import type { PasswordNotices } from './password-notices.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';

/** Where the link in the email leads: the web app's page that sets the new password. */
export const RESET_PASSWORD_PATH = '/resetPassword';

export const RESET_LINK_MESSAGES = {
  invalid: 'This link is not valid. Ask for a new one.',
  used: 'This link has already been used. Ask for a new one if you need it.',
  expired: 'This link has expired. Ask for a new one.',
} as const;

/**
 * "Forgot your password?": a single-use link that expires, mailed on request. The request answers
 * the same whether an account uses the email or not (the mail goes out after the answer, so not
 * even the time differs), and is bounded per email and per address.
 */
export function createPasswordResetService(deps: {
  repository: AuthRepository;
  users: UsersService;
  throttle: LoginThrottle;
  rateLimits: RateLimitsService;
  notices: PasswordNotices;
  mailer: Mailer;
  transactor: Transactor;
  clock: Clock;
  logger: Logger;
  appUrl: string;
  /** How long a link works. */
  ttlMs: number;
  /** The user's sessions have just ended: this instance forgets them at once. */
  sessionsEnded(userId: number): void;
}) {
  const { repository, users, throttle, rateLimits, notices, mailer, transactor, clock } = deps;
  const { logger, ttlMs } = deps;

  async function mailLink(account: Account): Promise<void> {
    const { token, hash } = newSecretToken();
    const now = clock.now();
    await repository.insertPasswordReset({
      userId: account.id,
      tokenHash: hash,
      email: account.email,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    });
    const link = `${deps.appUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
    await mailer.send(
      passwordResetEmail({
        to: account.email,
        name: `${account.name} ${account.lastname}`,
        link,
        validFor: linkLifetime(ttlMs),
      }),
    );
    logger.info({ userId: account.id, via: mailer.destination }, 'password reset email sent');
  }

  /** The link's row while it can still be used; else a 422 on `token` saying why not. */
  async function usableLink(token: string): Promise<{ reset: PasswordResetRow; account: Account }> {
    const reset = await repository.findPasswordReset(hashSecretToken(token));
    if (!reset) throw invalidField('token', RESET_LINK_MESSAGES.invalid);
    if (reset.usedAt) throw invalidField('token', RESET_LINK_MESSAGES.used);
    if (reset.expiresAt <= clock.now()) throw invalidField('token', RESET_LINK_MESSAGES.expired);
    const account = await users.getAccount(reset.userId);
    // The user changed their email since: a link sent to the old address does nothing.
    if (account.email !== reset.email) throw invalidField('token', RESET_LINK_MESSAGES.invalid);
    if (account.disabled) throw accountDisabled();
    return { reset, account };
  }

  return {
    /** Mails a link if an account uses `email`; answers how long the link works. */
    async request(email: string, client: ClientInfo): Promise<{ validMinutes: number }> {
      await rateLimits.consume(
        { limit: 'passwordResetsPerAddress', subject: client.ipAddress },
        { limit: 'passwordResetsPerEmail', subject: email },
      );
      const account = await users.findAccountByEmail(email);
      if (account && !account.disabled) {
        mailLink(account).catch((error: unknown) =>
          logger.warn({ err: error, userId: account.id }, 'password reset email could not be sent'),
        );
      }
      return { validMinutes: Math.max(1, Math.round(ttlMs / 60_000)) };
    },

    /** An administrator sends the user a link (no rate limit: staff ask for it one by one). */
    async sendLinkTo(userId: number): Promise<{ email: string }> {
      const account = await users.getAccount(userId);
      if (account.disabled)
        throw conflict('The account is disabled: enable it before sending a link');
      if (account.detached) throw conflict(DETACHED_ACCOUNT_MESSAGE);
      await mailLink(account);
      return { email: account.email };
    },

    /** The email a link sets the password of, while it works. */
    async check(token: string): Promise<{ email: string }> {
      const { account } = await usableLink(token);
      return { email: account.email };
    },

    /**
     * Sets the new password once per link. Every session of the user ends and their other links
     * stop working; the address it is done from forgets its failed logins for the account, and
     * the email counts as confirmed (the link reached it).
     */
    async reset(
      input: z.output<typeof ResetPasswordInput>,
      client: ClientInfo,
    ): Promise<{ email: string }> {
      const { reset, account } = await usableLink(input.token);
      users.assertPasswordAllowed(input.password, account);
      const passwordHash = await users.hashPassword(input.password);
      await transactor.transaction(async () => {
        const now = clock.now();
        // Two submissions of one link at once: only one of them gets here.
        if (!(await repository.usePasswordReset(reset.id, now))) {
          throw invalidField('token', RESET_LINK_MESSAGES.used);
        }
        await users.setPasswordHash(account.id, passwordHash);
        await repository.retirePasswordResets(account.id, now);
        await repository.revokeUserTokens(account.id, now);
        if (!(await users.findSubject(account.id))?.emailConfirmed) {
          await users.markEmailConfirmed(account.id);
        }
      });
      deps.sessionsEnded(account.id);
      await throttle.forgetFailures(account.email, client.ipAddress);
      notices.passwordChanged(account);
      return { email: account.email };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
