import {
  confirmEmail,
  EMAIL_CONFIRMATION_REDIRECT,
  getUser,
  login,
  logout,
  register,
  resendConfirmationEmail,
} from '@circuits/contracts';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/router.ts';
import type { AuthService, ClientInfo } from './auth.service.ts';
import type { EmailConfirmationService } from './email-confirmation.service.ts';

function clientInfo(request: FastifyRequest): ClientInfo {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] };
}

export function registerAuthRoutes(
  router: Router,
  auth: AuthService,
  confirmations: EmailConfirmationService,
): void {
  router.route(login, ({ body, request }) => auth.login(body, clientInfo(request)));

  router.route(register, ({ body, request }) => auth.register(body, clientInfo(request)));

  router.route(logout, async ({ actor }) => {
    await auth.logout(actor);
    return { success: true } as const;
  });

  router.route(getUser, async ({ actor }) => ({ user: await auth.currentUser(actor) }));

  router.route(confirmEmail, async ({ query }) => ({
    redirectTo: EMAIL_CONFIRMATION_REDIRECT[await confirmations.confirm(query.token)],
  }));

  router.route(resendConfirmationEmail, async ({ actor, request }) => ({
    isEmailWithConfirmWasSend: await confirmations.resend(actor, request.ip),
  }));
}
