// One interface for online payment providers. The PayPal Orders v2 adapter is the only
// implementation: pointed at PayPal (PAYPAL_*) or at the embedded sandbox, which speaks the same
// protocol, so every start of the app runs the code that talks to PayPal.

export type ProviderAmount = { currencyCode: string; value: string };

export type CreateProviderOrder = {
  /** Idempotency key of the create call (PayPal-Request-Id): a retry answers the same order. */
  requestId: string;
  /** Our reference, shown to the payer and sent back in webhooks. */
  referenceId: string;
  description: string;
  amount: ProviderAmount;
  returnUrl: string;
  cancelUrl: string;
};

export type ProviderOrder = {
  id: string;
  /** PayPal order status: CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, VOIDED, … */
  status: string;
  /** Where the payer approves the payment; null once there is nothing to approve. */
  payerActionUrl: string | null;
  /** The completed capture, when the order has one. */
  capture: ProviderCapture | null;
};

export type ProviderCapture = { id: string; status: string; amount: ProviderAmount };

/** The headers PayPal signs a webhook with (PAYPAL-TRANSMISSION-ID and the like). */
export type WebhookHeaders = {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
};

export type PaymentProvider = {
  /** Recorded with each payment: `paypal` or `sandbox`. */
  readonly name: 'paypal' | 'sandbox';
  createOrder(input: CreateProviderOrder): Promise<ProviderOrder>;
  getOrder(id: string): Promise<ProviderOrder>;
  /**
   * Captures an approved order. An order captured before (by an earlier call whose answer was
   * lost) answers its existing capture. `not_approved` when the payer has not approved it.
   */
  captureOrder(
    id: string,
    requestId: string,
  ): Promise<{ type: 'captured'; order: ProviderOrder } | { type: 'not_approved' }>;
  /** Asks the provider whether a webhook really comes from it (verify-webhook-signature). */
  verifyWebhook(headers: WebhookHeaders, event: unknown): Promise<boolean>;
};

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly status: number | undefined;
  /** PayPal's issue code (ORDER_ALREADY_CAPTURED, …) or error name. */
  readonly issue: string | undefined;
  constructor(message: string, status: number | undefined, issue: string | undefined) {
    super(message);
    this.status = status;
    this.issue = issue;
  }
}

/** 1234 minor units → "12.34" (USD, CAD and EUR all have two decimals). */
export function toProviderValue(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.34" → 1234; null for anything that is not a two-decimal amount. */
export function fromProviderValue(value: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
