import type { SandboxPayment } from '@circuits/contracts';
import type { Clock } from '../../clock.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { canEditCompany, companyScope } from '../auth/authorization.ts';
import { assertMayPay } from './payment-access.ts';
import type { PaymentsRepository, SandboxOrderRow } from './payments.repository.ts';

// The payer's side of the embedded sandbox provider (demo mode only): the web app's
// /sandbox/paypal/checkoutnow page shows a payment to members of the order's company and staff,
// and only an editor of that company (or an administrator) approves or cancels it. Where PayPal
// has its own login, the sandbox has the app's.

/** The sandbox has one buyer, whose id goes back with every approval. */
const SANDBOX_PAYER_ID = 'SANDBOXPAYER1';

const SANDBOX_OFF_MESSAGE =
  'The sandbox payment provider is off on this server: it runs in demo mode only';

const STATUS: Record<SandboxOrderRow['status'], SandboxPayment['status']> = {
  PAYER_ACTION_REQUIRED: 'awaiting_approval',
  APPROVED: 'approved',
  COMPLETED: 'captured',
  VOIDED: 'voided',
};

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

export type SandboxApprovalService = ReturnType<typeof createSandboxApprovalService>;

export function createSandboxApprovalService(deps: {
  repository: PaymentsRepository;
  /** Whether the sandbox provider is on (demo mode). */
  enabled: boolean;
  clock: Clock;
}) {
  const { repository, clock } = deps;

  /** The sandbox order and the payment of ours it belongs to, if the actor may see it. */
  async function find(actor: Actor, token: string) {
    if (!deps.enabled) throw new AppError('not_found', SANDBOX_OFF_MESSAGE);
    const order = await repository.findSandboxOrder(token);
    const payment = order
      ? await repository.findByProviderOrder(companyScope(actor), 'sandbox', token)
      : undefined;
    if (!order || !payment) throw notFound('payment');
    return { order, payment };
  }

  return {
    async get(actor: Actor, token: string): Promise<SandboxPayment> {
      const { order, payment } = await find(actor, token);
      return {
        token: order.id,
        status: STATUS[order.status],
        order_id: payment.orderId,
        description: order.description ?? order.referenceId ?? '',
        amount: order.value,
        currency: order.currencyCode,
        can_decide: canEditCompany(actor, payment.companyId),
      };
    },

    /** Approves or cancels; answers the app's return (or cancel) URL to send the payer to. */
    async decide(actor: Actor, token: string, decision: 'approve' | 'cancel') {
      const { order, payment } = await find(actor, token);
      assertMayPay(actor, payment.companyId);
      const back = withQuery(order.returnUrl, { token: order.id, PayerID: SANDBOX_PAYER_ID });
      // Approved already (another tab): there is nothing left to decide, the payer goes back.
      if (order.status !== 'PAYER_ACTION_REQUIRED') return { redirect_url: back };
      if (decision === 'cancel') {
        return { redirect_url: withQuery(order.cancelUrl, { token: order.id }) };
      }
      await repository.moveSandboxOrder(
        order.id,
        'PAYER_ACTION_REQUIRED',
        { status: 'APPROVED' },
        clock.now(),
      );
      return { redirect_url: back };
    },
  };
}
