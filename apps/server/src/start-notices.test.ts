import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import {
  demoLoginWarning,
  noPaymentWarning,
  paymentLines,
  reachedFromElsewhere,
} from './start-notices.ts';

const emails = ['admin@circuits.example'];

describe('the start notices', () => {
  it('say how customers pay: the sandbox and a sample account in demo mode', () => {
    expect(paymentLines(loadConfig({}))).toEqual([
      '  payments: the embedded sandbox provider (demo mode): no money moves; PAYPAL_* for PayPal',
      '  bank transfer: proformas print a sample account (demo mode); set BANK_TRANSFER_DETAILS',
    ]);
    expect(noPaymentWarning(loadConfig({}))).toBeNull();
  });

  it('warn when a production start can take no payment at all', () => {
    const production = loadConfig({ SEED_DEMO_DATA: 'false' });
    expect(paymentLines(production)).toEqual([
      '  payments: off: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to take payments with PayPal',
      '  bank transfer: off: set BANK_TRANSFER_DETAILS to take payment against proformas',
    ]);
    expect(noPaymentWarning(production)).toBe(
      'No way to pay is configured: neither PayPal (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET) nor bank transfer (BANK_TRANSFER_DETAILS). Customers can save pre-orders only until one is set.',
    );
    expect(
      noPaymentWarning(loadConfig({ SEED_DEMO_DATA: 'false', BANK_TRANSFER_DETAILS: 'IBAN X' })),
    ).toBeNull();
  });

  it('tell a server others reach from one on this machine', () => {
    expect(reachedFromElsewhere(loadConfig({}))).toBe(false);
    expect(reachedFromElsewhere(loadConfig({ HOST: '127.0.0.1' }))).toBe(false);
    expect(reachedFromElsewhere(loadConfig({ HOST: '10.1.2.3' }))).toBe(true);
    expect(reachedFromElsewhere(loadConfig({ APP_URL: 'https://circuits.example.com' }))).toBe(
      true,
    );
  });

  it('warn loudly about demo logins only on a server others reach', () => {
    const exposed = loadConfig({ APP_URL: 'https://circuits.example.com' });
    expect(demoLoginWarning(exposed, true, emails)).toContain(
      'The demo logins (admin@circuits.example) still work, with the password the README publishes, on a server reached at https://circuits.example.com',
    );
    expect(demoLoginWarning(exposed, false, emails)).toBeNull();
    expect(demoLoginWarning(loadConfig({}), true, emails)).toBeNull();
  });
});
