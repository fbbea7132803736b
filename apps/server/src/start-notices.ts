import { type Config, LOCAL_HOSTS } from './config.ts';

// What the start banner says about taking money, and what it warns about: a server that cannot
// be paid, and demo logins (whose password the README publishes) on a server others reach.

/** The banner lines about payments: how customers pay here. */
export function paymentLines(config: Config): string[] {
  const payments = config.payments;
  const online =
    payments.provider === 'paypal'
      ? `PayPal at ${payments.apiUrl}`
      : payments.provider === 'sandbox'
        ? 'the embedded sandbox provider (demo mode): no money moves; PAYPAL_* for PayPal'
        : 'off: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to take payments with PayPal';
  const bank = config.bankTransfer
    ? config.bankTransfer.sample
      ? 'proformas print a sample account (demo mode); set BANK_TRANSFER_DETAILS'
      : 'proformas print BANK_TRANSFER_DETAILS'
    : 'off: set BANK_TRANSFER_DETAILS to take payment against proformas';
  return [`  payments: ${online}`, `  bank transfer: ${bank}`];
}

/** A warning when no order can be paid at all; null when one can. */
export function noPaymentWarning(config: Config): string | null {
  if (config.payments.provider !== 'none' || config.bankTransfer) return null;
  return 'No way to pay is configured: neither PayPal (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET) nor bank transfer (BANK_TRANSFER_DETAILS). Customers can save pre-orders only until one is set.';
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Whether the server is set up to be reached from elsewhere: HOST names an address of another
 * interface, or APP_URL (where users are sent) is not this machine.
 */
export function reachedFromElsewhere(config: Config): boolean {
  return !LOCAL_HOSTS.has(config.host) || !LOOPBACK_NAMES.has(new URL(config.appUrl).hostname);
}

/** A warning when the demo logins still work on a server others reach; null otherwise. */
export function demoLoginWarning(
  config: Config,
  demoLoginsPresent: boolean,
  demoEmails: readonly string[],
): string | null {
  if (!demoLoginsPresent || !reachedFromElsewhere(config)) return null;
  return `The demo logins (${demoEmails.join(', ')}) still work, with the password the README publishes, on a server reached at ${config.appUrl}: anyone can log in as its administrator. Set SEED_DEMO_DATA=false and disable those users in the admin panel (or start on an empty database) before real customers use it.`;
}

/** A warning framed to stand out in a terminal or a log file. */
export function loud(warning: string): string {
  const rule = '!'.repeat(78);
  return `\n${rule}\n!! WARNING\n!! ${warning}\n${rule}\n`;
}
