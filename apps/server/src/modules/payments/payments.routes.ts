import { decideSandboxPayment, getPaymentMethods, getSandboxPayment } from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SandboxApprovalService } from './sandbox-approval.service.ts';

export function registerPaymentRoutes(
  router: Router,
  payments: PaymentsService,
  sandbox: SandboxApprovalService,
): void {
  router.route(getPaymentMethods, async () => ({ methods: payments.methods() }));

  router.route(getSandboxPayment, async ({ actor, params }) => ({
    payment: await sandbox.get(actor, params.token),
  }));

  router.route(decideSandboxPayment, ({ actor, params, body }) =>
    sandbox.decide(actor, params.token, body.decision),
  );
}
