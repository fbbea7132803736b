import { randomUUID } from 'node:crypto';
import type { Payment, PaymentMethods } from '@circuits/contracts';
import { checkPaymentMove, paymentStatesInto, type StateActor } from '@circuits/domain';
import type { Clock } from '../../clock.ts';
import type { BankTransferConfig } from '../../config.ts';
import type { Transactor } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../auth/actor.ts';
import { companyScope } from '../auth/authorization.ts';
import { assertMayPay } from './payment-access.ts';
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

/**
 * What the payments area asks and tells the orders area, whose state machine decides: whether
 * the order may be paid now, and that it is paid (inside the payment's transaction).
 */
export type PaymentOutcomes = {
  /** Refuses (409, with the reason) when `by` cannot make the order paid now. */
  assertPayable(orderId: number, by: StateActor): Promise<void>;
  /**
   * The payment is captured: the order becomes paid when `by` may make it so. A capture by the
   * provider that arrives when the order can no longer be paid (cancelled meanwhile) is kept and
   * noted on the order for staff; anyone else is refused. Answers whether the order became paid.
   */
  paid(orderId: number, note: string, by: StateActor): Promise<boolean>;
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
  /** Who starts it: an editor of the order's company or an administrator (checked by orders). */
  by: StateActor;
};

const ONLINE_OFF_MESSAGE =
  'Online payment is not available on this server: pay by bank transfer against the proforma, or ask us how to pay';
const BANK_TRANSFER_OFF_MESSAGE = 'Payment by bank transfer is not available on this server';

/**
 * Payments of orders: online through the one provider (PayPal, or the embedded sandbox speaking
 * its protocol) or by bank transfer. A capture is applied once: the payment row moves to
 * `captured` under a condition that only one of the return page, the webhook and a retry can
 * meet, in the same transaction as the order's move to `paid`.
 */
export function createPaymentsService(deps: {
  repository: PaymentsRepository;
  /** PayPal, or the sandbox in demo mode; null: online payment is off. */
  provider: PaymentProvider | null;
  bankTransfer: BankTransferConfig | null;
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
    const target = matches ? 'captured' : 'mismatch';
    const outcome = await transactor.transaction(async () => {
      const settled = await repository.settle(
        payment.id,
        paymentStatesInto(target, 'provider'),
        target,
        capture.id,
        clock.now(),
      );
      if (!settled) return { row: (await repository.findByOrder(payment.orderId))!, paid: false };
      if (matches) {
        const paid = await deps
          .outcomes()
          .paid(payment.orderId, `Paid with ${payerName()} (capture ${capture.id})`, 'provider');
        return { row: settled, paid };
      }
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
      return { row: settled, paid: false };
    });
    if (outcome.paid) await deps.outcomes().afterPaid(payment.orderId);
    return outcome.row;
  }

  function onlineProvider(): PaymentProvider {
    if (!provider) throw serviceUnavailable(ONLINE_OFF_MESSAGE);
    return provider;
  }

  function payerName(): string {
    return provider?.name === 'paypal' ? 'PayPal' : 'the sandbox payment provider';
  }

  /** The payment the provider's token names, among those the actor may see (404 otherwise). */
  async function paymentByToken(actor: Actor, token: string): Promise<PaymentRow> {
    const payment = provider
      ? await repository.findByProviderOrder(companyScope(actor), provider.name, token)
      : undefined;
    if (!payment) throw notFound('payment');
    return payment;
  }

  /** Asks the provider to capture, once the order may be paid; answers the payment as it is. */
  async function capture(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status === 'captured' || payment.status === 'mismatch') return payment;
    if (!payment.providerOrderId) throw conflict('This payment has not been started yet');
    await deps.outcomes().assertPayable(payment.orderId, 'provider');
    const provider = onlineProvider();
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
    provider: provider?.name ?? null,

    /** How orders can be paid here; what is not offered says why. */
    methods(): PaymentMethods {
      return {
        online: {
          available: provider !== null,
          provider: provider?.name ?? null,
          message: provider ? null : ONLINE_OFF_MESSAGE,
        },
        bank_transfer: {
          available: deps.bankTransfer !== null,
          sample: deps.bankTransfer?.sample ?? false,
          message: deps.bankTransfer ? null : BANK_TRANSFER_OFF_MESSAGE,
        },
      };
    },

    /** The bank account proformas print; null when bank transfer is not offered. */
    bankAccount(): BankTransferConfig | null {
      return deps.bankTransfer;
    },

    /** Records the payment of a new order; call inside the order's transaction. */
    async record(input: NewPayment): Promise<void> {
      const now = clock.now();
      await repository.insert({
        orderId: input.orderId,
        companyId: input.companyId,
        method: input.online ? onlineProvider().name : 'bank_transfer',
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
     * Makes the provider order of an online payment (once: the create call carries the
     * payment's random request id, so a retry after a crash answers the same provider order)
     * and answers where the payer approves it. The caller has authorised the order.
     */
    async start(request: PaymentRequest): Promise<Payment> {
      const payment = await repository.findByOrder(request.orderId);
      if (!payment) throw notFound('payment');
      if (payment.method === 'bank_transfer' || payment.status === 'captured') {
        return presentPayment(payment);
      }
      await deps.outcomes().assertPayable(payment.orderId, 'provider');
      const provider = onlineProvider();
      if (payment.payerActionUrl) {
        if (payment.status !== 'cancelled') return presentPayment(payment);
        const allowed = checkPaymentMove(payment.status, 'awaiting_approval', request.by);
        if (!allowed.allowed) throw conflict(allowed.reason);
        const resumed = await repository.move(
          payment.id,
          ['cancelled'],
          { status: 'awaiting_approval' },
          clock.now(),
        );
        return presentPayment(resumed ?? (await repository.findByOrder(payment.orderId))!);
      }
      const allowed = checkPaymentMove(payment.status, 'awaiting_approval', request.by);
      if (!allowed.allowed) throw conflict(allowed.reason);
      try {
        const order = await provider.createOrder({
          requestId: `circuits-payment-${payment.requestId}`,
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
        const started = await repository.move(
          payment.id,
          paymentStatesInto('awaiting_approval', request.by),
          {
            providerOrderId: order.id,
            payerActionUrl: order.payerActionUrl,
            status: 'awaiting_approval',
          },
          clock.now(),
        );
        // Moved meanwhile (a parallel start made it first): the payment as it now is.
        return presentPayment(started ?? (await repository.findByOrder(payment.orderId))!);
      } catch (error) {
        providerFailure(error);
      }
    },

    /** The payer is back from approving (/paypal_payment?token=…): capture, once. */
    async capture(actor: Actor, token: string) {
      const found = await paymentByToken(actor, token);
      assertMayPay(actor, found.companyId);
      const payment = await capture(found);
      return { orderId: payment.orderId, payment: presentPayment(payment) };
    },

    /** The payer cancelled at the provider: the payment waits to be started again. */
    async cancel(actor: Actor, token: string) {
      const payment = await paymentByToken(actor, token);
      const by = assertMayPay(actor, payment.companyId);
      if (payment.status === 'cancelled') {
        return { orderId: payment.orderId, payment: presentPayment(payment) };
      }
      const allowed = checkPaymentMove(payment.status, 'cancelled', by);
      if (!allowed.allowed) throw conflict(allowed.reason);
      const updated = await transactor.transaction(async () => {
        const row = await repository.move(
          payment.id,
          paymentStatesInto('cancelled', by),
          { status: 'cancelled' },
          clock.now(),
        );
        // Captured meanwhile (the return page and the cancel link raced): it stays captured.
        if (!row) return (await repository.findByOrder(payment.orderId))!;
        await deps
          .outcomes()
          .paymentNote(payment.orderId, 'Payment cancelled at the payment provider; not paid yet');
        return row;
      });
      return { orderId: payment.orderId, payment: presentPayment(updated) };
    },

    /**
     * Staff record that a bank transfer arrived; applied once. `within` runs inside the same
     * transaction (the admin panel's audit entry).
     */
    async transferReceived(
      orderId: number,
      note: string,
      within?: () => Promise<void>,
    ): Promise<void> {
      const payment = await repository.findByOrder(orderId);
      if (!payment) throw notFound('payment');
      if (payment.method !== 'bank_transfer') {
        throw conflict('This order is paid online; its payment is recorded when captured');
      }
      if (payment.status === 'captured') return;
      const allowed = checkPaymentMove(payment.status, 'captured', 'admin');
      if (!allowed.allowed) throw conflict(allowed.reason);
      await deps.outcomes().assertPayable(orderId, 'admin');
      const paid = await transactor.transaction(async () => {
        const settled = await repository.settle(
          payment.id,
          paymentStatesInto('captured', 'admin'),
          'captured',
          null,
          clock.now(),
        );
        if (!settled) return false;
        const paid = await deps.outcomes().paid(orderId, note, 'admin');
        await within?.();
        return paid;
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
      if (!provider) throw notFound('payment');
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
        if (!payment) return;
        try {
          await capture(payment);
        } catch (error) {
          // An order that can no longer be paid (cancelled) is not charged; the rest is retried.
          if (!(error instanceof AppError && error.code === 'conflict')) throw error;
          logger.warn(
            { paymentId: payment.id, reason: error.message },
            'an approved payment was not captured',
          );
        }
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
