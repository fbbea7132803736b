import { ORDER_STATUS_LABELS, type OrderStatus } from '@circuits/contracts';
import { type CurrencyCode, formatMoney } from '@circuits/domain';

export function money(minor: number, currency: string): string {
  return formatMoney(minor, currency as CurrencyCode);
}

export const STATUS_COLORS: Record<OrderStatus, string> = {
  preorder: 'gray',
  awaiting_payment: 'yellow',
  awaiting_transfer: 'orange',
  paid: 'teal',
  in_production: 'blue',
  shipped: 'indigo',
  delivered: 'green',
  cancelled: 'red',
};

export function statusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

export const PAYMENT_STATUS_TEXT = {
  new: 'Not started',
  awaiting_approval: 'Waiting for your approval at the payment provider',
  cancelled: 'Cancelled at the payment provider: not paid yet',
  captured: 'Paid',
  awaiting_transfer: 'Waiting for the bank transfer',
  mismatch: 'The amount captured differs from the order: our staff will contact you',
} as const;

export const PAYMENT_METHOD_TEXT = {
  paypal: 'PayPal',
  sandbox: 'Sandbox payment provider (no money moves)',
  bank_transfer: 'Bank transfer against the proforma',
} as const;
