import {
  changePassword,
  checkPasswordResetLink,
  confirmEmail,
  EMAIL_CONFIRMATION_REDIRECT,
  forgotPassword,
  getUser,
  login,
  logout,
  logoutEverywhere,
  register,
  resendConfirmationEmail,
  resetPassword,
} from '@circuits/contracts';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/router.ts';
import type { AuthService, ClientInfo } from './auth.service.ts';
import type { EmailConfirmationService } from './email-confirmation.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

function clientInfo(request: FastifyRequest): ClientInfo {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] };
}

export function registerAuthRoutes(
  router: Router,
  auth: AuthService,
  confirmations: EmailConfirmationService,
  passwordResets: PasswordResetService,
): void {
  router.route(login, ({ body, request }) => auth.login(body, clientInfo(request)));

  router.route(register, ({ body, request }) => auth.register(body, clientInfo(request)));

  router.route(logout, async ({ actor }) => {
    await auth.logout(actor);
    return { success: true } as const;
  });

  router.route(logoutEverywhere, async ({ actor }) => ({
    success: true as const,
    endedSessions: await auth.logoutEverywhere(actor),
  }));

  router.route(changePassword, async ({ actor, body, request }) => ({
    success: true as const,
    endedSessions: await auth.changePassword(actor, body, clientInfo(request)),
  }));

  router.route(forgotPassword, async ({ body, request }) => ({
    success: true as const,
    ...(await passwordResets.request(body.email, clientInfo(request))),
  }));

  router.route(checkPasswordResetLink, ({ body }) => passwordResets.check(body.token));

  router.route(resetPassword, async ({ body, request }) => ({
    success: true as const,
    ...(await passwordResets.reset(body, clientInfo(request))),
  }));

  router.route(getUser, async ({ actor }) => ({ user: await auth.currentUser(actor) }));

  router.route(confirmEmail, async ({ query }) => ({
    redirectTo: EMAIL_CONFIRMATION_REDIRECT[await confirmations.confirm(query.token)],
  }));

  router.route(resendConfirmationEmail, async ({ actor }) => ({
    isEmailWithConfirmWasSend: await confirmations.resend(actor),
  }));
}
