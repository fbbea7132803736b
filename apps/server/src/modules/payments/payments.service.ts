import { randomUUID } from 'node:crypto';
import type { Payment } from '@circuits/contracts';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../auth/actor.ts';
import { companyScope } from '../auth/authorization.ts';
import {
  fromProviderValue,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderCapture,
  toProviderValue,
  type WebhookHeaders,
} from './payment-provider.ts';
import { presentPayment } from './payments.presenter.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';

/** What the payments area tells the orders area: the order is paid (inside the same transaction). */
export type PaymentOutcomes = {
  paid(orderId: number, note: string): Promise<void>;
  paymentNote(orderId: number, note: string): Promise<void>;
  /** After the transaction that marked the order paid committed (emails). */
  afterPaid(orderId: number): Promise<void>;
};

export type NewPayment = {
  orderId: number;
  companyId: number;
  online: boolean;
  amountMinor: number;
  currencyCode: string;
};

export type PaymentRequest = {
  orderId: number;
  reference: string;
  description: string;
};

/**
 * Payments of orders: online through the one provider (PayPal, or the embedded sandbox speaking
 * its protocol) or by bank transfer. A capture is applied once: the payment row moves to
 * `captured` under a condition that only one of the return page, the webhook and a retry can
 * meet, in the same transaction as the order's move to `paid`.
 */
export function createPaymentsService(deps: {
  repository: PaymentsRepository;
  provider: PaymentProvider;
  outcomes: () => PaymentOutcomes;
  transactor: Transactor;
  clock: Clock;
  logger: Logger;
  appUrl: string;
}) {
  const { repository, provider, transactor, clock, logger, appUrl } = deps;

  function providerFailure(error: unknown): never {
    if (error instanceof PaymentProviderError) {
      logger.error({ err: error }, 'the payment provider refused or did not answer');
      throw serviceUnavailable(
        'The payment service is not available right now; your order is saved, try paying again in a moment',
      );
    }
    throw error;
  }

  /** Applies a completed capture once; answers the payment as it now is. */
  async function applyCapture(payment: PaymentRow, capture: ProviderCapture): Promise<PaymentRow> {
    if (capture.status !== 'COMPLETED') {
      logger.warn({ paymentId: payment.id, status: capture.status }, 'capture not completed yet');
      return payment;
    }
    const capturedMinor = fromProviderValue(capture.amount.value);
    const matches =
      capturedMinor === payment.amountMinor && capture.amount.currencyCode === payment.currencyCode;
    const outcome = await transactor.transaction(async () => {
      const settled = await repository.settle(
        payment.id,
        matches ? 'captured' : 'mismatch',
        capture.id,
        clock.now(),
      );
      if (!settled) return { row: (await repository.findByOrder(payment.orderId))!, paid: false };
      if (matches) {
        await deps
          .outcomes()
          .paid(payment.orderId, `Paid with ${payerName()} (capture ${capture.id})`);
      } else {
        logger.error(
          { paymentId: payment.id, captured: capture.amount, expected: payment.amountMinor },
          'a capture does not match the amount of its order',
        );
        await deps
          .outcomes()
          .paymentNote(
            payment.orderId,
            `The provider captured ${capture.amount.value} ${capture.amount.currencyCode}, not the order total: our staff will contact you`,
          );
      }
      return { row: settled, paid: matches };
    });
    if (outcome.paid) await deps.outcomes().afterPaid(payment.orderId);
    return outcome.row;
  }

  function payerName(): string {
    return provider.name === 'paypal' ? 'PayPal' : 'the sandbox payment provider';
  }

  async function paymentByToken(actor: Actor | undefined, token: string): Promise<PaymentRow> {
    const scope = actor ? companyScope(actor) : { type: 'all' as const };
    const payment = await repository.findByProviderOrder(scope, provider.name, token);
    if (!payment) throw notFound('payment');
    return payment;
  }

  async function capture(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status === 'captured' || payment.status === 'mismatch') return payment;
    if (!payment.providerOrderId) throw conflict('This payment has not been started yet');
    let result: Awaited<ReturnType<PaymentProvider['captureOrder']>>;
    try {
      // PayPal makes one capture per order (intent CAPTURE): a retry after a lost answer is
      // told ORDER_ALREADY_CAPTURED and reads the capture. A fresh request id per attempt, so an
      // attempt refused before approval is not replayed after it.
      result = await provider.captureOrder(
        payment.providerOrderId,
        `circuits-capture-${payment.id}-${randomUUID()}`,
      );
    } catch (error) {
      providerFailure(error);
    }
    if (result.type === 'not_approved') {
      throw conflict('The payment has not been approved yet: approve it at the payment provider');
    }
    if (!result.order.capture) {
      throw new AppError('service_unavailable', 'The payment provider answered without a capture');
    }
    return applyCapture(payment, result.order.capture);
  }

  return {
    provider: provider.name,

    /** Records the payment of a new order; call inside the order's transaction. */
    async record(input: NewPayment): Promise<void> {
      const now = clock.now();
      await repository.insert({
        orderId: input.orderId,
        companyId: input.companyId,
        method: input.online ? provider.name : 'bank_transfer',
        status: input.online ? 'new' : 'awaiting_transfer',
        amountMinor: input.amountMinor,
        currencyCode: input.currencyCode,
        createdAt: now,
        updatedAt: now,
      });
    },

    async paymentOf(orderId: number): Promise<Payment | null> {
      const row = await repository.findByOrder(orderId);
      return row ? presentPayment(row) : null;
    },

    /**
     * Makes the provider order of an online payment (once: the create call carries an
     * idempotency key, so a retry after a crash answers the same provider order) and answers
     * where the payer approves it. The caller has authorised the order.
     */
    async start(request: PaymentRequest): Promise<Payment> {
      const payment = await repository.findByOrder(request.orderId);
      if (!payment) throw notFound('payment');
      if (payment.method === 'bank_transfer' || payment.status === 'captured') {
        return presentPayment(payment);
      }
      if (payment.payerActionUrl && payment.status === 'cancelled') {
        return presentPayment(
          await repository.update(payment.id, { status: 'awaiting_approval' }, clock.now()),
        );
      }
      if (payment.payerActionUrl) return presentPayment(payment);
      try {
        const order = await provider.createOrder({
          requestId: `circuits-payment-${payment.id}`,
          referenceId: request.reference,
          description: request.description,
          amount: {
            currencyCode: payment.currencyCode,
            value: toProviderValue(payment.amountMinor),
          },
          returnUrl: `${appUrl}/paypal_payment`,
          cancelUrl: `${appUrl}/paypal_payment?cancelled=1`,
        });
        if (order.capture?.status === 'COMPLETED') {
          return presentPayment(await applyCapture(payment, order.capture));
        }
        const updated = await repository.update(
          payment.id,
          {
            providerOrderId: order.id,
            payerActionUrl: order.payerActionUrl,
            status: 'awaiting_approval',
          },
          clock.now(),
        );
        return presentPayment(updated);
      } catch (error) {
        providerFailure(error);
      }
    },

    /** The payer is back from approving (/paypal_payment?token=…): capture, once. */
    async capture(actor: Actor, token: string) {
      const payment = await capture(await paymentByToken(actor, token));
      return { orderId: payment.orderId, payment: presentPayment(payment) };
    },

    async cancel(actor: Actor, token: string) {
      const payment = await paymentByToken(actor, token);
      if (payment.status !== 'awaiting_approval') {
        return { orderId: payment.orderId, payment: presentPayment(payment) };
      }
      const updated = await transactor.transaction(async () => {
        const row = await repository.update(payment.id, { status: 'cancelled' }, clock.now());
        await deps
          .outcomes()
          .paymentNote(payment.orderId, 'Payment cancelled at the payment provider; not paid yet');
        return row;
      });
      return { orderId: payment.orderId, payment: presentPayment(updated) };
    },

    /** Staff record that a bank transfer arrived; applied once. */
    async transferReceived(orderId: number): Promise<void> {
      const payment = await repository.findByOrder(orderId);
      if (!payment) throw notFound('payment');
      if (payment.method !== 'bank_transfer') {
        throw conflict('This order is paid online; its payment is recorded when captured');
      }
      const paid = await transactor.transaction(async () => {
        const settled = await repository.settle(payment.id, 'captured', null, clock.now());
        if (settled) await deps.outcomes().paid(orderId, 'Bank transfer received');
        return settled !== undefined;
      });
      if (paid) await deps.outcomes().afterPaid(orderId);
    },

    /**
     * A webhook from PayPal: verified with PayPal first (a forged one is refused); then an
     * approved order is captured and a completed capture applied, each once.
     */
    async webhook(headers: Partial<WebhookHeaders>, event: Record<string, unknown>): Promise<void> {
      const complete = (
        ['authAlgo', 'certUrl', 'transmissionId', 'transmissionSig', 'transmissionTime'] as const
      ).every((name) => typeof headers[name] === 'string' && headers[name] !== '');
      if (!complete) throw badRequest('The webhook is missing its PayPal signature headers');
      let verified: boolean;
      try {
        verified = await provider.verifyWebhook(headers as WebhookHeaders, event);
      } catch (error) {
        providerFailure(error);
      }
      if (!verified) throw badRequest('The webhook signature could not be verified');
      const resource = (event.resource ?? {}) as Record<string, unknown>;
      if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && typeof resource.id === 'string') {
        const payment = await repository.findByProviderOrder(
          { type: 'all' },
          provider.name,
          resource.id,
        );
        if (payment) await capture(payment);
        return;
      }
      if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
        const related = resource.supplementary_data as
          | { related_ids?: { order_id?: string } }
          | undefined;
        const providerOrderId = related?.related_ids?.order_id;
        const amount = resource.amount as { currency_code?: string; value?: string } | undefined;
        if (
          typeof providerOrderId !== 'string' ||
          typeof resource.id !== 'string' ||
          !amount?.currency_code ||
          !amount.value
        ) {
          throw badRequest('The capture event names no order, capture or amount');
        }
        const payment = await repository.findByProviderOrder(
          { type: 'all' },
          provider.name,
          providerOrderId,
        );
        if (!payment) {
          logger.warn({ providerOrderId }, 'a capture webhook for an unknown payment');
          return;
        }
        await applyCapture(payment, {
          id: resource.id,
          status: String(resource.status),
          amount: { currencyCode: amount.currency_code, value: amount.value },
        });
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
