import { describe, expect, it } from 'vitest';
import {
  checkOrderMove,
  checkPaymentMove,
  ORDER_MOVES,
  ORDER_STATES,
  orderMovesFrom,
  orderStatesDiagram,
  PAYMENT_MOVES,
  PAYMENT_STATES,
  paymentStatesDiagram,
  paymentStatesInto,
} from './order-states.ts';

describe('the order state machine', () => {
  it('never goes back: no state is reached again from one after it', () => {
    // Every move goes forward in this order; cancelled is last and final.
    const rank = ['preorder', 'awaiting_payment', 'awaiting_transfer', 'paid', 'in_production'];
    for (const move of ORDER_MOVES) {
      if (move.to === 'cancelled') continue;
      const from = rank.indexOf(move.from);
      const to = [...rank, 'shipped', 'delivered'].indexOf(move.to);
      expect(to, `${move.from} -> ${move.to}`).toBeGreaterThan(from);
    }
    expect(ORDER_MOVES.filter((move) => move.from === 'cancelled')).toEqual([]);
    expect(ORDER_MOVES.filter((move) => move.from === 'delivered')).toEqual([]);
  });

  it('refuses to pay a cancelled, shipped or producing order, naming why', () => {
    expect(checkOrderMove('cancelled', 'paid', 'provider')).toEqual({
      allowed: false,
      reason: 'The order is Cancelled: it cannot become Paid (Cancelled is final)',
    });
    expect(checkOrderMove('shipped', 'paid', 'admin')).toEqual({
      allowed: false,
      reason: 'The order is Shipped: it cannot become Paid (from Shipped it can become Delivered)',
    });
    expect(checkOrderMove('in_production', 'paid', 'admin')).toEqual({
      allowed: false,
      reason:
        'The order is In production: it cannot become Paid (from In production it can become Shipped, Delivered or Cancelled)',
    });
    expect(checkOrderMove('awaiting_payment', 'paid', 'provider')).toEqual({ allowed: true });
    expect(checkOrderMove('awaiting_transfer', 'paid', 'admin')).toEqual({ allowed: true });
  });

  it('says who may make a move the actor may not', () => {
    expect(checkOrderMove('awaiting_payment', 'paid', 'admin')).toEqual({
      allowed: false,
      reason:
        "Only the payment provider's confirmation can make an order Paid from Awaiting payment",
    });
    expect(checkOrderMove('paid', 'shipped', 'editor')).toEqual({
      allowed: false,
      reason: 'Only administrators can make an order Shipped from Paid',
    });
    expect(checkOrderMove('paid', 'paid', 'admin')).toEqual({
      allowed: false,
      reason: 'The order is Paid already',
    });
  });

  it('lists what an administrator may move an order to', () => {
    expect(orderMovesFrom('paid', 'admin')).toEqual([
      'in_production',
      'shipped',
      'delivered',
      'cancelled',
    ]);
    expect(orderMovesFrom('awaiting_transfer', 'admin')).toEqual(['paid', 'cancelled']);
    expect(orderMovesFrom('awaiting_payment', 'admin')).toEqual(['cancelled']);
    expect(orderMovesFrom('delivered', 'admin')).toEqual([]);
  });

  it('names only known states, once per pair', () => {
    for (const [moves, states] of [
      [ORDER_MOVES, ORDER_STATES],
      [PAYMENT_MOVES, PAYMENT_STATES],
    ] as const) {
      const pairs = moves.map((move) => `${move.from}>${move.to}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      for (const move of moves) {
        expect(states).toContain(move.from);
        expect(states).toContain(move.to);
        expect(move.by.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('the payment state machine', () => {
  it('lets the payer start, cancel and start again; only the provider captures online', () => {
    expect(checkPaymentMove('new', 'awaiting_approval', 'editor')).toEqual({ allowed: true });
    expect(checkPaymentMove('awaiting_approval', 'cancelled', 'editor')).toEqual({
      allowed: true,
    });
    expect(checkPaymentMove('cancelled', 'awaiting_approval', 'admin')).toEqual({ allowed: true });
    expect(checkPaymentMove('awaiting_approval', 'captured', 'editor')).toMatchObject({
      allowed: false,
    });
    expect(checkPaymentMove('awaiting_approval', 'captured', 'provider')).toEqual({
      allowed: true,
    });
  });

  it('keeps a captured or mismatched payment as it is', () => {
    expect(checkPaymentMove('captured', 'cancelled', 'editor')).toEqual({
      allowed: false,
      reason:
        'The payment is Captured: it cannot become Cancelled by the payer (Captured is final)',
    });
    expect(checkPaymentMove('mismatch', 'captured', 'admin')).toMatchObject({ allowed: false });
    expect(checkPaymentMove('awaiting_transfer', 'captured', 'admin')).toEqual({ allowed: true });
    expect(checkPaymentMove('awaiting_transfer', 'captured', 'provider')).toMatchObject({
      allowed: false,
    });
  });
});

describe('the diagrams', () => {
  it('draw every move of the tables', () => {
    const orders = orderStatesDiagram();
    expect(orders.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const move of ORDER_MOVES) {
      expect(orders).toContain(
        `  ${move.from} --> ${move.to}: ${move.when}, by ${move.by.join(' or ')}`,
      );
    }
    expect(orders).toContain('  [*] --> awaiting_payment: order placed, to pay online');
    expect(orders).toContain('  cancelled --> [*]');
    const payments = paymentStatesDiagram();
    for (const move of PAYMENT_MOVES) expect(payments).toContain(`  ${move.from} --> ${move.to}:`);
  });
});

describe('paymentStatesInto', () => {
  it('names the states a move may start from, for the conditional update', () => {
    expect(paymentStatesInto('captured', 'provider')).toEqual([
      'new',
      'awaiting_approval',
      'cancelled',
    ]);
    expect(paymentStatesInto('captured', 'admin')).toEqual(['awaiting_transfer']);
    expect(paymentStatesInto('cancelled', 'editor')).toEqual(['awaiting_approval']);
  });
});
