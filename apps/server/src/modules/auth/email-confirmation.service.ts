import type { EMAIL_CONFIRMATION_REDIRECT } from '@circuits/contracts';
import type { Clock } from '../../clock.ts';
import { conflict, tooManyRequests, waitTime } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { Actor } from './actor.ts';
import type { AuthRepository } from './auth.repository.ts';
import { accountExistsEmail, confirmationEmail } from './confirmation-email.ts';
import { FORGOT_PASSWORD_PATH } from './password-notices.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';

const RESEND_COOLDOWN_MS = 60_000;

export type ConfirmationOutcome = keyof typeof EMAIL_CONFIRMATION_REDIRECT;

export function createEmailConfirmationService(deps: {
  repository: AuthRepository;
  users: UsersService;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  rateLimits: RateLimitsService;
  appUrl: string;
  ttlMs: number;
}) {
  const { repository, users, mailer, clock, logger, rateLimits } = deps;

  /**
   * Creates a link and mails it; false when the mail could not be handed over. A detached
   * account (registered with an address another account holds) gets no link: the address's
   * owner is told they have an account already. Its row is kept all the same, so resending
   * waits and counts alike, and the answer is the same whichever it was.
   */
  async function send(userId: number): Promise<boolean> {
    const recipient = await users.getEmailRecipient(userId);
    const { token, hash } = newSecretToken();
    const now = clock.now();
    await repository.insertConfirmation({
      userId,
      tokenHash: hash,
      email: recipient.email,
      expiresAt: new Date(now.getTime() + deps.ttlMs),
      createdAt: now,
    });
    const link = `${deps.appUrl}/api/email/confirm?token=${encodeURIComponent(token)}`;
    try {
      await mailer.send(
        recipient.detached
          ? accountExistsEmail({
              to: recipient.email,
              loginLink: `${deps.appUrl}/login`,
              forgotLink: `${deps.appUrl}${FORGOT_PASSWORD_PATH}`,
            })
          : confirmationEmail({
              to: recipient.email,
              name: recipient.name,
              link,
              validHours: Math.round(deps.ttlMs / 3_600_000),
            }),
      );
      logger.info({ userId, via: mailer.destination }, 'confirmation email sent');
      return true;
    } catch (error) {
      logger.warn({ err: error, userId }, 'confirmation email could not be sent');
      return false;
    }
  }

  return {
    send,

    /** Sends the link again, asked from `ipAddress`. */
    async resend(actor: Actor, ipAddress: string): Promise<boolean> {
      if (actor.emailConfirmed) throw conflict('Your email address is already confirmed');
      const latest = await repository.latestConfirmation(actor.userId);
      const elapsed = latest ? clock.now().getTime() - latest.createdAt.getTime() : Infinity;
      if (elapsed < RESEND_COOLDOWN_MS) {
        const wait = (RESEND_COOLDOWN_MS - elapsed) / 1000;
        throw tooManyRequests(
          `We have just sent you an email. Please wait ${waitTime(wait)} before asking for another.`,
          wait,
        );
      }
      await rateLimits.consume(
        { limit: 'confirmationResendsPerUser', subject: actor.userId },
        { limit: 'confirmationEmailsPerAddress', subject: ipAddress },
      );
      return send(actor.userId);
    },

    /** Confirms the address the link was sent to; following a link twice stays "confirmed". */
    async confirm(token: string): Promise<ConfirmationOutcome> {
      if (!token || token.length > 200) return 'invalid';
      const confirmation = await repository.findConfirmation(hashSecretToken(token));
      if (!confirmation) return 'invalid';
      const user = await users.getEmailRecipient(confirmation.userId).catch(() => undefined);
      // The user changed their email since: this link confirms nothing any more. A detached
      // account is never mailed a link; should one arrive, it confirms nothing either.
      if (!user || user.detached || user.email !== confirmation.email) return 'invalid';
      const subject = await users.findSubject(confirmation.userId);
      if (subject?.emailConfirmed) return 'confirmed';
      if (confirmation.expiresAt <= clock.now()) return 'expired';
      await users.markEmailConfirmed(confirmation.userId);
      await repository.markConfirmationUsed(confirmation.id, clock.now());
      return 'confirmed';
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
