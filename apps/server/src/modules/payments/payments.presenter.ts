import type { Payment } from '@circuits/contracts';
import type { PaymentRow } from './payments.repository.ts';

export function presentPayment(row: PaymentRow): Payment {
  return {
    method: row.method,
    status: row.status,
    amount: row.amountMinor,
    currency: row.currencyCode,
    payer_action_url:
      row.status === 'awaiting_approval' || row.status === 'cancelled' ? row.payerActionUrl : null,
    captured_at: row.capturedAt?.toISOString() ?? null,
  };
}
