import { ConfigError } from './config-error.ts';

// How customers pay, from the environment: PayPal when it is configured; in demo mode only, the
// embedded sandbox provider and a sample bank account stand in for real ones.

export const PAYMENT_PROVIDERS = ['paypal', 'sandbox', 'none'] as const;

/** The variables the payment settings are made of, as the config schema parsed them. */
export type PaymentSettings = {
  PAYMENTS?: (typeof PAYMENT_PROVIDERS)[number] | undefined;
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
  PAYPAL_API_URL: string;
  PAYPAL_WEBHOOK_ID?: string | undefined;
  BANK_TRANSFER_DETAILS?: string | undefined;
  SEED_DEMO_DATA: boolean;
};

export type PaymentsConfig =
  | { provider: 'none' }
  | { provider: 'sandbox' }
  | {
      provider: 'paypal';
      apiUrl: string;
      clientId: string;
      clientSecret: string;
      /** Webhooks are verified against it; unset: every webhook is refused. */
      webhookId: string | undefined;
    };

export type BankTransferConfig = {
  details: string;
  /** The demo's sample account, printed as a sample: nobody is to pay into it. */
  sample: boolean;
};

/** What the demo's proformas print: an account that is plainly not a real one. */
export const SAMPLE_BANK_DETAILS =
  'Circuits Demo Ltd, IBAN XX00 DEMO 0000 0000 0000 00, BIC DEMOXXXX (a sample account: do not pay into it)';

/**
 * Demo mode: the server seeds the demo data, or the sandbox provider is asked for by name. Only
 * then may the sandbox provider and the sample bank account stand in for real ones.
 */
function isDemo(e: PaymentSettings): boolean {
  return e.PAYMENTS === 'sandbox' || (e.PAYMENTS === undefined && e.SEED_DEMO_DATA);
}

export function paymentsConfig(e: PaymentSettings): PaymentsConfig {
  const paypalSet = e.PAYPAL_CLIENT_ID !== undefined || e.PAYPAL_CLIENT_SECRET !== undefined;
  if (e.PAYMENTS === 'none') return { provider: 'none' };
  if (e.PAYMENTS === 'sandbox') {
    if (paypalSet) {
      throw new ConfigError(
        'Invalid configuration:\n  PAYMENTS=sandbox takes no PayPal credentials: unset PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or set PAYMENTS=paypal',
      );
    }
    return { provider: 'sandbox' };
  }
  if (!paypalSet) {
    if (e.PAYMENTS === 'paypal') {
      throw new ConfigError(
        'Invalid configuration:\n  PAYMENTS=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
      );
    }
    return isDemo(e) ? { provider: 'sandbox' } : { provider: 'none' };
  }
  if (e.PAYPAL_CLIENT_ID === undefined || e.PAYPAL_CLIENT_SECRET === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
    );
  }
  return {
    provider: 'paypal',
    apiUrl: e.PAYPAL_API_URL.replace(/\/+$/, ''),
    clientId: e.PAYPAL_CLIENT_ID,
    clientSecret: e.PAYPAL_CLIENT_SECRET,
    webhookId: e.PAYPAL_WEBHOOK_ID,
  };
}

export function bankTransferConfig(e: PaymentSettings): BankTransferConfig | null {
  if (e.BANK_TRANSFER_DETAILS !== undefined) {
    return { details: e.BANK_TRANSFER_DETAILS, sample: false };
  }
  return isDemo(e) ? { details: SAMPLE_BANK_DETAILS, sample: true } : null;
}
