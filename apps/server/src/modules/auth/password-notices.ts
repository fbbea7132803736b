import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Account } from '../users/users.service.ts';
import { passwordChangedEmail } from './password-emails.ts';

/** The web app's page that asks for a password reset link. */
export const FORGOT_PASSWORD_PATH = '/forgotPassword';

/**
 * Tells the owner of an account that its password changed, so someone who did not do it can
 * take the account back. Sent after the answer; a mail that cannot go out is only logged.
 */
export function createPasswordNotices(deps: { mailer: Mailer; logger: Logger; appUrl: string }) {
  const { mailer, logger } = deps;
  return {
    passwordChanged(account: Account): void {
      // The address of a detached account is another account's: its owner is not told.
      if (account.detached) return;
      const message = passwordChangedEmail({
        to: account.email,
        name: `${account.name} ${account.lastname}`,
        forgotLink: `${deps.appUrl}${FORGOT_PASSWORD_PATH}`,
      });
      mailer.send(message).then(
        () => logger.info({ userId: account.id }, 'password change notice sent'),
        (error: unknown) =>
          logger.warn({ err: error, userId: account.id }, 'password change notice not sent'),
      );
    },
  };
}

export type PasswordNotices = ReturnType<typeof createPasswordNotices>;
